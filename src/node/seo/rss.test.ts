import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/pages.js';
import { scanProject } from '../content/scan.js';
import { loadSettings } from '../settings/load.js';
import type { Page } from '../content/pages.js';
import { feedItems, feedPages, labelDate, rssXml } from './rss.js';
import { fakeContent } from './test-helpers.js';
import { feedPath } from '../../shared/urls.js';

/**
 * XML 1.0 well-formedness, strictly: one root element, tags nested and closed, attributes quoted
 * and unique, `&` only in entity or character references, `<` only as markup, CDATA closed.
 * Returns the problem, or undefined. (No XML parser ships with the project's dependencies.)
 */
export function xmlProblem(xml: string): string | undefined {
  const NAME = '[A-Za-z_:][\\w.:-]*';
  const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/;
  const tag = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);
  const stack: string[] = [];
  let rest = xml.replace(/^<\?xml[^?]*\?>/, '');
  let roots = 0;
  while (rest) {
    if (rest.startsWith('<![CDATA[')) {
      const end = rest.indexOf(']]>');
      if (end < 0) return 'unclosed CDATA section';
      if (!stack.length) return 'CDATA outside the root element';
      rest = rest.slice(end + 3);
    } else if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return 'unclosed comment';
      rest = rest.slice(end + 3);
    } else if (rest.startsWith('<')) {
      const m = tag.exec(rest);
      if (!m) return `malformed tag at ${JSON.stringify(rest.slice(0, 40))}`;
      const [all, close, name, attrs, selfClose] = m;
      const names = [...attrs!.matchAll(new RegExp(`(${NAME})\\s*=`, 'g'))].map((a) => a[1]);
      if (new Set(names).size !== names.length) return `duplicate attribute in <${name}>`;
      if (ENTITY.test(attrs!)) return `bare & in an attribute of <${name}>`;
      if (close) {
        if (stack.pop() !== name) return `</${name}> does not close the open element`;
      } else {
        if (!stack.length && ++roots > 1) return 'more than one root element';
        if (!selfClose) stack.push(name!);
      }
      rest = rest.slice(all!.length);
    } else {
      const end = rest.indexOf('<');
      const text = end < 0 ? rest : rest.slice(0, end);
      if (!stack.length && text.trim()) return 'text outside the root element';
      if (ENTITY.test(text)) return `bare & in ${JSON.stringify(text.slice(0, 40))}`;
      if (text.includes(']]>')) return ']]> in text';
      rest = end < 0 ? '' : rest.slice(end);
    }
  }
  if (stack.length) return `<${stack.at(-1)}> is not closed`;
  return roots === 1 ? undefined : 'no root element';
}

const CHANGELOG = `

Subscribe to the feed.

<Update label="2024-10-11" description="v0.1.0 & more" tags={["API", "SDK"]}>
  ## Typed queues

  - **Typed payloads.** See [the SDK guide](/sdk/javascript#typed) and [retries](./retries).
  - \`ctx.signal\` is aborted when a job is cancelled, for $0.40 a job.

  <Note>Breaking: the old <b>header</b> is gone ]]> for good.</Note>

  {/* a comment */}
  \`\`\`ts
  const a = 1 < 2;
  \`\`\`
</Update>

<Update label="March 2025" rss={{ title: "March 2025: a redesign", description: "Complete UI overhaul" }}>
  <Frame><img src="/dashboard.png" /></Frame>
</Update>

<Update label="v2.0.0">
  Shipped.
</Update>

\`\`\`mdx
<Update label="In a code block">not an entry</Update>
\`\`\`
`;

const content = fakeContent(
  [{ id: 'intro', title: 'Intro' }, { id: 'product/changelog', title: 'Changelog', description: 'What changed.', body: CHANGELOG }, { id: 'hidden-log', title: 'Hidden', noindex: true, body: '<Update label="x">y</Update>' }],
  [{ title: 'G', ids: ['intro', 'product/changelog', 'hidden-log'] }],
);
const changelog = content.pages.get('product/changelog')! as Page;

describe('changelog feeds', () => {
  it('is published at the page URL + /rss.xml', () => {
    expect(feedPath('/product/changelog')).toBe('/product/changelog/rss.xml');
    expect(feedPath('/')).toBe('/rss.xml');
    expect(feedPages(content).map((p) => p.id)).toEqual(['product/changelog']);
  });

  it('has one item per Update: label or rss.title, anchor, tags, date when the label is one', () => {
    const items = feedItems(changelog, 'https://docs.acme.dev');
    expect(items.map((i) => [i.title, i.id, i.tags, i.date?.toISOString()])).toEqual([
      ['2024-10-11', '2024-10-11', ['API', 'SDK'], '2024-10-11T00:00:00.000Z'],
      ['March 2025: a redesign', 'march-2025', [], '2025-03-01T00:00:00.000Z'],
      ['v2.0.0', 'v2-0-0', [], undefined],
    ]);
  });

  it('gives the description and the Markdown content as HTML with absolute links; rss.description replaces both', () => {
    const [first, second] = feedItems(changelog, 'https://docs.acme.dev');
    expect(first!.html).toContain('<p>v0.1.0 &amp; more</p><h2>Typed queues</h2>');
    expect(first!.html).toContain('<a href="https://docs.acme.dev/sdk/javascript#typed">the SDK guide</a>');
    expect(first!.html).toContain('<a href="https://docs.acme.dev/product/retries">retries</a>');
    expect(first!.html).toContain('<code>ctx.signal</code> is aborted when a job is cancelled, for $0.40 a job.');
    // A component keeps its Markdown content; its raw HTML and expressions are left out.
    expect(first!.html).toContain('Breaking: the old');
    expect(first!.html).not.toContain('<b>');
    expect(first!.html).not.toContain('comment');
    expect(first!.html).toContain('const a = 1 &#x3C; 2;');
    expect(second!.html).toBe('<p>Complete UI overhaul</p>');
    // Without a site URL, links stay root-relative.
    expect(feedItems(changelog)[0]!.html).toContain('<a href="/sdk/javascript#typed">');
  });

  it('writes well-formed RSS 2.0 with absolute links and a self link when the site URL is known', () => {
    const xml = rssXml({ name: 'Acme & Co', siteUrl: 'https://docs.acme.dev' }, { ...changelog, lastModified: new Date('2025-03-02T10:00:00Z') });
    expect(xmlProblem(xml)).toBeUndefined();
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('<title>Changelog - Acme &amp; Co</title>');
    expect(xml).toContain('<link>https://docs.acme.dev/product/changelog</link>');
    expect(xml).toContain('<atom:link href="https://docs.acme.dev/product/changelog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<lastBuildDate>Sun, 02 Mar 2025 10:00:00 GMT</lastBuildDate>');
    expect(xml).toContain(
      '  <item>\n    <title>2024-10-11</title>\n    <link>https://docs.acme.dev/product/changelog#2024-10-11</link>\n' +
        '    <guid isPermaLink="true">https://docs.acme.dev/product/changelog#2024-10-11</guid>\n    <pubDate>Fri, 11 Oct 2024 00:00:00 GMT</pubDate>\n' +
        '    <category>API</category>\n    <category>SDK</category>\n    <description><![CDATA[<p>v0.1.0 &amp; more</p>',
    );
    // `]]>` in the content cannot end the CDATA section early.
    expect(xml).toContain('gone ]]]]><![CDATA[> for good');
    expect(xml.match(/<item>/g)).toHaveLength(3);
    expect(xml).not.toContain('In a code block');
  });

  it('is still well-formed without a site URL (root-relative links, no self link)', () => {
    const xml = rssXml({ name: 'Acme' }, changelog);
    expect(xmlProblem(xml)).toBeUndefined();
    expect(xml).toContain('<link>/product/changelog#march-2025</link>');
    expect(xml).toContain('<guid isPermaLink="false">');
    expect(xml).not.toContain('atom:link');
  });

  it('has no items for pages without Update, or that do not parse', () => {
    expect(feedItems(content.pages.get('intro')!)).toEqual([]);
    const broken = fakeContent([{ id: 'b', body: '<Update label="x">\n\n<Oops\n' }], [{ title: 'G', ids: ['b'] }]);
    expect(feedItems(broken.pages.get('b')!)).toEqual([]);
  });

  it('reads dates from labels only when they are dates', () => {
    expect(labelDate('Nov 3, 2024')?.toISOString()).toBe('2024-11-03T00:00:00.000Z');
    expect(labelDate('3 November 2024')?.toISOString()).toBe('2024-11-03T00:00:00.000Z');
    expect(labelDate('2024-02')?.toISOString()).toBe('2024-02-01T00:00:00.000Z');
    for (const s of ['v2.0.0', 'Release 2', '2024-02-30', 'Smarch 2024', 'Q1 2025']) expect(labelDate(s)).toBeUndefined();
  });

  it('the well-formedness check finds real mistakes', () => {
    expect(xmlProblem('<a><b></a></b>')).toMatch(/does not close/);
    expect(xmlProblem('<a>x & y</a>')).toMatch(/bare &/);
    expect(xmlProblem('<a x="1" x="2"/>')).toMatch(/duplicate/);
    expect(xmlProblem('<a><![CDATA[x</a>')).toMatch(/CDATA/);
    expect(xmlProblem('<a/><b/>')).toMatch(/root/);
    expect(xmlProblem('<a x=1/>')).toMatch(/malformed/);
    expect(xmlProblem('<?xml version="1.0"?>\n<a>&amp;&#38;<b c="d"/></a>\n')).toBeUndefined();
  });
});

describe('feeds of pages whose body is read from disk', () => {
  it('are found from the file, kept without the body, and found again when the body is set', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'kiln-rss-bodies-'));
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'T', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'G', pages: ['log'] }] } }));
    await writeFile(path.join(root, 'log.mdx'), '---\ntitle: Log\nrss: true\n---\n\n<Update label="2024-01-02">\n\nFixed it.\n\n</Update>\n');
    const { settings } = await loadSettings(root);
    const content = await loadContent(root, settings!, await scanProject(root), undefined, { bodiesOnDisk: true });
    const page = content.pages.get('log')!;
    const items = feedItems(page);
    expect(items.map((i) => i.html)).toEqual(['<p>Fixed it.</p>']);
    expect(feedItems(page)).toBe(items);
    expect(feedPages(content)).toEqual([page]);
    page.body = 'No more updates\n';
    expect(feedItems(page)).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
});
