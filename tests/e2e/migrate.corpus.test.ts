import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/node/migrate/migrate.js';
import type { NavNode } from '../../src/node/content/pages.js';
import { AnchorList, DivisionAnchors, DivisionTabBar, TabBar } from '../../src/node/render/layout/sections.js';
import { loadSite } from '../../src/node/site/load.js';
import { corpus, kiln, offlineEnv, scratchCopies } from './helpers.js';

const copies = scratchCopies();
afterAll(copies.cleanup);
const copyOf = copies.copy;

describe('kiln migrate on a corpus site', () => {
  it('builds a migrated corpus site to the same pages, sidebars, tabs and anchors', async () => {
    const site = 'OpenPipe__OpenPipe';
    const before = copyOf(path.join(corpus, site));
    const after = copyOf(path.join(corpus, site));
    expect((await kiln(['migrate', after])).code).toBe(0);
    rmSync(path.join(after, 'mint.json'));
    for (const dir of [before, after]) await kiln(['build', dir, '--out', path.join(dir, 'dist'), '--no-cache'], { env: offlineEnv });

    const pages = (dir: string) => (readdirSync(path.join(dir, 'dist'), { recursive: true }) as string[]).filter((f) => f.endsWith('.html')).sort();
    expect(pages(after)).toEqual(pages(before));
    expect(pages(before)).toHaveLength(27);
    const navigation = (dir: string, page: string) => {
      const html = readFileSync(path.join(dir, 'dist', page), 'utf8');
      return [/<nav class="tab-bar[ "][\s\S]*?<\/nav>/, /<aside class="sidebar"[\s\S]*?<\/aside>/, /<nav class="prev-next"[\s\S]*?<\/nav>/].map((re) => re.exec(html)?.[0] ?? '');
    };
    for (const page of pages(before)) expect(navigation(after, page), page).toEqual(navigation(before, page));
  });
});

/**
 * What shows differently after the migration, and why; everything else (the pages, and each
 * page's sidebar in each version) is the same for every classic site of the corpus. `gone`: a tab
 * or anchor shown before, not after; `moved`: one that links elsewhere after; `sidebars`: pages
 * whose sidebar differs.
 */
const DIFFERENCES: Record<string, { gone?: string[]; moved?: string[]; sidebars?: number }> = {
  // 13 pages in v1/ that no navigation lists: docs.json's reader gives them the sidebar of the
  // version whose folder they are in (v1); mint.json's showed the default version's (v2).
  'AgentOps-AI__agentops': { sidebars: 13 },
  // Mintlify's upgrade keeps no top anchor that only repeats the first tab: the anchors become
  // `navigation.global` (external links shown everywhere) beside the tabs.
  PrefectHQ__ControlFlow: { gone: ['anchor Documentation'] },
  crewAIInc__crewAI: { gone: ['anchor Documentation'] },
  'elementary-data__elementary': { gone: ['anchor Documentation'] },
  // Its one tab is an external link, so it goes to `global`; the pages go under a first anchor,
  // and the tab bar no longer has a tab of its own for them.
  featureform__featureform: { gone: ['tab Documentation'] },
  // As above; and its API Reference tab lists no pages and names an OpenAPI URL, written
  // `{source, directory}` as Mintlify does. Offline (as tests are) the URL gives no pages, so the
  // tab has nothing to show and is not drawn; mint.json's tab bar drew it, leading to its empty
  // folder. With the file at hand the tab is drawn and its pages are under /api-reference/
  // (src/node/openapi/auto-nav.test.ts).
  'julep-ai__julep': { gone: ['anchor Documentation', 'tab API Reference'] },
};

describe('kiln migrate on the corpus', () => {
  const sites = readdirSync(corpus).filter((s) => existsSync(path.join(corpus, s, 'mint.json')));

  /** A sidebar's groups as a reader of `version` sees them: titles, icons and pages, nested. */
  function tree(nodes: NavNode[], version: string): unknown[] {
    return nodes
      .filter((n) => n.kind === 'page' || !n.version || n.version === version)
      .map((n) => (n.kind === 'page' ? `${n.url} ${n.title} ${n.icon ?? ''}` : { group: n.title, icon: n.icon, pages: tree(n.children, version) }));
  }

  /** The version a reader of `url` sees, as the version menu picks it (client/versions.ts): the page's own, else the default, else the first. */
  function readerVersion(nodes: NavNode[], url: string, settings: { versions: string[]; versionOptions?: { name: string; default?: boolean }[] }): string {
    const holds = (n: NavNode): boolean => (n.kind === 'page' ? n.url === url : n.children.some(holds));
    const own = nodes.find((n) => n.kind !== 'page' && n.version && holds(n));
    if (own && own.kind !== 'page' && own.version) return own.version;
    return settings.versionOptions?.find((v) => v.default)?.name ?? settings.versions[0] ?? '';
  }

  /** Pages, and for each page the sidebar and the tab and anchor bars its reader sees, drawn as the layout draws them (render/layout/document.tsx). */
  async function layout(root: string) {
    const { site, diagnostics } = await loadSite({ root, dev: true, validateOpenApi: false });
    if (!site) throw new Error(diagnostics.map((d) => d.message).join('\n'));
    const { settings, sections } = site.context;
    const v2 = !!settings.divisions;
    const urls = [...site.content.byUrl.keys()].sort();
    const pages = urls.map((url) => {
      const current = sections.of(url);
      const version = readerVersion(current.groups, url, settings);
      const bars = renderToStaticMarkup(
        createElement(
          'div',
          null,
          v2 ? createElement(DivisionTabBar, { settings, sections, current }) : createElement(TabBar, { settings, sections, current }),
          v2 ? createElement(DivisionAnchors, { settings, sections, current }) : createElement(AnchorList, { settings, sections, current }),
        ),
      );
      const items = [...bars.matchAll(/<li( data-version="([^"]*)")?[^>]*>\s*<a([^>]*)>([\s\S]*?)<\/a>/g)]
        .filter((m) => m[2] === undefined || m[2] === version)
        .map((m) => ({
          name: `${/class="anchor-link[ "]/.test(m[3]!) ? 'anchor' : 'tab'} ${m[4]!.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")}`,
          href: /href="([^"]*)"/.exec(m[3]!)?.[1],
        }));
      return { url, sidebar: JSON.stringify(tree(current.groups, version)), bars: items };
    });
    return { urls, pages, errors: diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`) };
  }

  it('writes, for every classic site, a docs.json that Kiln reads to the same pages and navigation', async () => {
    const differences: typeof DIFFERENCES = {};
    for (const site of sites) {
      const dir = copyOf(path.join(corpus, site));
      const before = await layout(dir);
      const result = await migrate({ root: dir });
      expect(result.written, site).toBe(path.join(dir, 'docs.json'));
      rmSync(path.join(dir, 'mint.json'));
      const after = await layout(dir);

      expect(after.urls, site).toEqual(before.urls);
      expect(after.errors, site).toEqual(before.errors);
      const gone = new Set<string>();
      const moved = new Set<string>();
      const sidebars = new Set<string>();
      before.pages.forEach((b, i) => {
        const a = after.pages[i]!;
        if (a.sidebar !== b.sidebar) sidebars.add(b.url);
        for (const item of b.bars) {
          const now = a.bars.find((x) => x.name === item.name);
          if (!now) gone.add(item.name);
          else if (now.href !== item.href) moved.add(item.name);
        }
        for (const item of a.bars) expect(b.bars.map((x) => x.name), `${site} ${b.url}: ${item.name} is new`).toContain(item.name);
      });
      if (gone.size || moved.size || sidebars.size) {
        differences[site] = { ...(gone.size ? { gone: [...gone].sort() } : {}), ...(moved.size ? { moved: [...moved].sort() } : {}), ...(sidebars.size ? { sidebars: sidebars.size } : {}) };
      }
    }
    expect(sites).toHaveLength(16);
    expect(differences).toEqual(DIFFERENCES);
  }, 600_000);
});
