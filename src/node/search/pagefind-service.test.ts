import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PagefindError, PagefindService, pagefindBinary } from './pagefind-service.js';

const page = (i: number) => `<!doctype html><html lang="en"><body><article data-pagefind-body><h1>Page ${i}</h1><p>word${i} text</p></article></body></html>`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kiln-pagefind-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("Pagefind's service", () => {
  it('finds the binary the pagefind package installed', () => {
    expect(path.basename(pagefindBinary())).toMatch(/^pagefind(_extended)?(\.exe)?$/);
  });

  it('indexes pages sent in batches, fewer or more than a batch, and answers each', async () => {
    const pf = new PagefindService();
    try {
      const { index_id } = await pf.request({ type: 'NewIndex', config: { force_language: 'en' } }, 'NewIndex');
      // 11 pages: one full batch of 8 goes out at once, the other 3 after the batch wait.
      const answers = await Promise.all(Array.from({ length: 11 }, (_, i) => pf.request({ type: 'AddFile', index_id, url: `/p${i}`, file_contents: page(i) }, 'IndexedFile')));
      expect(answers.map((a) => a.page_url)).toEqual(Array.from({ length: 11 }, (_, i) => `/p${i}`));
      // Asking for the files sends what waits first, in order.
      const last = pf.request({ type: 'AddFile', index_id, url: '/last', file_contents: page(99) }, 'IndexedFile');
      const { files } = await pf.request({ type: 'GetFiles', index_id }, 'GetFiles');
      expect((await last).page_url).toBe('/last');
      expect(files.filter((f) => f.path.startsWith('fragment/')).length).toBe(12);
      expect(Buffer.from(files.find((f) => f.path === 'pagefind-entry.json')!.content, 'base64').toString()).toContain('"page_count":12');
    } finally {
      pf.close();
    }
  });

  it("rejects with Pagefind's own message what it cannot do", async () => {
    const pf = new PagefindService();
    try {
      const error = await pf.request({ type: 'GetFiles', index_id: 12345 }, 'GetFiles').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PagefindError);
      expect((error as Error).message).not.toBe('');
    } finally {
      pf.close();
    }
  });

  it('fails the requests waiting when the process stops, and every one after', async () => {
    // A stand-in that reads one request and exits.
    const fake = path.join(tmp, 'fake-pagefind');
    writeFileSync(fake, '#!/bin/sh\nhead -c 1 >/dev/null\nexit 3\n');
    chmodSync(fake, 0o755);
    const pf = new PagefindService(fake);
    await expect(pf.request({ type: 'NewIndex', config: {} }, 'NewIndex')).rejects.toThrow('Pagefind stopped (exit code 3)');
    expect(pf.alive).toBe(false);
    await expect(pf.request({ type: 'GetFiles', index_id: 1 }, 'GetFiles')).rejects.toThrow('Pagefind stopped');
    // What it writes to stderr is not the terminal's: the end of it is in the message.
    writeFileSync(fake, '#!/bin/sh\nhead -c 1 >/dev/null\necho "thread main panicked" >&2\necho "fatal error: all goroutines are asleep - deadlock!" >&2\nexit 2\n');
    const noisy = new PagefindService(fake);
    await expect(noisy.request({ type: 'NewIndex', config: {} }, 'NewIndex')).rejects.toThrow('Pagefind stopped (exit code 2): fatal error: all goroutines are asleep - deadlock!');
    // A binary that is not there fails the same way, not with an exception.
    const missing = new PagefindService(path.join(tmp, 'no-such-binary'));
    await expect(missing.request({ type: 'NewIndex', config: {} }, 'NewIndex')).rejects.toThrow(/ENOENT/);
  });
});
