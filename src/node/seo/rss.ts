/**
 * An RSS 2.0 feed for each changelog page (a page that uses `<Update>`), at the page's URL +
 * `/rss.xml` as Mintlify publishes it (`/changelog` → `/changelog/rss.xml`; the home page's is
 * `/rss.xml`). One item per top-level Update: its label (or `rss.title`) as the title, a link to
 * its anchor, its description and content (or `rss.description`) as HTML, its tags as categories
 * and a date when the label is one (`2024-10-11`, `March 2025`, `Nov 3, 2024`).
 */
import type { Nodes as HastNodes } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Nodes, Parent, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { toHast } from 'mdast-util-to-hast';
import { bodyStamp, type ContentModel, type Page } from '../content/pages.js';
import { pageDocument } from '../mdx/page-document.js';
import { attributeValue, NOT_LITERAL } from '../mdx/static-expression.js';
import { updateId } from '../mdx/plugins/remark-update-toc.js';
import type { Settings } from '../settings/types.js';
import { absolute, feedPath, resolveCleanLink } from '../../shared/urls.js';
import { escapeXml } from './xml.js';

export interface FeedItem {
  title: string;
  /** Anchor of the Update on its page (`march-2025`). */
  id: string;
  /** HTML: the description, then the content. */
  html: string;
  tags: string[];
  date?: Date;
}

const MAY_HAVE_UPDATES = /<Update[\s>/]/;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase());

/** A label that is a date: `2024-10-11`, `2024-10`, `March 2025`, `Nov 3, 2024`, `3 November 2024` (UTC). */
export function labelDate(label: string): Date | undefined {
  const s = label.trim();
  let y: number, m: number, d = 1;
  let r: RegExpExecArray | null;
  if ((r = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(s))) [y, m, d] = [+r[1]!, +r[2]! - 1, r[3] ? +r[3] : 1];
  else if ((r = /^([A-Za-z]{3,9})\.? (?:(\d{1,2})(?:st|nd|rd|th)?,? )?(\d{4})$/.exec(s))) [y, m, d] = [+r[3]!, month(r[1]!), r[2] ? +r[2] : 1];
  else if ((r = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})$/.exec(s))) [y, m, d] = [+r[3]!, month(r[2]!), +r[1]!];
  else return undefined;
  if (m < 0 || m > 11 || d < 1 || d > 31) return undefined;
  const date = new Date(Date.UTC(y, m, d));
  return date.getUTCMonth() === m ? date : undefined;
}

type Jsx = MdxJsxFlowElement;
const attr = (node: Jsx, name: string) => node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
const text = (node: Jsx, name: string): string | undefined => {
  const v = attr(node, name)?.value;
  return typeof v === 'string' ? v : undefined;
};

/** The literal value of an attribute (`{["a", "b"]}`, `{{ title: "…" }}`), or undefined. */
function literal(node: Jsx, name: string): unknown {
  const value = attributeValue(node, name);
  return value === NOT_LITERAL ? undefined : value;
}

/**
 * What a feed reader can show of an Update's content: Markdown as HTML, components unwrapped to
 * their Markdown content, imports, expressions and raw HTML left out; links made absolute.
 */
function contentHtml(children: RootContent[], pageId: string, siteUrl: string | undefined): string {
  // New nodes where something changes: the page's document is read, never changed.
  const keep = (nodes: RootContent[]): RootContent[] =>
    nodes.flatMap((n): RootContent[] => {
      if (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') return keep(n.children as RootContent[]);
      if (n.type === 'mdxjsEsm' || n.type === 'mdxFlowExpression' || n.type === 'mdxTextExpression' || n.type === 'html') return [];
      let out: RootContent = n;
      if (n.type === 'link' || n.type === 'image' || n.type === 'definition') out = { ...n, url: absolute(siteUrl, resolveCleanLink(n.url, pageId, n.type !== 'image')) };
      if ('children' in out) out = { ...out, children: keep((out as Parent).children) } as RootContent;
      return [out];
    });
  const root: Root = { type: 'root', children: keep(children) };
  return toHtml(toHast(root) as HastNodes);
}

/** `body`: the page's `bodyStamp` the items were found from; a page whose body changes is read again. */
const feeds = new WeakMap<Page, { body: unknown; items: FeedItem[]; siteUrl?: string }>();

/** The items of a page's feed, in page order; none when the page has no `<Update>`. */
export function feedItems(page: Page, siteUrl?: string): FeedItem[] {
  const cached = feeds.get(page);
  const stamp = bodyStamp(page);
  if (cached && cached.body === stamp && cached.siteUrl === siteUrl) return cached.items;
  let items: FeedItem[] = [];
  const source = page.body;
  const doc = MAY_HAVE_UPDATES.test(source) ? pageDocument(page.file, source) : undefined;
  // A page that does not parse has no feed (the build reports the page itself).
  if (doc?.kind === 'parsed') {
    try {
      items = updateItems(doc.tree, page, siteUrl);
    } catch {
      items = []; // content a feed cannot show: no feed, as for a page that does not parse
    }
  }
  feeds.set(page, { body: stamp, items, siteUrl });
  return items;
}

function updateItems(tree: Root, page: Page, siteUrl: string | undefined): FeedItem[] {
  return tree.children.flatMap((n): FeedItem[] => {
      if (n.type !== 'mdxJsxFlowElement' || n.name !== 'Update') return [];
      const label = text(n, 'label')?.trim() ?? '';
      const id = updateId(label);
      if (!id) return [];
      const rss = literal(n, 'rss') as { title?: unknown; description?: unknown } | undefined;
      const tags = literal(n, 'tags');
      const description = text(n, 'description');
      const custom = typeof rss?.description === 'string' ? rss.description : undefined;
      const html = custom !== undefined
        ? `<p>${escapeXml(custom)}</p>`
        : (description ? `<p>${escapeXml(description)}</p>` : '') + contentHtml(n.children as RootContent[], page.id, siteUrl);
      return [{
        title: typeof rss?.title === 'string' && rss.title.trim() ? rss.title.trim() : label,
        id,
        html,
        tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [],
        date: labelDate(label),
      }];
    });
}

/** Takes the items of `page`'s feed as the thread that made the page found them (build/produce.ts). */
export function rememberFeedItems(page: Page, siteUrl: string | undefined, items: FeedItem[]): void {
  feeds.set(page, { body: bodyStamp(page), items, siteUrl });
}

/** Pages that get a feed: published, indexable pages with at least one Update. */
export function feedPages(content: ContentModel, siteUrl?: string): Page[] {
  return [...content.pages.values()].filter((p) => content.byUrl.get(p.url) === p && !p.frontMatter.noindex && feedItems(p, siteUrl).length > 0);
}

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/**
 * The feed document. Links are absolute when the site URL is known (`--site`, the settings), else
 * root-relative, which feed readers resolve against the feed's own URL.
 */
export function rssXml(settings: Pick<Settings, 'name' | 'siteUrl'>, page: Page): string {
  const siteUrl = settings.siteUrl;
  const pageLink = absolute(siteUrl, page.url);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `  <title>${escapeXml(`${page.title} - ${settings.name}`)}</title>`,
    `  <link>${escapeXml(pageLink)}</link>`,
    `  <description>${escapeXml(page.frontMatter.description ?? `${page.title} of ${settings.name}`)}</description>`,
    ...(siteUrl ? [`  <atom:link href="${escapeXml(absolute(siteUrl, feedPath(page.url)))}" rel="self" type="application/rss+xml"/>`] : []),
    '  <language>en</language>',
    '  <generator>Kiln</generator>',
    ...(page.lastModified ? [`  <lastBuildDate>${page.lastModified.toUTCString()}</lastBuildDate>`] : []),
  ];
  for (const item of feedItems(page, siteUrl)) {
    const link = escapeXml(`${pageLink}#${item.id}`);
    lines.push(
      '  <item>',
      `    <title>${escapeXml(item.title)}</title>`,
      `    <link>${link}</link>`,
      `    <guid isPermaLink="${siteUrl ? 'true' : 'false'}">${link}</guid>`,
      ...(item.date ? [`    <pubDate>${item.date.toUTCString()}</pubDate>`] : []),
      ...item.tags.map((t) => `    <category>${escapeXml(t)}</category>`),
      `    <description>${cdata(item.html)}</description>`,
      '  </item>',
    );
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}
