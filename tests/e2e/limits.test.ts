import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, tempDir } from './helpers.js';

// Inputs built to exhaust a naive pipeline: nesting thousands of levels deep (settings, OpenAPI
// schemas, MDX markup) and YAML alias bombs (front matter, OpenAPI). Each is one catalogued
// message; the rest of the site builds, with no stack trace.
const STACK = /\n\s+at .+:\d+:\d+|Exception in|RangeError|Maximum call stack/;
let site: ReturnType<typeof tempDir>;
let deepSettings: ReturnType<typeof tempDir>;

const laughs = (levels: number) => {
  const lines = ['l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < levels; i++) lines.push(`l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  return lines.join('\n');
};

beforeAll(() => {
  site = tempDir();
  const at = (rel: string, text: string) => writeFileSync(path.join(site.dir, rel), text);
  at('docs.json', JSON.stringify({ name: 'Limits', colors: { primary: '#0D6E5B', light: '#5EEAD4' }, openapi: ['deep.json', 'bomb.yaml'], navigation: [{ group: 'Pages', pages: ['index', 'deep', 'laughs', 'api'] }] }));
  at('index.mdx', '---\ntitle: Home\ndescription: Still built.\n---\n\nHello.\n');
  at('deep.mdx', `---\ntitle: Deep\ndescription: Markup nested 3,000 levels deep.\n---\n\n${'<div>'.repeat(3000)}x${'</div>'.repeat(3000)}\n`);
  at('laughs.mdx', `---\ntitle: Laughs\ndescription: An alias bomb.\n${laughs(10)}\n---\n\nText.\n`);
  let schema: object = { type: 'string' };
  for (let i = 0; i < 1000; i++) schema = { type: 'object', properties: { a: schema } };
  const content = { 'application/json': { schema } };
  at('deep.json', JSON.stringify({ openapi: '3.0.0', info: { title: 'Deep', version: '1' }, paths: { '/x': { post: { requestBody: { content }, responses: { '200': { description: 'OK', content } } } } } }));
  at('bomb.yaml', `openapi: 3.0.0\ninfo: { title: Bomb, version: '1' }\npaths: {}\nx-laughs:\n${laughs(10).replace(/^/gm, '  ')}\n`);
  at('api.mdx', '---\ntitle: API\ndescription: A deep schema.\nopenapi: POST /x\n---\n');

  deepSettings = tempDir();
  let nav: object = { group: 'g', pages: ['index'] };
  for (let i = 0; i < 1000; i++) nav = { group: `g${i}`, pages: [nav] };
  writeFileSync(path.join(deepSettings.dir, 'docs.json'), JSON.stringify({ name: 'Deep', navigation: [nav] }));
  writeFileSync(path.join(deepSettings.dir, 'index.mdx'), '---\ntitle: Home\n---\n');
});

afterAll(() => {
  site?.cleanup();
  deepSettings?.cleanup();
});

describe('inputs that exhaust a naive pipeline', () => {
  it('kiln build reports each and writes the rest of the site', async () => {
    // Expanded, these would not finish: kiln() kills the build after two minutes, and its exit
    // code is then not 0.
    const r = await kiln(['build', site.dir]);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.code, r.stderr).toBe(1);
    // At the deepest point of the markup: the last of the 3,000 opening tags.
    expect(r.stderr).toContain('deep.mdx:6:14996  error  page/compile-failed  The page could not be compiled: the markup is nested too deeply (thousands of levels) to compile');
    expect(r.stderr).toContain('laughs.mdx:2:1  error  page/invalid-frontmatter  The front matter is not valid YAML: its aliases (*name) stand for more than 10,000 values.');
    expect(r.stderr).toContain('bomb.yaml:1:1  error  openapi/parse-failed  The OpenAPI file does not parse: its aliases (*name) stand for more than 5,000,000 values.');
    expect(r.stderr).toMatch(/deep\.json:1:\d+  warning  openapi\/schema-violation  `paths\["\/x"\]\.post\.requestBody[^`]*` does not follow the OpenAPI 3\.0\.0 schema: it is nested more than 200 levels deep, too deep to check against the schema\./);
    // index, laughs (its front matter dropped) and the endpoint page; deep.mdx alone fails.
    expect(r.stderr).toMatch(/✗ 3 pages written, 1 failed, .*\n  → .* \(without the pages that failed\)\n/);
  });

  it('kiln check says the same, without a crash', async () => {
    const r = await kiln(['check', site.dir]);
    expect(r.stderr + r.stdout).not.toMatch(STACK);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('the markup is nested too deeply');
    expect(r.stdout).toContain('its aliases (*name) stand for more than 10,000 values');
  });

  it('settings nested a thousand levels deep are one error with its position', async () => {
    const r = await kiln(['build', deepSettings.dir]);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/docs\.json:1:\d+  error  settings\/too-deep  The settings are nested more than 64 levels deep here; Kiln does not read further\.\n  at navigation\[0\]\.pages\[0\]/);
  });
});
