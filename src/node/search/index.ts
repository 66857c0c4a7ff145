/**
 * Full-text search with Pagefind: the rendered HTML of each page is indexed (only the article:
 * the layout marks it `data-pagefind-body`), and Pagefind writes a static bundle that the browser
 * downloads piece by piece (only the index fragments a query needs). The build writes the bundle
 * under SEARCH_PATH; the dev server keeps it in memory (`files()`).
 *
 * Pagefind runs as a native binary (pagefind-service.ts), started on first use so a command that
 * does not index never starts it.
 */
import { isIndexable, type ContentModel, type Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { PagefindService } from './pagefind-service.js';
import { withoutLayoutIds } from '../render/layout/mintlify-ids.js';

/** URL folder of the search bundle (pagefind.js, its WebAssembly and the index). */
export const SEARCH_PATH = '/_kiln/search/';

/**
 * Parts of the article that are not text to find: code-block and heading chrome, icons, the
 * previous/next links, the group eyebrow. (Navigation and the table of contents are outside the
 * article already.)
 */
export const EXCLUDE_SELECTORS = ['.copy-button', '.heading-anchor', '.code-block-header', '.prev-next', '.eyebrow', '.copy-page', 'svg', 'button', 'script', 'style'];

export interface SearchFile {
  /** Path inside the bundle: `pagefind.js`, `fragment/en_….pf_fragment`. */
  path: string;
  content: Uint8Array;
}

/**
 * Pages that are searchable: those the navigation lists and does not hide (every page with
 * `seo.indexing: "all"`), never `noindex` ones (content/pages.ts `isIndexable`).
 */
export function isSearchable(page: Page, content: Pick<ContentModel, 'byUrl'>, settings: { indexHiddenPages?: boolean }): boolean {
  return isIndexable(page, content, settings);
}

/**
 * Pagefind processes, shared by the indexes (as the `pagefind` package shares its one). A process
 * indexes on one core, so a build splits its pages between two indexes, each in its own process
 * (parts.ts); every other index uses the first.
 */
const services: (PagefindService | undefined)[] = [];
const pagefind = (slot: number) => {
  const running = services[slot];
  return running?.alive ? running : (services[slot] = new PagefindService());
};

/** An index in that process. */
interface PagefindIndex {
  service: PagefindService;
  id: number;
}

const MAX_IN_FLIGHT = 64;

/** One Pagefind index being filled. Failures become one warning, never an exception. */
export class SearchIndex {
  private index: Promise<PagefindIndex | undefined> | undefined;
  private readonly problems = new Set<string>();
  private count = 0;
  /** Pages sent to Pagefind and not yet indexed (see `add`). */
  private readonly pending = new Set<Promise<void>>();
  /** Set while `files()` waits for the pages sent: they go out at once. */
  private finishing = false;

  /** `slot`: which Pagefind process indexes these pages (0, the one every index shares, unless told). */
  constructor(private readonly slot = 0) {}

  private open(): Promise<PagefindIndex | undefined> {
    return (this.index ??= Promise.resolve()
      .then(async () => {
        const pf = pagefind(this.slot);
        // No forced language: each page goes into the index of its `<html lang>` (searchInput keeps
        // it), so a site in several languages gets one index per language, which pagefind.js
        // chooses by the reading page's own `lang`.
        const created = await pf.request({ type: 'NewIndex', config: { exclude_selectors: EXCLUDE_SELECTORS } }, 'NewIndex');
        return { service: pf, id: created.index_id };
      })
      .catch((error: unknown) => {
        this.problems.add(error instanceof Error ? error.message : String(error));
        return undefined;
      }));
  }

  /**
   * Index one rendered page, under its clean URL. Returns once the page is on its way, not once it is
   * indexed: Pagefind works in its own process, and waiting for each page held the build's page loop
   * (a rebuild from the cache spent 4.5 s of its page loop's 8.8 s of in-flight time here). At most
   * `MAX_IN_FLIGHT` pages wait, so memory stays bounded; `files()` waits for all of them.
   */
  async add(url: string, html: string): Promise<void> {
    const job = this.send(url, html).finally(() => this.pending.delete(job));
    this.pending.add(job);
    while (this.pending.size >= MAX_IN_FLIGHT) await Promise.race(this.pending);
  }

  private async send(url: string, html: string): Promise<void> {
    const index = await this.open();
    if (!index) return;
    try {
      const indexed = index.service.request({ type: 'AddFile', index_id: index.id, url, file_contents: searchInput(html) }, 'IndexedFile');
      // Pages go out in batches; the last ones need not wait for more once the files are asked for.
      if (this.finishing) index.service.flush();
      await indexed;
      this.count++;
    } catch (error) {
      this.problems.add((error as Error).message);
    }
  }

  /** Waits for every page sent, sending those still batched at once. */
  private async drain(): Promise<void> {
    this.finishing = true;
    services[this.slot]?.flush();
    await Promise.all(this.pending);
    this.finishing = false;
  }

  /** Number of pages indexed so far: all those added, once `files()` has returned. */
  get pages(): number {
    return this.count;
  }

  /** The bundle in memory (dev server). */
  async files(): Promise<SearchFile[]> {
    await this.drain();
    const index = await this.open();
    if (!index) return [];
    try {
      const { files } = await index.service.request({ type: 'GetFiles', index_id: index.id }, 'GetFiles');
      return files.map((f) => ({ path: f.path.replace(/^\/+/, ''), content: Buffer.from(f.content, 'base64') }));
    } catch (error) {
      this.problems.add((error as Error).message);
      return [];
    }
  }

  /**
   * The bundle written into the folder `dir` by Pagefind itself (a build): no file goes through
   * this process. Returns whether it was written; a failure is a warning (`diagnostics`).
   */
  async writeTo(dir: string): Promise<boolean> {
    await this.drain();
    const index = await this.open();
    if (!index) return false;
    try {
      await index.service.request({ type: 'WriteFiles', index_id: index.id, output_path: dir }, 'WriteFiles');
      return true;
    } catch (error) {
      this.problems.add((error as Error).message);
      return false;
    }
  }

  /** Drop the index in the Pagefind service. */
  async dispose(): Promise<void> {
    await this.drain();
    const index = await this.index;
    this.index = undefined;
    await index?.service.request({ type: 'DeleteIndex', index_id: index.id }, 'DeleteIndex').catch(() => undefined);
  }

  /** A warning when anything went wrong, else nothing. */
  diagnostics(): Diagnostic[] {
    if (this.problems.size === 0) return [];
    return [diag('search/index-failed', { reason: [...this.problems].slice(0, 3).join('; ') })];
  }
}

const ARTICLE = /<article\b[^>]*\bdata-pagefind-body\b[^>]*>/;

/**
 * The part of a page Pagefind reads: the `data-pagefind-body` article, in a bare document. Pagefind
 * ignores everything else anyway, but it parses whatever it is sent, and a page's navigation,
 * head and scripts are most of its HTML: sending only the article halved Pagefind's work on the
 * 1,000-page benchmark (search-add 10.7 s of 26 s, bench --profile). A page without that article
 * (not made by our layout) is sent whole.
 */
export function searchInput(html: string): string {
  // The pattern is tried from the first `<article` on: from the start, it was tried at every `<` of
  // the navigation before it.
  const from = html.indexOf('<article');
  const start = from < 0 ? null : ARTICLE.exec(html.slice(from));
  const end = html.lastIndexOf('</article>');
  if (!start || end < from + start.index) return html;
  const lang = /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1] ?? 'en';
  return `<!doctype html><html lang="${lang}"><body>${lean(html.slice(from + start.index, end + 10))}</body></html>`;
}

/**
 * Markup Pagefind would parse only to drop or see through: icons and buttons (excluded, see
 * EXCLUDE_SELECTORS) and the token spans of highlighted code (only the text counts). Without them
 * the input is under half the size (15.4 → 6.8 MB over the 1,000-page benchmark), Pagefind's
 * indexing takes a quarter less time, and it writes the same index, file for file.
 */
function lean(article: string): string {
  return withoutLayoutIds(article)
    .replace(/<svg\b[\s\S]*?<\/svg>/g, '')
    .replace(/<button\b[\s\S]*?<\/button>/g, '')
    .replace(/<pre\b[^>]*>[\s\S]*?<\/pre>/g, (pre) => pre.replace(/<\/?span\b[^>]*>/g, ''));
}

/** Stop the Pagefind binaries (the end of a build: otherwise they keep the process alive). */
export async function closeSearch(): Promise<void> {
  for (const s of services.splice(0)) s?.close();
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  pagefind: 'application/wasm',
};

/** Content type of a bundle file (the index files are binary). */
export function searchFileType(file: string): string {
  return TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/** The bundle files the search dialog needs: not Pagefind's own UIs or playground. */
export function isNeededSearchFile(file: string): boolean {
  return !/^pagefind-(ui|modular-ui|component-ui)\.(js|css)$/.test(file) && !file.startsWith('playground/');
}

/** Files of an index merged into the first (Pagefind's `mergeIndex`): its index, not the scripts and WebAssembly the first has. */
export function isMergedIndexFile(file: string): boolean {
  return isNeededSearchFile(file) && !/\.(js|css|pagefind)$/.test(file);
}
