import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kiln, repoRoot, tempDir } from './helpers.js';

// The same project built in two folders gives the same island files, names and contents, and the
// same pages: a deploy from a CI runner and one from a laptop differ only where the docs do. An
// entry file's name comes from its modules; the shared chunk it imports was named by esbuild from
// the modules' absolute paths, so one URL held different code from one folder to the other.
const scratch = tempDir();
afterAll(() => scratch.cleanup());

/** The snippet-islands fixture with a second page sharing a snippet's island (a shared chunk), at `dir`. */
function project(dir: string): string {
  cpSync(path.join(repoRoot, 'tests/fixtures/snippet-islands'), dir, { recursive: true, filter: (src) => !['.kiln', 'dist'].includes(path.basename(src)) });
  writeFileSync(path.join(dir, 'second.mdx'), `---\ntitle: Second\n---\n\nimport { ColorSwatch } from '/snippets/color-swatch.jsx';\n\n<ColorSwatch color="teal" />\n`);
  const settings = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8')) as { navigation: { pages: string[] }[] };
  settings.navigation[0]!.pages.push('second');
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(settings, null, 2));
  return dir;
}

/** Each island file and page of a build: name → content. */
function output(dir: string): Map<string, string> {
  const out = path.join(dir, 'dist');
  const islands = readdirSync(path.join(out, '_kiln/islands')).map((f) => `_kiln/islands/${f}`);
  return new Map([...islands, 'index.html', 'second.html'].map((f) => [f, readFileSync(path.join(out, f), 'utf8')]));
}

describe('islands', () => {
  it('are the same files, with the same names, whichever folder the project is built in', async () => {
    const near = project(path.join(scratch.dir, 'docs'));
    const far = path.join(scratch.dir, 'a', 'deeper', 'folder');
    mkdirSync(far, { recursive: true });
    project(path.join(far, 'docs'));
    for (const dir of [near, path.join(far, 'docs')]) {
      const run = await kiln(['build', dir]);
      expect(run.code, run.stderr).toBe(0);
    }
    const [a, b] = [output(near), output(path.join(far, 'docs'))];
    // Two entries (one per page) and the chunk they share.
    expect([...a.keys()].filter((f) => f.startsWith('_kiln/islands/')).map((f) => f.replace(/-\w+\.js$/, '')).sort()).toEqual(['_kiln/islands/chunk', '_kiln/islands/page', '_kiln/islands/page']);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, text] of a) expect(b.get(file), file).toBe(text);
  }, 180_000);
});
