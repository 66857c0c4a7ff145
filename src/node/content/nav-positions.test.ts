import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../settings/load.js';
import { loadContent } from './pages.js';
import { scanProject } from './scan.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A docs folder of `files` with pages intro and guide; the navigation findings as `file:line:col code entry`. */
async function navFindings(files: Record<string, string>): Promise<{ rows: string[]; frames: string[] }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-nav-positions-'));
  made.push(root);
  for (const [name, text] of Object.entries({ 'intro.mdx': '# Intro\n', 'guide.mdx': '# Guide\n', ...files })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const { settings, diagnostics } = await loadSettings(root);
  if (!settings) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  const content = await loadContent(root, settings, await scanProject(root));
  const nav = content.diagnostics.filter((d) => d.code.startsWith('nav/'));
  return {
    rows: nav.map((d) => `${path.relative(root, d.file!)}:${d.line}:${d.column} ${d.code} ${(d.args as { entry: string }).entry}`),
    frames: nav.map((d) => d.frame!.split('\n').find((l) => l.startsWith('>'))!),
  };
}

describe('navigation findings point where the entry is written', () => {
  it('docs.json: a second listing at the second place, and entries of a $ref-ed file in that file', async () => {
    // `"guide"` is written before the navigation too: counting the text's occurrences of an entry
    // pointed the second listing of `guide` at the first.
    const docs = `{
  "theme": "mint",
  "name": "guide",
  "colors": { "primary": "#0d9373" },
  "navigation": {
    "tabs": [
      { "tab": "Guides", "groups": [
        { "group": "Start", "pages": ["intro", "guide"] },
        { "group": "Again", "pages": ["guide"] }
      ] },
      { "$ref": "./nav/api-tab.json" }
    ]
  }
}
`;
    const tab = `{
  "tab": "API",
  "groups": [
    { "group": "Reference", "pages": [
      "missing-page",
      "intro"
    ] }
  ]
}
`;
    const { rows, frames } = await navFindings({ 'docs.json': docs, 'nav/api-tab.json': tab });
    expect(rows).toEqual([
      'docs.json:9:39 nav/duplicate-page guide',
      'nav/api-tab.json:5:7 nav/page-not-found missing-page',
      'nav/api-tab.json:6:7 nav/duplicate-page intro',
    ]);
    expect(frames).toEqual([
      '>  9 |         { "group": "Again", "pages": ["guide"] }',
      '> 5 |       "missing-page",',
      '> 6 |       "intro"',
    ]);
  });

  it('mint.json: nested groups, a root-level $ref, and an entry written with escapes', async () => {
    const mint = `{
  "name": "Acme",
  "navigation": [
    { "group": "Start", "pages": ["intro", { "group": "Nested", "pages": ["guide", "intro"] }] },
    { "$ref": "more.json" },
    { "group": "Escaped", "pages": ["gu\\u0069de"] }
  ]
}
`;
    const more = `{ "group": "More", "pages": ["nope", "guide"] }\n`;
    const { rows } = await navFindings({ 'mint.json': mint, 'more.json': more });
    expect(rows).toEqual([
      'mint.json:4:84 nav/duplicate-page intro',
      'more.json:1:30 nav/page-not-found nope',
      'more.json:1:38 nav/duplicate-page guide',
      // Its text is not `"guide"`: a search for that text found no place for it.
      'mint.json:6:37 nav/duplicate-page guide',
    ]);
  });
});
