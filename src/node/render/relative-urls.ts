import { isRelativeUrl, resolveLink } from '../../shared/urls.js';

/** An element's start tag: text never holds a raw `<` (highlighted code's quotes can be raw). */
const START_TAG = /<[a-zA-Z][^<>]*>/g;
/** A URL attribute in a start tag, double-quoted as React and the highlighter write them. */
const URL_ATTRIBUTE = /(\s(href|src|poster)=")([^"]*)"/g;

const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
const decode = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(parseInt(e.slice(e[1] === 'x' || e[1] === 'X' ? 2 : 1), e[1] === 'x' || e[1] === 'X' ? 16 : 10)) : NAMED[e.toLowerCase()]!,
  );
const encode = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Markup rendered for page `pageId`, with the relative URLs its snippets left as written
 * (mdx/plugins/rehype-resolve-urls.ts) resolved against that page, as the page's own are when it
 * is compiled: root-relative, `.md`/`.mdx` dropped from links. Only the URL attributes of start
 * tags are read.
 */
export function resolveRelativeUrls(html: string, pageId: string): string {
  return html.replace(START_TAG, (tag) =>
    tag.replace(URL_ATTRIBUTE, (whole, lead: string, name: string, raw: string) => {
      const value = decode(raw);
      return isRelativeUrl(value) ? `${lead}${encode(resolveLink(value, pageId, name === 'href'))}"` : whole;
    }),
  );
}
