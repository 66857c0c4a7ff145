import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isMergedIndexFile, SearchIndex, SEARCH_PATH } from './index.js';
import { indexParts, PART_FOLDER, PartedIndex } from './parts.js';

/**
 * A build's search bundle without indexing every page every time. Pagefind cannot update an index,
 * and indexing 1,000 pages costs it about 3 s, so a rebuild after one edit would spend most of its
 * time there. Instead:
 * - a *base* index of every page is made by a full build; the rebuild cache keeps each page's
 *   input hash and Pagefind id (`SearchBase`), and its files are the last output's;
 * - a rebuild takes those files as they are (hard links), indexes only the pages whose input
 *   differs from the base (added or changed) into a *delta* index under `/_kiln/search/delta/`, and
 *   lists the base's entries for changed or removed pages in `/_kiln/search/kiln-search.json`;
 *   the search dialog merges the delta into the base (Pagefind's `mergeIndex`) and drops those;
 * - a base of a large site is in parts (parts.ts), which the dialog merges the same way;
 * - once the delta passes `deltaLimit` pages, or a base file is not as it was written, the base is
 *   made again from every page.
 */

export const SEARCH_MANIFEST = 'kiln-search.json';
export const DELTA_DIR = 'delta/';

/** What the search dialog reads beside the bundle (`client/search-dialog.ts`). */
export interface SearchManifest {
  /** Folders of the indexes to merge into the bundle's own: the base's other parts, then the delta (`delta/`). */
  merge: string[];
  /** Base entries (Pagefind ids) that stand for pages changed or gone since the base was made. */
  hide: string[];
}

/** The base index of a build's output, as the rebuild cache keeps it. */
export interface SearchBase {
  /** url → [input hash, Pagefind id]. */
  pages: Record<string, [string, string]>;
  /** The bundle's files, relative to SEARCH_PATH. */
  files: string[];
  /** Folders of the base's parts after the first (`SearchManifest.merge`); absent in a cache from before parts. */
  merge?: string[];
}

/** Where the bundle goes: the build's output, which knows which files the last build left as they were. */
export interface SearchWriter {
  /** `lasting`: a file of a base, which later builds may take as it is. */
  write(rel: string, data: string | Uint8Array, lasting?: boolean): Promise<void>;
  /** Where `rel` is on disk, for Pagefind to write there itself. */
  path(rel: string): string;
  /** Records `rel`, written at `path(rel)` by Pagefind, as a file of a base (see `write`). */
  wrote(rel: string): void;
  /** Takes the last build's `rel` as it is; false when it is not as that build left it. */
  take(rel: string): Promise<boolean>;
  remove(rel: string): Promise<void>;
}

export const searchInputHash = (input: string) => createHash('sha256').update(input).digest('base64url').slice(0, 22);

/** Delta pages beyond which the base is made again: small enough that a rebuild stays cheap, and search with it. */
export const deltaLimit = (pages: number) => Math.max(32, Math.ceil(pages / 20));

/** Where each page's entry is: the URL inside each fragment (gzip of `pagefind_dcd` + JSON), by the bundle's file paths. */
function fragmentIds(paths: string[], read: (path: string) => Uint8Array): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of paths) {
    const m = /^fragment\/(.+)\.pf_fragment$/.exec(file.replace(PART_FOLDER, ''));
    if (!m) continue;
    try {
      const text = gunzipSync(read(file)).toString('utf8');
      const url = (JSON.parse(text.slice(text.indexOf('{'))) as { url?: string }).url;
      if (url) ids.set(url, m[1]!);
    } catch {
      /* an entry we cannot read is only never hidden */
    }
  }
  return ids;
}

export class SiteSearch {
  /** A new base: pages go into it as they come, or all at the end when the delta would be too large (see `write`). */
  private readonly index: PartedIndex;
  /** Pages not in the base as they are, when there is a base. */
  private readonly delta = new SearchIndex();
  /** url → input hash of every searchable page of this build. */
  private readonly seen = new Map<string, string>();
  /** Inputs of pages not in the base as they are (delta mode), kept in case the base is made again. */
  private readonly changed = new Map<string, string>();
  private full: boolean;
  /** The base the output holds once `write` is done. */
  private result: SearchBase | undefined;

  /**
   * `base`: the last output's base index (undefined: make one). `pages`: the number of pages of
   * the site. `keep`: whether to record the base for the next build (false without a rebuild cache).
   * `parts`: of a new base (parts.ts).
   */
  constructor(
    private readonly base: SearchBase | undefined,
    pages: number,
    private readonly keepBase = true,
    parts = indexParts(pages),
  ) {
    this.full = !base;
    this.limit = deltaLimit(pages);
    this.index = new PartedIndex(parts);
  }

  private readonly limit: number;

  /** Whether a delta is being made, so pages the base holds as they are can be left out (`keep`). */
  get incremental(): boolean {
    return !this.full;
  }

  /** A page's search input; `hash` when known (the rebuild cache's, for an input read back from the output). */
  async add(url: string, input: string, hash = searchInputHash(input)): Promise<void> {
    this.seen.set(url, hash);
    if (this.full) return this.index.add(url, input);
    if (this.base!.pages[url]?.[0] === hash) return;
    this.changed.set(url, input);
    if (this.changed.size <= this.limit) return this.delta.add(url, input);
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
   * Writes the bundle under SEARCH_PATH. `inputOf` gives the input of a page this object does not
   * hold (one `keep` left out, or one `add` found as the base holds it), should the base have to
   * be made again.
   */
  async write(out: SearchWriter, inputOf: (url: string) => Promise<string | undefined>): Promise<void> {
    const dir = SEARCH_PATH.slice(1);
    if (!this.full) {
      const base = this.base!;
      const gone = Object.keys(base.pages).filter((url) => this.seen.get(url) !== base.pages[url]![0]);
      if (this.changed.size <= this.limit && gone.length <= this.limit && (await this.takeBase(out))) {
        const delta = this.changed.size ? (await this.delta.files()).filter((f) => isMergedIndexFile(f.path)) : [];
        const content = new Map(delta.map((f) => [f.path, f.content]));
        const fresh = new Set(fragmentIds([...content.keys()], (f) => content.get(f)!).values());
        const hide = gone.map((url) => base.pages[url]![1]).filter((id) => !fresh.has(id));
        for (const f of delta) await out.write(dir + DELTA_DIR + f.path, f.content);
        const merge = [...(base.merge ?? []), ...(delta.length ? [DELTA_DIR] : [])];
        await out.write(dir + SEARCH_MANIFEST, JSON.stringify({ merge, hide } satisfies SearchManifest));
        this.result = base;
        return;
      }
      // Too far from the base (or its files are not as they were): a new one from every page.
      this.full = true;
      for (const [url, input] of this.changed) await this.index.add(url, input);
      for (const url of this.seen.keys()) {
        if (this.changed.has(url)) continue;
        const input = await inputOf(url);
        if (input !== undefined) await this.index.add(url, input);
      }
    }
    return this.writeBase(out);
  }

  /**
   * The base is written by Pagefind itself: on the gen.mjs 10,000-page site, taking its 20,000
   * files through this process (base64 in a message, then a write each) cost 4-7 s after Pagefind
   * was done, with nothing else left to do.
   */
  private async writeBase(out: SearchWriter): Promise<void> {
    const dir = SEARCH_PATH.slice(1);
    const { files, merge } = await this.index.writeTo(out.path(dir));
    await out.write(dir + SEARCH_MANIFEST, JSON.stringify({ merge, hide: [] } satisfies SearchManifest));
    if (!this.keepBase || files.length === 0) return;
    for (const f of files) out.wrote(dir + f);
    const ids = fragmentIds(files, (f) => readFileSync(out.path(dir + f)));
    const base: SearchBase = { pages: {}, files, merge };
    for (const [url, hash] of this.seen) {
      const id = ids.get(url);
      if (id) base.pages[url] = [hash, id];
    }
    this.result = base;
  }

  /** The base's files into the output; false when any is not as it was written. */
  private async takeBase(out: SearchWriter): Promise<boolean> {
    const dir = SEARCH_PATH.slice(1);
    const taken: string[] = [];
    for (const f of this.base!.files) {
      if (!(await out.take(dir + f))) {
        // Taken out again: the new base is written in their place.
        for (const rel of taken) await out.remove(rel);
        return false;
      }
      taken.push(dir + f);
    }
    return true;
  }

  /** The base index the output holds after `write`, for the next build (undefined when not kept). */
  get kept(): SearchBase | undefined {
    return this.result;
  }

  diagnostics(): Diagnostic[] {
    return [...this.index.diagnostics(), ...this.delta.diagnostics()].slice(0, 1);
  }
}
