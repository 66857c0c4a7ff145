import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isMergedIndexFile, isNeededSearchFile, SearchIndex } from './index.js';

/**
 * A site's index in parts, each built by its own Pagefind process. Pagefind builds an index
 * mostly on one core, and only once it has every page, after the build's page loop. Alone, two
 * processes with half the pages each built their indexes in 8.0-8.7 s instead of 14.6 s (the
 * bench's 10,000 pages; 1,000: 0.9 s instead of 1.4 s), for about as much CPU in all. In a whole
 * build on 2 cores they compete with the build's own work after the loop, and the build took as
 * long (gen.mjs 10,000: the search stage 17-20 s instead of 22-24 s, the rest longer); with more
 * cores, that wait is what shrinks.
 *
 * The first part is the bundle as Pagefind writes it (pagefind.js, its WebAssembly, the index);
 * every other part is only an index, under `part-N/`, which the search dialog merges into the
 * first with Pagefind's `mergeIndex` (its merged indexes share the first one's WebAssembly).
 * Pagefind ranks each part with its own word statistics; pages are split by a hash of their URL,
 * so the parts are alike.
 *
 * The first part holds at least one page of every language: Pagefind's script starts from the
 * first index, finds the reader's language there (else it fails: "No language indexes found"),
 * and searches every merged index with that language's WebAssembly, which only an index with
 * pages of that language has.
 */

/** Pages from which a site's index is split in two: below, one process finishes soon enough. */
export const PARTED_FROM = 200;

/** How many parts a site of `pages` pages gets. Two at most: the build keeps both cores busy already. */
export const indexParts = (pages: number) => (pages >= PARTED_FROM ? 2 : 1);

/** Folder of part `n` (from 1; part 0 is the bundle itself), relative to the bundle. */
export const partDir = (n: number) => `part-${n}/`;
/** A path's part folder, at its start: `part-1/fragment/…` (`partDir`). */
export const PART_FOLDER = /^part-(\d+)\//;

/** The part a URL goes into: FNV-1a of the URL. */
export function partOf(url: string, parts: number): number {
  if (parts <= 1) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) h = Math.imul(h ^ url.charCodeAt(i), 0x01000193);
  return (h >>> 0) % parts;
}

export class PartedIndex {
  private readonly parts: SearchIndex[];
  /** Languages the first part has a page of. */
  private readonly languages = new Set<string>();
  /** Pages added to each part. */
  private readonly added: number[];

  /** Part `n` goes to Pagefind process `n`. */
  constructor(parts: number) {
    this.parts = Array.from({ length: Math.max(1, parts) }, (_, n) => new SearchIndex(n));
    this.added = this.parts.map(() => 0);
  }

  /** `input`: the page's search input (index.ts `searchInput`), whose `<html lang>` is its language. */
  add(url: string, input: string): Promise<void> {
    const lang = /<html\b[^>]*\blang="([^"]*)"/.exec(input.slice(0, 500))?.[1] ?? '';
    let part = partOf(url, this.parts.length);
    if (!this.languages.has(lang)) {
      this.languages.add(lang);
      part = 0;
    }
    this.added[part]!++;
    return this.parts[part]!.add(url, input);
  }

  /**
   * The bundle, every part's index built and written at once, by the Pagefind processes
   * themselves: the first part into the folder `root`, the others into `part-N/` in it. Files the
   * site does not serve (Pagefind's own UIs; the other parts' scripts and WebAssembly) are removed
   * again. Returns the files written, relative to `root`, and the parts to merge, those with pages.
   */
  async writeTo(root: string): Promise<{ files: string[]; merge: string[] }> {
    const merge = this.parts.map((_, n) => n).filter((n) => n > 0 && this.added[n]! > 0);
    const written = await Promise.all([this.parts[0]!.writeTo(root), ...merge.map((n) => this.parts[n]!.writeTo(path.join(root, partDir(n))))]);
    if (!written[0]) return { files: [], merge: [] };
    const files: string[] = [];
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const rel = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      const part = PART_FOLDER.exec(rel);
      if (part ? isMergedIndexFile(rel.slice(part[0].length)) : isNeededSearchFile(rel)) files.push(rel);
      else rmSync(path.join(root, rel));
    }
    return { files, merge: merge.filter((_, i) => written[i + 1]).map(partDir) };
  }

  diagnostics(): Diagnostic[] {
    return this.parts.flatMap((p) => p.diagnostics()).slice(0, 1);
  }
}
