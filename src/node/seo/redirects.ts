import type { ContentModel } from '../content/pages.js';
import type { Redirect } from '../settings/types.js';
import { absolute, outputPathForUrl } from '../../shared/urls.js';
import { escapeHtml } from '../render/encode.js';
import { acceptedRedirect } from '../settings/plausible.js';

/**
 * The rules both of whose ends are accepted, the destination written as it is served (`guides/new`
 * → `/guides/new`). Loading the settings reports the others and drops them; this holds for
 * settings made any other way too.
 */
const accepted = (redirects: Redirect[] | undefined): Redirect[] => (redirects ?? []).flatMap((r) => acceptedRedirect(r) ?? []);

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
  const to = escapeHtml(destination);
  const canonical = escapeHtml(absolute(siteUrl, destination));
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
  for (const r of accepted(redirects)) {
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
  const lines = accepted(redirects).map((r) => {
    let source = cleanSource(r.source);
    let destination = r.destination;
    const splat = /:([A-Za-z_]\w*)\*/.exec(source);
    if (splat) {
      source = source.replace(splat[0], '*');
      destination = destination.replace(`:${splat[1]}*`, ':splat');
    }
    // Fields are separated by spaces: one inside a path is written as %20, as hosts read it.
    const field = (s: string) => s.replaceAll(' ', '%20');
    return `${field(source)} ${field(destination)} ${r.permanent === false ? 302 : 301}`;
  });
  return lines.length ? '# Redirects from the site settings (Netlify, Cloudflare Pages)\n' + lines.join('\n') + '\n' : '';
}
