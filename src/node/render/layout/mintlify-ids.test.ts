import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchInput } from '../../search/index.js';
import { buildPage, createEngines, loadSite, mapCache } from '../../site/load.js';
import { LAYOUT_IDS } from './mintlify-ids.js';

const dir = mkdtempSync(path.join(tmpdir(), 'kiln-mintlify-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The home page of a site of two pages, its body `body`, built with `settings` (and `extra` over them). */
async function homeHtml(body: string, extra: object = {}): Promise<string> {
  const root = mkdtempSync(path.join(dir, 'site-'));
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...settings, ...extra }));
  writeFileSync(path.join(root, 'index.mdx'), `---\ntitle: Home\n---\n\n${body}`);
  writeFileSync(path.join(root, 'next.mdx'), '---\ntitle: Next\n---\n\nText.\n');
  const { site } = await loadSite({ root, dev: false });
  const result = await buildPage(site!, site!.content.pages.get('index')!, createEngines(), mapCache());
  return result.html;
}

const settings = {
  name: 'Ids',
  navbar: { primary: { type: 'button', label: 'Sign up', href: 'https://example.com' } },
  banner: { content: 'New release' },
  feedback: { thumbsRating: true },
  navigation: { groups: [{ group: 'Start', pages: ['index', 'next'] }] },
};
const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);

describe("Mintlify's layout identifiers", () => {
  it('are on the parts of the page, once each', async () => {
    const html = await homeHtml('## Install\n\n<RequestExample>\n```bash\ncurl x\n```\n</RequestExample>\n\n<ResponseExample>\n```json\n{}\n```\n</ResponseExample>\n');
    const all = ids(html);
    // The side column holds the examples instead of "On this page".
    const drawn = LAYOUT_IDS.filter((id) => !id.startsWith('table-of-contents'));
    for (const id of drawn) expect(all.filter((i) => i === id), id).toHaveLength(1);
    expect(html).toContain('<header class="topbar" id="navbar">');
    expect(html).toContain('<h1 id="page-title" data-pagefind-meta="title">Home</h1>');
    expect(html).toContain('id="topbar-cta-button" href="https://example.com"');
  });

  it("step aside where the content has the id: a heading's link keeps going to the heading", async () => {
    const html = await homeHtml('## Header\n\n## Pagination\n\n## Footer\n\n## Navbar\n\n## Table of contents\n');
    const all = ids(html);
    for (const id of ['header', 'pagination', 'footer', 'navbar', 'table-of-contents']) {
      expect(all.filter((i) => i === id), id).toHaveLength(1);
      expect(html).toContain(`<h2 id="${id}">`);
    }
    expect(html).toContain('<header class="topbar">');
    expect(html).toContain('<nav class="prev-next" aria-label=');
    // The others stay.
    expect(all).toContain('page-title');
    expect(all).toContain('table-of-contents-content');
  });

  it('are not anchors of the search index: only the content is', async () => {
    const html = await homeHtml('## Install\n\n## Pagination\n\n<RequestExample>\n```bash\ncurl x\n```\n</RequestExample>\n', { contextual: { options: ['chatgpt', 'copy'] } });
    expect(html).toContain('id="page-context-menu-button"');
    const anchors = ids(searchInput(html));
    expect(anchors).toContain('install');
    // The one left is the heading's.
    expect(anchors.filter((id) => (LAYOUT_IDS as readonly string[]).includes(id))).toEqual(['pagination']);
  });
});
