import { luminance, textOn } from '../render/layout/theme.js';
import type { Settings } from '../settings/types.js';

/** The theme's default backgrounds (src/client/styles/tokens.css). */
export const DEFAULT_BG = { light: '#ffffff', dark: '#0b0c0f' } as const;
export const AA_TEXT = 4.5;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** WCAG 2 contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

export interface ContrastPair {
  what: string;
  fg: string;
  bg: string;
  ratio: number;
  /** The settings value to point at. */
  setting: string;
}

/**
 * The pairs the theme draws text with: `primary` is the link colour on the light background,
 * `light` (else `primary`) on the dark one, and the button label (black or white, whichever reads
 * better) on `dark` (else `primary`). Pairs whose colours are not hex are left out.
 */
export function contrastPairs(settings: Settings): ContrastPair[] {
  const c = settings.colors;
  const bgLight = c.background?.light ?? DEFAULT_BG.light;
  const bgDark = c.background?.dark ?? DEFAULT_BG.dark;
  const button = c.dark ?? c.primary;
  const pairs: Omit<ContrastPair, 'ratio'>[] = [
    { what: 'Links in light mode (`colors.primary` on the light background)', fg: c.primary, bg: bgLight, setting: c.primary },
    { what: 'Links in dark mode (`colors.light` on the dark background)', fg: c.light ?? c.primary, bg: bgDark, setting: c.light ?? c.primary },
    { what: 'Button labels (on `colors.dark`)', fg: HEX.test(button) ? textOn(button) : '', bg: button, setting: button },
  ];
  return pairs.filter((p) => HEX.test(p.fg) && HEX.test(p.bg)).map((p) => ({ ...p, ratio: contrastRatio(p.fg, p.bg) }));
}
