import type { Settings } from '../../settings/types.js';

/** Relative luminance of a hex colour (WCAG 2). */
export function luminance(hex: string): number {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  const ch = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
}

/** Black or white, whichever reads better on `hex`. */
export function textOn(hex: string): string {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The settings' colours as CSS custom properties for the theme stylesheet. */
export function themeVariables(settings: Settings): string {
  const c = settings.colors;
  const primary = c.primary;
  const light = c.light ?? primary;
  const button = c.dark ?? primary;
  const vars: string[] = [`--kiln-primary:${primary}`, `--kiln-primary-dark-mode:${light}`, `--kiln-button:${button}`, `--kiln-on-button:${textOn(button)}`];
  if (c.background?.light) vars.push(`--kiln-bg-light:${c.background.light}`);
  if (c.background?.dark) vars.push(`--kiln-bg-dark:${c.background.dark}`);
  if (settings.backgroundImage) vars.push(`--kiln-bg-image:url("${settings.backgroundImage.replace(/["\\]/g, '')}")`);
  return `:root{${vars.join(';')}}`;
}

/**
 * Runs before first paint so the page never flashes the wrong theme. A reader's stored choice wins
 * unless the toggle is hidden and a default is set (then the mode is forced).
 */
export function themeScript(settings: Settings): string {
  const { default: def, isHidden } = settings.modeToggle;
  const forced = isHidden && def ? def : '';
  const fallback = def ?? '';
  return `(function(){var d=document.documentElement,m=${JSON.stringify(forced)};if(!m){try{m=${isHidden ? 'null' : "localStorage.getItem('kiln-theme')"}}catch(e){}}if(m!=='light'&&m!=='dark')m=${JSON.stringify(fallback)}||(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light');d.classList.toggle('dark',m==='dark');d.style.colorScheme=m})()`;
}
