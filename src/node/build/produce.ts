import { islandsEntryUrl } from '../assets/islands.js';
import type { Page } from '../content/pages.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { markdownTree, pageMarkdown } from '../markdown/export.js';
import { releaseDocument } from '../mdx/page-document.js';
import { feedItems, type FeedItem } from '../seo/rss.js';
import { llmsPages } from '../markdown/llms.js';
import { siteUrlWithBase } from '../output/base-path.js';
import type { IslandSource, PageFeature } from '../mdx/compiler.js';
import { isSearchable, searchInput } from '../search/index.js';
import { buildPage, createEngines, mapCache, siteReadFile, type Engines, type LoadedSite } from '../site/load.js';
import type { Sandbox } from '../render/page.js';

/** What every page brings to the site-wide outputs and the rebuild cache, made or not. */
interface PageParts {
  diagnostics: Diagnostic[];
  features: PageFeature[];
  classes: string[];
  islands: IslandSource[];
  /** Snippet files the page renders, directly or through other snippets (the rebuild cache checks them). */
  deps: string[];
}

/** A page made: its HTML and what else is made from the page alone. */
export interface MadePage extends PageParts {
  kind: 'made';
  /** The HTML document. Links the site's Tailwind sheet as `TAILWIND_PLACEHOLDER`. */
  html: string;
  /** What Pagefind indexes; absent for pages left out of search. */
  search?: string;
  /** The page as Markdown (`<url>.md`); absent when not exported. */
  markdown?: string;
  /**
   * The Markdown, made when called instead (see `ProducerOptions.later`). Only from a producer on
   * the build's own thread: a function does not cross threads.
   */
  markdownLater?: () => Promise<string>;
  /** The items of the page's RSS feed (seo/rss.ts), when it has `<Update>`s: the build's thread writes the feed. */
  feed?: FeedItem[];
}

/** A page left out: its diagnostics say why. */
export interface UnmadePage extends PageParts {
  kind: 'failed';
}

/**
 * Stages 3 and 4 of a build for one page at a time: compile, render, and everything else made from
 * the page alone (its Markdown export, its search input). The same code runs in the build's own
 * thread and in each worker thread (`workers.ts`); what comes out is plain data, so it crosses
 * threads as it is.
 */
export type ProducedPage = MadePage | UnmadePage;

/**
 * Stands for the Tailwind stylesheet's URL in pages until the build has every page's classes:
 * the sheet is content-hashed, and pages are written as they are made. The build rewrites the
 * pages that carry it (`build.ts`).
 */
export const TAILWIND_PLACEHOLDER = '/_kiln/assets/tailwind.__kiln-tailwind__.css';

// Any prefix: under a base path the link was rebased as it was written.
const TAILWIND_LINK = new RegExp(`<link[^>]*href="[^"]*${TAILWIND_PLACEHOLDER.replace(/[.]/g, '\\.')}"[^>]*>`, 'g');

/** A page's link to the Tailwind sheet given its URL, or its link removed when there is no sheet. */
export function linkTailwindSheet(html: string, url: string | undefined): string {
  return url ? html.replaceAll(TAILWIND_PLACEHOLDER, url) : html.replace(TAILWIND_LINK, '');
}

/** Settings a build changes after loading (`--site`); a worker applies the same to its own copy. */
export interface SiteOverrides {
  siteUrl?: string;
}

/** What a build is asked that changes the settings: the site URL (`--site`) and the base path. */
export interface BuildTarget {
  site?: string;
  base: string;
}

/** The overrides a build's target makes to settings as loaded. */
export function overridesFor(settings: { siteUrl?: string }, target: BuildTarget): SiteOverrides {
  return { siteUrl: target.base === '/' ? target.site : siteUrlWithBase(target.site ?? settings.siteUrl, target.base) };
}

export function applyOverrides(site: LoadedSite, overrides: SiteOverrides): void {
  if (overrides.siteUrl) site.settings.siteUrl = overrides.siteUrl.replace(/\/+$/, '');
}

export interface PageProducer {
  produce(page: Page): Promise<ProducedPage>;
}

export interface ProducerOptions {
  /** Asked for each exported page: true puts its Markdown off (`markdownLater`). */
  later?: () => boolean;
  /** Renders the pages whose code must run where it can be stopped (render/page.tsx `Deps.sandbox`). */
  sandbox?: Sandbox;
}

/** Produces the pages of `site` in this thread. Pages are rendered once, so their compiled code is dropped after. */
export function createPageProducer(site: LoadedSite, engines: Engines = createEngines(), options: ProducerOptions = {}): PageProducer {
  const cache = mapCache();
  const exported = new Set(llmsPages(site.content, site.settings));
  // Snippets read as the compile reads them (variables put in): the export then converts the
  // document the compile parsed instead of parsing its own.
  const markdownOptions = { root: site.root, readFile: siteReadFile(site) };
  site.context.pageAssets = async ({ classes, islands }) => ({
    styles: classes.length ? [TAILWIND_PLACEHOLDER] : undefined,
    modules: islands.length ? [islandsEntryUrl(islands)] : undefined,
  });
  return {
    async produce(page) {
      const result = await buildPage(site, page, engines, cache, options.sandbox);
      const deps = new Set<string>();
      const walk = async (file: string): Promise<void> => {
        const out = await cache.get(file)?.catch(() => undefined);
        for (const s of out?.snippets ?? []) {
          if (deps.has(s.file)) continue;
          deps.add(s.file);
          await walk(s.file);
        }
      };
      await walk(page.file);
      cache.delete(page.file);
      // The page's document (mdx/page-document.ts), parsed for its compile, is read by its
      // Markdown export and feed below, then dropped: nothing in this thread reads it again.
      const feed = feedItems(page, site.settings.siteUrl);
      const parts: PageParts = {
        diagnostics: result.diagnostics,
        features: result.features ?? [],
        classes: result.classes ?? [],
        islands: result.islands ?? [],
        deps: [...deps],
      };
      const html = result.html;
      // The export's copy of the tree is taken now; put off, only its conversion waits.
      const tree = html !== undefined && exported.has(page) ? markdownTree(page) : undefined;
      releaseDocument(page.file);
      if (html === undefined) return { kind: 'failed', ...parts };
      const later = tree && options.later?.() ? tree : undefined;
      const markdown = tree && !later ? await pageMarkdown(page, markdownOptions, tree) : undefined;
      return {
        kind: 'made',
        html,
        search: isSearchable(page, site.content, site.settings) ? searchInput(html) : undefined,
        markdown,
        markdownLater: later && (() => pageMarkdown(page, markdownOptions, later)),
        feed,
        ...parts,
      };
    },
  };
}
