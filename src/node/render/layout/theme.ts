import { createHash } from 'node:crypto';
import type { FontSpec, Settings } from '../../settings/types.js';
import { DEFAULT_PRIMARY } from '../../settings/normalize.js';
import { hasScheme, projectFileUrl } from '../../../shared/urls.js';
import { cssColor, cssString, cssUrl, jsString, styleText } from '../encode.js';
import { contrastRatio, DEFAULT_BG, HEX_COLOUR, mixHex, readableOn, textOn } from '../../../shared/colour.js';

/** Callout colours of tokens.css (`--c-*`); a callout is tinted with 6 % (light) or 9 % (dark) of one. */
const CALLOUT = {
  light: ['#2563eb', '#52607a', '#7c3aed', '#b45309', '#dc2626', '#15803d'],
  dark: ['#60a5fa', '#94a3b8', '#a78bfa', '#fbbf24', '#f87171', '#4ade80'],
} as const;

/** Of the surfaces accent text sits on, the one it reads worst on. */
function worstSurface(text: string, surfaces: string[]): string {
  return surfaces.reduce((worst, s) => (contrastRatio(text, s) < contrastRatio(text, worst) ? s : worst));
}

/**
 * Colours the stylesheet cannot work out for itself. Accent text (links, the current page in the
 * sidebar): tokens.css darkens the primary colour with 22 % black in light mode and lightens `light`
 * with 20 % white in dark mode, which is not enough for a pale primary; when it falls short of AA on
 * the page background under the accent's own tint (9 % / 14 %), a callout's or inline code's, the build gives a readable shade.
 * Buttons in dark mode: a `dark` button colour made for light pages can vanish on a dark background
 * (below the 3:1 of WCAG's non-text contrast); then `light` is used, or the button is lightened.
 */
function derivedColours(primary: string, light: string, button: string, bg: { light: string; dark: string }): string[] {
  if (![primary, light, button, bg.light, bg.dark].every((x) => HEX_COLOUR.test(x))) return [];
  const vars: string[] = [];
  // Links also sit in callouts, whose tint can be darker (light mode) than the accent's own, and
  // a link's inline code takes its colour on the code background (tokens.css --code-inline-bg).
  const textLight = mixHex(primary, '#000000', 0.22);
  const onLight = worstSurface(textLight, [mixHex(bg.light, primary, 0.09), mixHex(bg.light, '#18181b', 0.055), ...CALLOUT.light.map((c) => mixHex(bg.light, c, 0.06))]);
  if (contrastRatio(textLight, onLight) < 4.5) vars.push(`--kiln-accent-text-light:${readableOn(textLight, onLight)}`);
  const textDark = mixHex(light, '#ffffff', 0.2);
  const onDark = worstSurface(textDark, [mixHex(bg.dark, light, 0.14), mixHex(bg.dark, '#ffffff', 0.08), ...CALLOUT.dark.map((c) => mixHex(bg.dark, c, 0.09))]);
  if (contrastRatio(textDark, onDark) < 4.5) vars.push(`--kiln-accent-text-dark:${readableOn(textDark, onDark)}`);
  if (contrastRatio(button, bg.dark) < 3) {
    const b = contrastRatio(light, bg.dark) >= 3 ? light : readableOn(button, bg.dark, 3);
    vars.push(`--kiln-button-dark-mode:${b}`, `--kiln-on-button-dark-mode:${textOn(b)}`);
  }
  return vars;
}

const variables = new WeakMap<Settings, string>();

/**
 * The settings' colours as CSS custom properties for the theme stylesheet. Kept per settings object:
 * every page carries them, and deriving the contrast-checked shades took 0.25 ms a page (profile
 * of 350 benchmark pages).
 */
export function themeVariables(settings: Settings): string {
  let css = variables.get(settings);
  if (css === undefined) variables.set(settings, (css = computeVariables(settings)));
  return css;
}

function computeVariables(settings: Settings): string {
  const c = settings.colors;
  // Every value goes into CSS encoded for its place: colours only when they are one colour (the
  // settings schema asks for hex codes; this holds for whatever reaches here), the image as a url().
  const primary = cssColor(c.primary) ?? DEFAULT_PRIMARY;
  const light = cssColor(c.light) ?? primary;
  const button = cssColor(c.dark) ?? primary;
  const bg = { light: cssColor(c.background?.light), dark: cssColor(c.background?.dark) };
  const vars: string[] = [`--kiln-primary:${primary}`, `--kiln-primary-dark-mode:${light}`, `--kiln-button:${button}`, `--kiln-on-button:${textOn(button)}`];
  if (bg.light) vars.push(`--kiln-bg-light:${bg.light}`);
  if (bg.dark) vars.push(`--kiln-bg-dark:${bg.dark}`);
  vars.push(...derivedColours(primary, light, button, { light: bg.light ?? DEFAULT_BG.light, dark: bg.dark ?? DEFAULT_BG.dark }));
  // Resolved from the site root: a relative url() in this inline style would follow the page's URL.
  const image = projectCssUrl(settings.backgroundImage);
  if (image) vars.push(`--kiln-bg-image:${image}`);
  const imageDark = projectCssUrl(settings.backgroundImageDark);
  if (imageDark) vars.push(`--kiln-bg-image-dark:${imageDark}`);
  vars.push(...fontVariables(settings), ...bannerVariables(settings));
  return styleText(`${fontFaces(settings)}:root{${vars.join(';')}}`);
}

/** `url("…")` of a project file, an http(s) URL or a data: URL; undefined for any other scheme (`javascript:`). */
export function projectCssUrl(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const url = projectFileUrl(path.trim());
  if (hasScheme(url) && !/^(?:https?|data):/i.test(url)) return undefined;
  return cssUrl(url);
}

/** Family names CSS knows by itself: written bare, never fetched. */
const GENERIC_FAMILY = /^(?:serif|sans-serif|monospace|cursive|fantasy|math|emoji|fangsong|system-ui|ui-serif|ui-sans-serif|ui-monospace|ui-rounded|-apple-system|BlinkMacSystemFont)$/i;
const familyCss = (family: string) => (GENERIC_FAMILY.test(family) ? family : cssString(family));

const FONT_FORMATS: Record<string, string> = { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype' };

/** `@font-face` rules of the settings' font files (a project file, or a URL linked as it is: nothing is downloaded). */
function fontFaces(settings: Settings): string {
  const fonts = settings.look?.fonts;
  const seen = new Set<string>();
  let css = '';
  for (const f of [fonts?.heading, fonts?.body]) {
    const src = f?.source && projectCssUrl(f.source);
    if (!f || !src) continue;
    const format = f.format ?? FONT_FORMATS[f.source!.split(/[?#]/)[0]!.split('.').pop()!.toLowerCase()];
    const rule = `@font-face{font-family:${cssString(f.family)};src:${src}${format ? ` format(${cssString(format)})` : ''};${f.weight ? `font-weight:${f.weight};` : ''}font-display:swap}`;
    if (!seen.has(rule)) css += rule;
    seen.add(rule);
  }
  return css;
}

function fontVariables(settings: Settings): string[] {
  const fonts = settings.look?.fonts;
  const vars: string[] = [];
  // The theme's own face stays the fallback for characters (or a whole font) that do not load.
  const stack = (f: FontSpec) => `${familyCss(f.family)},var(--font-theme,var(--font-system))`;
  if (fonts?.body) vars.push(`--kiln-font-body:${stack(fonts.body)}`);
  if (fonts?.heading) vars.push(`--kiln-font-heading:${stack(fonts.heading)}`);
  if (fonts?.body?.weight) vars.push(`--kiln-font-body-weight:${fonts.body.weight}`);
  if (fonts?.heading?.weight) vars.push(`--kiln-font-heading-weight:${fonts.heading.weight}`);
  return vars;
}

/**
 * Google Fonts stylesheets for the families the settings name without a file, as Mintlify loads
 * them: a link the reader's browser follows (nothing is fetched at build time). Families CSS knows
 * (`system-ui`, `monospace`) need none.
 */
export function fontLinks(settings: Settings): string[] {
  const fonts = settings.look?.fonts;
  const weights = new Map<string, Set<number>>();
  for (const f of [fonts?.heading, fonts?.body]) {
    if (!f || f.source || GENERIC_FAMILY.test(f.family)) continue;
    const set = weights.get(f.family) ?? new Set([400, 500, 600, 700]);
    if (f.weight) set.add(f.weight);
    weights.set(f.family, set);
  }
  if (weights.size === 0) return [];
  const families = [...weights].map(([family, set]) => `family=${encodeURIComponent(family).replace(/%20/g, '+')}:wght@${[...set].sort((a, b) => a - b).join(';')}`);
  return [`https://fonts.googleapis.com/css2?${families.join('&')}&display=swap`];
}

/** Banner colours by `type`, for light and dark pages; `color` wins. */
const BANNER = { warning: { light: '#f59e0b', dark: '#b45309' }, critical: { light: '#dc2626', dark: '#b91c1c' } } as const;

function bannerVariables(settings: Settings): string[] {
  const b = settings.banner;
  if (!b) return [];
  const c = settings.colors;
  const base = b.type === 'info' ? { light: c.primary, dark: c.light ?? c.primary } : BANNER[b.type];
  const light = b.color?.light ?? b.color?.dark ?? base.light;
  const dark = b.color?.dark ?? b.color?.light ?? base.dark;
  const hex = (x: string) => HEX_COLOUR.test(x);
  if (!hex(light) || !hex(dark)) return [];
  return [`--kiln-banner-light:${light}`, `--kiln-on-banner-light:${textOn(light)}`, `--kiln-banner-dark:${dark}`, `--kiln-on-banner-dark:${textOn(dark)}`];
}

/** The key a dismissed banner is remembered by: its content, so a new message shows again. */
export function bannerKey(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 12);
}

/** Attributes of `<html>` the theme stylesheet keys its variants on (styles/themes.css, look.css). */
export function lookAttributes(settings: Settings): string {
  const look = settings.look;
  const attrs: [string, string | undefined][] = [
    ['data-theme-variant', look?.theme ?? 'mint'],
    ['data-decoration', look?.decoration],
    ['data-codeblocks', look?.codeBlocks],
    ['data-rounded', look?.rounded],
    ['data-sidebar-items', look?.sidebarItems],
    ['data-topbar', look?.topbar],
    ['data-sidebar', look?.sidebar],
  ];
  // Every value is one of the schema's enum members: plain words, nothing to escape.
  return attrs.filter(([, v]) => v).map(([k, v]) => ` ${k}="${v}"`).join('');
}

/**
 * Runs before first paint so the page never flashes the wrong theme. A reader's stored choice wins
 * unless the toggle is hidden and a default is set (then the mode is forced). A banner the reader
 * dismissed is hidden before it is drawn, too.
 */
export function themeScript(settings: Settings): string {
  const { default: def, isHidden } = settings.modeToggle;
  const forced = isHidden && def ? def : '';
  const fallback = def ?? '';
  const banner = settings.banner?.dismissible
    ? `try{if(localStorage.getItem('kiln-banner-dismissed')===${jsString(bannerKey(settings.banner.content))})d.classList.add('banner-dismissed')}catch(e){}`
    : '';
  return `(function(){var d=document.documentElement,m=${jsString(forced)};if(!m){try{m=${isHidden ? 'null' : "localStorage.getItem('kiln-theme')"}}catch(e){}}if(m!=='light'&&m!=='dark')m=${jsString(fallback)}||(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light');d.classList.toggle('dark',m==='dark');d.style.colorScheme=m;${banner}})()`;
}
