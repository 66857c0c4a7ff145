import { fontAwesome, lucide, tabler, type FaStyle, type Glyph, type IconLibrary } from './libraries.js';
import { PRO_FALLBACKS } from './pro-fallbacks.js';
import { isWebUrl } from '../../shared/urls.js';

export { iconLoadTime, ICON_LIBRARIES, type Glyph, type IconLibrary } from './libraries.js';

/**
 * Icon name (+ Font Awesome `iconType`) → the glyph to show, in the site's icon library
 * (`icons.library`, Font Awesome unless set) first.
 *
 * A name is never left without its icon when some library has it: a Font Awesome Pro name or
 * style becomes the nearest free icon (`pro-fallbacks.ts`, and the style order below), and a name
 * the site's library lacks is taken from another library (Lucide names in a Font Awesome site are
 * common). Only a name no library knows shows the default icon; the resolver records both kinds of
 * stand-in while a page renders (`collectIconIssues`) for a note or a warning at its position.
 */

export interface ResolvedIcon {
  glyph: Glyph;
  /**
   * `exact`: the name in the site's library (in the asked Font Awesome style, when one was
   * asked); `style`: a Font Awesome name in another free style than the asked one (a Pro style
   * like duotone, or a style the name has no icon in); `pro`: a Pro-only name shown as a free look-alike; `library`: a name
   * the site's library does not have, taken from another; `unknown`: no library knows it, the
   * default icon is shown.
   */
  match: 'exact' | 'style' | 'pro' | 'library' | 'unknown';
}

/** Free styles to try, by the asked `iconType`: outline Pro styles look most like regular, filled ones like solid. */
const SOLID_FIRST: FaStyle[] = ['solid', 'regular', 'brands'];
const REGULAR_FIRST: FaStyle[] = ['regular', 'solid', 'brands'];
const FA_STYLES: Record<string, FaStyle[]> = {
  solid: SOLID_FIRST,
  regular: REGULAR_FIRST,
  brands: ['brands', 'solid', 'regular'],
  light: REGULAR_FIRST,
  thin: REGULAR_FIRST,
  duotone: SOLID_FIRST,
  'sharp-solid': SOLID_FIRST,
  'sharp-regular': REGULAR_FIRST,
  'sharp-light': REGULAR_FIRST,
  'sharp-thin': REGULAR_FIRST,
  'sharp-duotone-solid': SOLID_FIRST,
  'sharp-duotone-regular': REGULAR_FIRST,
  'sharp-duotone-light': REGULAR_FIRST,
  'sharp-duotone-thin': REGULAR_FIRST,
};

/** The order libraries are asked in, by the site's library: the outline sets are nearest each other. */
const LIBRARY_ORDER: Record<IconLibrary, IconLibrary[]> = {
  fontawesome: ['fontawesome', 'lucide', 'tabler'],
  lucide: ['lucide', 'tabler', 'fontawesome'],
  tabler: ['tabler', 'lucide', 'fontawesome'],
};

/** Font Awesome class words for a style: `fa-solid`, `fas`, `fa-sharp fa-light`, `fasl`. */
const STYLE_WORDS: Record<string, string> = {
  'fa-solid': 'solid', fas: 'solid', 'fa-regular': 'regular', far: 'regular', 'fa-brands': 'brands', fab: 'brands',
  'fa-light': 'light', fal: 'light', 'fa-thin': 'thin', fat: 'thin', 'fa-duotone': 'duotone', fad: 'duotone',
  fass: 'sharp-solid', fasr: 'sharp-regular', fasl: 'sharp-light', fast: 'sharp-thin',
};
/** Class words that size, animate or turn an icon: not its name. */
const MODIFIER = /^(?:fa|ti|fa-sharp|fa-sharp-duotone|fa-fw|fa-lg|fa-xs|fa-sm|fa-2xs|fa-xl|fa-2xl|fa-\d+x|fa-(?:spin|spin-pulse|spin-reverse|pulse|beat|beat-fade|bounce|fade|flip|shake|border|inverse|li|ul|stack|stack-1x|stack-2x|swap-opacity)|fa-rotate-(?:90|180|270|by)|fa-flip-(?:horizontal|vertical|both))$/;

export interface IconName {
  /** Lower-case kebab-case names to look up, best first (`BookOpen` → `bookopen`, `book-open`). */
  names: string[];
  /** A Font Awesome style the name's class words ask for (`fa-brands fa-github` → `brands`). */
  style?: string;
  /** The library the name's own prefix points at: `fa-…` Font Awesome, `ti-…` Tabler. */
  library?: IconLibrary;
}

/** `Rocket`, ` fa-rocket `, `fa-solid fa-rocket`, `ti ti-rocket`, `BookOpen` → the names to look up. */
export function parseIconName(raw: string): IconName {
  const words = raw.trim().split(/\s+/).filter(Boolean);
  let style: string | undefined;
  let sharp = false;
  let library: IconLibrary | undefined;
  let named: string | undefined;
  for (const word of words) {
    const w = word.toLowerCase();
    if (w === 'fa-sharp' || w === 'fa-sharp-duotone') sharp = true;
    if (STYLE_WORDS[w]) style = STYLE_WORDS[w];
    else if (!MODIFIER.test(w)) named = word;
    if (w === 'fa' || STYLE_WORDS[w] || w.startsWith('fa-')) library = 'fontawesome';
    if (w === 'ti' || w.startsWith('ti-')) library = 'tabler';
  }
  if (sharp && style && !style.startsWith('sharp-')) style = `sharp-${style}`;
  else if (sharp && !style) style = 'sharp-solid';
  if (!named) return { names: [], style, library };
  const bare = named.replace(/^(?:fa|ti)-/i, '');
  const names = [bare.toLowerCase()];
  // PascalCase and camelCase, as Lucide's and Tabler's components are named: `BookOpen`, `IconHome`.
  if (/[a-z0-9][A-Z]/.test(bare)) names.push(bare.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase());
  // `book_open`, `Book Open` spelled with other separators.
  const dashed = names[names.length - 1]!.replace(/[_\s]+/g, '-');
  if (!names.includes(dashed)) names.push(dashed);
  return { names, style, library };
}

/** The name in one library, or undefined. */
function inLibrary(library: IconLibrary, name: string, styles: FaStyle[]): Glyph | undefined {
  if (library === 'lucide') return lucide(name);
  if (library === 'tabler') return tabler(name.replace(/^icon-/, ''));
  for (const style of styles) {
    const glyph = fontAwesome(name, style);
    if (glyph) return glyph;
  }
  return undefined;
}

/** A Font Awesome Pro name → the free icon shown for it: a free Font Awesome name, or `lucide:…` / `tabler:…`. */
export function proFallback(name: string): string | undefined {
  const mapped = PRO_FALLBACKS[name];
  if (mapped) return mapped;
  // `circle-1`, `square-3`: numbered markers; the free set has the bare digits.
  const digit = /^(?:circle|square)-(\d)$/.exec(name);
  return digit ? digit[1] : undefined;
}

/** The glyph a Pro name is shown as. */
function proGlyph(name: string, styles: FaStyle[]): Glyph | undefined {
  const free = proFallback(name);
  if (!free) return undefined;
  const [, library, other] = /^(lucide|tabler):(.+)$/.exec(free) ?? [];
  return library ? inLibrary(library as IconLibrary, other!, styles) : inLibrary('fontawesome', free, styles);
}

let current: IconLibrary = 'fontawesome';

/** Runs a synchronous render with `library` as the site's icon library. */
export function withIconLibrary<T>(library: IconLibrary | undefined, render: () => T): T {
  const outer = current;
  current = library ?? 'fontawesome';
  try {
    return render();
  } finally {
    current = outer;
  }
}

/** The library names resolve in first: the one `withIconLibrary` set. */
export function currentIconLibrary(): IconLibrary {
  return current;
}

const DEFAULT_NAME = 'circle';

/** What is shown for a name no library knows: a circle, in the site's library. */
export function defaultGlyph(library: IconLibrary): Glyph {
  return (library === 'fontawesome' ? fontAwesome(DEFAULT_NAME, 'regular') : inLibrary(library, DEFAULT_NAME, REGULAR_FIRST))!;
}

const lookups = new Map<string, ResolvedIcon>();

/** Resolves without recording anything. */
export function lookupIcon(raw: string, iconType?: string, library: IconLibrary = current): ResolvedIcon {
  const key = `${library}\0${iconType ?? ''}\0${raw}`;
  let resolved = lookups.get(key);
  if (!resolved) lookups.set(key, (resolved = lookUp(raw, iconType, library)));
  return resolved;
}

function lookUp(raw: string, iconType: string | undefined, library: IconLibrary): ResolvedIcon {
  const parsed = parseIconName(raw);
  // An `iconType` that is no Font Awesome style is left unused, as Mintlify does.
  const asked = [parsed.style, iconType].find((s) => s !== undefined && FA_STYLES[s] !== undefined);
  const styles = asked ? FA_STYLES[asked]! : SOLID_FIRST;
  const order = parsed.library ? [parsed.library, ...LIBRARY_ORDER[library].filter((l) => l !== parsed.library)] : LIBRARY_ORDER[library];
  for (const lib of order) {
    for (const name of parsed.names) {
      const glyph = inLibrary(lib, name, styles);
      if (glyph) {
        if (lib !== order[0]) return { glyph, match: 'library' };
        if (lib !== 'fontawesome') return { glyph, match: 'exact' };
        return { glyph, match: asked && glyph.style !== asked ? 'style' : 'exact' };
      }
    }
    if (lib !== 'fontawesome') continue;
    for (const name of parsed.names) {
      const glyph = proGlyph(name, styles);
      if (glyph) return { glyph, match: 'pro' };
    }
  }
  return { glyph: defaultGlyph(library), match: 'unknown' };
}

/** A name shown as another icon than the one asked for: a Pro name's free look-alike, or another library's. */
export interface Substitution {
  name: string;
  match: 'pro' | 'library';
  glyph: Glyph;
}

interface Collector {
  unknown: Set<string>;
  substituted: Map<string, Substitution>;
}
/** What did not resolve as asked during the current `collectIconIssues` call. */
let collector: Collector | undefined;

/**
 * Name and optional `iconType` → the glyph to show, in the library `withIconLibrary` set. Never
 * fails; stand-ins and unknown names are recorded for `collectIconIssues`.
 */
export function resolveIcon(name: string, iconType?: string, library: IconLibrary = current): ResolvedIcon {
  const resolved = lookupIcon(name, iconType, library);
  if (collector) {
    if (resolved.match === 'unknown') collector.unknown.add(name);
    else if ((resolved.match === 'pro' || resolved.match === 'library') && !collector.substituted.has(name)) collector.substituted.set(name, { name, match: resolved.match, glyph: resolved.glyph });
  }
  return resolved;
}

/** Whether some library has `name` (or a free look-alike of it). */
export function isKnownIcon(name: string, library: IconLibrary = current): boolean {
  return lookupIcon(name, undefined, library).match !== 'unknown';
}

export interface IconIssues {
  /** Names no library knows, in order of first use. */
  unknown: string[];
  /** Names shown as another icon, in order of first use. */
  substituted: Substitution[];
}

/**
 * Runs a synchronous render and returns the icon names that did not resolve as asked inside it.
 * React's `renderToStaticMarkup` is synchronous, so one module-level collector is safe even when
 * several pages render concurrently.
 */
export function collectIconIssues<T>(render: () => T): { value: T } & IconIssues {
  const outer = collector;
  const mine: Collector = { unknown: new Set(), substituted: new Map() };
  collector = mine;
  try {
    const value = render();
    return { value, unknown: [...mine.unknown], substituted: [...mine.substituted.values()] };
  } finally {
    collector = outer;
    if (outer) {
      for (const n of mine.unknown) outer.unknown.add(n);
      for (const [n, s] of mine.substituted) if (!outer.substituted.has(n)) outer.substituted.set(n, s);
    }
  }
}

export type IconSource =
  | { kind: 'none' }
  | { kind: 'image'; src: string }
  | { kind: 'svg'; markup: string }
  | { kind: 'name'; name: string };

/** What an author's `icon` value is: an image URL or path, inline SVG markup, or an icon name. */
export function classifyIcon(icon: string | undefined | null): IconSource {
  const value = icon?.trim();
  if (!value) return { kind: 'none' };
  if (/^<svg[\s>/]/i.test(value)) return { kind: 'svg', markup: value };
  if (isWebUrl(value) || /^\.{0,2}\//.test(value) || /^data:image\//i.test(value)) return { kind: 'image', src: value };
  if (/^[\w.-]+(\/[\w.-]+)*\.(svg|png|jpe?g|gif|webp|avif|ico)(\?.*)?$/i.test(value)) return { kind: 'image', src: value };
  return { kind: 'name', name: value };
}
