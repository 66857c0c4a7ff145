/**
 * Everything the build writes besides the pages and assets (the post-build steps), and the same
 * files answered one at a time by the dev server.
 */
import type { Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { llmsFullTxt, llmsPages, llmsTxt } from '../markdown/llms.js';
import { pageMarkdown } from '../markdown/export.js';
import { searchUiAsset } from '../search/ui-asset.js';
import { playgroundAsset } from '../render/api/playground.js';
import type { LoadedSite } from '../site/load.js';
import { redirectPages, redirectsFile } from './redirects.js';
import { feedPages, feedPath, rssXml } from './rss.js';
import { needsSocialCard, renderSocialCard, socialCardUrl } from './social-card.js';
import { robotsTxt, sitemapXml } from './sitemap.js';
import { markdownPath } from './urls.js';

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
  return pageMarkdown(page, { root: site.root });
}

/** The page whose Markdown is at `pathname` (`/guides/setup.md`, `/index.md`). */
function pageForMarkdown(site: LoadedSite, pathname: string): Page | undefined {
  if (!pathname.endsWith('.md')) return undefined;
  const url = pathname === '/index.md' ? '/' : pathname.slice(0, -3);
  const page = site.content.byUrl.get(url);
  return page && !page.frontMatter.noindex ? page : undefined;
}

/**
 * Whether a build writes a file at `pathname` besides the pages and project files (`kiln check`
 * accepts links to them): llms.txt, each page's Markdown, changelog feeds, sitemap and robots.txt.
 */
export function isGeneratedPath(site: LoadedSite, pathname: string): boolean {
  if (pathname === '/llms.txt' || pathname === '/llms-full.txt' || pageForMarkdown(site, pathname)) return true;
  if (site.settings.siteUrl && (pathname === '/sitemap.xml' || pathname === '/robots.txt')) return true;
  return pathname.endsWith('/rss.xml') && feedPages(site.content, site.settings.siteUrl).some((p) => feedPath(p.url) === pathname);
}

/** One generated file by URL path (dev server), or undefined. */
export async function generatedFile(site: LoadedSite, pathname: string): Promise<GeneratedFile | undefined> {
  const ui = searchUiAsset();
  if (pathname === ui.url) return { path: ui.url, type: ui.type, body: ui.body };
  const playground = playgroundAsset();
  if (pathname === playground.url) return { path: playground.url, type: playground.type, body: playground.body };
  if (pathname === PAGE_LIST_PATH) return { path: pathname, type: 'application/json; charset=utf-8', body: pageList(site) };
  if (pathname === '/llms.txt') return { path: pathname, type: TEXT, body: llmsTxt(site.settings, site.content) };
  if (pathname === '/llms-full.txt') {
    const pages = await Promise.all(llmsPages(site.content, site.settings).map(async (page) => ({ page, markdown: await markdownOf(site, page) })));
    return { path: pathname, type: TEXT, body: llmsFullTxt(site.settings, pages) };
  }
  const page = pageForMarkdown(site, pathname);
  if (page) return { path: pathname, type: MARKDOWN, body: await markdownOf(site, page) };
  if (pathname.endsWith('/rss.xml')) {
    const feed = feedPages(site.content, site.settings.siteUrl).find((p) => feedPath(p.url) === pathname);
    if (feed) return { path: pathname, type: RSS, body: rssXml(site.settings, feed) };
  }
  return undefined;
}

/**
 * All generated files of a build: the search dialog script, the 404 page list, each page as
 * Markdown, llms.txt and llms-full.txt, redirect pages and `_redirects`, the RSS feed of each
 * changelog page, the default social card when the settings give no image, and, when the site URL
 * is known, sitemap.xml and robots.txt.
 */
export async function siteOutputs(site: LoadedSite, options: { markdown?: ReadonlyMap<string, string>; diagnostics?: Diagnostic[] } = {}): Promise<GeneratedFile[]> {
  const { settings, content } = site;
  const ui = searchUiAsset();
  const files: GeneratedFile[] = [
    { path: ui.url, type: ui.type, body: ui.body },
    { path: playgroundAsset().url, type: playgroundAsset().type, body: playgroundAsset().body },
    { path: PAGE_LIST_PATH, type: 'application/json', body: pageList(site) },
  ];
  const pages = llmsPages(content, settings);
  // The build converts pages as it compiles them (one parse a page); anything missing is done here.
  const markdown = await Promise.all(pages.map(async (page) => ({ page, markdown: options.markdown?.get(page.url) ?? (await markdownOf(site, page)) })));
  for (const { page, markdown: body } of markdown) {
    files.push({ path: markdownPath(page.url), type: MARKDOWN, body });
    if (content.byUrl.get('/') === page) files.push({ path: '/index.md', type: MARKDOWN, body });
  }
  files.push({ path: '/llms.txt', type: TEXT, body: llmsTxt(settings, content) });
  files.push({ path: '/llms-full.txt', type: TEXT, body: llmsFullTxt(settings, markdown) });
  for (const r of redirectPages(settings.redirects, content, settings.siteUrl)) files.push({ path: '/' + r.path, type: 'text/html', body: r.html });
  const rules = redirectsFile(settings.redirects);
  if (rules) files.push({ path: '/_redirects', type: TEXT, body: rules });
  for (const page of feedPages(content, settings.siteUrl)) files.push({ path: feedPath(page.url), type: RSS, body: rssXml(settings, page) });
  // Drawn once per build, for the pages that give no og:image of their own (seo/meta.ts).
  if (needsSocialCard(settings)) {
    try {
      files.push({ path: socialCardUrl(settings), type: 'image/png', body: await renderSocialCard(settings, site.root, site.files.assets) });
    } catch (error) {
      options.diagnostics?.push(diag('seo/social-card-failed', { reason: (error as Error).message.split('\n')[0]! }));
    }
  }
  if (settings.siteUrl) {
    files.push({ path: '/sitemap.xml', type: 'application/xml', body: sitemapXml(settings.siteUrl, content, settings) });
    files.push({ path: '/robots.txt', type: TEXT, body: robotsTxt(settings.siteUrl) });
  }
  return files;
}
