import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AssetFile } from '../client-assets.js';

const require = createRequire(import.meta.url);
const TAILWIND_DIR = path.dirname(require.resolve('tailwindcss/package.json'));

/**
 * Tailwind's utilities, no preflight (it would restyle the whole theme), theme values inlined (no
 * `--radius-lg`/`--font-mono` variables that would collide with the theme's own). Cascade: the
 * theme stylesheet is in layer `kiln` (kiln.css), declared first, so the author's utilities in
 * layer `utilities` win over the theme's defaults on the element they are on, whatever the
 * theme selector's specificity. `dark:` follows Kiln's theme toggle (the `dark` class on <html>).
 * The colour names Mintlify's Tailwind set-up gives pages (`bg-primary-dark`, `text-primary-light`,
 * `bg-background-dark`…) map to the site's colours, which the layout sets as `--kiln-*` variables.
 */
const INPUT = `@layer kiln, theme, utilities;
@import "tailwindcss/theme.css" layer(theme) theme(inline);
@import "tailwindcss/utilities.css" layer(utilities);
@custom-variant dark (&:where(.dark, .dark *));
@theme inline {
  --color-primary: var(--kiln-primary);
  --color-primary-light: var(--kiln-primary-dark-mode);
  --color-primary-dark: var(--kiln-button);
  --color-background-light: var(--kiln-bg-light, #ffffff);
  --color-background-dark: var(--kiln-bg-dark, #0b0c0f);
}
`;

const sources = new Map<string, Promise<string>>();
function read(file: string): Promise<string> {
  let p = sources.get(file);
  if (!p) sources.set(file, (p = fs.readFile(file, 'utf8')));
  return p;
}

async function loadStylesheet(id: string, base: string) {
  const file = id.startsWith('tailwindcss/') ? path.join(TAILWIND_DIR, id.slice('tailwindcss/'.length)) : path.resolve(base, id);
  if (path.relative(TAILWIND_DIR, file).startsWith('..')) throw new Error(`Tailwind: cannot load ${id}`);
  return { path: file, base: path.dirname(file), content: await read(file) };
}

/** The CSS Tailwind generates for `classes`, or '' when none of them is a utility. */
export async function tailwindCss(classes: Iterable<string>): Promise<string> {
  const candidates = [...new Set(classes)].sort();
  if (candidates.length === 0) return '';
  // A compiler accumulates candidates across builds, so each stylesheet gets a fresh one.
  // Loaded on first use: most pages have no utilities, and every dev server start paid for it.
  const { compile } = await import('tailwindcss');
  const compiler = await compile(INPUT, { base: TAILWIND_DIR, loadStylesheet });
  const css = compiler.build(candidates);
  // Nothing generated: only the header and the layer order are left.
  if (!/\{/.test(css.replace(/@layer[^;{]*;/g, ''))) return '';
  return css.replace(/^\/\*![^*]*\*\/\s*/, '');
}

/** The Tailwind stylesheet as a content-hashed asset, or undefined when it would be empty. */
export async function tailwindAsset(classes: Iterable<string>): Promise<AssetFile | undefined> {
  let css = await tailwindCss(classes);
  if (!css) return undefined;
  try {
    // Same browser targets as the theme: range media queries and oklch() colours are lowered.
    const { transform } = await import('esbuild');
    css = (await transform(css, { loader: 'css', minify: true, target: ['chrome100', 'firefox100', 'safari15'] })).code;
  } catch {
    // esbuild missing or failing: the unminified CSS works in current browsers.
  }
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
  return { url: `/_kiln/assets/tailwind.${hash}.css`, type: 'text/css; charset=utf-8', body: css };
}
