import type { JsonPath } from '../settings/locate.js';
import { convertNavigation, type ClassicDivision, type ClassicGroup } from './navigation.js';

/**
 * A classic `mint.json` as the newer `docs.json`, key for key as Mintlify's `mint upgrade` writes
 * it (same names, same order), so the result also works with Mintlify. Every value of the input
 * that has no place in docs.json is reported, never dropped silently: the converter records each
 * path it reads, and whatever is left unread is `notCarried`.
 */

type Json = Record<string, unknown>;

export interface NotCarried {
  path: JsonPath;
  /** Why it has no place in docs.json, and what to do instead (ends without a full stop). */
  reason: string;
}

export interface Conversion {
  docs: Json;
  notCarried: NotCarried[];
}

/** The JSON Schema URL Mintlify writes into docs.json; editors complete the file with it. */
export const DOCS_JSON_SCHEMA = 'https://mintlify.com/docs.json';
/** docs.json requires a primary colour; Mintlify's upgrade writes its default when there is none. */
const DEFAULT_PRIMARY = '#16A34A';

/** Why common classic settings are not carried over (anything else gets a generic reason). */
const REASONS: Record<string, string> = {
  feedback: 'docs.json has no feedback buttons (Mintlify moved them to its dashboard); Kiln shows none for a docs.json site',
  rounded: 'docs.json has no corner style setting',
  sidebar: 'docs.json has no sidebar style setting; the theme sets it',
  topbar: 'docs.json has no top bar style setting; the theme sets it',
  isWhiteLabeled: 'docs.json has no white-label setting',
  'colors.ultraLight': 'docs.json has no such colour',
  'colors.ultraDark': 'docs.json has no such colour',
  'api.maintainOrder': 'docs.json has no such setting; endpoints keep the order of the OpenAPI file',
  'api.auth.inputPrefix': 'docs.json has no such setting',
  'api.paramFields': 'docs.json has no such setting',
  'api.request.example.showOptionalParams': 'docs.json has no such setting',
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const key = (path: JsonPath) => path.join('\u0000');

/** Reads the input and remembers what was read. */
class Reader {
  private readonly read = new Set<string>();
  constructor(readonly root: Json) {}

  /** The value at `path`, marked (with everything under it) as carried over. */
  take<T = unknown>(...path: (string | number)[]): T | undefined {
    let v: unknown = this.root;
    for (const seg of path) {
      if (v === null || typeof v !== 'object') return undefined;
      v = (v as Record<string | number, unknown>)[seg];
    }
    if (v !== undefined) this.read.add(key(path));
    return v as T | undefined;
  }

  /** Values nobody took: the shallowest such paths. */
  unread(): JsonPath[] {
    const out: JsonPath[] = [];
    const walk = (v: unknown, path: (string | number)[]) => {
      if (path.length && this.read.has(key(path))) return;
      const inside = [...this.read].some((k) => k.startsWith(key(path) + (path.length ? '\u0000' : '')));
      if (!inside || v === null || typeof v !== 'object') return void out.push(path);
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
      else for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    };
    walk(this.root, []);
    return out.filter((p) => p.length > 0);
  }
}

/** Drop keys whose value is undefined (and objects left empty), keeping the order of the rest. */
function clean<T extends Json>(o: T): T | undefined {
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length ? (out as T) : undefined;
}

/** Mintlify's old theme and layout names as the docs.json theme that looks most like them. */
function theme(r: Reader): string {
  const layout = r.take<string>('layout');
  const old = r.take<string>('theme');
  if (layout === 'sidenav') return 'maple';
  if (layout === 'solidSidenav') return 'willow';
  if (old === 'venus') return 'palm';
  if (old === 'quill') return 'willow';
  return 'mint';
}

function fonts(r: Reader): Json | undefined {
  const font = r.take<Json>('font');
  if (!isObject(font)) return undefined;
  const one = (f: unknown) => {
    if (!isObject(f)) return f;
    const { url, ...rest } = f;
    return { ...rest, ...(url ? { source: url } : {}) };
  };
  if ('family' in font) return one(font) as Json;
  return clean({ heading: font.headings === undefined ? undefined : one(font.headings), body: font.body === undefined ? undefined : one(font.body) });
}

function api(r: Reader): Json | undefined {
  const mode = r.take<string>('api', 'playground', 'mode');
  const disableProxy = r.take<boolean>('api', 'playground', 'disableProxy');
  const display = mode === 'show' ? 'interactive' : mode === 'hide' ? 'none' : mode;
  const method = r.take<string>('api', 'auth', 'method');
  const name = r.take<string>('api', 'auth', 'name');
  const server = r.take<string | string[]>('api', 'baseUrl');
  return clean({
    openapi: r.take('openapi'),
    playground: clean({ display, proxy: disableProxy === undefined ? undefined : !disableProxy }),
    examples: clean({ languages: r.take('api', 'request', 'example', 'languages') }),
    mdx: server !== undefined || method !== undefined || name !== undefined ? clean({ server, auth: clean({ method, name }) }) : undefined,
  });
}

function navbar(r: Reader): Json | undefined {
  const links = r.take<{ type?: string; name?: string; url: string }[]>('topbarLinks');
  const cta = r.take<{ type?: string; name?: string; url: string }>('topbarCtaButton');
  if (!links && !cta) return undefined;
  const label = (l: { type?: string; name?: string }) => (l.type === undefined || l.type === 'link' ? l.name : l.type.charAt(0).toUpperCase() + l.type.slice(1).toLowerCase());
  return clean({
    links: links?.map((l) => ({ label: label(l), href: l.url })),
    primary: cta && (cta.type === 'github' ? { type: 'github', href: cta.url } : { type: 'button', label: cta.name, href: cta.url }),
  });
}

function footer(r: Reader): Json | undefined {
  const socials = r.take<unknown>('footer', 'socials') ?? r.take<unknown>('footerSocials');
  const links = r.take<{ title?: string; links: { label: string; url: string }[] }[]>('footer', 'links');
  return clean({
    socials: Array.isArray(socials) ? Object.fromEntries(socials.map((s: { type: string; url: string }) => [s.type, s.url])) : socials,
    links: links?.map((col) => clean({ header: col.title, items: col.links.map((l) => ({ label: l.label, href: l.url })) })),
  });
}

function integrations(r: Reader): Json | undefined {
  const analytics = r.take<Json>('analytics');
  const intercom = r.take<string>('integrations', 'intercom');
  const frontchat = r.take<string>('integrations', 'frontchat');
  return clean({ ...analytics, intercom: intercom && { appId: intercom }, frontchat: frontchat && { snippetId: frontchat } });
}

/** Tabs or anchors: every key of theirs has a place in the navigation. */
function divisions(r: Reader, kind: 'tabs' | 'anchors'): ClassicDivision[] {
  return r.take<ClassicDivision[]>(kind) ?? [];
}

/** Convert a parsed, valid classic settings object. */
export function classicToDocsJson(input: Json): Conversion {
  const r = new Reader(input);
  r.take('$schema');
  // Read key by key: `colors` has keys docs.json has no place for.
  const colors = isObject(input.colors) ? input.colors : undefined;
  for (const k of ['primary', 'light', 'dark', 'background', 'anchors']) r.take('colors', k);
  const tabs = divisions(r, 'tabs');
  const anchors = divisions(r, 'anchors');
  const eyebrows = r.take<string>('eyebrow', 'display');
  const codeblocks = r.take<string>('codeBlock', 'mode');
  const modeDefault = r.take<string>('modeToggle', 'default');
  const strict = r.take<boolean>('modeToggle', 'isHidden');
  const decoration = r.take<string>('background', 'style');
  const image = r.take<string>('backgroundImage');
  const background = colors && isObject(colors.background) ? colors.background : undefined;
  const metatags = r.take<Json>('metadata');
  const indexHidden = r.take<boolean>('seo', 'indexHiddenPages');

  const docs = clean({
    $schema: DOCS_JSON_SCHEMA,
    theme: theme(r),
    name: r.take<string>('name'),
    colors: colors ? clean({ primary: colors.primary, light: colors.light, dark: colors.dark }) : { primary: DEFAULT_PRIMARY },
    favicon: r.take<string>('favicon'),
    navigation: convertNavigation({
      navigation: r.take<ClassicGroup[]>('navigation') ?? [],
      tabs,
      anchors,
      versions: r.take<string[]>('versions'),
      topAnchor: r.take('topAnchor'),
      primaryTab: r.take('primaryTab'),
      anchorColor: colors?.anchors as ClassicDivision['color'],
    }),
    styling: eyebrows || codeblocks ? clean({ eyebrows: eyebrows && (eyebrows === 'breadcrumbs' ? 'breadcrumbs' : 'section'), codeblocks: codeblocks && (codeblocks === 'dark' ? 'dark' : 'system') }) : undefined,
    logo: r.take('logo'),
    api: api(r),
    appearance: modeDefault !== undefined || strict !== undefined ? clean({ default: modeDefault, strict }) : undefined,
    background: clean({ image, decoration, color: background && clean({ light: background.light, dark: background.dark }) }),
    navbar: navbar(r),
    search: clean({ prompt: r.take<string>('search', 'prompt') }),
    seo: metatags !== undefined || indexHidden !== undefined ? { ...(metatags ? { metatags } : {}), indexing: indexHidden ? 'all' : 'navigable' } : undefined,
    footer: footer(r),
    integrations: integrations(r),
    fonts: fonts(r),
    redirects: r.take('redirects'),
  })!;

  const notCarried = r.unread().map((path) => {
    const dotted = path.filter((s) => typeof s === 'string').join('.');
    return { path, reason: REASONS[dotted] ?? REASONS[String(path[0])] ?? 'docs.json has no equivalent setting' };
  });
  return { docs, notCarried };
}
