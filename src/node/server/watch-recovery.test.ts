import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { watchFolder, type FolderWatcher } from './watch.js';

// Parcel's watching thread ends at its first error and reports nothing after it: a signal landing on
// that thread is enough (`poll` fails with EINTR; reproduced by sending SIGUSR2 to each thread of a
// watching process with tgkill). Node has no way to signal one thread, so the real watcher is
// wrapped: `fail()` makes every live subscription behave as parcel's does then.
const live = vi.hoisted(() => new Set<{ fail: () => void }>());
vi.mock('@parcel/watcher', async (importOriginal) => {
  const real = await importOriginal<typeof import('@parcel/watcher')>();
  return {
    ...real,
    subscribe: async (dir: string, fn: Parameters<typeof real.subscribe>[1], opts?: Parameters<typeof real.subscribe>[2]) => {
      let dead = false;
      const sub = await real.subscribe(dir, (error, events) => dead || fn(error, events), opts);
      const handle = {
        fail: () => {
          dead = true;
          live.delete(handle);
          fn(new Error('Unable to poll: Interrupted system call'), []);
        },
      };
      live.add(handle);
      return {
        unsubscribe: () => {
          live.delete(handle);
          return sub.unsubscribe();
        },
      };
    },
  };
});

let root = '';
let watcher: FolderWatcher | undefined;
afterEach(async () => {
  await watcher?.close();
  rmSync(root, { recursive: true, force: true });
});

async function start() {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'kiln-watch-')));
  const seen: string[] = [];
  const errors: unknown[] = [];
  watcher = await watchFolder(root, {
    backend: 'native',
    ignored: () => false,
    ignoredNames: [],
    ignoredPaths: [],
    onChange: (files) => seen.push(...files.map((f) => path.relative(root, f))),
    onError: (e) => errors.push(e),
  });
  expect(watcher.backend).toBe('native');
  return { seen, errors };
}
const failAll = () => [...live].forEach((s) => s.fail());

it('watches again after the watching thread fails, and reports the root so nothing in between is lost', async () => {
  const { seen, errors } = await start();
  failAll();
  // The root ('') says "anything may have changed" once the new subscription is in place.
  await expect.poll(() => seen).toContain('');
  writeFileSync(path.join(root, 'after.mdx'), 'x');
  await expect.poll(() => seen).toContain('after.mdx');
  expect(errors).toEqual([]);
});

it('reports the error when watching fails again and again', async () => {
  const { seen, errors } = await start();
  for (let i = 1; i <= 3; i++) {
    failAll();
    await expect.poll(() => seen.filter((f) => f === '').length).toBe(i);
  }
  failAll();
  expect(errors.map(String)).toEqual(['Error: Unable to poll: Interrupted system call']);
});
