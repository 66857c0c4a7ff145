import { createHash } from 'node:crypto';
import { promises as fs, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
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
 * Highlighted blocks on disk, one small file each under `<cacheRoot>/highlight-<kiln>/`. The first
 * use of a language compiles its grammar (TypeScript's takes about half a second), so a restarted
 * dev server or a rebuild that finds its blocks here answers without loading Shiki at all. Named
 * by this Kiln's identity (themes, grammars and markup all live in its files): another Kiln's
 * folder is removed when this one is first written. Every failure reads as a miss.
 */
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
  const file = async (key: string) => path.join(await folder(), `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`);
  let seq = 0;

  // Reads and writes are synchronous: the files are small, and each of fs.promises' open, write
  // and close is a trip through libuv's thread pool that costs more CPU than the write itself
  // (2,000 small files: 383 ms of CPU against 92 ms; a cold 1,000-page build writes 2,300 blocks).
  return {
    async get(key) {
      try {
        const value = JSON.parse(readFileSync(await file(key), 'utf8')) as Partial<StoredHighlight>;
        return typeof value.html === 'string' && typeof value.known === 'boolean' ? { html: value.html, known: value.known } : undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      // Written beside and renamed: build workers may write the same block at once.
      void (async () => {
        if (!(await prepare())) return;
        const target = await file(key);
        const temp = `${target}.${process.pid}-${threadId}-${seq++}.tmp`;
        writeFileSync(temp, JSON.stringify(value));
        renameSync(temp, target);
      })().catch(() => undefined);
    },
  };
}
