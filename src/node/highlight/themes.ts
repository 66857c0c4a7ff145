import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ThemeRegistration } from 'shiki';
import { bundledThemes } from 'shiki/themes';
import { readableOn } from '../../shared/colour.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { findPackage, GRAMMAR_TABLES } from './grammar-tables.js';

/**
 * The darkest and lightest backgrounds a token is drawn on (src/client/styles/code.css and
 * tokens.css). Light: the code background is always white, and a highlighted line tints it with
 * 9 % of the primary colour, so #e8e8e8 (a black primary) is the worst case for any site. Dark: the
 * code background follows the site's dark background; #303030 covers the default and moderately
 * lighter backgrounds under a highlighted line's 14 % tint.
 */
export const CODE_BACKGROUNDS = { light: '#e8e8e8', dark: '#303030' } as const;

export interface CodeThemes {
  light: ThemeRegistration;
  dark: ThemeRegistration;
}

const HEX6 = /^#[0-9a-f]{6}$/i;

/**
 * A copy of `theme` whose token colours (and default foreground) read at AA on `bg`. Rules with
 * their own background keep their colours: they are drawn on that background, not ours.
 */
export function adjustTheme(theme: ThemeRegistration, name: string, bg: string): ThemeRegistration {
  // Only plain `#rrggbb` colours are adjusted; the step towards black or white keeps each hue.
  const fix = (c: string | undefined) => (c && HEX6.test(c) ? readableOn(c, bg) : c);
  const colors = { ...theme.colors };
  if (colors['editor.foreground']) colors['editor.foreground'] = fix(colors['editor.foreground'])!;
  const { settings, ...rest } = theme;
  const tokenColors = (theme.tokenColors ?? settings ?? []).map((rule) =>
    rule.settings.foreground && !rule.settings.background ? { ...rule, settings: { ...rule.settings, foreground: fix(rule.settings.foreground) } } : rule,
  );
  return { ...rest, name, displayName: name, colors, ...(theme.fg ? { fg: fix(theme.fg) } : {}), tokenColors };
}

/** GitHub's light and dark code themes, with the few token colours that fall short darkened or lightened. */
export async function adjustCodeThemes(): Promise<CodeThemes> {
  const [light, dark] = await Promise.all([bundledThemes['github-light'](), bundledThemes['github-dark']()]);
  return {
    light: adjustTheme(light.default, 'kiln-github-light', CODE_BACKGROUNDS.light),
    dark: adjustTheme(dark.default, 'kiln-github-dark', CODE_BACKGROUNDS.dark),
  };
}

/**
 * The themes as `adjustCodeThemes` makes them, written by `npm run build:pkg` beside the grammar
 * tables (scripts/precompile-grammars.mjs). Every highlighter starts with the themes, in every
 * build thread and dev server: loading the themes' modules and adjusting them took 7-9 ms of CPU,
 * reading them 0.5 ms. themes.test.ts checks the file is what `adjustCodeThemes` makes.
 */
export const CODE_THEMES_FILE = path.join(GRAMMAR_TABLES, 'kiln-code-themes.json');

/** What the written themes depend on besides Kiln's code: the themes' package and the backgrounds. */
export function codeThemesKey(): string {
  return JSON.stringify({ themes: findPackage('@shikijs/themes', PACKAGE_ROOT)?.version ?? 'missing', backgrounds: CODE_BACKGROUNDS });
}

/** The adjusted themes: from `CODE_THEMES_FILE` when it was written for this key, else made now. */
export async function loadCodeThemes(file = CODE_THEMES_FILE): Promise<CodeThemes> {
  let why = 'are missing';
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as CodeThemes & { key?: string };
    if (stored.key === codeThemesKey()) return { light: stored.light, dark: stored.dark };
    why = `are for other themes (${stored.key}, not ${codeThemesKey()})`;
  } catch {
    // Not written (a build of the sources alone): made below.
  }
  // KILN_DEBUG says so (the package test asserts the written themes are used).
  if (process.env.KILN_DEBUG) console.error(`kiln: code themes in ${file} ${why}; adjusted at start`);
  return adjustCodeThemes();
}

/** Writes `CODE_THEMES_FILE` (package build time). */
export async function writeCodeThemes(file = CODE_THEMES_FILE): Promise<void> {
  writeFileSync(file, JSON.stringify({ key: codeThemesKey(), ...(await adjustCodeThemes()) }));
}
