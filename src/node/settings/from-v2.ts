import type { V2Input } from './schema/index.js';
import type { V2NavbarInput } from './schema/navbar.js';
import type { V2Divisions, V2Entry, V2Group, V2Navigation, V2OpenApi } from './schema/v2-navigation.js';
import type { Anchor, AsyncApiPlace, CtaButton, Division, DivisionKind, IconType, Language, Link, NavigationEntry, NavigationGroup, Settings, Tab } from './types.js';
import { sharedFolder } from '../../shared/urls.js';
import { analyticsFrom, compact, DEFAULT_PRIMARY, DEFAULT_TOP_ANCHOR, feedbackOf, metaTags, normalizeLogo, normalizeSocials, searchOptions, siteUrlFrom, toArray } from './normalize.js';
import { lookFromV2 } from './look.js';
import type { JsonPath } from './locate.js';

/**
 * Maps the newer docs.json layout onto `Settings`.
 *
 * Its navigation is a tree of divisions (languages, versions, products, tabs, menus, anchors,
 * dropdowns) around groups of pages; it becomes `Settings.divisions`, with each group naming the
 * division it was listed under (`NavigationGroup.division`), so a section of the site is exactly
 * the groups of one division, whatever folders its pages are in. The layout draws a switcher for
 * each level of divisions (content/sections.ts, render/layout/switchers.tsx).
 *
 * Every division is also listed in the classic `tabs` or `anchors`, as an owner of pages for the
 * OpenAPI pages generated into one that names a file and lists none (openapi/auto-nav.ts): its `url`
 * is the longest leading folder shared by its pages (`documentation/…` pages → `documentation`),
 * or its `href`, or '' when they share none.
 */

/** The array of each division kind in the file, and the key of an item's label. */
const KINDS: { list: keyof V2Divisions; kind: DivisionKind; label: string }[] = [
  { list: 'languages', kind: 'language', label: 'language' },
  { list: 'versions', kind: 'version', label: 'version' },
  { list: 'products', kind: 'product', label: 'product' },
  { list: 'tabs', kind: 'tab', label: 'tab' },
  { list: 'menu', kind: 'menu', label: 'item' },
  { list: 'anchors', kind: 'anchor', label: 'anchor' },
  { list: 'dropdowns', kind: 'dropdown', label: 'dropdown' },
];
const ANCHOR_LIKE = new Set<DivisionKind>(['anchor', 'dropdown']);
/** The kinds whose `asyncapi` adds a group of channel pages per tag to their section. */
const ASYNCAPI_OWNERS = new Set<DivisionKind>(['tab', 'anchor', 'dropdown']);

interface Context {
  /** The division the walk is in. */
  division?: Division;
  lang?: string;
  directory?: NavigationGroup['directory'];
  /** The nearest `openapi` above: where operation entries are looked up first (`NavigationGroup.openapiScope`). */
  openapi?: NavigationGroup['openapiScope'];
}

interface Collected {
  navigation: NavigationGroup[];
  tabs: Tab[];
  anchors: Anchor[];
  languages: { code: string; default: boolean; groups: NavigationGroup[] }[];
  /** OpenAPI files attached to places `Settings` has no slot for (groups, versions, …). */
  openapi: string[];
  /** Every AsyncAPI file of the navigation. */
  asyncapi: string[];
}

/** Paths of an OpenAPI reference. */
function openapiFiles(ref: V2OpenApi | undefined): string[] {
  if (ref === undefined) return [];
  return typeof ref === 'object' && !Array.isArray(ref) ? [ref.source] : toArray(ref);
}

/** `openapi.directory`: where the pages generated from it go. */
function directoryOf(ref: V2OpenApi | undefined): string | undefined {
  return typeof ref === 'object' && !Array.isArray(ref) ? ref.directory : undefined;
}

/** An `asyncapi` value as the place of the channel pages it generates; its files are collected. */
function asyncPlace(ref: V2OpenApi | undefined, acc: Collected): AsyncApiPlace | undefined {
  const sources = openapiFiles(ref);
  if (!sources.length) return undefined;
  acc.asyncapi.push(...sources);
  return compact({ sources, directory: directoryOf(ref) });
}

/** An `openapi` value as a scope for the operation entries under it. */
function scopeOf(ref: V2OpenApi | undefined, inherited: Context['openapi']): Context['openapi'] {
  const sources = openapiFiles(ref);
  if (!sources.length) return inherited;
  return compact({ sources, directory: directoryOf(ref) });
}

function iconOf(icon: string | { name: string; style?: IconType } | undefined) {
  return typeof icon === 'object' ? { icon: icon.name, style: icon.style } : { icon, style: undefined };
}

/** `GET /users` or `openapi.yaml get /users`: an endpoint reference, not a page path. */
const ENDPOINT = /^(?:\S+\s+)?(?:get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;

function pagePaths(entries: readonly NavigationEntry[], out: string[] = []): string[] {
  for (const e of entries) {
    if (typeof e !== 'string') {
      if (e.root) out.push(e.root);
      pagePaths(e.pages, out);
    } else if (!ENDPOINT.test(e)) out.push(e);
  }
  return out;
}

/** Longest folder shared by every page of `groups` ('' when none; see the module comment). */
export function commonFolder(groups: readonly NavigationGroup[]): string {
  return sharedFolder(pagePaths(groups.flatMap((g) => (g.root ? [g.root, ...g.pages] : g.pages))));
}

/** A nested group takes from above only what it inherits (its division and language are its top-level group's). */
function convertEntry(e: V2Entry, ctx: Context, acc: Collected, settingsPath: JsonPath): NavigationEntry {
  return typeof e === 'string' ? e : convertGroup(e, { directory: ctx.directory, openapi: ctx.openapi }, acc, settingsPath);
}

/** `settingsPath`: where the group is written (an untitled group of ungrouped pages: where they are). */
function convertGroup(g: V2Group, ctx: Context, acc: Collected, settingsPath: JsonPath): NavigationGroup {
  acc.openapi.push(...openapiFiles(g.openapi));
  const { icon, style } = iconOf(g.icon);
  const directory = g.directory ?? ctx.directory;
  const openapiScope = scopeOf(g.openapi, ctx.openapi);
  const inner: Context = { ...ctx, directory, openapi: openapiScope };
  return compact({
    group: g.group,
    pages: (g.pages ?? []).map((e, i) => convertEntry(e, inner, acc, [...settingsPath, 'pages', i])),
    icon,
    iconType: g.iconType ?? style,
    openapi: openapiFiles(g.openapi)[0],
    division: ctx.division?.key,
    lang: ctx.lang,
    asyncapi: asyncPlace(g.asyncapi, acc),
    // Only where something reads it: operation entries, or the group's own file.
    openapiScope: g.openapi !== undefined || (g.pages ?? []).some((e) => typeof e === 'string' && ENDPOINT.test(e)) ? openapiScope : undefined,
    tag: g.tag,
    root: g.root,
    expanded: g.expanded,
    hidden: g.hidden,
    directory: g.root && directory && directory !== 'none' ? directory : undefined,
    settingsPath,
  });
}

function navbarOf(navbar: V2NavbarInput | undefined): { topbarLinks: Link[]; topbarCtaButton?: CtaButton } {
  const primary = navbar?.primary;
  return {
    topbarLinks: (navbar?.links ?? []).map((l) => {
      const type = l.type === 'github' || l.type === 'discord' ? l.type : undefined;
      return compact({ name: l.label ?? '', url: l.href, type, icon: iconOf(l.icon).icon });
    }),
    topbarCtaButton:
      primary &&
      (primary.type === 'button'
        ? compact({ type: 'link' as const, url: primary.href, name: primary.label })
        : compact({ type: primary.type, url: primary.href, name: primary.label })),
  };
}

/** The division of one item of the file, its own fields only. */
function divisionOf(kind: DivisionKind, label: string, item: Record<string, unknown>, parent: Division | undefined): Division {
  const v2 = item as { icon?: string | { name: string; style?: IconType }; iconType?: IconType; description?: string; tag?: string; color?: { light?: string; dark?: string }; href?: string; hidden?: boolean; default?: boolean; name?: string; align?: 'start' | 'end'; navbar?: V2NavbarInput };
  const { icon, style } = iconOf(v2.icon);
  const own = String(item[label]);
  const navbar = v2.navbar && navbarOf(v2.navbar);
  return compact({
    kind,
    name: kind === 'product' ? (v2.name ?? own) : own,
    key: `${parent ? `${parent.key}/` : ''}${kind}:${own}`,
    icon,
    iconType: v2.iconType ?? style,
    description: v2.description,
    tag: v2.tag,
    color: v2.color && (v2.color.light || v2.color.dark) ? compact({ ...v2.color }) : undefined,
    href: v2.href,
    hidden: v2.hidden,
    default: v2.default,
    align: v2.align,
    navbar: navbar && compact({ links: navbar.topbarLinks, cta: navbar.topbarCtaButton }),
    global: item.global ? globalLinks(item.global as V2Navigation['global'], `${parent ? `${parent.key}/` : ''}${kind}:${own}/global`) : undefined,
    children: [],
  });
}

/**
 * Walks one level of the navigation tree: its divisions (in the order of KINDS, the default one of
 * each kind first, so the home page is in it) and its own groups. Returns the divisions made and
 * the groups found under this node, in order.
 */
function collect(node: V2Divisions, ctx: Context, acc: Collected, settingsPath: JsonPath): { divisions: Division[]; groups: NavigationGroup[] } {
  const divisions: Division[] = [];
  const found: NavigationGroup[] = [];
  for (const { list, kind, label } of KINDS) {
    const items = (node[list] ?? []) as unknown as (V2Divisions & Record<string, unknown> & { default?: boolean; openapi?: V2OpenApi; asyncapi?: V2OpenApi; href?: string; directory?: NavigationGroup['directory'] })[];
    const made = items.map((item) => divisionOf(kind, label, item, ctx.division));
    divisions.push(...made);
    const order = items.map((_, i) => i);
    const first = items.findIndex((i) => i.default);
    if (first > 0) order.unshift(...order.splice(first, 1));
    for (const i of order) {
      const item = items[i]!;
      const division = made[i]!;
      acc.openapi.push(...openapiFiles(item.openapi));
      const inner: Context = {
        division,
        lang: kind === 'language' ? division.name : ctx.lang,
        directory: item.directory ?? ctx.directory,
        openapi: scopeOf(item.openapi, ctx.openapi),
      };
      const sub = collect(item, inner, acc, [...settingsPath, list, i]);
      division.children = sub.divisions;
      found.push(...sub.groups);
      if (kind === 'language') {
        // The same language under several versions or products is one language.
        const known = acc.languages.find((l) => l.code === division.name);
        if (known) {
          known.groups.push(...sub.groups);
          known.default ||= !!item.default;
        } else acc.languages.push({ code: division.name, default: !!item.default, groups: [...sub.groups] });
      }
      const url = sub.groups.length === 0 && item.href ? item.href : commonFolder(sub.groups);
      // Tabs, anchors and dropdowns get their channel pages (asyncapi/navigation.ts); the files of
      // the other kinds' `asyncapi` are loaded, for front matter to name.
      const asyncapi = asyncPlace(item.asyncapi, acc);
      const owner = {
        name: division.name,
        url,
        openapi: openapiFiles(item.openapi)[0],
        openapiDirectory: directoryOf(item.openapi),
        division: division.key,
        asyncapi: ASYNCAPI_OWNERS.has(kind) ? asyncapi : undefined,
      };
      if (ANCHOR_LIKE.has(kind)) acc.anchors.push(compact({ ...owner, iconType: division.iconType ?? 'duotone', icon: division.icon, isDefaultHidden: false }));
      else acc.tabs.push(compact(owner));
    }
  }

  // Groups are the leaves: each lands in `navigation` once.
  const leaf = (g: NavigationGroup) => {
    acc.navigation.push(g);
    found.push(g);
  };
  (node.groups ?? []).forEach((g, i) => leaf(convertGroup(g, ctx, acc, [...settingsPath, 'groups', i])));
  // Ungrouped pages become one untitled group, keeping their order.
  if (node.pages?.length) leaf(convertGroup({ group: '', pages: node.pages }, ctx, acc, settingsPath));
  return { divisions, groups: found };
}

/** `navigation.global`: links of every kind, shown in every section. */
function globalLinks(global: V2Navigation['global'], prefix = 'global'): Division[] {
  if (!global) return [];
  return KINDS.flatMap(({ list, kind, label }) =>
    ((global as Record<string, Record<string, unknown>[] | undefined>)[list] ?? []).map((item) => ({ ...divisionOf(kind, label, item, undefined), key: `${prefix}/${kind}:${String(item[label])}` })),
  );
}

/** The newer docs.json layout as `Settings`. */
export function fromV2(input: V2Input, file: string): Settings {
  const acc: Collected = { navigation: [], tabs: [], anchors: [], languages: [], openapi: [], asyncapi: [] };
  const { global, ...rest } = input.navigation;
  // `api.openapi` is the default spec of every operation entry.
  const { divisions } = collect(rest, { directory: rest.directory, openapi: scopeOf(input.api?.openapi, undefined) }, acc, ['navigation']);

  const bg = input.background;
  const background = bg?.color && (bg.color.light || bg.color.dark) ? compact({ ...bg.color }) : undefined;
  const image = typeof bg?.image === 'object' ? (bg.image.light ?? bg.image.dark) : bg?.image;
  const favicon = typeof input.favicon === 'object' ? (input.favicon.light ?? input.favicon.dark) : input.favicon;
  const display = input.api?.playground?.display;
  const mdx = input.api?.mdx;
  const navbar = navbarOf(input.navbar);
  const languages: Language[] | undefined =
    acc.languages.length > 1
      ? acc.languages.map((l, i) => ({ code: l.code, default: l.default || (i === 0 && !acc.languages.some((x) => x.default)), prefix: commonFolder(l.groups) }))
      : undefined;

  return compact({
    file,
    layout: 'v2' as const,
    name: input.name,
    navigation: acc.navigation,
    divisions,
    globalLinks: globalLinks(global),
    languages,
    logo: normalizeLogo(input.logo),
    favicon,
    colors: compact({ primary: DEFAULT_PRIMARY, ...input.colors, background }),
    topbarLinks: navbar.topbarLinks,
    topbarCtaButton: navbar.topbarCtaButton,
    versions: [],
    anchors: acc.anchors,
    topAnchor: { ...DEFAULT_TOP_ANCHOR },
    tabs: acc.tabs,
    api: compact({
      baseUrl: mdx?.server === undefined ? undefined : toArray(mdx.server),
      auth: mdx?.auth && compact({ ...mdx.auth }),
      playground: { mode: display === 'none' ? ('hide' as const) : display === 'simple' ? ('simple' as const) : display === 'auth' ? ('auth' as const) : ('show' as const) },
      examples: input.api?.examples && compact({ ...input.api.examples }),
      expandParams: input.api?.params?.expanded === 'all' ? true : undefined,
      fullUrl: input.api?.url === 'full' ? true : undefined,
    }),
    openapi: [...new Set([...openapiFiles(input.api?.openapi), ...acc.openapi])],
    asyncapi: acc.asyncapi.length || input.api?.asyncapi !== undefined ? [...new Set([...openapiFiles(input.api?.asyncapi), ...acc.asyncapi])] : undefined,
    asyncapiDirectory: directoryOf(input.api?.asyncapi),
    footerSocials: normalizeSocials(input.footer?.socials),
    feedback: feedbackOf(input.feedback),
    modeToggle: compact({
      default: input.appearance?.default === 'system' ? undefined : input.appearance?.default,
      isHidden: input.appearance?.strict ?? false,
    }),
    backgroundImage: image,
    eyebrows: input.styling?.eyebrows,
    redirects: input.redirects,
    search: searchOptions(input.search),
    siteUrl: siteUrlFrom(metaTags(input.seo?.metatags)),
    metadata: metaTags(input.seo?.metatags),
    timestamp: input.metadata?.timestamp === true ? true : undefined,
    indexHiddenPages: input.seo?.indexing === 'all' ? true : undefined,
    analytics: analyticsFrom(input.integrations),
    iconLibrary: input.icons?.library,
    ...lookFromV2(input),
    variables: input.variables && Object.keys(input.variables).length ? input.variables : undefined,
  });
}
