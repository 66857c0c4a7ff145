import type { Anchor, Division, Settings, Tab } from '../settings/types.js';
import type { ContentModel, NavGroupNode, NavNode } from './pages.js';
import { isExternalUrl, sharedFolder } from '../../shared/urls.js';
import { counterpartUrl, firstNavUrl, navUrls, versionPages, type VersionPages } from './versions.js';

/**
 * A section is the part of the site one sidebar shows: the root, a tab, or an internal anchor.
 * Pages belong to a section by URL prefix (the classic layout) or by the tab/anchor their group
 * was listed under (the newer layout); the first tab / top anchor holds everything else.
 */
export interface Section {
  key: string;
  kind: 'root' | 'tab' | 'anchor' | 'division';
  name: string;
  /** Path prefix without slashes (`api-reference`); empty for the root. */
  prefix: string;
  groups: NavGroupNode[];
  /** URL of the section's first page: where its tab or anchor links to. */
  firstUrl?: string;
  source?: Tab | Anchor;
  /** docs.json: the divisions chosen to reach this section, outermost first (the last owns its groups). */
  path?: Division[];
  /** Language of the section's pages (docs.json `languages`). */
  lang?: string;
}

export interface SectionModel {
  sections: Section[];
  /** Section of a page URL. */
  of(url: string): Section;
  /**
   * docs.json: where a division's entry in its switcher leads: the first page of its first section
   * (the default one first), else its own `href`.
   */
  hrefOf?(division: Division): string | undefined;
  /**
   * docs.json: where a version's entry leads from the page at `url`: the same page in that version,
   * else the version's first page (`content/versions.ts`). Other kinds: `hrefOf`.
   */
  versionHref?(division: Division, url: string): string | undefined;
}

const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

function underPrefix(url: string, prefix: string): boolean {
  const path = trimSlashes(url);
  return prefix !== '' && (path === prefix || path.startsWith(prefix + '/'));
}

export function buildSections(settings: Settings, content: ContentModel): SectionModel {
  if (settings.divisions) return divisionSections(settings, settings.divisions, content);
  const root: Section = { key: 'root', kind: 'root', name: settings.primaryTab?.name ?? settings.topAnchor.name, prefix: '', groups: [] };
  const owners: Section[] = [
    ...settings.tabs.filter((t) => !isExternalUrl(t.url)).map((t): Section => ({ key: `tab:${t.name}`, kind: 'tab', name: t.name, prefix: trimSlashes(t.url), groups: [], source: t })),
    ...settings.anchors.filter((a) => !isExternalUrl(a.url)).map((a): Section => ({ key: `anchor:${a.name}`, kind: 'anchor', name: a.name, prefix: trimSlashes(a.url), groups: [], source: a })),
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
    const first = firstNavUrl(node.children);
    const owner = named || (first ? ownerOfUrl(first) : undefined) || root;
    owner.groups.push(node);
  });

  const sections = [root, ...owners];
  const pageSection = new Map<string, Section>();
  for (const s of sections) {
    s.firstUrl = firstNavUrl(s.groups);
    for (const url of navUrls(s.groups)) if (!pageSection.has(url)) pageSection.set(url, s);
  }
  // When every group belongs to a tab or anchor (common in the newer layout), pages that are
  // in none of them (the home page, pages outside the navigation) show the first section.
  const fallback = root.groups.length ? root : (owners.find((s) => s.groups.length) ?? root);
  return {
    sections,
    of: (url) => pageSection.get(url) ?? ownerOfUrl(url) ?? fallback,
  };
}

/**
 * docs.json: one section per division that lists groups (and the root, for groups listed at the top
 * of the navigation). A page belongs to the section it is listed in; a page outside the navigation
 * to the section whose pages share its folder, else to the first section (the default version or
 * language first: settings/from-v2.ts lists it first).
 */
function divisionSections(settings: Settings, divisions: Division[], content: ContentModel): SectionModel {
  const pathOf = new Map<string, Division[]>();
  const walk = (list: Division[], above: Division[]) => {
    for (const d of list) {
      pathOf.set(d.key, [...above, d]);
      walk(d.children, [...above, d]);
    }
  };
  walk(divisions, []);

  const root: Section = { key: 'root', kind: 'root', name: settings.name, prefix: '', groups: [] };
  const byKey = new Map<string, Section>();
  const inOrder: Section[] = [];
  settings.navigation.forEach((g, i) => {
    const node = content.nav[i]!;
    const path = g.division ? pathOf.get(g.division) : undefined;
    let section = path ? byKey.get(g.division!) : root;
    if (!section) {
      const own = path![path!.length - 1]!;
      const lang = [...path!].reverse().find((d) => d.kind === 'language')?.name;
      byKey.set(own.key, (section = { key: own.key, kind: 'division', name: own.name, prefix: '', groups: [], path, lang }));
    }
    if (!inOrder.includes(section)) inOrder.push(section);
    section.groups.push(node);
  });

  const sections = [root, ...[...byKey.values()]];
  const pageSection = new Map<string, Section>();
  for (const s of inOrder) {
    s.firstUrl = firstNavUrl(s.groups);
    const urls = navUrls(s.groups);
    // The folder of its pages' files (so `en/index` is in `en`): pages outside the navigation go by it.
    if (s !== root) s.prefix = sharedFolder(urls.map((u) => content.byUrl.get(u)?.id ?? trimSlashes(u)));
    for (const url of urls) if (!pageSection.has(url)) pageSection.set(url, s);
  }
  const owners = sections.filter((s) => s.prefix !== '');
  const ownerOfUrl = (url: string): Section | undefined => {
    let best: Section | undefined;
    for (const s of owners) if (underPrefix(url, s.prefix) && (!best || s.prefix.length > best.prefix.length)) best = s;
    return best;
  };
  const fallback = inOrder.find((s) => s.firstUrl) ?? root;

  const hrefs = new Map<string, string | undefined>();
  const hrefOf = (d: Division): string | undefined => {
    if (hrefs.has(d.key)) return hrefs.get(d.key);
    let href = byKey.get(d.key)?.firstUrl;
    // The default child first, then the others in order.
    const children = [...d.children].sort((a, b) => Number(!!b.default) - Number(!!a.default));
    for (const c of children) href ??= hrefOf(c);
    href ??= d.href && !isExternalUrl(d.href) && !d.href.startsWith('/') ? `/${d.href}` : d.href;
    hrefs.set(d.key, href);
    return href;
  };

  const of = (url: string) => pageSection.get(url) ?? ownerOfUrl(url) ?? fallback;
  const versions = new Map<string, VersionPages>();
  const pagesOf = (d: Division): VersionPages => {
    let v = versions.get(d.key);
    if (!v) {
      v = versionPages(d.name, inOrder.filter((s) => s.path?.includes(d)).flatMap((s) => s.groups), content);
      v.first = hrefOf(d);
      versions.set(d.key, v);
    }
    return v;
  };
  const versionHref = (d: Division, url: string): string | undefined => {
    if (d.kind !== 'version') return hrefOf(d);
    const from = of(url).path?.find((x) => x.kind === 'version');
    if (from === d) return url;
    return counterpartUrl(url, from && pagesOf(from), pagesOf(d));
  };

  return { sections, of, hrefOf, versionHref };
}
