import type { ThemeRegistration } from 'shiki';
import { bundledThemes } from 'shiki/themes';
import { readableOn } from '../../shared/colour.js';

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
export async function loadCodeThemes(): Promise<CodeThemes> {
  const [light, dark] = await Promise.all([bundledThemes['github-light'](), bundledThemes['github-dark']()]);
  return {
    light: adjustTheme(light.default, 'kiln-github-light', CODE_BACKGROUNDS.light),
    dark: adjustTheme(dark.default, 'kiln-github-dark', CODE_BACKGROUNDS.dark),
  };
}
