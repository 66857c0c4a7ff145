import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Html, Root as MdastRoot } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { satteri } from '../satteri.js';
import { isWebUrl } from '../../shared/urls.js';

/**
 * Markdown from an OpenAPI file → safe HTML. Every description is untrusted, so:
 * - raw HTML is never passed through: an HTML node becomes its text (tags stripped, the content
 *   of script/style/template dropped), escaped on output;
 * - the HTML tree is rebuilt through an allowlist of elements and attributes (anything else is
 *   unwrapped to its children), so no event handler or style attribute can appear;
 * - `href`/`src` keep only http(s), mailto, relative and fragment URLs (no `javascript:`,
 *   `data:`, `vbscript:`), and external links get rel="noopener noreferrer nofollow".
 * (rehype-sanitize / hast-util-sanitize are not installed; this is the same allowlist approach.)
 */
const ALLOWED: Record<string, string[]> = {
  p: [], br: [], hr: [], strong: [], em: [], del: [], code: [], pre: [], blockquote: [],
  ul: [], ol: ['start'], li: [], a: ['href', 'title'], img: ['src', 'alt', 'title'],
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  table: [], thead: [], tbody: [], tr: [], th: ['align'], td: ['align'], input: ['type', 'checked', 'disabled'],
  sup: [], sub: [], section: [], span: [],
};
const DROP_WITH_CONTENT = /<(script|style|template|iframe|object|embed|noscript|textarea|title|xmp)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;

export function safeUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme && !['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase())) return undefined;
  return url.trim();
}

/** Text of raw HTML: tags removed, dangerous elements removed with their content, entities kept literal. */
export function htmlToText(html: string): string {
  return html.replace(DROP_WITH_CONTENT, '').replace(/<!--[\s\S]*?(-->|$)/g, '').replace(/<\/?[a-z][^>]*>?/gi, '').replace(/<br\s*\/?>/gi, '\n');
}

function clean(nodes: RootContent[] | ElementContent[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(node);
    else if (node.type === 'element') {
      const allowed = ALLOWED[node.tagName];
      const children = clean(node.children);
      if (!allowed) {
        out.push(...children);
        continue;
      }
      const props: Element['properties'] = {};
      for (const attr of allowed) {
        const value = node.properties?.[attr];
        if (value === undefined || value === null) continue;
        if (attr === 'href' || attr === 'src') {
          const url = safeUrl(String(value));
          if (url !== undefined) props[attr] = url;
        } else if (attr === 'type') {
          if (value === 'checkbox') props.type = 'checkbox';
        } else props[attr] = typeof value === 'boolean' || typeof value === 'number' ? value : String(value);
      }
      if (node.tagName === 'a' && typeof props.href === 'string' && isWebUrl(props.href)) {
        props.rel = ['noopener', 'noreferrer', 'nofollow'];
        props.target = '_blank';
      }
      if (node.tagName === 'img') props.loading = 'lazy';
      out.push({ type: 'element', tagName: node.tagName, properties: props, children: node.tagName === 'img' || node.tagName === 'input' ? [] : children });
    }
    // comments, doctypes and raw nodes are dropped
  }
  return out;
}

/**
 * A description (CommonMark and GFM) as micromark's mdast, by satteri, without positions;
 * undefined when satteri did not load or the text has what satteri reads otherwise
 * (`markdownRisky`), and the caller parses with micromark. Descriptions are many and short, and
 * micromark sets up its constructs for each: on the corpus's 1,951 descriptions that need a
 * parser, 1.26 s against satteri's 0.19 s, the same HTML for each.
 */
export function parseMarkdownNative(source: string): MdastRoot | undefined {
  if (!satteri || markdownRisky(source)) return undefined;
  try {
    return satteri.markdownToMdast(source, { features: { gfm: true, frontmatter: false }, position: false }) as unknown as MdastRoot;
  } catch {
    return undefined;
  }
}

/**
 * Markdown on which satteri and micromark can disagree, found by comparing the HTML of both on
 * every corpus page read as Markdown and on random documents (native-markdown.test.ts):
 * - a line starting with white space: satteri splits indented code at a blank line after a list,
 *   and keeps the indentation of a paragraph's later lines;
 * - a line starting with `<`: an HTML block `<pre>` ends at `</script>` to micromark, not to
 *   satteri, and after a table such a line is a row to satteri;
 * - a list item with nothing after its marker, a quote line with nothing after `>`, an ordered list
 *   starting from another number than 1: satteri reads them otherwise after a definition, or
 *   below a list in a quote.
 * Most descriptions have none of these (38 of the corpus's 1,951 do).
 */
export function markdownRisky(source: string): boolean {
  if (/^(?:[ \t]+\S|<|(?:[-+*]|\d{1,9}[.)])[ \t]*$|>[ \t]*$)/m.test(source)) return true;
  let previous = '';
  for (const line of source.split(/\r\n?|\n/)) {
    const item = /^(\d{1,9})[.)]/.exec(line);
    if (item && item[1] !== '1' && !/^\d{1,9}[.)]/.test(previous)) return true;
    if (line.trim()) previous = line;
  }
  return false;
}

const cache = new Map<string, string>();

/**
 * Text the parser would only put in a paragraph: a letter, then letters, digits, plain punctuation
 * and single spaces (none last), with nothing that starts a list, link, autolink, emphasis, code,
 * HTML or a reference. A colon starts nothing without a slash or an `@` (`https://`, `mailto:a@b`),
 * and a quote is only text outside HTML. Most descriptions and titles are such sentences, and parsing
 * one took about 0.5 ms (micromark sets up its constructs and GFM's for every document): on a
 * 1,000-page site whose front matter descriptions have a colon, 1.2 s of a build's CPU.
 */
const PLAIN = /^[A-Za-z](?:[A-Za-z0-9,.'’;:"?()-]| (?=[^ ]))*$/;

/** Render an OpenAPI description (CommonMark + GFM) to sanitised HTML. */
export function renderMarkdown(source: string | undefined): string {
  if (!source || typeof source !== 'string') return '';
  if (PLAIN.test(source) && !/www\./i.test(source)) return `<p>${source}</p>`;
  return parsedMarkdown(source);
}

/** `renderMarkdown` through the parser, whatever the text (exported for the tests). */
export function parsedMarkdown(source: string): string {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  const mdast = parseMarkdownNative(source) ?? (fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as MdastRoot);
  // Raw HTML becomes plain text (its tags removed).
  visit(mdast, 'html', (node: Html, index, parent) => {
    if (!parent || index === undefined) return;
    const value = htmlToText(node.value);
    parent.children.splice(index, 1, ...(value ? [{ type: 'text' as const, value }] : []));
    return index;
  });
  const hast = toHast(mdast, { allowDangerousHtml: false }) as HastRoot;
  const html = toHtml({ type: 'root', children: clean(hast.children) });
  if (cache.size > 5000) cache.clear();
  cache.set(source, html);
  return html;
}

/** Single-line Markdown (a summary, a schema title) as inline HTML: the paragraph unwrapped. */
export function renderInlineMarkdown(source: string | undefined): string {
  return renderMarkdown(source).replace(/^<p>([\s\S]*)<\/p>$/, '$1');
}
