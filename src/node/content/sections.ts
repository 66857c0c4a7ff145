import type { Anchor, Settings, Tab } from '../settings/types.js';
import type { ContentModel, NavGroupNode, NavNode } from './pages.js';

/**
 * A section is the part of the site one sidebar shows: the root, a tab, or an internal anchor.
 * Pages belong to a section by URL prefix (the classic layout) or by the tab/anchor their group
 * was listed under (the newer layout); the first tab / top anchor holds everything else.
 */
export interface Section {
  key: string;
  kind: 'root' | 'tab' | 'anchor';
  name: string;
  /** Path prefix without slashes (`api-reference`); empty for the root. */
  prefix: string;
  groups: NavGroupNode[];
  /** URL of the section's first page: where its tab or anchor links to. */
  firstUrl?: string;
  source?: Tab | Anchor;
}

export interface SectionModel {
  sections: Section[];
  /** Section of a page URL. */
  of(url: string): Section;
}

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);
const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

function firstPageUrl(nodes: NavNode[]): string | undefined {
  for (const n of nodes) {
    if (n.kind === 'page') return n.url;
    const inner = firstPageUrl(n.children);
    if (inner) return inner;
  }
  return undefined;
}

function pageUrls(nodes: NavNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.kind === 'page') out.push(n.url);
    else pageUrls(n.children, out);
  }
  return out;
}

function underPrefix(url: string, prefix: string): boolean {
  const path = trimSlashes(url);
  return prefix !== '' && (path === prefix || path.startsWith(prefix + '/'));
}

export function buildSections(settings: Settings, content: ContentModel): SectionModel {
  const root: Section = { key: 'root', kind: 'root', name: settings.primaryTab?.name ?? settings.topAnchor.name, prefix: '', groups: [] };
  const owners: Section[] = [
    ...settings.tabs.filter((t) => !isExternal(t.url)).map((t): Section => ({ key: `tab:${t.name}`, kind: 'tab', name: t.name, prefix: trimSlashes(t.url), groups: [], source: t })),
    ...settings.anchors.filter((a) => !isExternal(a.url)).map((a): Section => ({ key: `anchor:${a.name}`, kind: 'anchor', name: a.name, prefix: trimSlashes(a.url), groups: [], source: a })),
  ];
  const byName = new Map(owners.map((s) => [`${s.kind}:${s.name}`, s]));

  const ownerOfUrl = (url: string): Section | undefined => {
    let best: Section | undefined;
    for (const s of owners) if (underPrefix(url, s.prefix) && (!best || s.prefix.length > best.prefix.length)) best = s;
    return best;
  };

  settings.navigation.forEach((g, i) => {
    const node = content.nav[i]!;
    const named = (g.tab && byName.get(`tab:${g.tab}`)) || (g.anchor && byName.get(`anchor:${g.anchor}`));
    const first = firstPageUrl(node.children);
    const owner = named || (first ? ownerOfUrl(first) : undefined) || root;
    owner.groups.push(node);
  });

  const sections = [root, ...owners];
  const pageSection = new Map<string, Section>();
  for (const s of sections) {
    s.firstUrl = firstPageUrl(s.groups);
    for (const url of pageUrls(s.groups)) if (!pageSection.has(url)) pageSection.set(url, s);
  }
  // When every group belongs to a tab or anchor (common in the newer layout), pages that are
  // in none of them (the home page, pages outside the navigation) show the first section.
  const fallback = root.groups.length ? root : (owners.find((s) => s.groups.length) ?? root);
  return {
    sections,
    of: (url) => pageSection.get(url) ?? ownerOfUrl(url) ?? fallback,
  };
}
