import { islandsEntryName } from '../assets/islands.js';
import type { Page } from '../content/pages.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { IslandSource, PageFeature } from '../mdx/compiler.js';
import { SEARCH_PATH, searchInput } from '../search/index.js';
import { rememberFeedItems } from '../seo/rss.js';
import { searchInputHash, SiteSearch } from '../search/incremental.js';
import type { BuildPlan } from './plan.js';
import type { ProducedPage } from './produce.js';
import type { PageQueue } from './queue.js';
import { htmlFiles, type PageSink } from './sink.js';

/** A page left out of the build, with the errors that stopped it. */
export interface FailedPage {
  url: string;
  file: string;
  errors: Diagnostic[];
}

/** The pages' count, kept up to date while they are made: a build that fails midway reports it as it stands. */
export interface PageTally {
  written: number;
  failed: number;
  failedPages: FailedPage[];
  /** Pages taken from the last build, in the order met: their files are linked once the Tailwind sheet is known. */
  reused: Page[];
}

/** What every page adds to the site-wide outputs, made now or kept. */
export interface MadePages {
  features: Set<PageFeature>;
  classes: Set<string>;
  islands: Map<string, IslandSource[]>;
  /** Every page's search input, added to the kept index (search/incremental.ts). */
  search: SiteSearch;
}

/**
 * Every page, in as many lanes as the queue keeps busy: a kept page adds what the cache holds of
 * it; another is made (queue.ts), cached, written (sink.ts) and indexed, or counted as failed.
 */
export async function producePages(plan: BuildPlan, queue: PageQueue, sink: PageSink, tally: PageTally, onProgress?: (done: number, total: number) => void): Promise<MadePages> {
  const { site, pages, kept, cache, previous, diagnostics } = plan;
  const t = plan.setup.timings;
  const made: MadePages = {
    features: new Set(),
    classes: new Set(),
    islands: new Map(),
    // The search index the last output holds is kept only while its files are as that build left
    // them: a page whose input the base holds is not indexed again, so a base found unusable only
    // once the pages are made would be made again from pages read back (see `finish.ts`). A build
    // without the cache (`--no-cache`) in between replaced them all.
    search: new SiteSearch(previous && cache?.searchBase?.files.every((f) => previous.has(SEARCH_PATH.slice(1) + f)) ? cache.searchBase : undefined, pages.length, cache !== undefined),
  };
  const collect = (page: Pick<ProducedPage, 'diagnostics' | 'features' | 'classes' | 'islands'>) => {
    diagnostics.push(...page.diagnostics);
    for (const f of page.features) made.features.add(f);
    for (const c of page.classes) made.classes.add(c);
    if (page.islands.length) made.islands.set(islandsEntryName(page.islands), page.islands);
  };
  let done = 0;
  const queued = [...pages];
  const lane = async () => {
    for (let page = queued.shift(); page; page = queued.shift()) {
      sink.pagesLeft = queued.length;
      const keep = kept.get(page);
      if (keep) {
        collect(keep);
        tally.reused.push(page);
        // Changed since the search base was made (by an earlier rebuild): indexed from the page as written.
        if (keep.search && made.search.keep(page.url, keep.search)) await made.search.add(page.url, searchInput(previous!.read(htmlFiles(site, page)[0]!)), keep.search);
        tally.written++;
        onProgress?.(++done, pages.length);
        continue;
      }
      const result = await t.time('produce', () => queue.make(page));
      await cache?.set(page, result, result.kind === 'made' && result.search !== undefined ? searchInputHash(result.search) : undefined);
      collect(result);
      if (result.kind === 'made') {
        // Made on a worker: its document was read there, and the feed is written here from what it found.
        if (result.feed) rememberFeedItems(page, site.settings.siteUrl, result.feed);
        await sink.write(page, result);
        const search = result.search;
        if (search) await t.time('search-add', () => made.search.add(page.url, search));
        tally.written++;
      } else {
        tally.failed++;
        tally.failedPages.push({ url: page.url, file: page.file, errors: result.diagnostics.filter((d) => d.severity === 'error') });
      }
      onProgress?.(++done, pages.length);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: queue.concurrency }, lane));
  t.add('pages-total', performance.now() - started);
  return made;
}
