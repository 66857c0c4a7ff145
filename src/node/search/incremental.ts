import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { kilnIdentity } from '../package-root.js';
import { isNeededSearchFile, SearchIndex, SEARCH_PATH, type SearchFile } from './index.js';

/**
 * A build's search bundle without indexing every page every time. Pagefind cannot update an index,
 * and indexing 1,000 pages costs it about 3 s, so a rebuild after one edit would spend most of its
 * time there. Instead:
 * - a *base* index of every page is made by a full build and kept in the project's cache
 *   (`.kiln/cache/search-<kiln>/`), with each page's input hash and Pagefind id;
 * - a rebuild indexes only the pages whose input differs from the base (added or changed) into a
 *   *delta* index under `/_kiln/search/delta/`, and lists the base's entries for changed or removed
 *   pages in `/_kiln/search/kiln-search.json`; the search dialog merges the delta into the base
 *   (Pagefind's `mergeIndex`) and drops the listed entries;
 * - once the delta passes `deltaLimit` pages, the base is made again from every page.
 * The base's files are hard-linked into the output, never rewritten in place.
 */

export const SEARCH_MANIFEST = 'kiln-search.json';
export const DELTA_DIR = 'delta/';

/** What the search dialog reads beside the bundle (`client/search-dialog.ts`). */
export interface SearchManifest {
  /** Whether a delta index is under `delta/`. */
  delta: boolean;
  /** Base entries (Pagefind ids) that stand for pages changed or gone since the base was made. */
  hide: string[];
}

interface BaseRecord {
  /** url → [input hash, Pagefind id]. */
  pages: Record<string, [string, string]>;
  /** The bundle's files, relative to the record's `files/` folder. */
  files: string[];
}

export const searchInputHash = (input: string) => createHash('sha256').update(input).digest('base64url').slice(0, 22);

/** Delta pages beyond which the base is made again: small enough that a rebuild stays cheap, and search with it. */
export const deltaLimit = (pages: number) => Math.max(32, Math.ceil(pages / 20));

/** Where each page's entry is: the URL inside each fragment (gzip of `pagefind_dcd` + JSON). */
function fragmentIds(files: SearchFile[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const f of files) {
    const m = /^fragment\/(.+)\.pf_fragment$/.exec(f.path);
    if (!m) continue;
    try {
      const text = gunzipSync(f.content).toString('utf8');
      const url = (JSON.parse(text.slice(text.indexOf('{'))) as { url?: string }).url;
      if (url) ids.set(url, m[1]!);
    } catch {
      /* an entry we cannot read is only never hidden */
    }
  }
  return ids;
}

export interface SearchWriter {
  write(rel: string, data: string | Uint8Array): Promise<void>;
  /** Fails when `fromAbs` is missing. */
  link(fromAbs: string, rel: string): Promise<void>;
  remove(rel: string): Promise<void>;
}

export class SiteSearch {
  /** The index pages go into as they come: the delta, or a new base. */
  private readonly index = new SearchIndex();
  /** url → input hash of every searchable page of this build. */
  private readonly seen = new Map<string, string>();
  /** Inputs of pages not in the base as they are (delta mode), kept in case the base is made again. */
  private readonly changed = new Map<string, string>();
  private readonly extra = new SearchIndex();
  private full: boolean;

  private constructor(
    private readonly folder: string | undefined,
    private readonly base: BaseRecord | undefined,
    private readonly limit: number,
  ) {
    this.full = !base;
  }

  /**
   * `cacheRoot`: the project's `.kiln/cache`, or undefined to keep nothing (every build indexes
   * every page). `pages`: the number of pages of the site.
   */
  static async open(cacheRoot: string | undefined, pages: number): Promise<SiteSearch> {
    if (!cacheRoot) return new SiteSearch(undefined, undefined, deltaLimit(pages));
    const folder = path.join(cacheRoot, `search-${(await kilnIdentity()).slice(0, 16)}`);
    const base = await fs
      .readFile(path.join(folder, 'base.json'), 'utf8')
      .then((t) => JSON.parse(t) as BaseRecord)
      .catch(() => undefined);
    return new SiteSearch(folder, base?.pages && base.files ? base : undefined, deltaLimit(pages));
  }

  /** Whether pages the base holds as they are can be left out (`keep`), i.e. a delta is being made. */
  get incremental(): boolean {
    return !this.full;
  }

  /** A page's search input. */
  async add(url: string, input: string): Promise<void> {
    const hash = searchInputHash(input);
    this.seen.set(url, hash);
    if (this.full) return this.index.add(url, input);
    if (this.base!.pages[url]?.[0] === hash) return;
    this.changed.set(url, input);
    if (this.changed.size <= this.limit) return this.index.add(url, input);
  }

  /**
   * A page taken from the last build, whose input hashed to `hash`: true when its input is
   * needed after all (call `add` with it), because the base does not hold it as it is.
   */
  keep(url: string, hash: string): boolean {
    if (this.full || this.base!.pages[url]?.[0] !== hash) return true;
    this.seen.set(url, hash);
    return false;
  }

  /**
   * Writes the bundle under SEARCH_PATH. `inputOf` gives the input of a page this object was not
   * given one for, should the base have to be made again (from the rebuild cache).
   */
  async write(out: SearchWriter, inputOf: (url: string) => Promise<string | undefined>): Promise<void> {
    const dir = SEARCH_PATH.slice(1);
    if (!this.full) {
      const base = this.base!;
      const gone = Object.keys(base.pages).filter((url) => this.seen.get(url) !== base.pages[url]![0]);
      if (this.changed.size <= this.limit && gone.length <= this.limit && (await this.linkBase(out))) {
        const delta = this.changed.size ? (await this.index.files()).filter((f) => isNeededSearchFile(f.path) && !/\.(js|pagefind)$/.test(f.path)) : [];
        const fresh = new Set(fragmentIds(delta).values());
        const hide = gone.map((url) => base.pages[url]![1]).filter((id) => !fresh.has(id));
        for (const f of delta) await out.write(dir + DELTA_DIR + f.path, f.content);
        const manifest: SearchManifest = { delta: delta.length > 0, hide };
        await out.write(dir + SEARCH_MANIFEST, JSON.stringify(manifest));
        return;
      }
      // Too far from the base (or its files are gone): a new one from every page.
      this.full = true;
      for (const [url, input] of this.changed) await this.extra.add(url, input);
      for (const url of this.seen.keys()) {
        if (this.changed.has(url)) continue;
        const input = await inputOf(url);
        if (input !== undefined) await this.extra.add(url, input);
      }
      return this.writeBase(out, this.extra);
    }
    return this.writeBase(out, this.index);
  }

  private async writeBase(out: SearchWriter, index: SearchIndex): Promise<void> {
    const dir = SEARCH_PATH.slice(1);
    const files = (await index.files()).filter((f) => isNeededSearchFile(f.path));
    const manifest: SearchManifest = { delta: false, hide: [] };
    await out.write(dir + SEARCH_MANIFEST, JSON.stringify(manifest));
    if (!this.folder || files.length === 0) {
      for (const f of files) await out.write(dir + f.path, f.content);
      return;
    }
    // Kept as the next builds' base: written aside, then renamed into place, so a base is whole or absent.
    const ids = fragmentIds(files);
    const record: BaseRecord = { pages: {}, files: files.map((f) => f.path) };
    for (const [url, hash] of this.seen) {
      const id = ids.get(url);
      if (id) record.pages[url] = [hash, id];
    }
    const next = `${this.folder}.tmp-${process.pid}`;
    try {
      await fs.rm(next, { recursive: true, force: true });
      for (const f of files) {
        await fs.mkdir(path.dirname(path.join(next, 'files', f.path)), { recursive: true });
        await fs.writeFile(path.join(next, 'files', f.path), f.content);
      }
      await fs.writeFile(path.join(next, 'base.json'), JSON.stringify(record));
      await fs.rm(this.folder, { recursive: true, force: true });
      await fs.rename(next, this.folder);
      await removeOtherBases(path.dirname(this.folder), path.basename(this.folder));
    } catch {
      // Not kept (read-only cache): the output gets its own copy.
      await fs.rm(next, { recursive: true, force: true }).catch(() => undefined);
      for (const f of files) await out.write(dir + f.path, f.content);
      return;
    }
    for (const f of files) await out.link(path.join(this.folder, 'files', f.path), dir + f.path);
  }

  /** The base's files into the output; false when any is missing. */
  private async linkBase(out: SearchWriter): Promise<boolean> {
    const dir = SEARCH_PATH.slice(1);
    const linked: string[] = [];
    try {
      for (const f of this.base!.files) {
        await out.link(path.join(this.folder!, 'files', f), dir + f);
        linked.push(dir + f);
      }
      return true;
    } catch {
      // Taken out again, so that writing the new base never writes through a link into the old one.
      for (const rel of linked) await out.remove(rel);
      return false;
    }
  }

  /** Pages indexed by this build (base pages taken as they are count too). */
  get pages(): number {
    return this.seen.size;
  }

  diagnostics(): Diagnostic[] {
    return [...this.index.diagnostics(), ...this.extra.diagnostics()].slice(0, 1);
  }
}

/** Bases made by other versions of Kiln. */
async function removeOtherBases(cacheRoot: string, mine: string): Promise<void> {
  for (const name of await fs.readdir(cacheRoot).catch(() => [] as string[])) {
    if (name.startsWith('search-') && name !== mine) await fs.rm(path.join(cacheRoot, name), { recursive: true, force: true }).catch(() => undefined);
  }
}
