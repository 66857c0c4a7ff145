import type { V2Input } from './schema/index.js';
import type { V2Divisions, V2Entry, V2Group, V2OpenApi } from './schema/v2-navigation.js';
import type { Anchor, IconType, NavigationEntry, NavigationGroup, Settings, Tab } from './types.js';
import { analyticsFrom, compact, DEFAULT_PRIMARY, DEFAULT_TOP_ANCHOR, feedbackOf, metaTags, normalizeLogo, normalizeSocials, searchOptions, siteUrlFrom, toArray } from './normalize.js';
import { lookFromV2 } from './look.js';

/**
 * Maps the newer docs.json layout onto the classic `Settings`, so later stages see one shape.
 *
 * Classic tabs and anchors own pages by URL prefix. A v2 tab (or anchor, dropdown) lists its
 * pages instead, so its `url` becomes the longest leading folder shared by all its pages
 * (`documentation/…` pages → `documentation`), or its `href` when it has no pages. When the
 * pages share no folder the prefix is the empty string: rather than invent a prefix that would
 * claim the wrong pages, the groups carry exact membership in `NavigationGroup.tab`/`.anchor`.
 */

interface Context {
  version?: string;
  tab?: string;
  anchor?: string;
  /** The nearest `openapi` above: where operation entries are looked up first. */
  openapi?: NavigationGroup['openapiScope'];
}

interface Collected {
  navigation: NavigationGroup[];
  tabs: Tab[];
  anchors: Anchor[];
  versions: string[];
  /** OpenAPI files attached to places `Settings` has no slot for (groups, versions, …). */
  openapi: string[];
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
    if (typeof e !== 'string') pagePaths(e.pages, out);
    else if (!ENDPOINT.test(e)) out.push(e);
  }
  return out;
}

/** Longest folder shared by every page of `groups` ('' when none; see the module comment). */
export function commonFolder(groups: readonly NavigationGroup[]): string {
  let prefix: string[] | undefined;
  for (const page of pagePaths(groups.flatMap((g) => g.pages))) {
    const folders = page.replace(/^\/+/, '').split('/').slice(0, -1);
    if (!prefix) prefix = folders;
    else {
      let i = 0;
      while (i < prefix.length && i < folders.length && prefix[i] === folders[i]) i++;
      prefix = prefix.slice(0, i);
    }
    if (prefix.length === 0) break;
  }
  return (prefix ?? []).join('/');
}

function convertEntry(e: V2Entry, acc: Collected, openapi: Context['openapi']): NavigationEntry {
  return typeof e === 'string' ? e : convertGroup(e, { openapi }, acc);
}

function convertGroup(g: V2Group, ctx: Context, acc: Collected): NavigationGroup {
  acc.openapi.push(...openapiFiles(g.openapi));
  const { icon, style } = iconOf(g.icon);
  const openapiScope = scopeOf(g.openapi, ctx.openapi);
  return compact({
    group: g.group,
    pages: (g.pages ?? []).map((e) => convertEntry(e, acc, openapiScope)),
    icon,
    iconType: g.iconType ?? style,
    version: ctx.version,
    tab: ctx.tab,
    anchor: ctx.anchor,
    openapi: openapiFiles(g.openapi)[0],
    // Only where something reads it: operation entries, or the group's own file.
    openapiScope: g.openapi !== undefined || (g.pages ?? []).some((e) => typeof e === 'string' && ENDPOINT.test(e)) ? openapiScope : undefined,
  });
}

/** Walks one level of the navigation tree; returns the groups found under it, in order. */
function collect(node: V2Divisions, outer: Context, acc: Collected): NavigationGroup[] {
  const ctx: Context = { ...outer, openapi: scopeOf((node as { openapi?: V2OpenApi }).openapi, outer.openapi) };
  const found: NavigationGroup[] = [];
  const add = (groups: NavigationGroup[]) => found.push(...groups);

  // Only one language is built: the default one, else the first.
  const lang = node.languages?.find((l) => l.default) ?? node.languages?.[0];
  if (lang) {
    acc.openapi.push(...openapiFiles(lang.openapi));
    add(collect(lang, ctx, acc));
  }

  for (const v of node.versions ?? []) {
    if (!acc.versions.includes(v.version)) acc.versions.push(v.version);
    acc.openapi.push(...openapiFiles(v.openapi));
    add(collect(v, { ...ctx, version: v.version }, acc));
  }

  for (const t of node.tabs ?? []) {
    const groups = collect(t, { ...ctx, tab: t.tab }, acc);
    add(groups);
    const url = groups.length === 0 && t.href ? t.href : commonFolder(groups);
    acc.tabs.push(compact({ name: t.tab, url, openapi: openapiFiles(t.openapi)[0], openapiDirectory: directoryOf(t.openapi), version: ctx.version }));
  }

  const sections = [
    ...(node.anchors ?? []).map((a) => ({ name: a.anchor, item: a, color: a.color })),
    ...(node.dropdowns ?? []).map((d) => ({ name: d.dropdown, item: d, color: d.color })),
  ];
  for (const { name, item, color } of sections) {
    const groups = collect(item, { ...ctx, anchor: name }, acc);
    add(groups);
    const prefix = commonFolder(groups);
    const { icon, style } = iconOf(item.icon);
    acc.anchors.push(
      compact({
        name,
        url: prefix || (item.href ?? ''),
        icon,
        iconType: item.iconType ?? style ?? 'duotone',
        color: color?.light ?? color?.dark,
        version: ctx.version,
        isDefaultHidden: item.hidden ?? false,
        openapi: openapiFiles(item.openapi)[0],
        openapiDirectory: directoryOf(item.openapi),
      }),
    );
  }

  for (const m of node.menu ?? []) {
    acc.openapi.push(...openapiFiles(m.openapi));
    add(collect(m, ctx, acc));
  }

  // Groups are the leaves: each lands in `navigation` once, in file order.
  const leaf = (g: NavigationGroup) => {
    acc.navigation.push(g);
    found.push(g);
  };
  for (const g of node.groups ?? []) leaf(convertGroup(g, ctx, acc));
  // Ungrouped pages become one untitled group, keeping their order.
  if (node.pages?.length) leaf(convertGroup({ group: '', pages: node.pages }, ctx, acc));
  return found;
}

/** The newer docs.json layout as `Settings`. */
export function fromV2(input: V2Input, file: string): Settings {
  const acc: Collected = { navigation: [], tabs: [], anchors: [], versions: [], openapi: [] };
  const { global, ...rest } = input.navigation;
  // `api.openapi` is the default spec of every operation entry.
  const root: Context = { openapi: scopeOf(input.api?.openapi, undefined) };
  collect(rest, root, acc);
  if (global) collect(global, root, acc);

  const bg = input.background;
  const background = bg?.color && (bg.color.light || bg.color.dark) ? compact({ ...bg.color }) : undefined;
  const image = typeof bg?.image === 'object' ? (bg.image.light ?? bg.image.dark) : bg?.image;
  const favicon = typeof input.favicon === 'object' ? (input.favicon.light ?? input.favicon.dark) : input.favicon;
  const primary = input.navbar?.primary;
  const display = input.api?.playground?.display;
  const mdx = input.api?.mdx;

  return compact({
    file,
    layout: 'v2' as const,
    name: input.name,
    navigation: acc.navigation,
    logo: normalizeLogo(input.logo),
    favicon,
    colors: compact({ primary: DEFAULT_PRIMARY, ...input.colors, background }),
    topbarLinks: (input.navbar?.links ?? []).map((l) => ({ name: l.label, url: l.href })),
    topbarCtaButton:
      primary &&
      (primary.type === 'github'
        ? { type: 'github' as const, url: primary.href }
        : compact({ type: 'link' as const, url: primary.href, name: primary.label })),
    versions: acc.versions,
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
    indexHiddenPages: input.seo?.indexing === 'all' ? true : undefined,
    analytics: analyticsFrom(input.integrations),
    iconLibrary: input.icons?.library,
    ...lookFromV2(input),
  });
}
