/** Colour maths (WCAG 2 contrast) for the theme, `kiln check` and the browser code. */

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The page backgrounds of the theme when the settings give none (src/client/styles/tokens.css). */
export const DEFAULT_BG = { light: '#ffffff', dark: '#0b0c0f' } as const;

/** WCAG AA's contrast for body text. */
export const AA_TEXT = 4.5;

/** The red, green and blue channels (0-255) of a hex colour; alpha dropped. */
export function hexChannels(hex: string): number[] {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

/** Relative luminance (WCAG 2) of red, green and blue channels 0-255. */
export function channelLuminance(rgb: readonly number[]): number {
  const ch = rgb.map((v) => v / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
}

/** Relative luminance of a hex colour (WCAG 2). */
export function luminance(hex: string): number {
  return channelLuminance(hexChannels(hex));
}

/** WCAG 2 contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Black or white, whichever reads better on a colour of luminance `l`. */
export function inkForLuminance(l: number): '#000000' | '#ffffff' {
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** Black or white, whichever reads better on `hex`. */
export function textOn(hex: string): string {
  return inkForLuminance(luminance(hex));
}

/** `#rgb`/`#rrggbb` (alpha dropped) mixed with `other`: `amount` 0 is `hex`, 1 is `other`, as CSS color-mix in srgb. */
export function mixHex(hex: string, other: string, amount: number): string {
  const [a, b] = [hexChannels(hex), hexChannels(other)];
  return '#' + a.map((ch, i) => Math.round(ch + (b[i]! - ch) * amount).toString(16).padStart(2, '0')).join('');
}

/**
 * `fg` when it already reads at `target` on `bg`, else the smallest step towards black (on a light
 * background) or white (on a dark one) that does, so the hue stays.
 */
export function readableOn(fg: string, bg: string, target = AA_TEXT): string {
  if (contrastRatio(fg, bg) >= target) return fg;
  const toward = contrastRatio(bg, '#000000') > contrastRatio(bg, '#ffffff') ? '#000000' : '#ffffff';
  for (let step = 1; step <= 100; step++) {
    const c = mixHex(fg, toward, step / 100);
    if (contrastRatio(c, bg) >= target) return c;
  }
  return toward;
}

/** A CSS colour name (`rebeccapurple`) or function (`oklch(…)`), as far as a value can carry nothing else. */
const NAMED = /^[a-z]{3,30}$/i;
const FUNCTION = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([-+0-9a-z.,%/\s]*\)$/i;

/** Whether `value` reads as one CSS colour: a hex code, a colour name, or a colour function. */
export function isCssColor(value: string): boolean {
  const v = value.trim();
  return HEX_COLOUR.test(v) || NAMED.test(v) || FUNCTION.test(v);
}
