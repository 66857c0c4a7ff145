import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { renderEndpoint } from '../render/api/endpoint.js';
import { endpointModel } from './endpoint.js';
import { loadOpenApi, type LoadedOpenApi } from './load.js';
import { parsedMarkdown, renderMarkdown, safeUrl } from './markdown.js';
import { parseReference } from './operations.js';
import { parseText } from './parse.js';
import { freeUrl, legacyUrl, mintlifySlug, mintlifyUrl } from './pages.js';
import { buildSchema, type SchemaNode } from './schema.js';
import { requestSnippets } from './snippets.js';
import { examples, fixtures, settingsWith } from './test-helpers.js';
import { MAX_FINDINGS } from './validate.js';

const load = (openapi: string[], api = {}, root = fixtures): Promise<LoadedOpenApi> =>
  loadOpenApi({ root, settings: settingsWith(openapi, api), assets: [], referenced: true });

const names = (n: SchemaNode) => n.children.map((c) => c.name);

/** Every element or attribute in some HTML that could run script. */
export function dangerIn(html: string): string[] {
  const found: string[] = [];
  visit(fromHtml(html, { fragment: true }), 'element', (el: Element) => {
    if (['script', 'iframe', 'object', 'embed', 'style', 'foreignObject', 'animate', 'set'].includes(el.tagName)) found.push(`<${el.tagName}>`);
    for (const [k, v] of Object.entries(el.properties ?? {})) {
      if (/^on/i.test(k)) found.push(`${el.tagName}[${k}]`);
      if (['href', 'src', 'action', 'formAction'].includes(k) && /^\s*(javascript|data|vbscript):/i.test(String(v))) found.push(`${el.tagName}[${k}=${v}]`);
    }
  });
  return found;
}

describe('loading', () => {
  it('reads 3.0 YAML, 3.1 JSON and Swagger 2.0 (upgraded), with refs to another file', async () => {
    const api = await load(['petstore-30.yaml', '/store-31.json', 'swagger-20.yaml']);
    expect(api.diagnostics).toEqual([]);
    expect(api.model.documents.map((d) => d.version)).toEqual(['3.0.3', '3.1.0', '2.0']);
    expect(api.model.files.has(path.join(fixtures, 'shared/errors.yaml'))).toBe(true);
    const users = api.model.find('POST /users')!;
    expect(users.doc.root.openapi).toMatch(/^3\.0/);
    const e = endpointModel(users, api.refs, settingsWith([]).api);
    expect(e.baseUrl).toBe('https://legacy.test/api');
    expect(e.body?.schema && names(e.body.schema)).toEqual(['email', 'age']);
    expect(e.auth[0]![0]!.kind).toBe('basic');
  });

  it('finds operations by any method case, with a file or name token, and webhooks', async () => {
    const api = await load(['petstore-30.yaml', 'store-31.json']);
    expect(api.model.find('get /pets')?.label).toBe('GET /pets');
    expect(api.model.find('petstore-30 GET /pets/{petId}')?.label).toBe('GET /pets/{petId}');
    expect(api.model.find('store-31.json patch /orders/{orderId}')?.label).toBe('PATCH /orders/{id}');
    expect(api.model.find('webhook orderCreated')?.kind).toBe('webhook');
    expect(api.model.find('GET /nope')).toBeUndefined();
    expect(api.model.closest('GET /pet')).toContain('GET /pets');
    expect(parseReference('v3-openapi PUT /api/v1/x')).toEqual({ spec: 'v3-openapi', method: 'put', path: '/api/v1/x', webhook: false });
  });

  it('reports a file that does not parse with file:line:col', async () => {
    const api = await load(['broken.yaml']);
    expect(api.diagnostics).toHaveLength(1);
    expect(api.diagnostics[0]).toMatchObject({ code: 'openapi/parse-failed', file: path.join(fixtures, 'broken.yaml'), line: 8 });
    expect(api.diagnostics[0]!.frame).toContain('get: [');
  });

  it('reports broken JSON nested 50,000 levels deep with its position, without exhausting the stack', () => {
    const depth = 50_000;
    const text = `{"openapi": "3.0.0", "x": ${'['.repeat(depth)}${']'.repeat(depth - 1)}}`;
    const { value, diagnostics } = parseText(text, 'deep.json');
    expect(value).toBeUndefined();
    // At the `}` that comes where a `]` is due.
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['openapi/parse-failed', 1, 2 * depth + 26]]);
    expect(diagnostics[0]!.message).toMatch(/^The OpenAPI file does not parse: JSON: Expected ',' or '\]' after array element/);
  });

  it('reports missing files and unreachable URLs, never throwing', async () => {
    // A port nothing listens on: the connection is refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const api = await load(['missing.yaml', `http://127.0.0.1:${port}/openapi.json`]);
    expect(api.diagnostics.map((d) => d.code).sort()).toEqual(['openapi/fetch-failed', 'openapi/not-found']);
    // Told by the refused connection, not by waiting out the time limit.
    expect(api.diagnostics.find((d) => d.code === 'openapi/fetch-failed')!.message).toContain('the connection was refused');
  });

  it('fetches a URL once and uses the cached copy when it is unreachable later', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-openapi-cache-'));
    const text = readFileSync(path.join(fixtures, 'store-31.json'), 'utf8');
    const ok = (async () => new Response(text, { status: 200 })) as unknown as typeof fetch;
    const down = (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch;
    const settings = settingsWith(['https://api.example.test/openapi.json']);
    const first = await loadOpenApi({ root, settings, assets: [], referenced: true, fetch: ok });
    expect(first.diagnostics).toEqual([]);
    expect(first.model.find('PATCH /orders/{id}')).toBeDefined();
    const second = await loadOpenApi({ root, settings, assets: [], referenced: true, fetch: down });
    expect(second.diagnostics.map((d) => d.code)).toEqual(['openapi/fetch-cached']);
    expect(second.model.find('PATCH /orders/{id}')).toBeDefined();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds OpenAPI files in the project when no setting names one', async () => {
    const api = await loadOpenApi({ root: fixtures, settings: settingsWith([]), assets: ['petstore-30.yaml', 'store-31.json', 'shared/errors.yaml', 'broken.yaml'], referenced: true });
    expect(api.model.documents.map((d) => d.id).sort()).toEqual(['petstore-30.yaml', 'store-31.json']);
    expect(api.diagnostics.map((d) => d.code)).toEqual(['openapi/parse-failed']);
  });
});

describe('schemas', () => {
  it('merges allOf, hides readOnly in requests and writeOnly in responses, orders required first', async () => {
    const api = await load(['petstore-30.yaml']);
    const create = endpointModel(api.model.find('POST /pets')!, api.refs, settingsWith([]).api);
    expect(names(create.body!.schema!)).toEqual(['name', 'tag', 'secret', 'kind']);
    expect(create.body!.schema!.children[1]).toMatchObject({ name: 'tag', nullable: true });
    const pet = create.responses[0]!.schema!;
    expect(names(pet)).toEqual(['id', 'name', 'tag', 'kind', 'owner']);
    const ordered = endpointModel(api.model.find('POST /pets')!, api.refs, { ...settingsWith([]).api, maintainOrder: true });
    expect(names(ordered.body!.schema!)).toEqual(['tag', 'name', 'secret', 'kind']);
  });

  it('keeps oneOf/anyOf as options and follows refs into other files', async () => {
    const api = await load(['petstore-30.yaml']);
    const pay = endpointModel(api.model.find('POST /payments')!, api.refs, settingsWith([]).api);
    expect(pay.body!.schema!.variants).toMatchObject({ kind: 'oneOf' });
    expect(pay.body!.schema!.variants!.options.map((o) => o.title)).toEqual(['Card', 'Bank transfer']);
    expect(pay.responses[0]!.schema!.variants!.kind).toBe('anyOf');
    const list = endpointModel(api.model.find('GET /pets')!, api.refs, settingsWith([]).api);
    const error = list.responses.find((r) => r.status === 'default')!;
    expect(names(error.schema!)).toEqual(['code', 'message', 'owner']);
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['query:limit', 'query:kind', 'header:X-Request-Id', 'cookie:session']);
    expect(list.baseUrl).toBe('https://eu.petstore.test/v1');
  });

  it('an endpoint page shows the deprecated badge, formats, nullable, enums, constraints, examples, Markdown and every status', async () => {
    const api = await load(['petstore-30.yaml']);
    const page = async (ref: string, showDescription = true) => {
      const { html } = await renderEndpoint({ endpoint: endpointModel(api.model.find(ref)!, api.refs, settingsWith([]).api), bodyHtml: '', showDescription });
      return fromHtml(html, { fragment: true });
    };
    type Node = { type: string; value?: string; children?: Node[] };
    const textOf = (n: Node): string => n.value ?? (n.children ?? []).map(textOf).join('');
    const texts = (tree: ReturnType<typeof fromHtml>, cls: string) => {
      const out: string[] = [];
      visit(tree, 'element', (el: Element) => {
        const names = el.properties.className;
        if ((Array.isArray(names) ? names : String(names ?? '').split(' ')).includes(cls)) out.push(textOf(el as Node));
      });
      return out;
    };
    const html = (tree: ReturnType<typeof fromHtml>) => toHtml(tree);
    expect(texts(await page('DELETE /pets/{petId}'), 'api-deprecated')).toEqual(['deprecated']);
    expect(texts(await page('GET /pets/{petId}'), 'api-deprecated')).toEqual([]);

    const list = await page('GET /pets');
    expect(texts(list, 'field-type')).toContain('string<uuid>');
    expect(texts(list, 'api-enum').join()).toMatch(/dog.*cat.*bird/);
    expect(texts(list, 'api-constraints').join()).toMatch(/1.*100/);
    expect(texts(list, 'field-default').join()).toContain('20');
    expect(html(list)).toContain('Returns <strong>all</strong> pets, paged.');
    expect(texts(list, 'api-status')).toEqual(['200', 'default']);
    // The front matter's description replaces the operation's.
    expect(html(await page('GET /pets', false))).not.toContain('Returns <strong>all</strong>');

    const create = await page('POST /pets');
    expect(texts(create, 'field-type')).toContain('string | null');
    expect(texts(create, 'api-example-value').join()).toContain('Rex');
  });

  it('response examples: the file\'s named examples, else one made from the schema', async () => {
    const api = await load(['petstore-30.yaml']);
    const responseExample = async (ref: string) => {
      const { aside } = await renderEndpoint({ endpoint: endpointModel(api.model.find(ref)!, api.refs, settingsWith([]).api), bodyHtml: '', showDescription: true });
      const part = aside!.slice(aside!.indexOf('response-example'));
      const panels = [...part.matchAll(/role="tabpanel"[^>]*data-tab-label="([^"]*)"[\s\S]*?<\/pre>/g)];
      return panels.map((m) => [m[1], JSON.parse(m[0].replace(/<[^>]+>/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/^[^{]*/, ''))]);
    };
    expect(await responseExample('POST /pets')).toEqual([['201 A dog', { id: 1, name: 'Rex', kind: 'dog' }], ['201 A cat', { id: 2, name: 'Tom', kind: 'cat' }]]);
    // No example in the file: made from the schema, with its property examples and placeholders.
    expect(await responseExample('GET /pets/{petId}')).toEqual([['200', { id: 123, tag: '<string>', name: 'Rex', kind: 'dog', owner: { name: 'Ada' } }]]);
  });

  it('renders circular schemas to a depth and stops', async () => {
    const api = await load(['petstore-30.yaml']);
    const tree = endpointModel(api.model.find('GET /tree')!, api.refs, settingsWith([]).api).responses[0]!.schema!;
    expect(names(tree)).toEqual(['name', 'parent', 'children']);
    expect(tree.children[1]!.stopped).toBe('circular');
    expect(tree.children[2]!.stopped).toBe('circular');
  });

  it('terminates on the circular examples of @readme/oas-examples', async () => {
    for (const rel of ['3.0/json/circular.json', '3.0/json/schema-circular.json', '3.0/json/circular-request-bodies.json', '2.0/yaml/schema-circular.yaml']) {
      const api = await load([path.join(examples, rel)], {}, '/');
      expect(api.diagnostics, rel).toEqual([]);
      for (const op of api.model.documents[0]!.operations) {
        const e = endpointModel(op, api.refs, settingsWith([]).api);
        const { html } = await renderEndpoint({ endpoint: e, bodyHtml: '', showDescription: true });
        expect(html).toContain('api-endpoint');
      }
    }
  });
});

describe('real specs from @readme/oas-examples render every operation', () => {
  it.each(['3.0/json/petstore.json', '3.0/json/parameters-style.json', '3.0/json/polymorphism.json', '3.0/json/response-examples.json', '3.1/yaml/train-travel.yaml', '3.1/yaml/webhooks.yaml', '2.0/yaml/petstore-expanded.yaml', '3.0/json/star-trek.json'])('%s', async (rel) => {
    const api = await load([path.join(examples, rel)], {}, '/');
    expect(api.diagnostics).toEqual([]);
    const ops = api.model.documents[0]!.operations;
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      const endpoint = endpointModel(op, api.refs, settingsWith([]).api);
      const { html, aside } = await renderEndpoint({ endpoint, bodyHtml: '', showDescription: true });
      expect(html).toContain(op.kind === 'webhook' ? 'webhook' : op.path.split('{')[0]);
      // A webhook is not called: its example is its payload, when it has one.
      if (op.kind === 'path' || endpoint.body) expect(aside).toContain('request-example');
      else expect(aside ?? '').not.toContain('request-example');
    }
  });
});

describe('request snippets (golden files)', () => {
  const golden = path.join(fixtures, 'golden');
  const cases: [string, string[], string][] = [
    ['pets-list', ['petstore-30.yaml'], 'GET /pets'],
    ['pets-create', ['petstore-30.yaml'], 'POST /pets'],
    ['pets-get-codesamples', ['petstore-30.yaml'], 'GET /pets/{petId}'],
    ['orders-patch-form', ['store-31.json'], 'PATCH /orders/{id}'],
    ['users-swagger2', ['swagger-20.yaml'], 'POST /users'],
  ];
  // `api.examples.languages`: the ten languages Mintlify's users ask for most, aliases included.
  const TEN = ['curl', 'python', 'javascript', 'node', 'go', 'ruby', 'php', 'java', 'c#', 'rust'];
  cases.push(['pets-create-ten-languages', ['petstore-30.yaml'], 'POST /pets']);
  it.each(cases)('%s', async (name, files, ref) => {
    const api = await load(files, {});
    const settings = settingsWith([], name.endsWith('-languages') ? { examples: { languages: TEN } } : {}).api;
    const out = requestSnippets(endpointModel(api.model.find(ref)!, api.refs, settings), settings)
      .map((s) => `### ${s.label} (${s.lang})\n${s.code}\n`).join('\n');
    const file = path.join(golden, `${name}.txt`);
    // Written only when asked: a golden file that is missing is a failure, not a new expectation.
    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(golden, { recursive: true });
      writeFileSync(file, out);
    }
    expect(existsSync(file), `${path.relative(process.cwd(), file)} is missing; UPDATE_GOLDEN=1 npx vitest run src/node/openapi/openapi.test.ts writes it`).toBe(true);
    expect(out).toBe(readFileSync(file, 'utf8'));
  });

  it('uses api.auth from the settings, and api.baseUrl only for a document that names no server (Mintlify\'s precedence)', async () => {
    const api = await load(['petstore-30.yaml']);
    const settings = settingsWith([], { baseUrl: ['https://sandbox.test/v2'], auth: { method: 'bearer', inputPrefix: 'sk_' } }).api;
    const op = api.model.find('GET /pets')!;
    const [curl] = requestSnippets(endpointModel(op, api.refs, settings));
    expect(curl!.code).toContain("--url 'https://eu.petstore.test/v1/pets?limit=20&kind=dog'");
    expect(curl!.code).toContain("--header 'Authorization: Bearer sk_<token>'");
    expect(endpointModel(op, api.refs, settings).baseUrls).toEqual(['https://eu.petstore.test/v1']);
    // The same operation in a document without `servers`: the settings' base URLs.
    const serverless = { ...op, doc: { ...op.doc, root: { ...op.doc.root, servers: undefined } } };
    expect(endpointModel(serverless, api.refs, settings).baseUrls).toEqual(['https://sandbox.test/v2']);
  });

  it('follows api.examples: required parameters only, the languages asked for in order, none generated', async () => {
    const api = await load(['petstore-30.yaml']);
    const op = api.model.find('GET /pets')!;
    const snippets = (examples: object) => {
      const settings = settingsWith([], { examples }).api;
      return requestSnippets(endpointModel(op, api.refs, settings), settings);
    };
    const required = snippets({ defaults: 'required' })[0]!.code;
    expect(required).toContain("--url 'https://eu.petstore.test/v1/pets?limit=20' ");
    expect(required).not.toContain('session=');
    expect(snippets({ languages: ['Golang', 'rs', 'no-such-language', 'go'] }).map((s) => [s.label, s.lang, s.key])).toEqual([['Go', 'go', 'go'], ['Rust', 'rust', 'rust']]);
    expect(snippets({ autogenerate: false })).toEqual([]);
  });
});

describe('description Markdown', () => {
  it('writes plain sentences as the parser does, without parsing them', () => {
    const samples = [
      'OK', 'Not found', 'The job id.', "The job's state (queued, running or done).", 'Retries 3 times; see the limits below?', 'e-mail it', 'It’s fine',
      'Manage limits: with build handles.', 'Say: "hi"', 'Note: it works', 'x: y',
      // Not plain: these must come out as the parser makes them too.
      '1. first', '- item', '# Title', 'see www.example.com', 'WWW.example.com', 'mail a@b.co', 'http://x.dev', 'a  b', 'trailing ', ' leading',
      'a *b*', 'a _b_', 'a `b`', 'a [b](c)', 'a <b>', 'a & b', 'a\nb', 'a|b', 'a ~b~', '[^1]', 'x:y', 'a/b', 'mailto:a@b.co', 'xmpp:a@b.co', 'see https://x.dev', 'a "<b>"', 'a "&amp;"', '> quote', '+ plus', 'A) b', '12',
    ];
    for (const text of samples) expect(renderMarkdown(text), text).toBe(parsedMarkdown(text));
    expect(renderMarkdown("The job's state.")).toBe("<p>The job's state.</p>");
    expect(renderMarkdown('Manage limits: with "build" handles.')).toBe('<p>Manage limits: with "build" handles.</p>');
  });
});

describe('safety', () => {
  it('sanitises Markdown: no raw HTML, handlers or javascript: URLs', () => {
    const html = renderMarkdown('a <script>alert(1)</script> <b onclick="x()">b</b>\n\n[x](javascript:alert(1)) [y](https://ok.test) ![i](data:text/html,hi)\n\n<div onmouseover="x">div</div>');
    expect(html).not.toMatch(/<script|onclick|onmouseover|javascript:|data:text/i);
    expect(html).toContain('<a href="https://ok.test"');
    expect(safeUrl(' java\tscript:alert(1)')).toBeUndefined();
    expect(safeUrl('/relative#x')).toBe('/relative#x');
  });

  it('renders an endpoint whose every string is an XSS payload without any surviving', async () => {
    const api = await load(['xss.yaml']);
    const op = api.model.documents[0]!.operations[0]!;
    const { html, aside } = await renderEndpoint({ endpoint: endpointModel(op, api.refs, settingsWith([]).api), bodyHtml: '', showDescription: true });
    const all = html + aside;
    expect(dangerIn(all)).toEqual([]);
    // The text is still there, escaped.
    expect(all).toContain('&lt;script&gt;window.__xss=11&lt;/script&gt;');
  });
});

describe('generated page URLs', () => {
  it('are Mintlify\'s: directory, first tag and summary through its file-name rule; the path when there is no summary', async () => {
    const api = await load(['petstore-30.yaml', 'store-31.json']);
    const op = (ref: string) => api.model.find(ref)!;
    expect(mintlifyUrl(op('GET /pets/{petId}'))).toBe('/api-reference/get-a-pet');
    expect(mintlifyUrl(op('PATCH /orders/{id}'), 'reference/store')).toBe('/reference/store/update-an-order');
    expect(mintlifyUrl({ ...op('GET /pets'), op: { ...op('GET /pets').op, tags: ['Pet Store'], summary: "List the pets (v2.1), 'fast'" } }, '/v1/api')).toBe('/v1/api/pet-store/list-the-pets-v21-fast');
    expect(mintlifyUrl({ ...op('GET /pets/{petId}'), op: {} })).toBe('/api-reference/get-pets');
    expect(mintlifyUrl({ ...op('GET /pets'), op: { 'x-mint': { href: '/guides/pets/' } } })).toBe('/guides/pets');
    expect(mintlifyUrl(op('webhook orderCreated'))).toBe('/api-reference/order-created');
    expect(mintlifyUrl({ ...op('webhook orderCreated'), op: {} })).toBe('/api-reference/ordercreated');
    expect(mintlifySlug('get-repos-{repo_id}-commits-bulk')).toBe('get-repos--commits-bulk');
    // Clashes are numbered as Mintlify numbers file names; Kiln's former URLs (for redirects).
    const taken = new Set(['/a', '/a-1']);
    expect(freeUrl('/a', (u) => taken.has(u))).toBe('/a-2');
    expect(legacyUrl(op('GET /pets/{petId}'))).toBe('/pets/petid');
    expect(legacyUrl(op('webhook orderCreated'))).toBe('/webhooks/ordercreated');
  });
});

describe('validation', () => {
  it('reports problems as warnings with file, JSON path and line:column; the document still renders', async () => {
    const api = await load(['invalid.yaml']);
    const file = path.join(fixtures, 'invalid.yaml');
    const found = api.diagnostics.map((d) => [d.code, d.severity, d.jsonPath, `${d.line}:${d.column}`, d.message]);
    expect(found).toEqual([
      ['openapi/schema-violation', 'warning', 'paths["/things/{thingId}"].get.summery', '9:7', '`paths["/things/{thingId}"].get.summery` does not follow the OpenAPI 3.0.3 schema: `summery` is not allowed here.'],
      ['openapi/spec-violation', 'warning', 'paths["/things/{thingId}"].get', '7:5', '`paths["/things/{thingId}"].get`: the path parameter `thingId` is in the path but not among the parameters.'],
      ['openapi/spec-violation', 'warning', 'paths["/things/{thingId}"].delete', '17:5', '`paths["/things/{thingId}"].delete`: the path parameter `thingId` is in the path but not among the parameters.'],
      ['openapi/spec-violation', 'warning', 'paths["/things/{thingId}"].delete.operationId', '18:7', '`paths["/things/{thingId}"].delete.operationId`: the operationId `getThing` is already used by GET /things/{thingId}.'],
      ['openapi/spec-violation', 'warning', 'paths["/things/{thingId}"].delete.security[0].tokenAuth', '20:11', '`paths["/things/{thingId}"].delete.security[0].tokenAuth`: the security scheme `tokenAuth` is not defined in `components.securitySchemes`.'],
      ['openapi/ref-not-found', 'warning', 'paths["/things/{thingId}"].get.responses["200"].content["application/json"].schema.$ref', '16:17', 'OpenAPI reference "#/components/schemas/Thnig" points at nothing; it is shown as an unknown schema.'],
      ['openapi/external-ref', 'warning', 'paths["/remote"].post.requestBody.content["application/json"].schema.$ref', '30:15', 'OpenAPI reference "https://schemas.example.com/thing.json#/Thing" points at a URL; Kiln does not fetch referenced URLs (builds work offline), so it is shown as an unknown schema.'],
    ]);
    expect(api.diagnostics.every((d) => d.file === file && d.frame?.includes('>'))).toBe(true);
    // Still rendered: every operation, the URL reference as an unknown schema.
    expect(api.model.documents[0]!.operations.map((o) => o.label)).toEqual(['GET /things/{thingId}', 'DELETE /things/{thingId}', 'POST /remote']);
    const e = endpointModel(api.model.find('POST /remote')!, api.refs, settingsWith([]).api);
    expect(e.body?.schema?.type).toBe('any');
    const { html } = await renderEndpoint({ endpoint: e, bodyHtml: '', showDescription: true });
    expect(html).toContain('api-endpoint');
  });

  it('OpenAPI 3.1 and Swagger 2.0 are checked against their own schema', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-validate-'));
    try {
      writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ openapi: '3.1.0', info: { title: 'A' }, paths: { '/x': { get: { responses: { '200': { description: 'OK' } } } } } }, null, 2));
      writeFileSync(path.join(dir, 'b.yaml'), 'swagger: "2.0"\ninfo: { title: B, version: "1" }\npaths:\n  /y:\n    get:\n      responses:\n        200:\n          description: OK\n          schema: { $ref: "#/definitions/Nope" }\ndefinitions:\n  Yes: { type: string }\n');
      const api = await load(['a.json', 'b.yaml'], {}, dir);
      expect(api.diagnostics.map((d) => [d.code, path.basename(d.file!), d.jsonPath, `${d.line}:${d.column}`])).toEqual([
        ['openapi/schema-violation', 'a.json', 'info', '3:3'],
        ['openapi/ref-not-found', 'b.yaml', 'paths["/y"].get.responses["200"].schema.$ref', '9:11'], // flow style: the key that holds it
      ]);
      expect(api.diagnostics[0]!.message).toBe('`info` does not follow the OpenAPI 3.1.0 schema: `version` is required.');
      expect(api.model.find('GET /y')).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a JSON file nested 50,000 levels deep is checked without exhausting the stack', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-validate-'));
    try {
      const depth = 50_000;
      const deep = `${'['.repeat(depth)}{"$ref": "#/components/schemas/Missing"}${']'.repeat(depth)}`;
      writeFileSync(path.join(dir, 'deep.json'), `{"openapi": "3.0.0", "info": {"title": "D", "version": "1"}, "paths": {},\n"x-deep": ${deep}}`);
      const api = await load(['deep.json'], {}, dir);
      const found = api.diagnostics.map((d) => [d.code, d.line, d.column, d.jsonPath]);
      // Columns: the 201st `[` (the first value past the depth checked), the `$ref` key at the bottom.
      expect(found).toEqual([
        ['openapi/schema-violation', 2, 211, `x-deep${'[0]'.repeat(15)}…(181 levels)…${'[0]'.repeat(4)}`],
        ['openapi/ref-not-found', 2, depth + 12, `x-deep${'[0]'.repeat(15)}…(49,982 levels)…${'[0]'.repeat(3)}.$ref`],
      ]);
      expect(api.diagnostics[1]!.message).toContain('"#/components/schemas/Missing" points at nothing');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists at most MAX_FINDINGS findings per file, then counts the rest', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-validate-'));
    try {
      const paths = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/p${i}`, { get: { responses: { '200': { $ref: `#/nope/${i}` } } } }]));
      writeFileSync(path.join(dir, 'many.json'), JSON.stringify({ openapi: '3.0.0', info: { title: 'M', version: '1' }, paths }));
      const api = await load(['many.json'], {}, dir);
      expect(api.diagnostics).toHaveLength(MAX_FINDINGS + 1);
      expect(api.diagnostics.at(-1)!.message).toBe('5 more problems in this OpenAPI file are not listed.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('callbacks', () => {
  const root = path.join(import.meta.dirname, '../../../tests/fixtures/api-events');
  it('reads each callback\'s operations, a `$ref` into components.callbacks too, and no callbacks of callbacks', async () => {
    const api = await load(['openapi.yaml'], {}, root);
    const e = endpointModel(api.model.find('POST /subscriptions')!, api.refs, settingsWith([]).api);
    expect(e.callbacks.map((c) => [c.name, c.expression, c.endpoint.method, c.endpoint.summary, c.endpoint.responses.map((r) => r.status)])).toEqual([
      ['orderUpdated', '{$request.body#/callbackUrl}', 'POST', 'Order updated', ['200', '410']],
      ['subscriptionEnded', '{$request.body#/callbackUrl}/ended', 'DELETE', 'Subscription ended', ['204']],
    ]);
    const [updated] = e.callbacks;
    expect(updated!.endpoint.parameters.map((p) => [p.name, p.in, p.required])).toEqual([['X-Signature', 'header', true]]);
    expect(updated!.endpoint.body?.schema && names(updated!.endpoint.body.schema)).toEqual(['orderId', 'status']);
    expect(updated!.endpoint.callbacks).toEqual([]);
  });
});
