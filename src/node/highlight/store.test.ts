import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShikiHighlighter, MEMORY_ENTRIES } from './shiki.js';
import { diskHighlightStore, flushHighlightStores, type HighlightStore } from './store.js';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'kiln-hl-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true, maxRetries: 5 });
});

// Writes are not awaited by the store; a busy machine may take a while to land them.
const settled = { timeout: 15_000, interval: 20 };
vi.setConfig({ testTimeout: 30_000 });
/** The blocks stored: one line each in the store's logs. */
const files = (root: string) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.log'))
    .flatMap((f) => readFileSync(path.join(root, f), 'utf8').split('\n').filter(Boolean).map(() => f));

describe('diskHighlightStore', () => {
  it('keeps blocks between stores of the same folder, in a folder named by this Kiln, and clears other Kilns’ folders', async () => {
    const root = temp();
    mkdirSync(path.join(root, 'highlight-0000older'), { recursive: true });
    writeFileSync(path.join(root, 'highlight-0000older', 'x.json'), '{}');
    diskHighlightStore(root).set('k', { html: '<pre>a</pre>', known: true });
    await vi.waitFor(() => expect(readdirSync(root)).toEqual([expect.stringMatching(/^highlight-[0-9a-f]{16}$/)]), settled);
    await vi.waitFor(() => expect(files(root)).toHaveLength(1), settled);
    expect(await diskHighlightStore(root).get('k')).toEqual({ html: '<pre>a</pre>', known: true });
    expect(await diskHighlightStore(root).get('other')).toBeUndefined();
  });

  it('reads a damaged entry as a miss', async () => {
    const root = temp();
    const store = diskHighlightStore(root);
    store.set('k', { html: '<pre>a</pre>', known: true });
    await vi.waitFor(() => expect(files(root)).toHaveLength(1), settled);
    // A line cut short, as an interrupted append leaves it.
    const log = path.join(root, files(root)[0]!);
    writeFileSync(log, readFileSync(log, 'utf8').slice(0, 60));
    expect(await diskHighlightStore(root).get('k')).toBeUndefined();
    // Blocks appended after it still read.
    store.set('k2', { html: '<pre>b</pre>', known: false });
    await vi.waitFor(async () => expect(await diskHighlightStore(root).get('k2')).toEqual({ html: '<pre>b</pre>', known: false }), settled);
  });

  it('does not read from a store that was empty when it first looked (a first build), and a later store does', async () => {
    const root = temp();
    const first = diskHighlightStore(root);
    expect(await first.get('k')).toBeUndefined();
    diskHighlightStore(root).set('k', { html: '<pre>a</pre>', known: true });
    await vi.waitFor(() => expect(files(root)).toHaveLength(1), settled);
    expect(await first.get('k')).toBeUndefined();
    expect(await diskHighlightStore(root).get('k')).toEqual({ html: '<pre>a</pre>', known: true });
  });

  it('keeps many blocks in a bounded number of files', async () => {
    const root = temp();
    const store = diskHighlightStore(root);
    for (let i = 0; i < 600; i++) store.set(`k${i}`, { html: `<pre>${i}\nline</pre>`, known: true });
    await vi.waitFor(() => expect(files(root)).toHaveLength(600), settled);
    expect(new Set(files(root)).size).toBeLessThanOrEqual(256);
    const again = diskHighlightStore(root);
    for (const i of [0, 299, 599]) expect(await again.get(`k${i}`)).toEqual({ html: `<pre>${i}\nline</pre>`, known: true });
  });

  it('writes waiting blocks together, five seconds after the first or when flushed, and answers them from memory until then', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const root = temp();
      const store = diskHighlightStore(root);
      // `set` returns at once; its line waits once the folder is ready (real file system calls).
      const waiting = async (key: string) => {
        for (let i = 0; i < 2000 && !(await store.get(key)); i++) await new Promise(setImmediate);
        expect(await store.get(key)).toEqual({ html: `<pre>${key}</pre>`, known: true });
      };
      for (let i = 0; i < 300; i++) store.set(`k${i}`, { html: `<pre>k${i}</pre>`, known: true });
      await waiting('k299');
      expect(files(root)).toHaveLength(0);
      flushHighlightStores();
      expect(files(root)).toHaveLength(300);
      expect(await diskHighlightStore(root).get('k150')).toEqual({ html: '<pre>k150</pre>', known: true });

      store.set('late', { html: '<pre>late</pre>', known: true });
      await waiting('late');
      vi.advanceTimersByTime(4999);
      expect(files(root)).toHaveLength(300);
      vi.advanceTimersByTime(1);
      expect(files(root)).toHaveLength(301);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is a miss, not an error, where the folder cannot be made', async () => {
    const root = temp();
    writeFileSync(path.join(root, 'file'), '');
    const store = diskHighlightStore(path.join(root, 'file'));
    store.set('k', { html: 'x', known: true });
    expect(await store.get('k')).toBeUndefined();
  });
});

describe('the highlighter with a store', () => {
  it('answers from the store before highlighting, and a second run gets the same block without Shiki', async () => {
    const root = temp();
    const req = { code: 'const x: number = 1;\n', lang: 'ts', highlight: [1] };
    const first = await createShikiHighlighter({ store: diskHighlightStore(root), keepTrees: true }).highlight(req);
    expect(first.pre).toBeDefined();
    await vi.waitFor(() => expect(files(root)).toHaveLength(1), settled);
    const again = await createShikiHighlighter({ store: diskHighlightStore(root), keepTrees: true }).highlight(req);
    expect(again.html).toBe(first.html);
    expect(again.known).toBe(true);
    // Only a block that was never highlighted in this process lacks the tree.
    expect(again.pre).toBeUndefined();
    // A different request (other marked lines) is not confused with it.
    const other = await createShikiHighlighter({ store: diskHighlightStore(root) }).highlight({ ...req, highlight: [] });
    expect(other.html).not.toBe(first.html);
    await vi.waitFor(() => expect(files(root)).toHaveLength(2), settled);
  });

  it('asks the store with everything that changes the block', async () => {
    const keys: string[] = [];
    const store: HighlightStore = {
      get: async (key) => (keys.push(key), key.startsWith('ts\0') ? { html: '<pre>planted</pre>', known: true } : undefined),
      set: () => undefined,
    };
    const hl = createShikiHighlighter({ store });
    expect((await hl.highlight({ code: 'a', lang: 'ts' })).html).toBe('<pre>planted</pre>');
    await hl.highlight({ code: 'a', lang: 'python', highlight: [1], focus: [1] });
    expect(keys).toEqual(['ts\0\0\0a', 'python\x001\x001\0a']);
  });

  it('keeps a bounded number of blocks in memory, the least recently used going first', async () => {
    const asked: string[] = [];
    const store: HighlightStore = { get: async (key) => (asked.push(key.split('\0')[3]!), undefined), set: () => undefined };
    const hl = createShikiHighlighter({ store });
    for (let i = 0; i <= MEMORY_ENTRIES; i++) await hl.highlight({ code: `block ${i}`, lang: 'text' });
    await hl.highlight({ code: 'block 1', lang: 'text' }); // still in memory, and now the most recent
    asked.length = 0;
    await hl.highlight({ code: 'block 0', lang: 'text' }); // the oldest: gone from memory
    await hl.highlight({ code: 'block 1', lang: 'text' });
    await hl.highlight({ code: `block ${MEMORY_ENTRIES}`, lang: 'text' });
    expect(asked).toEqual(['block 0']);
  });
});
