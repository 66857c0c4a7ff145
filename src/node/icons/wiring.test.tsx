import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import type { NavGroupNode } from '../content/pages.js';
import { Callout } from '../render/components/callouts.js';
import { Card } from '../render/components/cards.js';
import { Accordion, Step, Steps, Tab, Tabs } from '../render/components/disclosure.js';
import { Icon } from '../render/components/misc.js';
import { SidebarRenderer } from '../render/layout/sidebar.js';
import { createEngines, loadSite, buildPage, mapCache } from '../site/load.js';
import { resolveIcon } from './resolve.js';

const pathOf = (name: string, type?: string) => resolveIcon(name, type).glyph.paths![0]!;

describe('components name icons', () => {
  it('Card puts the icon as SVG in its icon box, with the card colour', () => {
    const out = renderToStaticMarkup(<Card title="Quickstart" icon="rocket" color="#0ea5e9" href="/quickstart">Go</Card>);
    expect(out).toContain(`<span class="card-icon" style="color:#0ea5e9" aria-hidden="true"><svg class="kiln-icon kiln-icon-solid"`);
    expect(out).toContain(`<path d="${pathOf('rocket')}">`);
    expect(renderToStaticMarkup(<Card title="B" icon="github" iconType="brands" />)).toContain(`d="${pathOf('github', 'brands')}"`);
    expect(renderToStaticMarkup(<Card title="C" icon="/images/c.svg" />)).toContain('<img class="card-icon card-icon-img" src="/images/c.svg" alt=""/>');
  });

  it('Icon, Step, Tab, Accordion and Callout render their icons', () => {
    expect(renderToStaticMarkup(<Icon icon="bolt" size={24} color="red" />)).toContain('class="kiln-icon kiln-icon-solid inline-icon icon"');
    expect(renderToStaticMarkup(<Icon icon="bolt" size={24} color="red" />)).toContain('style="width:24px;height:24px;color:red"');
    expect(renderToStaticMarkup(<Icon icon="bolt" className="big" />)).toContain('class="kiln-icon kiln-icon-solid inline-icon icon big"');
    expect(renderToStaticMarkup(<Icon src="/images/logo.svg" size={16} />)).toBe('<img class="kiln-icon kiln-icon-img inline-icon icon" src="/images/logo.svg" alt="" width="16" height="16" style="width:16px;height:16px" loading="lazy" decoding="async"/>');
    const steps = renderToStaticMarkup(<Steps><Step title="One" icon="code">x</Step><Step title="Two">y</Step></Steps>);
    expect(steps).toContain(`<li class="step step-has-icon"><span class="step-icon"><svg`);
    expect(steps).toContain('<li class="step"><p class="step-title">Two');
    const tabs = renderToStaticMarkup(<Tabs><Tab title="npm" icon="npm">a</Tab><Tab title="Plain">b</Tab></Tabs>);
    expect(tabs).toMatch(/data-tab-label="npm"><svg class="kiln-icon kiln-icon-brands tab-icon"[^>]*data-icon="npm"/);
    expect(tabs).toContain('data-tab-label="Plain">Plain</button>');
    expect(renderToStaticMarkup(<Accordion title="FAQ" icon="circle-question">a</Accordion>)).toMatch(/<span class="accordion-title"><svg class="kiln-icon kiln-icon-solid accordion-icon"[^]*<\/svg>FAQ<\/span>/);
    expect(renderToStaticMarkup(<Callout icon="fire" color="#f00">hot</Callout>)).toMatch(/<aside class="callout callout-custom"[^>]*><svg class="kiln-icon kiln-icon-solid callout-icon"/);
  });
});

describe('sidebar icons', () => {
  const groups: NavGroupNode[] = [
    {
      kind: 'group', title: 'Get started', icon: 'rocket', children: [
        { kind: 'page', id: 'intro', url: '/', title: 'Introduction', icon: 'fire-flame-curved' },
        { kind: 'page', id: 'quickstart', url: '/quickstart', title: 'Quickstart', icon: 'bolt' },
        { kind: 'group', title: 'More', icon: 'github', iconType: 'brands', children: [{ kind: 'page', id: 'more', url: '/more', title: 'More', icon: '/img/m.png' }] },
      ],
    },
  ];

  it('puts a 16px icon before page and group labels, and still marks the current page', () => {
    const html = new SidebarRenderer(groups).render('/quickstart');
    expect(html).toContain(`<h2 class="nav-group-title sidebar-group-header"><svg class="kiln-icon kiln-icon-solid nav-icon sidebar-group-icon"`);
    expect(html).toMatch(new RegExp(`<a class="nav-link" href="/quickstart" aria-current="page"><svg class="kiln-icon kiln-icon-solid nav-icon"[^>]*width="16" height="16"[^>]*data-icon="bolt"[^>]*><path d="${pathOf('bolt').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"></path></svg>Quickstart</a>`));
    expect(html).toContain(`data-icon="fire-flame-curved"`);
    expect(html).toMatch(/<span class="nav-subgroup-label"><svg class="kiln-icon kiln-icon-brands nav-icon sidebar-group-icon"[^]*?<\/svg>More<\/span>/);
    expect(html).toContain('<img class="kiln-icon kiln-icon-img nav-icon" src="/img/m.png"');
  });
});

describe('a built page', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kiln-icons-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('inlines icons and warns about unknown names at their position in the page file', async () => {
    mkdirSync(path.join(dir, 'snippets'));
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ name: 'Icons', navigation: [{ group: 'Start', icon: 'rocket', pages: ['index'] }] }));
    writeFileSync(path.join(dir, 'snippets', 'more.mdx'), '<Card title="S" icon="snippet-nope" />\n');
    writeFileSync(
      path.join(dir, 'index.mdx'),
      ['---', 'title: Home', 'icon: "sidebar-nope"', '---', '', "import More from '/snippets/more.mdx';", '', '<Card title="A" icon="rocket" />', '<Card title="B" icon="no-such-icon" />', '', '<More />', ''].join('\n'),
    );
    const { site } = await loadSite({ root: dir, dev: false });
    const result = await buildPage(site!, site!.content.pages.get('index')!, createEngines(), mapCache());
    expect(result.html).toContain(`d="${pathOf('rocket')}"`);
    expect(result.html).toContain('data-icon-unknown="no-such-icon"');
    const warnings = result.diagnostics.filter((d) => d.code === 'icon/unknown').map((d) => [d.message, path.relative(dir, d.file!), d.line, d.column]);
    expect(warnings).toEqual([
      ['Unknown icon "no-such-icon"; a default icon is shown instead.', 'index.mdx', 9, 23],
      ['Unknown icon "snippet-nope"; a default icon is shown instead.', path.join('snippets', 'more.mdx'), 1, 23],
      ['Unknown icon "sidebar-nope"; a default icon is shown instead.', 'index.mdx', 3, 8],
    ]);
  });

  it("draws the page's, the sidebar's and the anchors' icons from `icons.library`", async () => {
    const lib = path.join(dir, 'lucide-site');
    mkdirSync(lib);
    const groups = [{ group: 'Start', icon: 'house', pages: ['index'] }];
    writeFileSync(path.join(lib, 'docs.json'), JSON.stringify({ name: 'Lucide', icons: { library: 'lucide' }, navigation: { groups, global: { anchors: [{ anchor: 'Blog', icon: 'book-open', href: 'https://example.com/blog' }] } } }));
    writeFileSync(path.join(lib, 'index.mdx'), ['---', 'title: Home', 'icon: bot', '---', '', '<Card title="A" icon="rocket" />', '<Card title="B" icon="github" />', ''].join('\n'));
    const { site } = await loadSite({ root: lib, dev: false });
    const result = await buildPage(site!, site!.content.pages.get('index')!, createEngines(), mapCache());
    const lucide = (name: string) => resolveIcon(name, undefined, 'lucide').glyph.markup!;
    const svg = (where: string, name: string) => new RegExp(`${where}[^]*?<svg class="kiln-icon kiln-icon-lucide[^"]*"[^>]*data-icon="${name}"[^>]*>${lucide(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</svg>`);
    expect(result.html).toMatch(svg('<span class="card-icon"', 'rocket'));
    expect(result.html).toMatch(svg('<h2 class="nav-group-title sidebar-group-header">', 'house'));
    expect(result.html).toMatch(svg('<a class="nav-link"', 'bot'));
    expect(result.html).toMatch(svg('href="https://example.com/blog"', 'book-open'));
    // Kiln's own controls stay Font Awesome; a name Lucide lacks comes from Font Awesome, with a note.
    expect(result.html).toContain('class="kiln-icon kiln-icon-brands" viewBox="0 0 512 512" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false" data-icon="github"');
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['icon/other-library', 7, 23]]);
  });
});
