import { createHash } from 'node:crypto';
import { appendFileSync, promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { kilnIdentity } from '../package-root.js';

/** A highlighted block as kept between runs. */
export interface StoredHighlight {
  html: string;
  known: boolean;
}

/** Where highlighted blocks outlive the process (see `diskHighlightStore`). */
export interface HighlightStore {
  get(key: string): Promise<StoredHighlight | undefined>;
  set(key: string, value: StoredHighlight): void;
}

/**
 * Highlighted blocks on disk under `<cacheRoot>/highlight-<kiln>/`. The first use of a language
 * compiles its grammar (TypeScript's takes about half a second), so a restarted dev server or a
 * rebuild that finds its blocks here answers without loading Shiki at all. Named by this Kiln's
 * identity (themes, grammars and markup all live in its files): another Kiln's folder is removed
 * when this one is first written. Every failure reads as a miss.
 *
 * Blocks are appended, one JSON line each, to 256 logs picked by their key's hash, not written a
 * file each: creating a file costs this machine's file system 0.1-0.7 ms of kernel time, and a cold
 * 1,000-page build highlights 2,300 blocks (0.7-2 s of its two threads). Appends of a line are
 * atomic between threads and processes; a line cut short reads as a miss. A thread that found the
 * store empty reads nothing from it (a first build would only read the blocks it just wrote).
 *
 * Lines wait in memory and go out together, one append per log (`flushHighlightStores`, five seconds
 * after the first waiting line, at 8 MB, at exit, and when a build worker is closed): an append a
 * block cost a cold 1,000-page build 0.26 s of its main thread's 9.8 s, and as much in the worker.
 * Each flush opens up to every log, so flushes are few: at one a second or a megabyte, a cold
 * 1,000-page build (23 MB of blocks) opened the logs 3,077 times, 0.5 s of its CPU.
 */
const BUCKETS = 256;
const FLUSH_BYTES = 8 << 20;
const FLUSH_MS = 5000;

/** Stores with lines waiting, each by its flush. */
const waiting = new Set<() => void>();
let hooked = false;

/** Writes every store's waiting lines (synchronously: also called on exit). */
export function flushHighlightStores(): void {
  for (const flush of [...waiting]) flush();
}

export function diskHighlightStore(cacheRoot: string): HighlightStore {
  let dir: Promise<string> | undefined;
  const folder = () => (dir ??= kilnIdentity().then((id) => path.join(cacheRoot, `highlight-${id.slice(0, 16)}`)));
  let ready: Promise<boolean> | undefined;
  const prepare = () =>
    (ready ??= folder().then(async (d) => {
      try {
        await fs.mkdir(d, { recursive: true });
      } catch {
        return false;
      }
      const mine = path.basename(d);
      for (const name of await fs.readdir(cacheRoot).catch(() => [] as string[])) {
        if (name.startsWith('highlight-') && name !== mine) await fs.rm(path.join(cacheRoot, name), { recursive: true, force: true }).catch(() => undefined);
      }
      return true;
    }));
  /** Whether the store had blocks when this thread first looked (see above). */
  let stocked: Promise<boolean> | undefined;
  const hasBlocks = () => (stocked ??= folder().then((d) => fs.readdir(d).then((names) => names.some((n) => n.endsWith('.log')), () => false)));
  /** Lines not yet appended, by log, and their values by hash (read before the logs). */
  const lines = new Map<string, string[]>();
  const unwritten = new Map<string, StoredHighlight>();
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    waiting.delete(flush);
    clearTimeout(timer);
    timer = undefined;
    for (const [log, list] of lines) {
      try {
        appendFileSync(log, list.join(''));
      } catch {
        /* a store that cannot be written is only slower */
      }
    }
    lines.clear();
    unwritten.clear();
    bytes = 0;
  };
  // A block is looked for, then stored under the same key when it was missing: hashed once.
  let last = { key: '', hash: '' };
  const locate = async (key: string) => {
    const hash = last.key === key ? last.hash : createHash('sha256').update(key).digest('hex').slice(0, 40);
    last = { key, hash };
    return { hash, log: path.join(await folder(), `${(parseInt(hash.slice(0, 4), 16) % BUCKETS).toString(16).padStart(2, '0')}.log`) };
  };

  // Reads and writes are synchronous: each of fs.promises' open, write and close is a trip through
  // libuv's thread pool that costs more CPU than these small reads and appends.
  return {
    async get(key) {
      try {
        const { hash, log } = await locate(key);
        const waitingValue = unwritten.get(hash);
        if (waitingValue) return waitingValue;
        if (!(await hasBlocks())) return undefined;
        const text = readFileSync(log, 'utf8');
        const at = text.lastIndexOf(`{"k":"${hash}"`);
        if (at < 0) return undefined;
        const end = text.indexOf('\n', at);
        const value = JSON.parse(text.slice(at, end < 0 ? undefined : end)) as { html?: unknown; known?: unknown };
        return typeof value.html === 'string' && typeof value.known === 'boolean' ? { html: value.html, known: value.known } : undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      void (async () => {
        if (!(await prepare())) return;
        const { hash, log } = await locate(key);
        // JSON escapes every newline inside a line.
        const line = JSON.stringify({ k: hash, html: value.html, known: value.known }) + '\n';
        let list = lines.get(log);
        if (!list) lines.set(log, (list = []));
        list.push(line);
        unwritten.set(hash, { html: value.html, known: value.known });
        bytes += line.length;
        waiting.add(flush);
        if (!hooked) {
          hooked = true;
          process.on('exit', flushHighlightStores);
        }
        if (bytes >= FLUSH_BYTES) flush();
        else timer ??= setTimeout(flush, FLUSH_MS).unref();
      })().catch(() => undefined);
    },
  };
}
