import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../build/build.js';
import { checkSite } from '../check/check.js';
import { initProject } from './init.js';

const made: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-init-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('kiln init', () => {
  it('writes a starter that checks and builds with no findings', async () => {
    const root = path.join(scratch(), 'docs');
    const { written, diagnostics } = await initProject(root);
    expect(diagnostics).toEqual([]);
    expect(written).toEqual([
      '.gitignore', 'api-reference/introduction.mdx', 'api-reference/openapi.yaml', 'docs.json',
      'essentials/code.mdx', 'essentials/components.mdx', 'essentials/navigation.mdx', 'essentials/pages.mdx',
      'favicon.svg', 'images/overview.svg', 'index.mdx', 'logo/dark.svg', 'logo/light.svg', 'quickstart.mdx', 'snippets/prerequisites.mdx',
    ]);
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toBe('dist/\n.kiln/\nnode_modules/\n');
    // Today's layout: navigation is an object.
    expect(JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')).navigation.tabs).toHaveLength(2);

    const check = await checkSite({ root });
    expect(check.diagnostics).toEqual([]);
    const result = await build({ root, outDir: path.join(root, 'dist'), cache: false });
    expect(result.diagnostics).toEqual([]);
    expect(result.pagesFailed).toBe(0);
    // Seven written pages and one per OpenAPI operation the navigation lists.
    expect(result.pagesWritten).toBe(11);
  }, 120_000);

  it('writes into an empty folder, or one that only holds .git', async () => {
    const root = scratch();
    mkdirSync(path.join(root, '.git'));
    expect((await initProject(root)).written).toContain('docs.json');
  });

  it('refuses a folder that is not empty, or a file, and writes nothing', async () => {
    const root = scratch();
    writeFileSync(path.join(root, 'notes.md'), 'mine');
    expect((await initProject(root)).diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([
      `init/not-empty: ${root} is not empty; \`kiln init\` writes a starter only into an empty or new folder, so nothing was written.`,
    ]);
    expect(readdirSync(root)).toEqual(['notes.md']);
    const file = path.join(root, 'notes.md');
    expect((await initProject(file)).diagnostics.map((d) => d.code)).toEqual(['init/not-a-folder']);
  });
});
