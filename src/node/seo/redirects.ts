import type { ContentModel } from '../content/pages.js';
import type { Redirect } from '../settings/types.js';
import { outputPathForUrl } from '../../shared/urls.js';
import { absolute } from './urls.js';

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A source with a wildcard or a `:param` can only be served by a host's rules, not by a page. */
export const isPattern = (source: string) => /[*:]/.test(source);

/** `/old/` → `/old`; `old` → `/old`. */
const cleanSource = (s: string) => ('/' + s.trim().replace(/^\/+/, '')).replace(/(.)\/+$/, '$1');

/**
 * A page that sends the visitor on: meta refresh and a plain link (root-relative for the site's own
 * pages, so it works on any host and in `kiln preview`), and the canonical link, absolute when the
 * site URL is known, for search engines.
 */
export function redirectHtml(destination: string, siteUrl?: string): string {
  const to = escapeHtml(destination.trim());
  const canonical = escapeHtml(absolute(siteUrl, destination.trim()));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting…</title><meta name="robots" content="noindex"><link rel="canonical" href="${canonical}"><meta http-equiv="refresh" content="0; url=${to}"></head><body><p>This page has moved to <a href="${to}">${to}</a>.</p></body></html>\n`;
}

export interface RedirectPage {
  /** Output path: `old/page.html`. */
  path: string;
  html: string;
}

/**
 * Redirect pages for rules with a plain source: written where the old page was (a clean URL, as
 * pages are). Sources that are still a page of the site, or that only a host can match, are skipped.
 */
export function redirectPages(redirects: Redirect[] | undefined, content: ContentModel, siteUrl?: string): RedirectPage[] {
  const out = new Map<string, RedirectPage>();
  for (const r of redirects ?? []) {
    if (isPattern(r.source)) continue;
    const source = cleanSource(r.source).replace(/\.html$/, '');
    if (source === '/' || content.byUrl.has(source) || /\.(md|mdx|txt|xml|json)$/i.test(source)) continue;
    const path = outputPathForUrl(source);
    if (!out.has(path)) out.set(path, { path, html: redirectHtml(r.destination, siteUrl) });
  }
  return [...out.values()];
}

/**
 * `_redirects` as Netlify and Cloudflare Pages read it: `source destination status`, one rule a
 * line. Mintlify's `:name*` becomes the `*` splat (and `:splat` in the destination).
 */
export function redirectsFile(redirects: Redirect[] | undefined): string {
  const lines = (redirects ?? []).map((r) => {
    let source = cleanSource(r.source);
    let destination = r.destination.trim();
    const splat = /:([A-Za-z_]\w*)\*/.exec(source);
    if (splat) {
      source = source.replace(splat[0], '*');
      destination = destination.replace(`:${splat[1]}*`, ':splat');
    }
    return `${source} ${destination} ${r.permanent === false ? 302 : 301}`;
  });
  return lines.length ? '# Redirects from the site settings (Netlify, Cloudflare Pages)\n' + lines.join('\n') + '\n' : '';
}
