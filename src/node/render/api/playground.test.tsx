import { fileURLToPath } from 'node:url';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { endpointModel, formFields } from '../../openapi/endpoint.js';
import { requestSnippets } from '../../openapi/snippets.js';
import { loadOpenApi } from '../../openapi/load.js';
import { fixtures, settingsWith } from '../../openapi/test-helpers.js';
import type { ApiSettings } from '../../settings/types.js';
import { renderEndpoint } from './endpoint.js';
import { authLabel } from './playground.js';

// The playground browser tests' fixture (tests/fixtures/playground).
const repoFixtures = fileURLToPath(new URL('../../../../tests/fixtures/playground/', import.meta.url));

async function render(api: Partial<ApiSettings>, file = 'xss.yaml', reference?: string) {
  const settings = settingsWith([file], api);
  const loaded = await loadOpenApi({ root: fixtures, settings, assets: [], referenced: true });
  const op = reference ? loaded.model.find(reference)! : loaded.model.documents[0]!.operations.find((o) => o.kind === 'path')!;
  return renderEndpoint({ endpoint: endpointModel(op, loaded.refs, settings.api), bodyHtml: '', showDescription: true, api: settings.api });
}

describe('playground markup by api.playground.mode', () => {
  it('show: a hidden form (unhidden by its chunk) with the chunk URL', async () => {
    const { html } = await render({ playground: { mode: 'show' } }, 'petstore-30.yaml');
    expect(html).toMatch(/<details class="api-playground" hidden="" data-src="\/_kiln\/assets\/kiln-playground\.[0-9a-f]{10}\.js"/);
    expect(html).toContain('class="pg-form"');
    expect(html).toContain('class="pg-send"');
  });

  it('simple and hide: the endpoint without any playground', async () => {
    for (const mode of ['simple', 'hide'] as const) {
      const { html } = await render({ playground: { mode } }, 'petstore-30.yaml');
      expect(html).toContain('api-endpoint');
      expect(html).not.toContain('api-playground');
      expect(html).not.toContain('kiln-playground');
    }
  });

  it('api.auth key: one input named by `name`, pre-filled with `inputPrefix`', async () => {
    const { html } = await render({ playground: { mode: 'show' }, auth: { method: 'key', name: 'X-Kiln-Key', inputPrefix: 'kk_' } }, 'petstore-30.yaml');
    expect(html).toMatch(/<input id="pg-auth-0" type="password"[^>]*data-auth-kind="apiKey"[^>]*data-auth-name="X-Kiln-Key" data-auth-in="header" value="kk_"/);
  });

  it('puts nothing runnable from an XSS-laden OpenAPI file into the form', async () => {
    const { html } = await render({ playground: { mode: 'show' } });
    expect(html).toContain('api-playground');
    const form = html.slice(html.indexOf('<details class="api-playground"'), html.indexOf('</form>'));
    // Payloads show up only as escaped text and attribute values (a `javascript:` base URL stays a
    // value: request.ts refuses schemes other than http and https).
    const found: string[] = [];
    visit(fromHtml(form, { fragment: true }), 'element', (el: Element) => {
      if (['script', 'iframe', 'object', 'embed', 'style', 'svg', 'img'].includes(el.tagName)) found.push(el.tagName);
      for (const [k, v] of Object.entries(el.properties ?? {})) if (/^on/i.test(k) || (['href', 'src', 'action', 'formAction'].includes(k) && /^\s*javascript:/i.test(String(v)))) found.push(`${el.tagName}[${k}]`);
    });
    expect(found).toEqual([]);
    expect(form).toContain('&lt;script&gt;window.__xss=11&lt;/script&gt;');
  });
});

describe('several security requirements', () => {
  it('a chooser with one group of inputs per alternative, None for an empty requirement', async () => {
    const settings = settingsWith(['openapi.yaml']);
    const loaded = await loadOpenApi({ root: repoFixtures, settings, assets: [], referenced: true });
    const e = endpointModel(loaded.model.find('GET /choose')!, loaded.refs, settings.api);
    expect(e.authOptional).toBe(true);
    expect(e.auth.map(authLabel)).toEqual(['bearerAuth (Bearer token)', 'keyAuth (API key X-API-Key)', 'basicAuth (HTTP Basic) + keyAuth (API key X-API-Key)']);
    const { html } = await renderEndpoint({ endpoint: e, bodyHtml: '', showDescription: true, api: settings.api });
    expect(html).toMatch(/<select id="pg-auth-set" class="pg-auth-set">(<option value="[^"]+"( selected="")?>[^<]+<\/option>){4}<\/select>/);
    expect(html).toContain('<option value="none">None</option>');
    // Set 0 shows, the others wait for the chooser; set 0 keeps its ids.
    expect(html).toContain('<div class="pg-auth-option" data-auth-set="0"><div class="pg-field"><label for="pg-auth-0">');
    expect(html).toMatch(/<div class="pg-auth-option" data-auth-set="2" hidden="">.*id="pg-auth-2-0-u".*id="pg-auth-2-0-p".*id="pg-auth-2-1"/);
  });

  it('one requirement: no chooser', async () => {
    const { html } = await render({ playground: { mode: 'show' } }, 'petstore-30.yaml');
    expect(html).not.toContain('pg-auth-set');
  });
});

describe('form bodies', () => {
  async function upload(reference: string) {
    const settings = settingsWith(['openapi.yaml'], { playground: { mode: 'show' }, examples: { prefill: true } });
    const loaded = await loadOpenApi({ root: repoFixtures, settings, assets: [], referenced: true });
    const e = endpointModel(loaded.model.find(reference)!, loaded.refs, settings.api);
    return { e, html: (await renderEndpoint({ endpoint: e, bodyHtml: '', showDescription: true, api: settings.api })).html };
  }

  it('multipart: a file input per file part (several for an array of files), inputs for the other fields', async () => {
    const { e, html } = await upload('POST /uploads');
    expect(formFields(e.body)!.map((f) => [f.name, f.file ?? f.schema.type, f.required])).toEqual([['file', 'one', true], ['pictures', 'many', false], ['title', 'string', false], ['public', 'boolean', false]]);
    expect(html).toContain('<fieldset class="pg-group pg-body-group" data-content-type="multipart/form-data">');
    expect(html).toContain('<input id="pg-body-file" type="file" class="pg-file" data-body-field="file"/>');
    expect(html).toContain('<input id="pg-body-pictures" type="file" class="pg-file" multiple="" data-body-field="pictures"/>');
    expect(html).toMatch(/<input id="pg-body-title" type="text"[^>]*data-body-field="title" value="Q3 report"\/>/);
    expect(html).toMatch(/<select id="pg-body-public" data-body-field="public"><option value="">—<\/option><option value="true">true<\/option><option value="false" selected="">false<\/option><\/select>/);
    expect(html).not.toContain('pg-body-id');
    expect(html).not.toContain('id="pg-body"');
    // The examples beside it upload a file.
    const [curl, , python] = requestSnippets(e);
    expect(curl!.code).toContain("--form 'file=@<file>' \\\n  --form 'pictures=@<file>' \\\n  --form 'title=Q3 report' \\\n  --form 'public=false'");
    expect(python!.code).toContain('"file": open("<file>", "rb")');
  });

  it('urlencoded: text fields, no file inputs; a body without listed fields keeps the editor', async () => {
    const { html } = await upload('POST /subscribe');
    expect(html).toMatch(/<input id="pg-body-email" type="text"[^>]*data-body-field="email" value="ada@example.com"\/>/);
    expect(html).toMatch(/<input id="pg-body-topics" type="text"[^>]*data-body-field="topics" value=""\/>/);
    expect(html).not.toContain('type="file"');
    const json = await upload('POST /users');
    expect(json.html).toContain('<textarea id="pg-body" class="pg-body-input"');
  });
});

describe('api.examples.prefill', () => {
  async function items(prefill?: boolean) {
    const settings = settingsWith(['openapi.yaml'], { playground: { mode: 'show' }, ...(prefill === undefined ? {} : { examples: { prefill } }) });
    const loaded = await loadOpenApi({ root: repoFixtures, settings, assets: [], referenced: true });
    const html = async (ref: string) => (await renderEndpoint({ endpoint: endpointModel(loaded.model.find(ref)!, loaded.refs, settings.api), bodyHtml: '', showDescription: true, api: settings.api })).html;
    return { get: await html('GET /users/{userId}/items'), post: await html('POST /users') };
  }

  it('true: the inputs start with the examples', async () => {
    const { get, post } = await items(true);
    expect(get).toMatch(/<input id="pg-path-userId" type="text" required=""[^>]*value="u 1\/2"\/>/);
    expect(get).toMatch(/<input id="pg-header-X-Request-Id" type="text" required=""[^>]*value="req-42"\/>/);
    expect(post).toMatch(/<textarea id="pg-body" class="pg-body-input"[^>]*>\{\n {2}&quot;name&quot;: &quot;Ada Lovelace&quot;/);
  });

  it('unset or false (Mintlify\'s default): only defaults are values, examples are placeholders', async () => {
    for (const prefill of [undefined, false]) {
      const { get, post } = await items(prefill);
      expect(get).toMatch(/<input id="pg-path-userId" type="text" placeholder="u 1\/2" required=""[^>]*value=""\/>/);
      expect(get).toMatch(/<input id="pg-query-limit" type="text" required=""[^>]*value="10"\/>/);
      expect(post).toMatch(/<textarea id="pg-body" class="pg-body-input" aria-label="Request body" placeholder="\{\n {2}&quot;name&quot;: &quot;Ada Lovelace&quot;,\n {2}&quot;admin&quot;: false\n\}"[^>]*><\/textarea>/);
    }
  });
});
