import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, repoRoot, starter, tempDir } from './helpers.js';

// `kiln build` replaces its output folder whole: it must never take a folder whose loss would
// destroy the project or anything Kiln did not write, and a build killed mid-swap must not lose
// the output. `--out` is relative to the docs folder.
let home: ReturnType<typeof tempDir>;
/** The folder that holds the project (`docs`) and a sibling folder. */
let parent: string;

/** Every file under `dir` (relative), with its content. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    out[path.relative(dir, abs)] = readFileSync(abs, 'latin1');
  }
  return out;
}
const leftovers = () => readdirSync(parent, { recursive: true, encoding: 'utf8' }).filter((f) => /kiln-tmp/.test(f));

beforeAll(() => {
  home = tempDir();
  parent = home.dir;
  // Not the caches a build of the original left in it.
  cpSync(starter, path.join(parent, 'docs'), { recursive: true, filter: (src) => path.basename(src) !== '.kiln' && path.basename(src) !== 'dist' });
  mkdirSync(path.join(parent, 'sibling'));
  writeFileSync(path.join(parent, 'sibling', 'notes.md'), 'a sibling project');
});
afterAll(() => home?.cleanup());

const project = () => path.join(parent, 'docs');

describe('kiln build refuses an output folder it could destroy', () => {
  const cases: [string, () => string, string][] = [
    ['the project itself', () => '.', 'The output folder {dir} is the project folder or holds it; a build replaces its output folder whole, so nothing was built.'],
    ["the project's parent", () => '..', 'The output folder {dir} is the project folder or holds it; a build replaces its output folder whole, so nothing was built.'],
    ['a file', () => '../sibling/notes.md', 'The output folder {dir} is a file; Kiln never writes over a file, so nothing was built.'],
    ['a folder under a file', () => '../sibling/notes.md/dist', `The output folder {dir} cannot be made: {parent}/sibling/notes.md is a file, so nothing was built.`],
    ['a folder Kiln did not write', () => '../sibling', 'The output folder {dir} holds files Kiln did not write (there is no .kiln-output file in it); a build replaces its output folder whole, so nothing was built.'],
    ["a folder of the project's sources", () => 'guides', 'The output folder {dir} holds files Kiln did not write (there is no .kiln-output file in it); a build replaces its output folder whole, so nothing was built.'],
  ];
  for (const [what, out, message] of cases) {
    it(`--out ${what}: exit 2, a message naming it, nothing touched`, async () => {
      const before = tree(parent);
      const r = await kiln(['build', project(), '--out', out()]);
      const dir = path.resolve(project(), out());
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(message.replace('{dir}', dir).replace('{parent}', parent));
      expect(r.stderr).not.toMatch(/internal\/unexpected|\n\s+at /);
      expect(tree(parent)).toEqual(before);
    }, 60_000);
  }

  it('builds into a new folder, then again into it (it has the marker), and into the output of a Kiln from before the marker', async () => {
    const first = await kiln(['build', project(), '--out', '../site']);
    expect(first.code, first.stderr).toBe(0);
    expect(readFileSync(path.join(parent, 'site', '.kiln-output'), 'utf8')).toBe('This folder was written by Kiln (`kiln build`), which replaces all of it on every build.\n');
    expect((await kiln(['build', project(), '--out', '../site'])).code).toBe(0);
    // An older Kiln's output: no marker, but `_kiln/assets/`.
    rmSync(path.join(parent, 'site', '.kiln-output'));
    const again = await kiln(['build', project(), '--out', '../site']);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(path.join(parent, 'site', '.kiln-output'))).toBe(true);
    expect(leftovers()).toEqual([]);
  }, 180_000);

  it('refuses a read-only output folder and says the output was left as it was', async () => {
    const out = path.join(parent, 'site');
    const before = tree(out);
    chmodSync(out, 0o555);
    try {
      const r = await kiln(['build', project(), '--out', '../site']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`error  output/read-only  ${out} is read-only, so the build cannot replace its output there; nothing was built.`);
    } finally {
      chmodSync(out, 0o755);
    }
    expect(tree(out)).toEqual(before);
    expect(leftovers()).toEqual([]);
  }, 60_000);

  it('kiln preview serves only a folder a build wrote', async () => {
    writeFileSync(path.join(parent, 'index.html'), '<p>not a build</p>');
    try {
      const r = await kiln(['preview', project(), '--out', '..', '--port', '0']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error  preview/no-build  There is no build to preview in ${parent}.`);
    } finally {
      rmSync(path.join(parent, 'index.html'));
    }
  }, 60_000);
});

describe('a build killed between the two renames of its swap', () => {
  it('leaves the previous output aside; the next build puts it back and removes the rest', async () => {
    const out = path.join(parent, 'site');
    expect((await kiln(['build', project(), '--out', '../site'])).code).toBe(0);
    const before = tree(out);
    // The settings changed, so a finished build would change every page.
    const settings = path.join(project(), 'docs.json');
    const original = readFileSync(settings, 'utf8');
    writeFileSync(settings, original.replace('"name": "Emberline"', '"name": "Emberline Killed"'));
    const killed = await kiln(['build', project(), '--out', '../site'], { env: { NODE_OPTIONS: `--import=${path.join(repoRoot, 'tests/fixtures/kill-between-renames.mjs')}` } });
    expect(killed.code).toBeNull();
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(parent).filter((f) => /kiln-tmp/.test(f)).sort()).toEqual([expect.stringMatching(/^\.site\.kiln-tmp-\d+$/), expect.stringMatching(/^\.site\.kiln-tmp-\d+-old$/)]);

    // The next build puts it back before anything else, even one that then stops on a settings error.
    writeFileSync(settings, '{ "name": ');
    const broken = await kiln(['build', project(), '--out', '../site']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(new RegExp(`info  output/recovered  A build was stopped while swapping in its output; the previous output was put back in ${out} from ${parent}/\\.site\\.kiln-tmp-\\d+-old\\.`));
    expect(broken.stderr).toContain('The previous output in');
    expect(tree(out)).toEqual(before);
    expect(leftovers()).toEqual([]);

    writeFileSync(settings, original);
    const fixed = await kiln(['build', project(), '--out', '../site']);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stderr).not.toMatch(/output\/recovered/);
  }, 180_000);
});
