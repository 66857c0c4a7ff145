import { createRequire } from 'node:module';
import { PRO_FALLBACKS } from './pro-fallbacks.js';

/**
 * Font Awesome icon names → SVG path data, from the free packages installed with Kiln.
 *
 * The three packages are ~3 MB of JavaScript (≈40 ms warm, up to ≈200 ms from a cold disk), so
 * they are loaded on the first icon a process asks for, one style at a time, and indexed once.
 * Resolution is synchronous because components call it while React renders.
 */

export type IconStyle = 'solid' | 'regular' | 'brands';

/** The shape of a Font Awesome icon definition (`icon: [width, height, ligatures, unicode, path]`). */
export interface IconDefinition {
  prefix: string;
  iconName: string;
  icon: [number, number, (string | number)[], string, string | string[]];
}

export interface ResolvedIcon {
  definition: IconDefinition;
  /** The free style that was used. */
  style: IconStyle;
  /**
   * `exact`: the name in the asked style; `style`: the name in another free style (a paid style
   * like duotone was asked, or the name is not in the asked one); `pro`: a paid-only name mapped to
   * the nearest free icon; `unknown`: not a Font Awesome name, the default icon is shown.
   */
  match: 'exact' | 'style' | 'pro' | 'unknown';
}

const PACKAGES: Record<IconStyle, { pkg: string; key: string }> = {
  solid: { pkg: '@fortawesome/free-solid-svg-icons', key: 'fas' },
  regular: { pkg: '@fortawesome/free-regular-svg-icons', key: 'far' },
  brands: { pkg: '@fortawesome/free-brands-svg-icons', key: 'fab' },
};

/** The order free styles are tried in, by the asked `iconType`. Paid styles look most like solid. */
const ORDER: Record<string, IconStyle[]> = {
  solid: ['solid', 'regular', 'brands'],
  regular: ['regular', 'solid', 'brands'],
  brands: ['brands', 'solid', 'regular'],
};
const DEFAULT_ORDER: IconStyle[] = ['solid', 'regular', 'brands'];

/** Shown for a name Font Awesome does not have. */
export const DEFAULT_ICON = { name: 'circle', style: 'regular' as IconStyle };

const require = createRequire(import.meta.url);
const indexes = new Map<IconStyle, Map<string, IconDefinition>>();
let loadMs = 0;

function index(style: IconStyle): Map<string, IconDefinition> {
  let map = indexes.get(style);
  if (map) return map;
  const started = performance.now();
  const { pkg, key } = PACKAGES[style];
  const set = (require(pkg) as Record<string, Record<string, IconDefinition>>)[key] ?? {};
  map = new Map();
  for (const def of Object.values(set)) {
    map.set(def.iconName, def);
    // Aliases (`fire-alt` for `fire-flame-curved`) are the string ligatures; numbers are code points.
    for (const alias of def.icon[2]) if (typeof alias === 'string' && !map.has(alias)) map.set(alias, def);
  }
  indexes.set(style, map);
  loadMs += performance.now() - started;
  return map;
}

/** Milliseconds spent loading and indexing icon packages in this process (for measurements). */
export function iconLoadTime(): number {
  return loadMs;
}

/** `Rocket`, ` fa-rocket `, `fa-solid fa-rocket` → `rocket`. */
export function normalizeIconName(name: string): string {
  const words = name.trim().toLowerCase().split(/\s+/);
  const named = words.filter((w) => !/^fa-(solid|regular|brands|light|thin|duotone|sharp|sharp-solid)$|^fa[srbldt]$/.test(w));
  return (named[named.length - 1] ?? '').replace(/^fa-/, '');
}

function find(name: string, order: IconStyle[]): { definition: IconDefinition; style: IconStyle } | undefined {
  for (const style of order) {
    const definition = index(style).get(name);
    if (definition) return { definition, style };
  }
  return undefined;
}

function proFallback(name: string): string | undefined {
  const mapped = PRO_FALLBACKS[name];
  if (mapped) return mapped;
  // `circle-1`, `square-3`: numbered markers; the free set has the bare digits.
  const digit = /^(?:circle|square)-(\d)$/.exec(name);
  return digit ? digit[1] : undefined;
}

/** Names that did not resolve during the current `collectIconIssues` call. */
let collector: Set<string> | undefined;

/**
 * Font Awesome name and optional `iconType` → definition. Never fails: paid styles fall back to the
 * free styles (solid, then regular, then brands), paid-only names to a free look-alike, and an
 * unknown name to `DEFAULT_ICON` (recorded for `collectIconIssues`).
 */
export function resolveIcon(name: string, iconType?: string): ResolvedIcon {
  const wanted = normalizeIconName(name);
  const order = (iconType && ORDER[iconType]) || DEFAULT_ORDER;
  const direct = wanted ? find(wanted, order) : undefined;
  if (direct) return { ...direct, match: direct.style === (iconType ?? order[0]) ? 'exact' : 'style' };
  const pro = wanted ? proFallback(wanted) : undefined;
  const near = pro ? find(pro, DEFAULT_ORDER) : undefined;
  if (near) return { ...near, match: 'pro' };
  collector?.add(name);
  const definition = index(DEFAULT_ICON.style).get(DEFAULT_ICON.name)!;
  return { definition, style: DEFAULT_ICON.style, match: 'unknown' };
}

/** Whether `name` is a Font Awesome name Kiln can show (in some free style, or mapped from a paid one). */
export function isKnownIcon(name: string): boolean {
  const wanted = normalizeIconName(name);
  if (!wanted) return false;
  if (find(wanted, DEFAULT_ORDER)) return true;
  const pro = proFallback(wanted);
  return pro !== undefined && find(pro, DEFAULT_ORDER) !== undefined;
}

/**
 * Runs a synchronous render and returns the icon names that did not resolve inside it, in order
 * of first use. React's `renderToStaticMarkup` is synchronous, so one module-level collector is
 * safe even when several pages render concurrently.
 */
export function collectIconIssues<T>(render: () => T): { value: T; unknown: string[] } {
  const outer = collector;
  const mine = new Set<string>();
  collector = mine;
  try {
    const value = render();
    return { value, unknown: [...mine] };
  } finally {
    collector = outer;
    if (outer) for (const n of mine) outer.add(n);
  }
}

export type IconSource =
  | { kind: 'none' }
  | { kind: 'image'; src: string }
  | { kind: 'svg'; markup: string }
  | { kind: 'font-awesome'; name: string };

/** What an author's `icon` value is: an image URL or path, inline SVG markup, or an icon name. */
export function classifyIcon(icon: string | undefined | null): IconSource {
  const value = icon?.trim();
  if (!value) return { kind: 'none' };
  if (/^<svg[\s>/]/i.test(value)) return { kind: 'svg', markup: value };
  if (/^(https?:)?\/\//i.test(value) || /^\.{0,2}\//.test(value) || /^data:image\//i.test(value)) return { kind: 'image', src: value };
  if (/^[\w.-]+(\/[\w.-]+)*\.(svg|png|jpe?g|gif|webp|avif|ico)(\?.*)?$/i.test(value)) return { kind: 'image', src: value };
  return { kind: 'font-awesome', name: value };
}
