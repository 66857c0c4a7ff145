/**
 * The classic navigation (a list of groups, with tabs, anchors and versions that own pages by URL
 * prefix) as the navigation object of docs.json, laid out the way Mintlify's `mint upgrade` lays
 * it out, so a migrated file looks like one Mintlify would have written:
 *
 * - tabs or anchors that are all external links (and not tied to a version) become
 *   `navigation.global`; the others become divisions that list the groups whose pages fall under
 *   their URL prefix, a group split page by page when only part of it does;
 * - when both tabs and anchors own pages, the kind whose prefixes contain the other's goes on top
 *   and the other nests inside it;
 * - the groups no division owns go into a first division named after `primaryTab` (tabs) or
 *   `topAnchor` (anchors), "Documentation" by default;
 * - `versions` become `navigation.versions`, each with the groups of that version (and the ones
 *   with no version), laid out as above.
 */

import { hasScheme } from '../../shared/urls.js';

export interface ClassicGroup {
  group: string;
  pages: ClassicEntry[];
  icon?: string;
  iconType?: string;
  version?: string;
}
export type ClassicEntry = string | ClassicGroup;

export interface ClassicDivision {
  name: string;
  url: string;
  version?: string;
  openapi?: string;
  isDefaultHidden?: boolean;
  icon?: string;
  iconType?: string;
  color?: string | { from: string; to?: string };
}

export interface ClassicNavigationInput {
  navigation: ClassicGroup[];
  tabs?: ClassicDivision[];
  anchors?: ClassicDivision[];
  versions?: string[];
  topAnchor?: { name?: string; icon?: string; iconType?: string };
  primaryTab?: { name: string; isDefaultHidden?: boolean };
  /** `colors.anchors`: the icon colour of anchors that give none of their own. */
  anchorColor?: string | { from: string; to?: string };
}

type Json = Record<string, unknown>;
type Kind = 'tab' | 'anchor';
interface V2Group extends Json {
  group: string;
  pages: (string | V2Group)[];
}

const isRemote = (url: string | undefined): boolean => !!url && hasScheme(url);
const slashed = (p: string): string => `/${p.replace(/^\/+/, '').replace(/\/+$/, '')}/`;
/** A page path under a division's URL prefix, compared folder by folder (`api` does not own `apis/x`). */
const under = (page: string, prefix: string): boolean => slashed(page).startsWith(slashed(prefix));

function icon(name: string | undefined, style: string | undefined): string | Json | undefined {
  if (!name) return undefined;
  return style ? { name, style } : name;
}

function groupOut(g: ClassicGroup, pages: (string | V2Group)[]): V2Group {
  const i = icon(g.icon, g.iconType);
  return { group: g.group, ...(i ? { icon: i } : {}), pages };
}

const inVersion = (g: ClassicGroup, version: string | undefined) => !version || !g.version || g.version === version;

/**
 * The part of `groups` whose pages fall under `prefix` (every page without one), leaving out the
 * pages under `excluded` prefixes (more specific divisions of the same kind); `rest` is what is left.
 */
function split(groups: ClassicGroup[], prefix: string | undefined, version: string | undefined, excluded: string[] = []): { matched: V2Group[]; rest: ClassicGroup[] } {
  const matched: V2Group[] = [];
  const rest: ClassicGroup[] = [];
  for (const g of groups) {
    if (!inVersion(g, version)) continue;
    const mine: (string | V2Group)[] = [];
    const others: ClassicEntry[] = [];
    for (const p of g.pages) {
      if (typeof p === 'string') {
        if ((!prefix || under(p, prefix)) && !excluded.some((e) => under(p, e))) mine.push(p);
        else others.push(p);
      } else {
        const inner = split([p], prefix, version, excluded);
        mine.push(...inner.matched);
        others.push(...inner.rest);
      }
    }
    if (mine.length) matched.push(groupOut(g, mine));
    if (others.length) rest.push({ ...g, pages: others });
  }
  return { matched, rest };
}

class Converter {
  constructor(private readonly input: ClassicNavigationInput) {}

  private primary(kind: Kind): Json {
    if (kind === 'tab') {
      const t = this.input.primaryTab;
      return t ? { tab: t.name, ...(t.isDefaultHidden !== undefined ? { hidden: t.isDefaultHidden } : {}) } : { tab: 'Documentation' };
    }
    const a = this.input.topAnchor;
    const base: Json = a?.name ? { anchor: a.name } : { anchor: 'Documentation', icon: 'book-open' };
    const i = icon(a?.icon, a?.iconType);
    return i ? { ...base, icon: i } : base;
  }

  head(kind: Kind, d: ClassicDivision): Json {
    const out: Json = kind === 'tab' ? { tab: d.name } : { anchor: d.name };
    if (kind === 'anchor') {
      const i = icon(d.icon, d.iconType);
      if (i) out.icon = i;
      const c = d.color ?? this.input.anchorColor;
      if (c) {
        const colour = typeof c === 'string' ? c : c.from;
        out.color = { light: colour, dark: colour };
      }
    }
    if (d.isDefaultHidden) out.hidden = true;
    if (d.openapi) out.openapi = isRemote(d.url) ? d.openapi : { source: d.openapi, directory: d.url };
    return out;
  }

  /** One kind of division over `groups`; with `insertRest`, the groups none owns go first, in the primary division. */
  divisions(kind: Kind, list: ClassicDivision[], groups: ClassicGroup[], insertRest: boolean, version: string | undefined, nestable: ClassicDivision[] = []): { out: Json[]; rest: ClassicGroup[] } {
    let rest = groups.filter((g) => inVersion(g, version));
    const out: Json[] = [];
    for (const d of list) {
      if (version && d.version && d.version !== version) continue;
      const head = this.head(kind, d);
      if (isRemote(d.url)) {
        out.push({ ...head, href: d.url });
        continue;
      }
      // A division of the same kind under this one's prefix owns its own pages.
      const excluded = list.filter((o) => o !== d && !isRemote(o.url) && under(o.url, d.url) && slashed(o.url) !== slashed(d.url)).map((o) => o.url);
      const inside = nestable.filter((o) => !isRemote(o.url) && under(o.url, d.url));
      const nested = inside.length ? this.divisions(kind === 'tab' ? 'anchor' : 'tab', inside, groups, false, version).out : [];
      const { matched, rest: left } = split(rest, d.url, version, excluded);
      rest = left;
      if (nested.length) out.push({ ...head, [kind === 'tab' ? 'anchors' : 'tabs']: nested });
      else if (matched.length) out.push({ ...head, groups: matched });
      // A division with an OpenAPI file and no pages of its own lists the file's operations.
      else if (d.openapi) out.push(head);
    }
    if (insertRest && rest.length) out.unshift({ ...this.primary(kind), groups: split(rest, undefined, version).matched });
    return { out, rest };
  }

  /** The navigation of one version (or of the whole site). */
  layout(groups: ClassicGroup[], version: string | undefined, tabs: ClassicDivision[], anchors: ClassicDivision[], hasTabs: boolean, hasAnchors: boolean): Json | undefined {
    const top = mostInclusive(tabs, anchors);
    const [first, second, hasFirst, hasSecond] = top === 'anchor' ? (['anchor', 'tab', hasAnchors, hasTabs] as const) : (['tab', 'anchor', hasTabs, hasAnchors] as const);
    const lists = { tab: tabs, anchor: anchors };
    const key = (k: Kind) => (k === 'tab' ? 'tabs' : 'anchors');
    if (hasFirst) {
      const { out, rest } = this.divisions(first, lists[first], groups, false, version, lists[second]);
      if (rest.length || lists[second].length) {
        if (lists[second].length) {
          const inner = this.divisions(second, lists[second], rest.length ? rest : groups, true, version).out;
          out.unshift({ ...this.primary(first), [key(second)]: inner });
        } else {
          out.unshift({ ...this.primary(first), groups: split(rest, undefined, version).matched });
        }
      }
      return { [key(first)]: out };
    }
    if (hasSecond) return { [key(second)]: this.divisions(second, lists[second], groups, true, version).out };
    const mine = groups.filter((g) => inVersion(g, version));
    return mine.length ? { groups: mine.map((g) => groupOut(g, g.pages.map(plain))) } : undefined;
  }
}

/** A nested classic group as a docs.json group (icons in the docs.json form, versions dropped). */
function plain(e: ClassicEntry): string | V2Group {
  return typeof e === 'string' ? e : groupOut(e, e.pages.map(plain));
}

/** Which kind goes on top: the one whose URL prefixes hold the other's (tabs when neither does more). */
function mostInclusive(tabs: ClassicDivision[], anchors: ClassicDivision[]): Kind {
  if (!tabs.length) return 'anchor';
  if (!anchors.length) return 'tab';
  const tabsInside = tabs.filter((t) => anchors.some((a) => slashed(t.url).startsWith(slashed(a.url)))).length;
  const anchorsInside = anchors.filter((a) => tabs.some((t) => slashed(a.url).startsWith(slashed(t.url)))).length;
  if (tabsInside === tabs.length) return 'tab';
  if (anchorsInside === anchors.length) return 'anchor';
  return tabsInside > anchorsInside ? 'tab' : 'anchor';
}

/** Pages of a version: in its groups (and those with no version), less the ones under another version's tab or anchor. */
function versionGroups(groups: ClassicGroup[], version: string, gated: Map<string, string[]>): ClassicGroup[] {
  const out: ClassicGroup[] = [];
  for (const g of groups) {
    if (g.version && g.version !== version) continue;
    const pages: ClassicEntry[] = [];
    for (const p of g.pages) {
      if (typeof p !== 'string') pages.push(...versionGroups([p], version, gated));
      else {
        const owners = [...gated].filter(([prefix]) => under(p, prefix));
        if (!owners.length || owners.some(([, versions]) => versions.includes(version))) pages.push(p);
      }
    }
    if (pages.length) out.push({ ...g, pages });
  }
  return out;
}

export function convertNavigation(input: ClassicNavigationInput): Json {
  const tabs = input.tabs ?? [];
  const anchors = input.anchors ?? [];
  const versions = input.versions ?? [];
  const c = new Converter(input);

  // Tabs (anchors) that are all external links, tied to no version, are shown on every page.
  const global: Json = {};
  const allGlobal = (list: ClassicDivision[]) => list.length > 0 && list.every((d) => !d.version && isRemote(d.url));
  if (allGlobal(tabs)) global.tabs = tabs.map((t) => ({ tab: t.name, href: t.url, ...(t.isDefaultHidden ? { hidden: true } : {}) }));
  if (allGlobal(anchors)) {
    global.anchors = anchors.map((a) => {
      const { anchor, ...rest } = c.head('anchor', { ...a, openapi: undefined });
      return { anchor, href: a.url, ...rest };
    });
  }
  const localTabs = global.tabs ? [] : tabs;
  const localAnchors = global.anchors ? [] : anchors;
  const withGlobal = (nav: Json): Json => (Object.keys(global).length ? { ...nav, global } : nav);

  if (versions.length) {
    const gated = new Map<string, string[]>();
    for (const v of versions) {
      for (const d of [...localAnchors, ...localTabs]) {
        if (d.version === v && !isRemote(d.url)) gated.set(d.url, [...(gated.get(d.url) ?? []), v]);
      }
    }
    const out = versions.map((v) => {
      const mine = versionGroups(input.navigation, v, gated);
      const nav = c.layout(mine.length ? mine : input.navigation, v, localTabs, localAnchors, tabs.length > 0, anchors.length > 0);
      return { version: v, ...(nav ?? { groups: [] }) };
    });
    return withGlobal({ versions: out });
  }
  return withGlobal(c.layout(input.navigation, undefined, localTabs, localAnchors, tabs.length > 0, anchors.length > 0) ?? { groups: [] });
}
