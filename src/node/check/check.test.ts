import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPage, createEngines, loadSite, mapCache } from '../site/load.js';
import { checkSite, resolvePath, type CheckResult } from './check.js';
import { contrastRatio } from '../../shared/colour.js';
import { exitCode, formatJson, formatText } from './report.js';
import { settingsJsonSchema } from './schema.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const planted = path.join(repo, 'tests/fixtures/check-planted');
const starter = path.join(repo, 'examples/starter');
const engines = createEngines();

const rows = (r: CheckResult) =>
  r.diagnostics.map((d) => `${d.file ? path.relative(r.root, d.file) : ''}:${d.line ?? ''}:${d.column ?? ''} ${d.severity} ${d.code}`).sort();

describe('kiln check on the planted fixture', () => {
  let result: CheckResult;
  beforeAll(async () => {
    result = await checkSite({ root: planted, engines });
  }, 60_000);

  it('finds every planted mistake, at its position, and nothing else', () => {
    expect(rows(result)).toEqual(
      [
        // settings
        'docs.json:3:3 warning settings/unknown-key',
        'docs.json:4:26 warning check/low-contrast',
        'docs.json:8:72 error check/unknown-version', // anchor
        'docs.json:21:18 error check/unknown-version', // navigation group
        // navigation
        'docs.json:13:35 warning nav/duplicate-page',
        'docs.json:13:44 error nav/page-not-found',
        'orphan.mdx:: info check/not-in-navigation',
        // front matter
        'bad-yaml.mdx:4:1 error page/invalid-frontmatter',
        'bad-type.mdx:3:1 warning page/frontmatter-type',
        // compile
        'broken.mdx:8:1 error page/compile-failed',
        // links, anchors, files (pages and snippets)
        'links.mdx:8:3 error check/broken-link',
        'links.mdx:8:40 error check/broken-anchor',
        'links.mdx:13:3 error check/missing-file',
        'links.mdx:18:1 error check/missing-file',
        'guides/relative.mdx:6:34 error check/broken-link',
        'snippets/linky.mdx:1:22 error check/broken-link',
        'intro.mdx:7:1 warning page/import-not-found',
        // OpenAPI
        'broken.yaml:7:1 error openapi/parse-failed',
        'endpoint.mdx:4:1 error openapi/operation-not-found',
        'openapi.yaml:10:73 error check/broken-link', // in an operation's description
        'openapi.yaml:14:45 error check/broken-anchor', // in a parameter's description
        'openapi.yaml:22:5 warning openapi/spec-violation', // a path parameter no parameter declares
        // conventions
        'conventions.mdx:1:1 warning check/missing-description',
        'no-title.mdx:1:1 warning check/missing-title',
        'conventions.mdx:5:1 warning check/heading-level-1',
        'conventions.mdx:7:1 warning check/image-no-alt',
        'conventions.mdx:7:1 warning check/image-outside-frame',
      ].sort(),
    );
  });

  it('locks the wording of the check messages', () => {
    const text = (code: string) => result.diagnostics.find((d) => d.code === code)!;
    expect(text('check/broken-anchor').message).toMatchInlineSnapshot(`"Link "/intro#no-such-heading": page /intro has no heading with the id "no-such-heading"."`);
    expect(text('check/broken-anchor').hint).toMatchInlineSnapshot(`"Ids on that page that come close: getting-started."`);
    expect(text('check/missing-file').message).toMatchInlineSnapshot(`""/images/missing.png" refers to /images/missing.png, which does not exist in the project."`);
    expect(text('check/low-contrast').message).toMatchInlineSnapshot(`"Links in light mode (\`colors.primary\` on the light background): #FFD700 on #ffffff has a contrast ratio of 1.40:1, below the 4.5:1 WCAG AA asks for text."`);
    expect(result.diagnostics.find((d) => d.code === 'check/broken-link' && d.file?.endsWith('relative.mdx'))!.message).toMatchInlineSnapshot(`"Link "./sibling" points at /guides/sibling, which is no page or file of the site."`);
  });

  it('prints one line per finding grouped by file, then a summary; JSON for CI; exit codes', () => {
    const text = formatText({ ...result, ms: 0 });
    expect(text).toContain('links.mdx:8:3  error  check/broken-link  Link "/does-not-exist" points at /does-not-exist, which is no page or file of the site.\n');
    expect(text).toContain('\n\nno-title.mdx:1:1  warning  check/missing-title  ');
    expect(text.trimEnd().split('\n').pop()).toMatchInlineSnapshot(`"10 pages checked: 15 errors, 11 warnings, 1 notes in 0.00 s"`);
    const json = JSON.parse(formatJson(result)) as { summary: { errors: number }; findings: { file: string; line: number; column: number; code: string }[] };
    expect(json.summary.errors).toBe(15);
    expect(json.findings).toContainEqual(expect.objectContaining({ file: 'snippets/linky.mdx', line: 1, column: 22, code: 'check/broken-link' }));
    expect(exitCode(result, false)).toBe(1);
    // Warnings alone pass, unless --strict.
    const warningsOnly = { ...result, diagnostics: result.diagnostics.filter((d) => d.severity === 'warning') };
    expect(exitCode(warningsOnly, false)).toBe(0);
    expect(exitCode(warningsOnly, true)).toBe(1);
  });
});

describe('kiln check on pages that fail to build', () => {
  it('reports every page the build leaves out, with the position where it failed', async () => {
    const root = path.join(repo, 'tests/fixtures/check-render');
    const result = await checkSite({ root, engines });
    const failures = result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${path.relative(root, d.file!)}:${d.line}:${d.column} ${d.code} ${d.message}`).sort();
    expect(failures).toEqual([
      // `new Error(…)`, found through the nearest mapped token of the compiled code.
      'boom.mdx:6:39 page/render-failed The page could not be rendered: boom',
      'compile.mdx:6:1 page/compile-failed The page could not be compiled: Expected a closing tag for `<Card>`',
      // At the deepest point of the markup: the last of the 1,000 opening tags.
      'deep-render.mdx:8:4996 page/render-failed The page could not be rendered: the markup is nested too deeply (a thousand levels or more) to render',
      // Where the page, or the snippet it renders, read a property of nothing.
      "snippets/list.jsx:3:12 page/render-failed The page could not be rendered: Cannot read properties of undefined (reading 'map')",
      "throws.mdx:7:23 page/render-failed The page could not be rendered: Cannot read properties of undefined (reading 'version')",
      "value.mdx:6:19 page/render-failed The page could not be rendered: Cannot read properties of undefined (reading 'name')",
    ]);
    // The build leaves out the same pages, and says the same.
    const { site } = await loadSite({ root, dev: false });
    const built = await Promise.all([...site!.content.pages.values()].map((p) => buildPage(site!, p, engines, mapCache())));
    expect(built.filter((r) => !r.html)).toHaveLength(failures.length);
    expect(built.flatMap((r) => r.diagnostics).filter((d) => d.severity === 'error').map((d) => `${path.relative(root, d.file!)}:${d.line}:${d.column} ${d.code} ${d.message}`).sort()).toEqual(failures);
  }, 60_000);
});

describe('kiln check on unusable settings', () => {
  it('reports the settings error with its JSON path at line:column, and nothing else', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-check-settings-'));
    writeFileSync(path.join(root, 'docs.json'), '{\n  "name": "X",\n  "colors": { "primary": 42 },\n  "navigation": [{ "group": "G", "pages": ["index"] }]\n}\n');
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\ndescription: Start\n---\n\nHi.\n');
    const result = await checkSite({ root, engines });
    expect(rows(result)).toEqual(['docs.json:3:26 error settings/invalid']);
    expect(result.diagnostics[0]!.message).toContain('`colors.primary`');
    expect(exitCode(result, false)).toBe(1);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('kiln check on a project with its own 404 page', () => {
  it('does not report 404.mdx as a page outside the navigation: no navigation lists it', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-check-404-'));
    writeFileSync(path.join(root, 'docs.json'), '{\n  "theme": "mint",\n  "name": "X",\n  "colors": { "primary": "#0B6E4F" },\n  "navigation": { "groups": [{ "group": "G", "pages": ["index"] }] }\n}\n');
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\ndescription: Start\n---\n\nHi.\n');
    writeFileSync(path.join(root, '404.mdx'), '---\ntitle: Lost\ndescription: Nothing here\n---\n\nTry the [home page](/).\n');
    writeFileSync(path.join(root, 'stray.mdx'), '---\ntitle: Stray\ndescription: Unlisted\n---\n\nHi.\n');
    const result = await checkSite({ root, engines });
    expect(rows(result).filter((r) => r.includes('not-in-navigation'))).toEqual(['stray.mdx:: info check/not-in-navigation']);
    rmSync(root, { recursive: true, force: true });
  });
});

describe("kiln check on links to a page's fields", () => {
  it("finds a field by Kiln's id and by Mintlify's param-<name>; a name no field has is broken", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-check-fields-'));
    writeFileSync(path.join(root, 'docs.json'), '{\n  "theme": "mint",\n  "name": "X",\n  "colors": { "primary": "#0B6E4F" },\n  "navigation": { "groups": [{ "group": "G", "pages": ["index", "hooks"] }] }\n}\n');
    writeFileSync(path.join(root, 'hooks.mdx'), '---\ntitle: Hooks\ndescription: Options\n---\n\n<ParamField path="type" type="string">Accepted types.</ParamField>\n\n<ResponseField name="status" type="string">State.</ResponseField>\n');
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\ndescription: Start\n---\n\nSee [type](/hooks#param-type), [the same](/hooks#path-type), [status](/hooks#status) and [none](/hooks#param-size).\n');
    const result = await checkSite({ root, engines });
    expect(result.diagnostics.filter((d) => d.code === 'check/broken-anchor').map((d) => d.message)).toEqual(['Link "/hooks#param-size": page /hooks has no heading with the id "param-size".']);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('kiln check on examples/starter', () => {
  it('finds no errors and no warnings (no false positives)', async () => {
    const result = await checkSite({ root: starter, engines });
    expect(result.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([]);
    expect(result.pages).toBeGreaterThan(15);
    expect(exitCode(result, true)).toBe(0);
  }, 60_000);
});

describe('helpers', () => {
  it('resolves links as the build does', () => {
    expect(resolvePath('./setup.mdx', 'guides/intro', true)).toBe('/guides/setup');
    expect(resolvePath('../index', 'guides/intro', true)).toBe('/');
    expect(resolvePath('img/a.png', 'guides/intro', false)).toBe('/guides/img/a.png');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('generates a JSON Schema of both settings layouts whose refs all resolve', () => {
    const schema = settingsJsonSchema() as { anyOf: { properties: Record<string, unknown> }[]; $defs: Record<string, unknown> };
    expect(Object.keys(schema.anyOf[0]!.properties)).toEqual(expect.arrayContaining(['name', 'navigation', 'colors', 'versions']));
    const refs = [...JSON.stringify(schema).matchAll(/"#\/\$defs\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(schema.$defs).toHaveProperty([r]);
  });
});

describe('kiln check points settings findings where the settings were parsed', () => {
  it('an unknown version at each group that names it, in a $ref-ed file too; a low-contrast colour at its key', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-check-positions-'));
    try {
      // `#FFD700` and `"version": "v9"` are written first in an anchor: the first occurrence of
      // the text is not where the navigation's groups, or `colors.primary`, say them.
      writeFileSync(path.join(root, 'mint.json'), `{
  "name": "Acme",
  "versions": ["v1"],
  "anchors": [{ "name": "Gold", "url": "gold", "color": "#FFD700", "version": "v9" }],
  "colors": { "primary": "#FFD700" },
  "navigation": [
    { "group": "A", "version": "v9", "pages": ["intro"] },
    { "group": "B", "version": "v9", "pages": [] },
    { "$ref": "./more.json" }
  ]
}
`);
      writeFileSync(path.join(root, 'more.json'), '{ "group": "C", "version": "v8", "pages": [] }\n');
      writeFileSync(path.join(root, 'intro.mdx'), '---\ntitle: Intro\ndescription: The start.\n---\n\nHello.\n');
      const result = await checkSite({ root, engines });
      const found = result.diagnostics
        .filter((d) => d.code === 'check/unknown-version' || d.code === 'check/low-contrast')
        .map((d) => `${path.relative(root, d.file!)}:${d.line}:${d.column} ${d.code} ${d.args?.version ?? d.args?.fg}`);
      expect(found).toEqual([
        'mint.json:7:32 check/unknown-version v9',
        'mint.json:8:32 check/unknown-version v9',
        'more.json:1:28 check/unknown-version v8',
        'mint.json:4:79 check/unknown-version v9',
        'mint.json:5:26 check/low-contrast #FFD700',
      ]);
      expect(result.diagnostics.find((d) => d.code === 'check/low-contrast')!.frame).toMatch(/^> 5 \|   "colors": \{ "primary": "#FFD700" \},$/m);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('an unknown version of a group Kiln made (the OpenAPI pages of a tab) where that version is first written', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-check-positions-'));
    try {
      writeFileSync(path.join(root, 'mint.json'), `{
  "name": "Acme",
  "versions": ["v1"],
  "navigation": [{ "group": "Start", "pages": ["intro"] }],
  "tabs": [{ "name": "API", "url": "api", "openapi": "openapi.json", "version": "v7" }]
}
`);
      writeFileSync(path.join(root, 'openapi.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'A', version: '1' }, paths: { '/users': { get: { summary: 'List users', responses: { 200: { description: 'OK' } } } } } }));
      writeFileSync(path.join(root, 'intro.mdx'), '---\ntitle: Intro\ndescription: The start.\n---\n\nHello.\n');
      const result = await checkSite({ root, engines });
      const found = result.diagnostics.filter((d) => d.code === 'check/unknown-version').map((d) => `${path.relative(root, d.file!)}:${d.line}:${d.column} ${d.args?.where}`);
      // The tab's own finding, and the group of its operations, made by Kiln, at the tab's version.
      expect(found).toEqual(['mint.json:5:81 Navigation group "Endpoints"', 'mint.json:5:81 Tab "API"']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("kiln check on a snippet's relative links", () => {
  // The snippet is rendered by oss/ and enterprise/ pages; each resolves its links against itself.
  it('checks them from every page that renders the snippet, once per page where one is broken', async () => {
    const root = path.join(repo, 'src/node/render/fixtures/snippet-links');
    const result = await checkSite({ root, engines });
    const links = result.diagnostics.filter((d) => ['check/broken-link', 'check/broken-anchor', 'check/missing-file'].includes(d.code));
    expect(links.map((d) => `${path.relative(root, d.file!)}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      'snippets/shared/backends/grafana.mdx:15:12 check/broken-link Link "../backends/loki" points at /enterprise/backends/loki, which is no page or file of the site.',
    ]);
  }, 60_000);
});
