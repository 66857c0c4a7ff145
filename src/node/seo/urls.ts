import type { ContentModel, Page } from '../content/pages.js';
import { isExternalUrl } from '../../shared/urls.js';

/** `https://docs.example.com` + `/guides/setup` → absolute URL; a path without a site URL stays a path. */
export function absolute(siteUrl: string | undefined, pathOrUrl: string): string {
  if (isExternalUrl(pathOrUrl)) return pathOrUrl;
  const p = pathOrUrl.startsWith('/') ? pathOrUrl : '/' + pathOrUrl;
  return siteUrl ? siteUrl.replace(/\/+$/, '') + p : p;
}

/** The URL a page is known by: the home page is `/` (it is also written at its own URL). */
export function canonicalPath(content: ContentModel, page: Page): string {
  return content.byUrl.get('/') === page ? '/' : page.url;
}

/** Where a page's Markdown is published: `/guides/setup.md`; the home page also at `/index.md`. */
export function markdownPath(url: string): string {
  return url === '/' ? '/index.md' : url + '.md';
}

/** An absolute http(s) URL without a trailing slash, or undefined when `value` is not one. */
export function normaliseSiteUrl(value: string): string | undefined {
  try {
    const u = new URL(value.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return (u.origin + u.pathname).replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/** Published pages in navigation order, then the pages outside the navigation (by URL). */
export function pagesInOrder(content: ContentModel): Page[] {
  const seen = new Set<string>();
  const out: Page[] = [];
  for (const id of content.order) {
    const p = content.pages.get(id);
    if (p && !seen.has(p.id)) (seen.add(p.id), out.push(p));
  }
  const rest = [...content.pages.values()].filter((p) => !seen.has(p.id)).sort((a, b) => a.url.localeCompare(b.url));
  return [...out, ...rest];
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
