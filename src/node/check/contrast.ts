import { contrastRatio, DEFAULT_BG, HEX_COLOUR, textOn } from '../../shared/colour.js';
import type { JsonPath } from '../settings/locate.js';
import type { Settings } from '../settings/types.js';

export interface ContrastPair {
  what: string;
  fg: string;
  bg: string;
  ratio: number;
  /** The setting to point at. */
  path: JsonPath;
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
    { what: 'Links in light mode (`colors.primary` on the light background)', fg: c.primary, bg: bgLight, path: ['colors', 'primary'] },
    { what: 'Links in dark mode (`colors.light` on the dark background)', fg: c.light ?? c.primary, bg: bgDark, path: ['colors', c.light ? 'light' : 'primary'] },
    { what: 'Button labels (on `colors.dark`)', fg: HEX_COLOUR.test(button) ? textOn(button) : '', bg: button, path: ['colors', c.dark ? 'dark' : 'primary'] },
  ];
  return pairs.filter((p) => HEX_COLOUR.test(p.fg) && HEX_COLOUR.test(p.bg)).map((p) => ({ ...p, ratio: contrastRatio(p.fg, p.bg) }));
}
