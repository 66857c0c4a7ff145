import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeSearch } from './index.js';
import { deltaLimit, searchInputHash, SiteSearch, type SearchBase, type SearchManifest, type SearchWriter } from './incremental.js';

afterAll(() => closeSearch());

const page = (title: string, words: string) => `<!doctype html><html lang="en"><body><article data-pagefind-body=""><h1>${title}</h1><p>${words}</p></article></body></html>`;

/** Output folders made by the tests, removed at the end. */
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** An output folder. `previous`: the last build's output, whose lasting files can be taken. */
class Out implements SearchWriter {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-search-'));
  readonly lasting = new Set<string>();
  taken = 0;
  constructor(private readonly previous?: Out) {
    folders.push(this.dir);
  }
  path(rel: string) {
    return path.join(this.dir, rel);
  }
  async write(rel: string, data: string | Uint8Array, lasting?: boolean) {
    mkdirSync(path.dirname(this.path(rel)), { recursive: true });
    writeFileSync(this.path(rel), data);
    if (lasting) this.lasting.add(rel);
  }
  wrote(rel: string) {
    this.lasting.add(rel);
  }
  async take(rel: string) {
    if (!this.previous?.lasting.has(rel)) return false;
    mkdirSync(path.dirname(this.path(rel)), { recursive: true });
    linkSync(this.previous.path(rel), this.path(rel));
    this.lasting.add(rel);
    this.taken++;
    return true;
  }
  async remove(rel: string) {
    rmSync(this.path(rel), { force: true });
    this.lasting.delete(rel);
  }
  /** Every file in the folder, by its path in it. */
  get files(): Map<string, Buffer> {
    const files = new Map<string, Buffer>();
    for (const e of readdirSync(this.dir, { recursive: true, withFileTypes: true })) {
      if (e.isFile()) files.set(path.relative(this.dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'), readFileSync(path.join(e.parentPath, e.name)));
    }
    return files;
  }
  manifest(): SearchManifest {
    return JSON.parse(String(this.files.get('_kiln/search/kiln-search.json')));
  }
  count(dir = ''): number {
    return JSON.parse(String(this.files.get(`_kiln/search/${dir}pagefind-entry.json`))).languages.en.page_count;
  }
  /** Pages of the base, all its parts. */
  total(): number {
    return this.count() + (this.files.has('_kiln/search/part-1/pagefind-entry.json') ? this.count('part-1/') : 0);
  }
}

const words = (n: number) => `page number ${n} about queue${n}`;
const noInput = async (url: string): Promise<string | undefined> => {
  throw new Error(`input of ${url} asked for`);
};
const urls = Array.from({ length: 40 }, (_, i) => `/p${i}`);

// The base in one index, and in two parts (as for a site of 200 pages or more, parts.ts).
describe.each([1, 2])('the search index kept between builds, its base in %i part(s)', (parts) => {
  /** The folders the manifest merges into the bundle's own index for the base. */
  const baseMerge = parts === 2 ? ['part-1/'] : [];

  /** A first build of 40 pages: its output and the base it keeps. */
  async function firstBuild(): Promise<{ out: Out; base: SearchBase }> {
    const search = new SiteSearch(undefined, urls.length, true, parts);
    expect(search.incremental).toBe(false);
    for (const [i, url] of urls.entries()) await search.add(url, page(`P${i}`, words(i)));
    const out = new Out();
    await search.write(out, noInput);
    return { out, base: search.kept! };
  }

  it('indexes every page the first time and keeps that index as the base', async () => {
    const { out, base } = await firstBuild();
    expect(out.manifest()).toEqual({ merge: baseMerge, hide: [] });
    expect(out.total()).toBe(40);
    // Pages are split between the parts; the second relies on the first's script and WebAssembly.
    if (parts === 2) {
      expect(out.count()).toBeGreaterThan(10);
      expect(out.count('part-1/')).toBeGreaterThan(10);
      expect([...out.files.keys()].filter((f) => f.startsWith('_kiln/search/part-1/') && /\.(js|css|pagefind)$/.test(f))).toEqual([]);
    }
    expect(out.files.has('_kiln/search/pagefind.js')).toBe(true);
    expect(Object.keys(base.pages)).toHaveLength(40);
    expect(base.pages['/p3']![0]).toBe(searchInputHash(page('P3', words(3))));
    // Every file of the bundle is one a later build may take; the manifest is not.
    expect(base.files.map((f) => `_kiln/search/${f}`).sort()).toEqual([...out.lasting].sort());
    expect(out.lasting.has('_kiln/search/kiln-search.json')).toBe(false);
  }, 60_000);

  it('then indexes only pages changed or added, and hides what they replace and pages gone', async () => {
    const first = await firstBuild();
    const search = new SiteSearch(first.base, urls.length, true, parts);
    expect(search.incremental).toBe(true);
    // p0 changed; p1 kept as it was; p2 made again but the same; p3 gone; p4 kept but changed
    // since the base (its input read back); p40 new.
    await search.add('/p0', page('P0', 'page zero rewritten with zephyrine'));
    expect(search.keep('/p1', searchInputHash(page('P1', words(1))))).toBe(false);
    await search.add('/p2', page('P2', words(2)));
    expect(search.keep('/p4', 'a hash the base does not have')).toBe(true);
    await search.add('/p4', page('P4', 'p4 as an earlier rebuild left it'), 'a hash the base does not have');
    for (const url of urls.slice(5)) expect(search.keep(url, first.base.pages[url]![0])).toBe(false);
    await search.add('/p40', page('P40', 'a new page'));
    const out = new Out(first.out);
    await search.write(out, noInput);
    const manifest = out.manifest();
    expect(manifest.merge).toEqual([...baseMerge, 'delta/']);
    // p0's, p3's and p4's old entries; p1 and p2 are as they were.
    expect(manifest.hide.sort()).toEqual(['/p0', '/p3', '/p4'].map((u) => first.base.pages[u]![1]).sort());
    expect(out.count('delta/')).toBe(3);
    expect(out.total()).toBe(40);
    expect(out.taken).toBe(first.base.files.length);
    // The delta relies on the base's script and WebAssembly.
    expect([...out.files.keys()].filter((f) => f.startsWith('_kiln/search/delta/') && /\.(js|pagefind)$/.test(f))).toEqual([]);
    expect(search.kept).toBe(first.base);
  }, 60_000);

  it('makes the base again once the changes pass the limit, asking for the inputs of unchanged pages', async () => {
    expect(deltaLimit(40)).toBe(32);
    expect(deltaLimit(10_000)).toBe(500);
    const first = await firstBuild();
    const search = new SiteSearch(first.base, urls.length, true, parts);
    for (const [i, url] of urls.entries()) {
      if (i < 33) await search.add(url, page(`P${i}`, `changed ${i} times`));
      else expect(search.keep(url, first.base.pages[url]![0])).toBe(false);
    }
    const asked: string[] = [];
    const out = new Out(first.out);
    await search.write(out, async (url) => {
      asked.push(url);
      return page(url, 'from the output');
    });
    expect(asked.sort()).toEqual(urls.slice(33).sort());
    expect(out.manifest()).toEqual({ merge: baseMerge, hide: [] });
    expect(out.total()).toBe(40);
    expect(out.taken).toBe(0);
    expect(search.kept).not.toBe(first.base);
    expect(Object.keys(search.kept!.pages)).toHaveLength(40);
  }, 60_000);

  it('makes the base again when one of its files is not as it was written, and takes none of them', async () => {
    const first = await firstBuild();
    first.out.lasting.delete('_kiln/search/pagefind.js');
    const search = new SiteSearch(first.base, urls.length, true, parts);
    for (const url of urls.slice(1)) expect(search.keep(url, first.base.pages[url]![0])).toBe(false);
    await search.add('/p0', page('P0', 'one change'));
    const out = new Out(first.out);
    const asked: string[] = [];
    await search.write(out, async (url) => (asked.push(url), page(url, 'from the output')));
    expect(out.manifest()).toEqual({ merge: baseMerge, hide: [] });
    expect(out.total()).toBe(40);
    expect(asked).toHaveLength(39);
    // Files taken before the altered one was found were taken out again, then written anew.
    expect([...out.files.keys()].filter((f) => /^_kiln\/search\/(part-1\/)?fragment\//.test(f))).toHaveLength(40);
    expect([...out.lasting].sort()).toEqual(search.kept!.files.map((f) => `_kiln/search/${f}`).sort());
  }, 60_000);

  it('without a rebuild cache, indexes every page every time and keeps nothing', async () => {
    const search = new SiteSearch(undefined, 1, false, parts);
    expect(search.keep('/a', 'h')).toBe(true);
    await search.add('/a', page('A', 'alpha'));
    const out = new Out();
    await search.write(out, noInput);
    expect(out.count()).toBe(1);
    expect(out.lasting.size).toBe(0);
    expect(search.kept).toBeUndefined();
  }, 60_000);
});
