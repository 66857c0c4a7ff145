/**
 * Everything the build writes besides the pages and assets (the post-build steps), and the same
 * files answered one at a time by the dev server.
 */
import type { Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { llmsFullPieces, llmsPages, llmsTxt } from '../markdown/llms.js';
import { pageMarkdown } from '../markdown/export.js';
import { playgroundAsset, searchUiAsset } from '../client-assets.js';
import { siteReadFile, type LoadedSite } from '../site/load.js';
import { redirectPages, redirectsFile } from './redirects.js';
import { feedPages, rssXml } from './rss.js';
import { renderSocialCard } from './social-card.js';
import { needsSocialCard, socialCardUrl } from '../render/layout/meta.js';
import { robotsTxt, sitemapXml } from './sitemap.js';
import { feedPath, markdownPath } from '../../shared/urls.js';

export interface GeneratedFile {
  /** URL path: `/llms.txt`, `/guides/setup.md`. */
  path: string;
  type: string;
  body: string | Uint8Array;
}

const TEXT = 'text/plain; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';
export const PAGE_LIST_PATH = '/_kiln/pages.json';

/** The small page list the 404 page suggests from: `[{u: url, t: title}]`. */
export function pageList(site: LoadedSite): string {
  return JSON.stringify(llmsPages(site.content, site.settings).map((p) => ({ u: p.url, t: p.title })));
}

function markdownOf(site: LoadedSite, page: Page): Promise<string> {
  return pageMarkdown(page, { root: site.root, readFile: siteReadFile(site) });
}

/** The page whose Markdown is at `pathname` (`/guides/setup.md`, `/index.md`). */
function pageForMarkdown(site: LoadedSite, pathname: string): Page | undefined {
  if (!pathname.endsWith('.md')) return undefined;
  const url = pathname === '/index.md' ? '/' : pathname.slice(0, -3);
  const page = site.content.byUrl.get(url);
  return page && !page.frontMatter.noindex ? page : undefined;
}

/** A generated file; its body is made when asked for (undefined: it could not be, and that was reported). */
export interface OutputRoute {
  path: string;
  type: string;
  body(): Promise<string | Uint8Array | undefined>;
  /** The body in pieces, for a file as big as the site (llms-full.txt): the build writes it so, never holding it whole. */
  pieces?(): AsyncIterable<string>;
}

/** Pages' Markdown the build made as it made the pages (one parse a page), by URL. */
export interface MadeMarkdown {
  get(url: string): string | undefined;
}

interface Context {
  site: LoadedSite;
  diagnostics?: Diagnostic[];
  /** A page's Markdown, made once for its files and llms-full.txt. */
  markdown(page: Page): Promise<string>;
}

/** One kind of generated file. */
interface RouteKind {
  /** Whether `kiln dev` serves it too: redirects, the social card, sitemap and robots.txt are the build's only (host configuration, or they need the site URL). */
  dev: boolean;
  /** Every file of this kind, in the order the build writes them. */
  list(ctx: Context): OutputRoute[];
  /** The file of this kind at `pathname`, found without listing the others (default: from the list). */
  find?(ctx: Context, pathname: string): OutputRoute | undefined;
}

const route = (path: string, type: string, body: () => string | Uint8Array | undefined | Promise<string | Uint8Array | undefined>): OutputRoute => ({ path, type, body: async () => body() });

function markdownRoutes(ctx: Context, page: Page): OutputRoute[] {
  const body = () => ctx.markdown(page);
  // The home page is at `/index.md` too, when it has a URL of its own.
  return [...new Set([markdownPath(page.url), ...(ctx.site.content.byUrl.get('/') === page ? ['/index.md'] : [])])].map((p) => route(p, MARKDOWN, body));
}

function llmsFullRoute({ site, markdown }: Context): OutputRoute {
  const pieces = () => llmsFullPieces(site.settings, llmsPages(site.content, site.settings), markdown);
  return {
    path: '/llms-full.txt',
    type: TEXT,
    body: async () => {
      let text = '';
      for await (const piece of pieces()) text += piece;
      return text;
    },
    pieces,
  };
}

const feedRoutes = ({ site: { settings, content } }: Context): OutputRoute[] => feedPages(content, settings.siteUrl).map((page) => route(feedPath(page.url), RSS, () => rssXml(settings, page)));

/**
 * Everything a build writes besides the pages and project files, one row per kind: the build writes
 * every file of every row (`siteOutputs`), `kiln dev` answers the rows marked `dev`
 * (`generatedFile`), and `kiln check` accepts links to any of them (`isGeneratedPath`).
 */
const ROUTES: RouteKind[] = [
  { dev: true, list: () => [searchUiAsset(), playgroundAsset()].map((a) => route(a.url, a.type, () => a.body)) },
  { dev: true, list: ({ site }) => [route(PAGE_LIST_PATH, 'application/json; charset=utf-8', () => pageList(site))] },
  {
    dev: true,
    list: (ctx) => llmsPages(ctx.site.content, ctx.site.settings).flatMap((page) => markdownRoutes(ctx, page)),
    find: (ctx, pathname) => {
      const page = pageForMarkdown(ctx.site, pathname);
      return page && markdownRoutes(ctx, page).find((r) => r.path === pathname);
    },
  },
  {
    dev: true,
    list: (ctx) => [
      route('/llms.txt', TEXT, () => llmsTxt(ctx.site.settings, ctx.site.content)),
      llmsFullRoute(ctx),
    ],
  },
  { dev: false, list: ({ site: { settings, content } }) => redirectPages(settings.redirects, content, settings.siteUrl).map((r) => route('/' + r.path, 'text/html', () => r.html)) },
  {
    dev: false,
    list: ({ site }) => {
      const rules = redirectsFile(site.settings.redirects);
      return rules ? [route('/_redirects', TEXT, () => rules)] : [];
    },
  },
  { dev: true, list: feedRoutes, find: (ctx, pathname) => (pathname.endsWith('/rss.xml') ? feedRoutes(ctx).find((r) => r.path === pathname) : undefined) },
  {
    // Drawn once per build, for the pages that give no og:image of their own (seo/meta.ts).
    dev: false,
    list: ({ site, diagnostics }) =>
      needsSocialCard(site.settings)
        ? [
            route(socialCardUrl(site.settings), 'image/png', () =>
              renderSocialCard(site.settings, site.root, site.files.assets).catch((error: unknown) => {
                diagnostics?.push(diag('seo/social-card-failed', { reason: (error as Error).message.split('\n')[0]! }));
                return undefined;
              }),
            ),
          ]
        : [],
  },
  {
    dev: false,
    list: ({ site: { settings, content } }) => {
      const siteUrl = settings.siteUrl;
      if (!siteUrl) return [];
      return [route('/sitemap.xml', 'application/xml', () => sitemapXml(siteUrl, content, settings)), route('/robots.txt', TEXT, () => robotsTxt(siteUrl))];
    },
  },
];

interface OutputOptions {
  /** Pages' Markdown the build converted as it compiled them; the others' is made here. */
  markdown?: MadeMarkdown;
  diagnostics?: Diagnostic[];
}

/**
 * Markdown the build made is asked for again each time (it is not held here: the build keeps it
 * on disk, see build/sink.ts); a page's made here, once.
 */
function context(site: LoadedSite, options: OutputOptions = {}): Context {
  const made = new Map<Page, Promise<string>>();
  const markdown = (page: Page) => {
    const given = options.markdown?.get(page.url);
    if (given !== undefined) return Promise.resolve(given);
    let m = made.get(page);
    if (!m) made.set(page, (m = markdownOf(site, page)));
    return m;
  };
  return { site, diagnostics: options.diagnostics, markdown };
}

function findRoute(ctx: Context, pathname: string, devOnly: boolean): OutputRoute | undefined {
  for (const kind of ROUTES) {
    if (devOnly && !kind.dev) continue;
    const found = kind.find ? kind.find(ctx, pathname) : kind.list(ctx).find((r) => r.path === pathname);
    if (found) return found;
  }
  return undefined;
}

/** Whether a build writes a file at `pathname` besides the pages and project files (`kiln check` accepts links to them). */
export function isGeneratedPath(site: LoadedSite, pathname: string): boolean {
  return findRoute(context(site), pathname, false) !== undefined;
}

/** One generated file by URL path (dev server), or undefined. */
export async function generatedFile(site: LoadedSite, pathname: string): Promise<GeneratedFile | undefined> {
  const found = findRoute(context(site), pathname, true);
  const body = await found?.body();
  return found && body !== undefined ? { path: found.path, type: found.type, body } : undefined;
}

/** Every generated file of a build, in the table's order, its body made when asked for: the build writes them one at a time. */
export function siteRoutes(site: LoadedSite, options: OutputOptions = {}): OutputRoute[] {
  const ctx = context(site, options);
  return ROUTES.flatMap((kind) => kind.list(ctx));
}

/** All generated files of a build, in the table's order; a file that could not be made is left out (and reported). */
export async function siteOutputs(site: LoadedSite, options: OutputOptions = {}): Promise<GeneratedFile[]> {
  const routes = siteRoutes(site, options);
  const bodies = await Promise.all(routes.map((r) => r.body()));
  return routes.flatMap((r, i) => (bodies[i] === undefined ? [] : [{ path: r.path, type: r.type, body: bodies[i] }]));
}
