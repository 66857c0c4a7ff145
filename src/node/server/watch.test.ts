import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchFolder, type FolderWatcher } from './watch.js';

describe.each(['native', 'chokidar'] as const)('watchFolder (%s)', (backend) => {
  let root = '';
  let watcher: FolderWatcher | undefined;
  let seen: string[] = [];
  const errors: unknown[] = [];

  afterEach(async () => {
    await watcher?.close();
    watcher = undefined;
    rmSync(root, { recursive: true, force: true });
    seen = [];
    errors.length = 0;
  });

  const watch = (onChange: (files: string[]) => void) =>
    watchFolder(root, {
      backend,
      ignored: (f) => f.split(path.sep).includes('node_modules') || f.startsWith(path.join(root, 'dist')),
      ignoredNames: ['node_modules'],
      ignoredPaths: [path.join(root, 'dist')],
      onChange,
      onError: (e) => errors.push(e),
    });

  async function start(files: Record<string, string> = {}) {
    root = realpathSync(mkdtempSync(path.join(tmpdir(), 'kiln-watch-')));
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    watcher = await watch((files) => seen.push(...files));
    expect(watcher.backend).toBe(backend);
  }
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  // On failure, says what was reported and any error instead of only "false".
  const waitFor = (test: (rels: string[]) => boolean) =>
    expect.poll(() => (test(seen.map(rel)) ? 'seen' : { seen: seen.map(rel), errors: errors.map(String) }), { interval: 20 }).toBe('seen');

  it('reports an edited, a new and a deleted file by absolute path', async () => {
    await start({ 'a.mdx': 'a', 'guides/b.mdx': 'b' });
    writeFileSync(path.join(root, 'guides/b.mdx'), 'b2');
    writeFileSync(path.join(root, 'c.mdx'), 'c');
    rmSync(path.join(root, 'a.mdx'));
    await waitFor((r) => ['guides/b.mdx', 'c.mdx', 'a.mdx'].every((f) => r.includes(f)));
    expect(seen.every((f) => path.isAbsolute(f))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('reports a new folder of pages (as the folder or its files)', async () => {
    await start({ 'a.mdx': 'a' });
    mkdirSync(path.join(root, 'new/deeper'), { recursive: true });
    writeFileSync(path.join(root, 'new/deeper/page.mdx'), 'p');
    await waitFor((r) => r.some((f) => f === 'new' || f.startsWith('new/')));
  });

  it('names files by their new folder after the folder is renamed', async () => {
    await start({ 'old/page.mdx': 'p', 'old/sub/deep.mdx': 'd' });
    renameSync(path.join(root, 'old'), path.join(root, 'renamed'));
    // The native watcher watches the folder again after a folder appears, and then reports the
    // root ("anything may have changed"); chokidar reports the files it finds in the new folder
    // once it watches them.
    await waitFor((r) => (backend === 'native' ? r.includes('') : r.includes('renamed/sub/deep.mdx')));
    seen = [];
    writeFileSync(path.join(root, 'renamed/sub/deep.mdx'), 'd2');
    await waitFor((r) => r.includes('renamed/sub/deep.mdx'));
    expect(seen.map(rel).filter((f) => f.startsWith('old'))).toEqual([]);
  });

  it('reports nothing under ignored folders', async () => {
    await start({ 'node_modules/pkg/index.js': 'x', 'dist/index.html': 'x', 'docs/node_modules/x.js': 'x' });
    writeFileSync(path.join(root, 'node_modules/pkg/index.js'), 'y');
    writeFileSync(path.join(root, 'docs/node_modules/x.js'), 'y');
    writeFileSync(path.join(root, 'dist/index.html'), 'y');
    // Changes are reported in the order they happen: by the time docs.json is reported, any of
    // the writes above would have been.
    writeFileSync(path.join(root, 'docs.json'), '{}');
    await waitFor((r) => r.includes('docs.json'));
    expect(seen.map(rel)).toEqual(['docs.json']);
  });

  it('closes quietly, also after the watched folder is gone, and reports nothing after', async () => {
    await start({ 'sub/a.mdx': 'a' });
    rmSync(path.join(root, 'sub'), { recursive: true });
    await waitFor((r) => r.some((f) => f.startsWith('sub')));
    await watcher!.close();
    await watcher!.close();
    seen = [];
    // A second watcher hears of the write: the closed one, had it been still watching, would have too.
    const heard: string[] = [];
    const witness = await watch((files) => heard.push(...files));
    try {
      writeFileSync(path.join(root, 'late.mdx'), 'x');
      await expect.poll(() => heard.map(rel), { interval: 20 }).toContain('late.mdx');
    } finally {
      await witness.close();
    }
    expect(seen).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('watchFolder fallback', () => {
  it('uses chokidar when KILN_WATCHER=chokidar', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'kiln-watch-'));
    const before = process.env.KILN_WATCHER;
    process.env.KILN_WATCHER = 'chokidar';
    try {
      const w = await watchFolder(root, { ignored: () => false, ignoredNames: [], ignoredPaths: [], onChange: () => {}, onError: () => {} });
      expect(w.backend).toBe('chokidar');
      await w.close();
    } finally {
      if (before === undefined) delete process.env.KILN_WATCHER;
      else process.env.KILN_WATCHER = before;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
