import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeSearch } from './index.js';
import { indexParts, PartedIndex, partOf } from './parts.js';

const folders: string[] = [];
afterAll(async () => {
  await closeSearch();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The index written into a new folder: the files written (with their content) and the parts to merge. */
async function written(index: PartedIndex) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-parts-'));
  folders.push(dir);
  const { files, merge } = await index.writeTo(dir);
  return { files: files.map((f) => ({ path: f, content: readFileSync(path.join(dir, f)) })), merge, dir };
}

const page = (lang: string, words: string) => `<!doctype html><html lang="${lang}"><body><article data-pagefind-body=""><h1>T</h1><p>${words}</p></article></body></html>`;

/** `languages` of a bundle's (or a part's) pagefind-entry.json: language → page count. */
function languages(files: { path: string; content: Uint8Array }[], dir = ''): Record<string, number> {
  const entry = files.find((f) => f.path === `${dir}pagefind-entry.json`);
  const langs = JSON.parse(Buffer.from(entry!.content).toString('utf8')).languages as Record<string, { page_count: number }>;
  return Object.fromEntries(Object.entries(langs).map(([k, v]) => [k, v.page_count]));
}

describe('an index in parts', () => {
  it('is one part below 200 pages, two from there', () => {
    expect(indexParts(1)).toBe(1);
    expect(indexParts(199)).toBe(1);
    expect(indexParts(200)).toBe(2);
    expect(indexParts(50_000)).toBe(2);
  });

  it('splits URLs evenly, the same way every time', () => {
    const urls = Array.from({ length: 2000 }, (_, i) => `/guides/page-${i}`);
    const second = urls.filter((u) => partOf(u, 2) === 1).length;
    expect(second).toBeGreaterThan(900);
    expect(second).toBeLessThan(1100);
    expect(urls.map((u) => partOf(u, 2))).toEqual(urls.map((u) => partOf(u, 2)));
    expect(urls.every((u) => partOf(u, 1) === 0)).toBe(true);
  });

  it('puts a page of every language in the first part, whatever the URL, and only index files in the others', async () => {
    const urls = Array.from({ length: 60 }, (_, i) => `/p${i}`);
    // A French page whose URL belongs to the second part, and English pages after it.
    const fr = urls.find((u) => partOf(u, 2) === 1)!;
    const index = new PartedIndex(2);
    await index.add(fr, page('fr', 'une page en français'));
    for (const url of urls.filter((u) => u !== fr)) await index.add(url, page('en', `english words ${url}`));
    const { files, merge, dir } = await written(index);
    expect(merge).toEqual(['part-1/']);
    const first = languages(files);
    const second = languages(files, 'part-1/');
    expect(first.fr).toBe(1);
    expect(second.fr).toBeUndefined();
    expect(first.en! + second.en!).toBe(59);
    expect(second.en).toBeGreaterThan(20);
    // The first part has both languages' WebAssembly; the second none, nor scripts.
    expect(files.some((f) => f.path === 'wasm.fr.pagefind')).toBe(true);
    expect(files.some((f) => f.path === 'wasm.en.pagefind')).toBe(true);
    expect(files.filter((f) => f.path.startsWith('part-1/') && /\.(js|css|pagefind)$/.test(f.path))).toEqual([]);
    // Nor Pagefind's own UIs: removed from the folder, not only left out of the list.
    expect(files.some((f) => f.path.startsWith('pagefind-ui'))).toBe(false);
    expect(readdirSync(dir, { recursive: true }).filter((f) => /pagefind-(ui|modular-ui|component-ui)|part-1\/.*\.(js|pagefind)$/.test(String(f)))).toEqual([]);
    expect(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toHaveLength(files.length);
  }, 60_000);

  it('merges no part that has no page', async () => {
    const index = new PartedIndex(2);
    await index.add('/only', page('en', 'a single page'));
    const { files, merge } = await written(index);
    expect(merge).toEqual([]);
    expect(languages(files)).toEqual({ en: 1 });
    expect(files.some((f) => f.path.startsWith('part-1/'))).toBe(false);
  }, 60_000);
});
