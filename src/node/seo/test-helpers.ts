import type { ContentModel, NavGroupNode, Page } from '../content/pages.js';
import type { Settings } from '../settings/types.js';

type PageSpec = Partial<Page> & { id: string; description?: string; noindex?: boolean; data?: Record<string, unknown> };

/** A small content model: pages in order; `nav` groups name pages by id. */
export function fakeContent(pages: PageSpec[], nav: { title: string; ids: string[] }[]): ContentModel {
  const all = pages.map((p): Page => ({
    url: p.id === 'index' ? '/' : `/${p.id}`,
    file: `/root/${p.id}.mdx`,
    relPath: `${p.id}.mdx`,
    body: '',
    title: p.title ?? p.id,
    navTitle: p.title ?? p.id,
    inNav: nav.some((g) => g.ids.includes(p.id)),
    ...p,
    frontMatter: { description: p.description, noindex: p.noindex, data: p.data ?? {} },
  }));
  const byId = new Map(all.map((p) => [p.id, p]));
  const byUrl = new Map(all.map((p) => [p.url, p]));
  const order = nav.flatMap((g) => g.ids);
  if (!byUrl.has('/') && order[0]) byUrl.set('/', byId.get(order[0])!);
  const navNodes: NavGroupNode[] = nav.map((g) => ({ kind: 'group', title: g.title, children: g.ids.map((id) => ({ kind: 'page', id, url: byId.get(id)!.url, title: byId.get(id)!.title })) }));
  return { pages: byId, byUrl, order, nav: navNodes, directories: new Map(), diagnostics: [] };
}

export function fakeSettings(extra: Partial<Settings> = {}): Settings {
  return {
    file: '/root/docs.json', name: 'Acme', navigation: [], colors: { primary: '#000000' }, topbarLinks: [], versions: [], anchors: [],
    topAnchor: { name: 'Docs', icon: 'book', iconType: 'solid' }, tabs: [], api: { playground: { mode: 'show' } }, openapi: [], footerSocials: [],
    feedback: { suggestEdit: false, raiseIssue: false }, modeToggle: { isHidden: false }, ...extra,
  };
}
