import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOpenApi } from './load.js';
import { settingsWith } from './test-helpers.js';
import { MAX_OPENAPI_BYTES } from './fetch.js';

// OpenAPI files are read only inside the project, only as regular files, and only up to a size
// (issue 26): a `$ref` to ../../outside/x.yaml was read and its text published, and one to
// /dev/urandom read for 16 s and 1.2 GB.
const SECRET = 'OUTSIDE-SECRET';
let base: string;
let root: string;

const spec = (ref: string) => `openapi: 3.0.3
info: { title: T, version: "1" }
paths:
  /things:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                $ref: "${ref}"
`;

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'kiln-openapi-inside-')));
  root = path.join(base, 'project', 'docs');
  mkdirSync(root, { recursive: true });
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(path.join(base, 'outside', 'x.yaml'), `R:\n  type: object\n  description: ${SECRET}\n`);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

async function loadWith(ref: string, extra: (root: string) => void = () => {}) {
  writeFileSync(path.join(root, 'openapi.yaml'), spec(ref));
  extra(root);
  const api = await loadOpenApi({ root, settings: settingsWith(['openapi.yaml']), assets: [], referenced: true });
  const read = JSON.stringify([...api.refs.files.values()]);
  return { api, read, found: api.diagnostics.map((d) => [d.code, d.severity, d.jsonPath, d.line && `${d.line}:${d.column}`, d.message]) };
}

const AT = 'paths["/things"].get.responses["200"].content["application/json"].schema.$ref';

describe('OpenAPI $refs stay inside the project', () => {
  it('refuses a ref that climbs out of the project, at its position, and reads nothing of it', async () => {
    const { api, read, found } = await loadWith('../../outside/x.yaml#/R');
    expect(found).toEqual([
      ['openapi/ref-outside-project', 'error', AT, '12:17', 'OpenAPI reference "../../outside/x.yaml#/R" points outside the project folder; Kiln reads only files inside it, so it is shown as an unknown schema.'],
    ]);
    expect(read).not.toContain(SECRET);
    expect(api.model.files.has(path.join(base, 'outside', 'x.yaml'))).toBe(false);
  });

  it('refuses an absolute path, /dev/urandom included, without opening it', async () => {
    for (const ref of [path.join(base, 'outside', 'x.yaml') + '#/R', '/dev/urandom', '/dev/zero#/R', '/etc/passwd']) {
      const { read, found } = await loadWith(ref);
      expect(found.map((f) => f[0]), ref).toEqual(['openapi/ref-outside-project']);
      expect(read).not.toContain(SECRET);
    }
  });

  it('refuses a link inside the project that leads out of it', async () => {
    const { read, found } = await loadWith('schemas/link.yaml#/R', (r) => {
      mkdirSync(path.join(r, 'schemas'));
      symlinkSync(path.join(base, 'outside', 'x.yaml'), path.join(r, 'schemas', 'link.yaml'));
    });
    expect(found.map((f) => f[0])).toEqual(['openapi/ref-outside-project']);
    expect(read).not.toContain(SECRET);
  });

  it('still reads a ref to another file of the project, through a link that stays inside', async () => {
    const { api, found } = await loadWith('shared/link.yaml#/R', (r) => {
      mkdirSync(path.join(r, 'schemas'));
      mkdirSync(path.join(r, 'shared'));
      writeFileSync(path.join(r, 'schemas', 'r.yaml'), 'R:\n  type: object\n  description: inside\n');
      symlinkSync(path.join(r, 'schemas', 'r.yaml'), path.join(r, 'shared', 'link.yaml'));
    });
    expect(found).toEqual([]);
    expect(api.refs.resolve({ $ref: 'shared/link.yaml#/R' }, path.join(root, 'openapi.yaml')).value).toEqual({ type: 'object', description: 'inside' });
  });

  it('reads only regular files: a folder or a pipe is refused at its $ref, not waited for', async () => {
    const { found } = await loadWith('fifo.yaml#/R', (r) => execFileSync('mkfifo', [path.join(r, 'fifo.yaml')]));
    expect(found).toEqual([['openapi/not-a-file', 'error', undefined, '12:17', 'OpenAPI file "fifo.yaml" is not a regular file (a folder, device or pipe); it is not read.']]);
    const folder = await loadWith('schemas#/R', (r) => mkdirSync(path.join(r, 'schemas')));
    expect(folder.found.map((f) => f[0])).toEqual(['openapi/not-a-file']);
  });

  it('reads at most 50 MB of a file', async () => {
    const { found } = await loadWith('big.yaml#/R', (r) => {
      writeFileSync(path.join(r, 'big.yaml'), '');
      truncateSync(path.join(r, 'big.yaml'), MAX_OPENAPI_BYTES + 1);
    });
    expect(found).toEqual([['openapi/too-large', 'error', undefined, '12:17', 'OpenAPI file "big.yaml" is larger than 50 MB; it is not read.']]);
  });

  it('does not read files of the project for the relative refs of a fetched document', async () => {
    writeFileSync(path.join(root, 'secret.yaml'), `R:\n  description: ${SECRET}\n`);
    // The fetched copy is kept in .kiln/cache/openapi/: three levels up is the project.
    const text = JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/x': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '../../../secret.yaml#/R' } } } } } } } } });
    const fetched = (async () => new Response(text, { status: 200 })) as unknown as typeof fetch;
    const api = await loadOpenApi({ root, settings: settingsWith(['https://api.example.test/openapi.json']), assets: [], referenced: true, fetch: fetched });
    expect(api.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['openapi/external-ref', 'OpenAPI reference "../../../secret.yaml#/R" points at a URL; Kiln does not fetch referenced URLs (builds work offline), so it is shown as an unknown schema.'],
    ]);
    expect(JSON.stringify([...api.refs.files.values()])).not.toContain(SECRET);
  });
});

describe('the openapi setting stays inside the project', () => {
  it('refuses a file outside the project, a non-file and a file over the limit', async () => {
    writeFileSync(path.join(root, 'big.yaml'), '');
    truncateSync(path.join(root, 'big.yaml'), MAX_OPENAPI_BYTES + 1);
    mkdirSync(path.join(root, 'folder.yaml'));
    const api = await loadOpenApi({ root, settings: settingsWith(['../../outside/x.yaml', '/dev/urandom', 'folder.yaml', 'big.yaml']), assets: [], referenced: true });
    expect(api.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['openapi/outside-project', 'OpenAPI file "../../outside/x.yaml" is outside the project folder; Kiln reads only files inside it, so it is left out.'],
      ['openapi/not-found', 'OpenAPI file "/dev/urandom" does not exist.'],
      ['openapi/not-a-file', 'OpenAPI file "folder.yaml" is not a regular file (a folder, device or pipe); it is not read.'],
      ['openapi/too-large', 'OpenAPI file "big.yaml" is larger than 50 MB; it is not read.'],
    ]);
    expect(api.model.documents).toEqual([]);
  });
});
