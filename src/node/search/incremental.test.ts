import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeSearch } from './index.js';
import { deltaLimit, searchInputHash, SiteSearch, type SearchManifest, type SearchWriter } from './incremental.js';

const dirs: string[] = [];
afterAll(async () => {
  await closeSearch();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const page = (title: string, words: string) => `<!doctype html><html lang="en"><body><article data-pagefind-body=""><h1>${title}</h1><p>${words}</p></article></body></html>`;

/** An output in memory; links read the file they point at, as a hard link would show it. */
class Out implements SearchWriter {
  readonly files = new Map<string, Uint8Array | string>();
  linked = 0;
  async write(rel: string, data: string | Uint8Array) {
    this.files.set(rel, data);
  }
  async link(from: string, rel: string) {
    this.files.set(rel, readFileSync(from));
    this.linked++;
  }
  async remove(rel: string) {
    this.files.delete(rel);
  }
  manifest(): SearchManifest {
    return JSON.parse(String(this.files.get('_kiln/search/kiln-search.json')));
  }
  count(dir = ''): number {
    return JSON.parse(String(this.files.get(`_kiln/search/${dir}pagefind-entry.json`))).languages.en.page_count;
  }
}

const words = (n: number) => `page number ${n} about queue${n}`;
const noInput = async (url: string): Promise<string | undefined> => {
  throw new Error(`input of ${url} asked for`);
};

describe('the search index kept between builds', () => {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'kiln-search-cache-'));
  dirs.push(cache);
  const urls = Array.from({ length: 40 }, (_, i) => `/p${i}`);

  it('indexes every page the first time and keeps that index as the base', async () => {
    const search = await SiteSearch.open(cache, urls.length);
    expect(search.incremental).toBe(false);
    for (const [i, url] of urls.entries()) await search.add(url, page(`P${i}`, words(i)));
    const out = new Out();
    await search.write(out, noInput);
    expect(out.manifest()).toEqual({ delta: false, hide: [] });
    expect(out.count()).toBe(40);
    expect(out.files.has('_kiln/search/pagefind.js')).toBe(true);
    // Taken from the cache folder, so a later build can take it too.
    expect(out.linked).toBeGreaterThan(40);
    expect(search.diagnostics()).toEqual([]);
  }, 60_000);

  it('then indexes only pages changed or added, and hides what they replace and pages gone', async () => {
    const search = await SiteSearch.open(cache, urls.length);
    expect(search.incremental).toBe(true);
    // p0 changed; p1 kept as it was; p2 made again but the same; p3 gone; p40 new.
    await search.add('/p0', page('P0', 'page zero rewritten with zephyrine'));
    expect(search.keep('/p1', searchInputHash(page('P1', words(1))))).toBe(false);
    expect(search.keep('/p4', 'a hash the base does not have')).toBe(true);
    await search.add('/p4', page('P4', words(4)));
    await search.add('/p2', page('P2', words(2)));
    for (const url of urls.slice(5)) expect(search.keep(url, searchInputHash(page(`P${url.slice(2)}`, words(Number(url.slice(2))))))).toBe(false);
    await search.add('/p40', page('P40', 'a new page'));
    const out = new Out();
    await search.write(out, noInput);
    const manifest = out.manifest();
    expect(manifest.delta).toBe(true);
    // p0's old entry and p3's; p1 is unchanged, p4's input was the same as the base's.
    expect(manifest.hide).toHaveLength(2);
    expect(out.count('delta/')).toBe(2);
    expect(out.count()).toBe(40);
    // The delta relies on the base's script and WebAssembly.
    expect([...out.files.keys()].filter((f) => f.startsWith('_kiln/search/delta/') && /\.(js|pagefind)$/.test(f))).toEqual([]);
  }, 60_000);

  it('makes the base again once the changes pass the limit, asking for the inputs it was not given', async () => {
    expect(deltaLimit(40)).toBe(32);
    expect(deltaLimit(10_000)).toBe(500);
    const search = await SiteSearch.open(cache, urls.length);
    const asked: string[] = [];
    for (const [i, url] of urls.entries()) {
      if (i < 33) await search.add(url, page(`P${i}`, `changed ${i} times`));
      else expect(search.keep(url, 'x')).toBe(true);
    }
    const out = new Out();
    await search.write(out, async (url) => {
      asked.push(url);
      return page(url, 'from the cache');
    });
    // p33-p39: keep said their inputs were needed and none came, so they are left out; nothing to ask for.
    expect(asked).toEqual([]);
    expect(out.manifest()).toEqual({ delta: false, hide: [] });
    expect(out.count()).toBe(33);

    // The next build starts from this base.
    const next = await SiteSearch.open(cache, urls.length);
    expect(next.incremental).toBe(true);
  }, 60_000);

  it('asks for the inputs of unchanged pages when the base must be made again', async () => {
    const search = await SiteSearch.open(cache, urls.length);
    // Unchanged pages (left out by keep), then more than the limit of new pages.
    for (const i of [0, 1, 2]) expect(search.keep(`/p${i}`, searchInputHash(page(`P${i}`, `changed ${i} times`)))).toBe(false);
    for (let i = 100; i < 133; i++) await search.add(`/n${i}`, page(`N${i}`, 'new'));
    const asked: string[] = [];
    const out = new Out();
    await search.write(out, async (url) => {
      asked.push(url);
      return page(url, 'from the cache');
    });
    expect(asked.sort()).toEqual(['/p0', '/p1', '/p2']);
    expect(out.count()).toBe(36);
  }, 60_000);

  it('makes the base again when its files are gone from the cache', async () => {
    const base = readdirSync(cache).find((d) => d.startsWith('search-'))!;
    rmSync(path.join(cache, base, 'files', 'pagefind.js'));
    // A large site, so that the pages gone stay below the limit and only the missing file forces a new base.
    const search = await SiteSearch.open(cache, 10_000);
    expect(search.incremental).toBe(true);
    await search.add('/only', page('Only', 'one page'));
    const out = new Out();
    const asked: string[] = [];
    await search.write(out, async (url) => (asked.push(url), undefined));
    expect(out.manifest()).toEqual({ delta: false, hide: [] });
    expect(out.count()).toBe(1);
    expect(out.files.has('_kiln/search/pagefind.js')).toBe(true);
    // The old base's files linked before the missing one was found are gone again.
    expect([...out.files.keys()].filter((f) => f.startsWith('_kiln/search/fragment/'))).toHaveLength(1);
    expect(asked).toEqual([]);
  }, 60_000);

  it('without a cache folder, indexes every page every time', async () => {
    const search = await SiteSearch.open(undefined, 1);
    expect(search.incremental).toBe(false);
    expect(search.keep('/a', 'h')).toBe(true);
    await search.add('/a', page('A', 'alpha'));
    const out = new Out();
    await search.write(out, noInput);
    expect(out.count()).toBe(1);
    expect(out.linked).toBe(0);
  }, 60_000);
});
