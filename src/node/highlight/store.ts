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
 */
const BUCKETS = 256;

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
  const locate = async (key: string) => {
    const hash = createHash('sha256').update(key).digest('hex').slice(0, 40);
    return { hash, log: path.join(await folder(), `${(parseInt(hash.slice(0, 4), 16) % BUCKETS).toString(16).padStart(2, '0')}.log`) };
  };

  // Reads and writes are synchronous: each of fs.promises' open, write and close is a trip through
  // libuv's thread pool that costs more CPU than these small reads and appends.
  return {
    async get(key) {
      if (!(await hasBlocks())) return undefined;
      try {
        const { hash, log } = await locate(key);
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
        // One write call per line: JSON escapes every newline inside it.
        appendFileSync(log, JSON.stringify({ k: hash, html: value.html, known: value.known }) + '\n');
      })().catch(() => undefined);
    },
  };
}
