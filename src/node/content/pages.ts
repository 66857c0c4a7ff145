import { readFileSync } from 'node:fs';
import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { NavigationEntry, NavigationGroup, Settings } from '../settings/types.js';
import { settingPlace, type JsonPath } from '../settings/locate.js';
import { frontMatterBody, splitFrontMatter, type FrontMatter, type KeyPlace } from './frontmatter.js';
import { substituteVariables } from './variables.js';
import type { ProjectFiles } from './scan.js';
import { pageUrl, titleFromId } from '../../shared/urls.js';

export interface Page {
  /** Project-relative path without extension: `guides/setup`. */
  id: string;
  /** Absolute path of the source file. */
  file: string;
  /** Project-relative path of the source file: `guides/setup.mdx`. */
  relPath: string;
  /** Clean URL: `/guides/setup`; the home page is `/`. */
  url: string;
  frontMatter: FrontMatter;
  /** Where each top-level front matter key is written in the file, for findings about it. */
  frontMatterKeys?: ReadonlyMap<string, KeyPlace>;
  /**
   * MDX body, front matter blanked out so positions match the file. A build's pages read it from
   * their file when asked for (`loadContent`'s `bodiesOnDisk`; the last few read are kept): a reader that needs it
   * more than once takes it once.
   */
  body: string;
  title: string;
  /** Label in the sidebar: `sidebarTitle`, else `title`. */
  navTitle: string;
  inNav: boolean;
  /**
   * A hidden page: front matter `hidden: true`, or listed only in hidden groups. It is built and
   * reachable at its URL, but left out of the sidebar, search, sitemap and llms.txt, as pages
   * outside the navigation are (`isListed`).
   */
  hidden?: boolean;
  /** Language of the page: docs.json `languages`, or the `locale` of a classic version. */
  lang?: string;
  /** A missing translation: the id of the default language's page shown in its place, with a notice. */
  fallbackOf?: string;
  /** When the source file last changed, from git (builds in a git checkout; content/git-dates.ts). */
  lastModified?: Date;
  /** The sidebar badge of a page the front matter alone cannot tell: an AsyncAPI channel's protocol (`WSS`). */
  navMethod?: string;
  /** The file's own modification time, for the date a page shows when git has none (`timestamp`). */
  fileModified?: Date;
}

/**
 * Whether a page is one the site lists: in the navigation and not hidden. Other pages are still
 * published, but (as Mintlify does) not offered by search, the sitemap or llms.txt, unless the
 * settings ask for every page to be indexed (`seo.indexing: "all"`, `seo.indexHiddenPages`).
 */
/** The URL of a project's own 404 page (`404.mdx` at its root). */
export const NOT_FOUND_URL = '/404';

export function isListed(page: Page): boolean {
  return page.inNav && !page.hidden;
}

/**
 * Whether search, the sitemap and llms.txt offer a page: a listed page (or, with `seo.indexing:
 * "all"`, any page) that is not `noindex`; the home page always. Never the project's own 404 page
 * (`404.mdx`), which the build writes as `404.html` for missing URLs, even when the navigation lists it.
 */
export function isIndexable(page: Page, content: Pick<ContentModel, 'byUrl'>, settings: { indexHiddenPages?: boolean }): boolean {
  if (page.frontMatter.noindex || page.url === NOT_FOUND_URL) return false;
  return isListed(page) || !!settings.indexHiddenPages || content.byUrl.get('/') === page;
}

export interface NavPageNode {
  kind: 'page';
  id: string;
  url: string;
  title: string;
  icon?: string;
  iconType?: string;
  /** Endpoint pages (`openapi:` or `api:` front matter): the method badge beside the title (`GET`, `WEBHOOK`). */
  method?: string;
  /** `deprecated: true` in the front matter (or the operation): marked beside the title. */
  deprecated?: boolean;
  /** Badge next to the title (front matter `tag`). */
  tag?: string;
  /** Front matter `hidden: true`: in its section, not in the sidebar. */
  hidden?: boolean;
  /** Front matter `url`: the entry links there instead of to the page. */
  href?: string;
}

export interface NavGroupNode {
  kind: 'group';
  title: string;
  icon?: string;
  iconType?: string;
  version?: string;
  /** Badge next to the group name. */
  tag?: string;
  /** The page the group's name links to. */
  root?: NavPageNode;
  /** A nested group open from the start. */
  expanded?: boolean;
  /** Not drawn in the sidebar (its pages are hidden pages). */
  hidden?: boolean;
  /** How the root page lists the group's pages below its content. */
  directory?: 'accordion' | 'card';
  children: NavNode[];
}

export type NavNode = NavPageNode | NavGroupNode;

export interface ContentModel {
  /** Pages by id. */
  pages: Map<string, Page>;
  /** Pages by URL (`/` included). */
  byUrl: Map<string, Page>;
  /** Page ids in navigation order (for previous/next). */
  order: string[];
  nav: NavGroupNode[];
  /** Group root pages that list their group's pages (`directory`), by page id. */
  directories: Map<string, NavGroupNode>;
  diagnostics: Diagnostic[];
}

/** A navigation entry that names an OpenAPI operation (`GET /users`, `openapi.yaml GET /users`, `webhook created`), as v2 sites do. */
const OPERATION = /^(?:\S+\s+)?(get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;

/**
 * Navigation entries that name an OpenAPI operation become generated pages (src/node/openapi/):
 * `page` returns the page, a diagnostic (no operation matches), or both (a warning about the
 * page); `scope` is the OpenAPI file of the group the entry is in. `extra` gives the generated
 * pages that are in no navigation, `finish` is called once every page is known. `taken` tells
 * which URLs exist.
 */
export interface OperationPages {
  page(entry: string, taken: (url: string) => boolean, scope?: NavigationGroup['openapiScope']): { page?: Page; diagnostic?: Diagnostic };
  extra?(taken: (url: string) => boolean): Page[];
  finish?(taken: (url: string) => boolean): void;
}

const METHOD = /^(?:\S+\s+)??(get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;

/** The sidebar's marks of an endpoint page: its method, and whether it is deprecated. */
function endpointBadges(page: Page): Pick<NavPageNode, 'method' | 'deprecated'> {
  const fm = page.frontMatter;
  const m = METHOD.exec(fm.openapi ?? fm.api ?? '');
  const out: Pick<NavPageNode, 'method' | 'deprecated'> = {};
  if (m) out.method = m[1]!.toUpperCase();
  else if (page.navMethod) out.method = page.navMethod;
  if (fm.deprecated || fm.data.deprecated === true) out.deprecated = true;
  return out;
}

/** A body read from its file when asked for; `set` once something gave the page another one (dev). */
interface DiskBody {
  read: () => string;
  set?: string;
}

const diskBodies = new WeakMap<Page, DiskBody>();

/**
 * The bodies read last, by page: the readers of a page being made (the cache key, the compile, the
 * Markdown export, RSS) ask within moments of each other, and read from the file each time it was
 * five reads a page. A few pages are in flight on a thread at once; 32 covers them and stays small.
 */
export const RECENT_BODIES = 32;
const recentBodies = new Map<DiskBody, string>();

function readBody(state: DiskBody): string {
  const hit = recentBodies.get(state);
  if (hit !== undefined) return hit;
  const body = state.read();
  recentBodies.set(state, body);
  if (recentBodies.size > RECENT_BODIES) recentBodies.delete(recentBodies.keys().next().value!);
  return body;
}

/**
 * Makes `page.body` read from the file when asked for (see `readBody`): the source text of every page was the largest
 * thing a large build kept, on each thread, from loading to the end. Setting it keeps what is set.
 */
function bodyFromDisk(page: Page, read: () => string): Page {
  const state: DiskBody = { read };
  diskBodies.set(page, state);
  Object.defineProperty(page, 'body', {
    get: () => state.set ?? readBody(state),
    set: (body: string) => {
      state.set = body;
    },
    enumerable: true,
    configurable: true,
  });
  return page;
}

/**
 * What changes when a page's body does, cheap to keep beside the page (a cache of what the body
 * gave, seo/rss.ts): the body itself when the page holds it, else a token replaced when it is set,
 * so a cache never keeps a body the page does not.
 */
export function bodyStamp(page: Page): unknown {
  const state = diskBodies.get(page);
  return state ? (state.set ?? state) : page.body;
}

/** `/guides/setup.mdx` → `guides/setup`. */
export function normaliseEntry(entry: string): string {
  return entry.trim().replace(/^\.?\/+/, '').replace(/\.mdx?$/i, '').replace(/\/+$/, '');
}

/**
 * Read every page of the project and resolve the navigation against them. Pages not in the
 * navigation are still published at their URL, as existing projects expect.
 */
export async function loadContent(
  root: string, settings: Settings, files: ProjectFiles,
  /** Called once the pages are read, before the navigation is resolved (loads the OpenAPI files). */
  openapi?: (pages: Map<string, Page>) => Promise<OperationPages | undefined>,
  /**
   * Pages' bodies read again from their files when asked for rather than kept (builds, check). The
   * dev server keeps them: it patches edited pages into the model it holds.
   */
  options: { bodiesOnDisk?: boolean } = {},
): Promise<ContentModel> {
  const diagnostics: Diagnostic[] = [];
  const byRelPath = new Map<string, string>(); // id → relPath (.mdx wins over .md)
  for (const rel of files.pages) {
    const id = rel.replace(/\.mdx?$/i, '');
    const existing = byRelPath.get(id);
    if (!existing || rel.endsWith('.mdx')) byRelPath.set(id, rel);
  }

  const pages = new Map<string, Page>();
  // Read synchronously: pages are small, and a promise per file (open, stat, read, close on the
  // thread pool) took 120-170 ms for the bench's 1,000 pages against 12-22 ms this way.
  for (const [id, rel] of byRelPath) {
    const file = path.join(root, rel);
    const read = substituteVariables(readFileSync(file, 'utf8'), settings.variables, file);
    diagnostics.push(...read.diagnostics);
    const split = splitFrontMatter(read.text, file);
    diagnostics.push(...split.diagnostics);
    const title = split.frontMatter.title ?? titleFromId(id);
    const page: Page = {
      id, file, relPath: rel, url: pageUrl(id), frontMatter: split.frontMatter, frontMatterKeys: split.keys, body: split.body,
      title, navTitle: split.frontMatter.sidebarTitle ?? title, inNav: false,
    };
    // The same steps as above, the diagnostics already reported.
    if (options.bodiesOnDisk) bodyFromDisk(page, () => frontMatterBody(substituteVariables(readFileSync(file, 'utf8'), settings.variables, file).text));
    pages.set(id, page);
  }

  const operations = await openapi?.(pages);

  const order: string[] = [];
  const seen = new Set<string>();
  const urls = new Set<string>();
  for (const p of pages.values()) urls.add(p.url);

  /** Pages listed somewhere outside hidden groups. */
  const shown = new Set<string>();
  const directories = new Map<string, NavGroupNode>();

  /** Where an entry is listed: in a hidden group, under a language, with an OpenAPI file in scope. */
  interface Scope {
    hidden: boolean;
    lang?: string;
    openapi?: NavigationGroup['openapiScope'];
  }

  // Classic versions written `{name, locale}`: the pages of that version's groups are in that language.
  const localeOf = new Map((settings.versionOptions ?? []).flatMap((v) => (v.locale ? [[v.name, v.locale] as const] : [])));
  const resolveGroup = (g: NavigationGroup, outer: Scope): NavGroupNode => {
    const lang = g.lang ?? (g.version ? localeOf.get(g.version) : undefined) ?? outer.lang;
    const scope: Scope = { hidden: outer.hidden || !!g.hidden, lang, openapi: g.openapiScope ?? outer.openapi };
    const at = (...rest: JsonPath) => g.settingsPath && [...g.settingsPath, ...rest];
    const root = g.root ? resolveEntry(g.root, scope, at('root')) : null;
    const node: NavGroupNode = {
      kind: 'group', title: g.group, icon: g.icon, iconType: g.iconType, version: g.version, tag: g.tag,
      root: root?.kind === 'page' ? root : undefined, expanded: g.expanded, hidden: g.hidden,
      directory: g.directory === 'accordion' || g.directory === 'card' ? g.directory : undefined,
      children: g.pages.map((e, i) => resolveEntry(e, scope, at('pages', i))).filter((n): n is NavNode => n !== null),
    };
    if (node.root && node.directory && !directories.has(node.root.id)) directories.set(node.root.id, node);
    return node;
  };

  /** `at`: where the entry is written in the settings. */
  function resolveEntry(entry: NavigationEntry, scope: Scope, at: JsonPath | undefined): NavNode | null {
    if (typeof entry !== 'string') return resolveGroup(entry, scope);
    // From the positions kept when the settings were parsed, worked out only when a finding needs
    // them (a code frame for every entry of a large navigation cost more than the rest of loading
    // the content). Entries Kiln made itself point at the settings file.
    const where = () => settingPlace(settings, at);
    let generated: Page | undefined;
    if (OPERATION.test(entry)) {
      const result = operations?.page(entry, (url) => urls.has(url), scope.openapi);
      if (!result) {
        diagnostics.push(diag('nav/openapi-entry', { entry }, where()));
        return null;
      }
      if (result.diagnostic) diagnostics.push({ ...result.diagnostic, ...where() });
      if (!result.page) return null;
      pages.set(result.page.id, (generated = result.page));
      urls.add(result.page.url);
    }
    const id = generated?.id ?? normaliseEntry(entry);
    const page = pages.get(id) ?? pages.get(`${id}/index`) ?? translationFallback(id, scope.lang);
    if (!page) {
      diagnostics.push(diag('nav/page-not-found', { entry, tried: [`${id}.mdx`, `${id}.md`] }, where()));
      return null;
    }
    if (scope.lang && !page.lang) page.lang = scope.lang;
    const hidden = page.frontMatter.hidden === true;
    if (seen.has(page.id)) diagnostics.push(diag('nav/duplicate-page', { entry }, where()));
    else {
      seen.add(page.id);
      // The reading order (previous / next) goes through the pages the sidebar shows.
      if (!hidden && !scope.hidden) order.push(page.id);
    }
    page.inNav = true;
    if (!scope.hidden) shown.add(page.id);
    return { kind: 'page', id: page.id, url: page.url, title: page.navTitle, icon: page.frontMatter.icon, iconType: page.frontMatter.iconType, tag: page.frontMatter.tag, hidden: hidden || undefined, ...endpointBadges(page), ...(page.frontMatter.url ? { href: page.frontMatter.url } : {}) };
  }

  /**
   * A page of a non-default language that has no file: the default language's page at the same
   * place (`fr/guide` → `en/guide`, or `guide` when the default language is at the top), published
   * at the missing page's URL with a notice (render/layout/document.tsx).
   */
  function translationFallback(id: string, lang: string | undefined): Page | undefined {
    const languages = settings.languages;
    const own = languages?.find((l) => l.code === lang);
    const base = languages?.find((l) => l.default);
    if (!own || !base || own === base) return undefined;
    const rest = own.prefix === '' ? id : id.startsWith(`${own.prefix}/`) ? id.slice(own.prefix.length + 1) : undefined;
    if (rest === undefined) return undefined;
    const target = base.prefix ? `${base.prefix}/${rest}` : rest;
    const original = pages.get(target) ?? pages.get(`${target}/index`);
    if (!original || original.fallbackOf) return undefined;
    const page: Page = { ...original, id, url: pageUrl(id), relPath: `${original.relPath}#${own.code}`, inNav: false, lang: own.code, fallbackOf: original.id };
    const disk = diskBodies.get(original);
    if (disk) bodyFromDisk(page, disk.read);
    pages.set(id, page);
    urls.add(page.url);
    return page;
  }

  const nav = settings.navigation.map((g) => resolveGroup(g, { hidden: false }));
  // Generated pages in no navigation (OpenAPI `x-hidden`): built, linked from nowhere, hidden.
  for (const p of operations?.extra?.((url) => urls.has(url)) ?? []) {
    pages.set(p.id, p);
    urls.add(p.url);
  }
  operations?.finish?.((url) => urls.has(url));
  for (const page of pages.values()) {
    if (page.frontMatter.hidden === true || (page.inNav && !shown.has(page.id))) page.hidden = true;
  }

  const byUrl = new Map<string, Page>();
  for (const p of pages.values()) byUrl.set(p.url, p);
  // The home page is `index` when there is one, else the first page of the navigation.
  if (!byUrl.has('/') && order[0]) byUrl.set('/', pages.get(order[0])!);

  return { pages, byUrl, order, nav, directories, diagnostics };
}

/** The URL a page is known by: the home page is `/` (it is also written at its own URL). */
export function canonicalPath(content: ContentModel, page: Page): string {
  return content.byUrl.get('/') === page ? '/' : page.url;
}

/** Published pages in navigation order, then the pages outside the navigation (by URL). */
export function pagesInOrder(content: ContentModel): Page[] {
  const seen = new Set<string>();
  const out: Page[] = [];
  for (const id of content.order) {
    const p = content.pages.get(id);
    if (p && !seen.has(p.id)) (seen.add(p.id), out.push(p));
  }
  const rest = [...content.pages.values()].filter((p) => !seen.has(p.id)).sort((a, b) => a.url.localeCompare(b.url));
  return [...out, ...rest];
}
