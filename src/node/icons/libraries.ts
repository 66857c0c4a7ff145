import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The three icon libraries Mintlify offers, read from their npm packages one icon at a time.
 *
 * Each package ships one file per icon (Font Awesome: a CommonJS module per icon and per alias, read as text;
 * Lucide and Tabler: an SVG file per icon, Lucide's aliases included), so a name is looked up by
 * the file it would be in: nothing is indexed, and a build reads only the icons its pages name
 * (loading a whole set took 40-200 ms per Font Awesome style, and Tabler's node file is 2.4 MB).
 * Lookups are synchronous because components resolve icons while React renders, and remembered.
 */

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';
export const ICON_LIBRARIES: readonly IconLibrary[] = ['fontawesome', 'lucide', 'tabler'];

/** The free Font Awesome styles. */
export type FaStyle = 'solid' | 'regular' | 'brands';

/** One icon, ready to inline. */
export interface Glyph {
  library: IconLibrary;
  /** The icon's own name in its library (Font Awesome: the canonical name an alias stands for). */
  name: string;
  /** `solid`, `regular`, `brands` (Font Awesome), `outline` (Lucide, Tabler) or `filled` (Tabler). */
  style: string;
  viewBox: string;
  /** Presentation attributes of the `<svg>`: a fill, or a stroke and its width, caps and joins. */
  attrs: Readonly<Record<string, string>>;
  /** Font Awesome: path data (a duotone icon has two). */
  paths?: readonly string[];
  /** Lucide and Tabler: the SVG's child elements, as the package writes them. */
  markup?: string;
}

const require = createRequire(import.meta.url);

/** A package's folder, found once (Node's resolution, so the bundle and the sources agree). */
const folders = new Map<string, string>();
function folderOf(pkg: string): string {
  let dir = folders.get(pkg);
  if (dir === undefined) folders.set(pkg, (dir = path.dirname(require.resolve(`${pkg}/package.json`))));
  return dir;
}

/** Only plain kebab-case names are looked up: a name becomes a file name. */
const SAFE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

let loadMs = 0;
/** Milliseconds spent reading icon files in this process (for measurements). */
export function iconLoadTime(): number {
  return loadMs;
}

function timed<T>(read: () => T): T {
  const started = performance.now();
  try {
    return read();
  } finally {
    loadMs += performance.now() - started;
  }
}

// --- Font Awesome ---------------------------------------------------------------------------

const FA_PACKAGES: Record<FaStyle, string> = {
  solid: '@fortawesome/free-solid-svg-icons',
  regular: '@fortawesome/free-regular-svg-icons',
  brands: '@fortawesome/free-brands-svg-icons',
};

interface FaDefinition {
  iconName: string;
  icon: [number, number, (string | number)[], string, string | string[]];
}

/**
 * An icon module's data, read as text: compiling a module per icon cost more than loading the
 * whole package did on an icon-heavy site (the modules are generated, one shape for all). An
 * alias module names its icon's module (`require('./faHouse')`), which is read instead. Anything
 * else is loaded as the module it is.
 */
export function readFaModule(file: string): { name: string; width: number; height: number; paths: string[] } {
  let source = readFileSync(file, 'utf8');
  const alias = /require\('\.\/(fa\w+)'\)/.exec(source);
  if (alias) source = readFileSync(path.join(path.dirname(file), `${alias[1]}.js`), 'utf8');
  const name = /^var iconName = '([\w-]+)';$/m.exec(source)?.[1];
  const width = /^var width = (\d+);$/m.exec(source)?.[1];
  const height = /^var height = (\d+);$/m.exec(source)?.[1];
  const data = /^var svgPathData = '([^'\\]*)';$/m.exec(source)?.[1];
  if (name && width && height && data) return { name, width: Number(width), height: Number(height), paths: [data] };
  const { definition } = require(file) as { definition: FaDefinition };
  const [w, h, , , d] = definition.icon;
  return { name: definition.iconName, width: w, height: h, paths: Array.isArray(d) ? d : [d] };
}

const FA_ATTRS = { fill: 'currentColor' };
const faGlyphs = new Map<string, Glyph | null>();

/** `arrow-down-1-9` → `faArrowDown19`: the module each package has for a name or an alias. */
function faModule(name: string): string {
  return 'fa' + name.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** The free Font Awesome icon `name` in `style`, by its name or one of its aliases. */
export function fontAwesome(name: string, style: FaStyle): Glyph | undefined {
  if (!SAFE_NAME.test(name)) return undefined;
  const key = `${style}:${name}`;
  let glyph = faGlyphs.get(key);
  if (glyph === undefined) {
    glyph = timed(() => {
      const file = path.join(folderOf(FA_PACKAGES[style]), `${faModule(name)}.js`);
      if (!existsSync(file)) return null;
      const { name: iconName, width: w, height: h, paths } = readFaModule(file);
      // Glyphs are 512 high and 256-640 wide: centred in a square box so icons line up.
      const side = Math.max(w, h);
      return { library: 'fontawesome', name: iconName, style, viewBox: `${(w - side) / 2} ${(h - side) / 2} ${side} ${side}`, attrs: FA_ATTRS, paths };
    });
    faGlyphs.set(key, glyph);
  }
  return glyph ?? undefined;
}

// --- Lucide and Tabler: one SVG file per icon ------------------------------------------------

const svgGlyphs = new Map<string, Glyph | null>();

/** The presentation attributes kept from a package's `<svg>` root. */
const ROOT_ATTRS = ['fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin'];

/**
 * An icon file of a package: the root's viewBox and presentation attributes, and its children
 * with the whitespace between them removed (and Tabler's empty 24×24 frame path, which draws nothing).
 */
export function parseSvgFile(source: string, library: IconLibrary, name: string, style: string): Glyph | undefined {
  const m = /<svg\b([^>]*)>([\s\S]*?)<\/svg>/.exec(source);
  if (!m) return undefined;
  const rootAttrs = Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
  const attrs: Record<string, string> = {};
  for (const a of ROOT_ATTRS) if (rootAttrs[a] !== undefined) attrs[a] = rootAttrs[a];
  const markup = m[2]!
    .replace(/<path stroke="none" d="M0 0h24v24H0z" fill="none"\s*\/>/g, '')
    .replace(/\s*\/>/g, '/>')
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .trim();
  return { library, name, style, viewBox: rootAttrs.viewBox ?? '0 0 24 24', attrs, markup };
}

function svgGlyph(library: IconLibrary, pkg: string, sub: string, name: string, style: string): Glyph | undefined {
  if (!SAFE_NAME.test(name)) return undefined;
  const key = `${library}:${style}:${name}`;
  let glyph = svgGlyphs.get(key);
  if (glyph === undefined) {
    glyph = timed(() => {
      let source: string;
      try {
        source = readFileSync(path.join(folderOf(pkg), sub, `${name}.svg`), 'utf8');
      } catch {
        return null;
      }
      return parseSvgFile(source, library, name, style) ?? null;
    });
    svgGlyphs.set(key, glyph);
  }
  return glyph ?? undefined;
}

/** The Lucide icon `name` (Lucide's former names included: `home` is `house`). */
export function lucide(name: string): Glyph | undefined {
  return svgGlyph('lucide', 'lucide-static', 'icons', name, 'outline');
}

/** The Tabler icon `name`: `name-filled` is the filled variant Tabler has of some icons. */
export function tabler(name: string): Glyph | undefined {
  const filled = /^(.+)-filled$/.exec(name);
  if (filled) return svgGlyph('tabler', '@tabler/icons', 'icons/filled', filled[1]!, 'filled') ?? svgGlyph('tabler', '@tabler/icons', 'icons/outline', name, 'outline');
  return svgGlyph('tabler', '@tabler/icons', 'icons/outline', name, 'outline');
}
