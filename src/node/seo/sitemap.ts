import { canonicalPath, type ContentModel, isIndexable, type Page, pagesInOrder } from '../content/pages.js';
import type { Settings } from '../settings/types.js';
import { isoDate } from '../content/git-dates.js';
import { absolute } from '../../shared/urls.js';
import { escapeXml } from './xml.js';

/**
 * Pages that belong in the sitemap: every page the navigation lists and does not hide (and, with
 * `seo.indexHiddenPages`, the others), never one marked `noindex` (content/pages.ts `isIndexable`).
 */
export function indexablePages(content: ContentModel, settings: Pick<Settings, 'indexHiddenPages'>): Page[] {
  return pagesInOrder(content).filter((p) => isIndexable(p, content, settings));
}

/**
 * sitemap.xml (sitemaps.org 0.9): one `<url>` per indexable page, absolute, home page first, with
 * `<lastmod>` when git dated the page.
 */
export function sitemapXml(siteUrl: string, content: ContentModel, settings: Pick<Settings, 'indexHiddenPages'>): string {
  const byPath = new Map<string, Page>();
  for (const p of indexablePages(content, settings)) if (!byPath.has(canonicalPath(content, p))) byPath.set(canonicalPath(content, p), p);
  const paths = [...byPath.keys()];
  paths.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : 0));
  const urls = paths.map((p) => {
    const modified = byPath.get(p)!.lastModified;
    return `  <url><loc>${escapeXml(absolute(siteUrl, p))}</loc>${modified ? `<lastmod>${isoDate(modified)}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled (pages opt out with `noindex`); points at the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absolute(siteUrl, '/sitemap.xml')}\n`;
}
