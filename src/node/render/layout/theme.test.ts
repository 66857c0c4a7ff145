import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../check/contrast.js';
import { normalizeClassic } from '../../settings/normalize.js';
import { mixHex, readableOn, themeVariables } from './theme.js';

type Colors = { primary: string; light?: string; dark?: string; background?: { light?: string; dark?: string } };
const settings = (colors: Colors, extra: Record<string, unknown> = {}) =>
  normalizeClassic({ name: 'Docs', navigation: [], colors, ...extra } as Parameters<typeof normalizeClassic>[0], 'docs.json');
const vars = (css: string) => Object.fromEntries([...css.matchAll(/(--[\w-]+):([^;}]+)/g)].map((m) => [m[1]!, m[2]!]));

describe('themeVariables', () => {
  it('leaves accent text and buttons to the stylesheet when its mixes already read well', () => {
    const v = vars(themeVariables(settings({ primary: '#C6470B', light: '#FB923C', dark: '#C2410C', background: { light: '#fffcfa', dark: '#120d0a' } })));
    expect(v['--kiln-primary']).toBe('#C6470B');
    for (const k of ['--kiln-accent-text-light', '--kiln-accent-text-dark', '--kiln-button-dark-mode', '--kiln-on-button-dark-mode']) expect(v[k], k).toBeUndefined();
  });

  it('gives a readable link colour for a pale primary (the 22 % black mix is not enough)', () => {
    // AgentOps: primary #a9bed4 on #f5faff reads at about 3:1 after the stylesheet's mix.
    const v = vars(themeVariables(settings({ primary: '#a9bed4', light: '#D1E5F7', dark: '#2b3033', background: { light: '#f5faff', dark: '#18191a' } })));
    const text = v['--kiln-accent-text-light']!;
    expect(text).toMatch(/^#[0-9a-f]{6}$/);
    // Readable on the page and on the current sidebar entry's 9 % tint.
    expect(contrastRatio(text, '#f5faff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, mixHex('#f5faff', '#a9bed4', 0.09))).toBeGreaterThanOrEqual(4.5);
    // And inside every kind of callout (tokens.css --c-*, 6 % tint): a link in a Note read at 4.44.
    for (const c of ['#2563eb', '#52607a', '#7c3aed', '#b45309', '#dc2626', '#15803d']) expect(contrastRatio(text, mixHex('#f5faff', c, 0.06)), c).toBeGreaterThanOrEqual(4.5);
    expect(v['--kiln-accent-text-dark']).toBeUndefined();
  });

  it('keeps a link readable on its own inline code background', () => {
    // Browser Use: orange #F97316 after the stylesheet's mix read 4.44:1 on a link's `code`.
    const v = vars(themeVariables(settings({ primary: '#F97316', light: '#FFF7ED', dark: '#C2410C' })));
    const text = v['--kiln-accent-text-light']!;
    expect(contrastRatio(text, mixHex('#ffffff', '#18181b', 0.055))).toBeGreaterThanOrEqual(4.5);
  });

  it('swaps a dark-mode button that would vanish on the dark background for the light colour', () => {
    // Ollama: primary and dark #000 on a #000 dark background.
    const v = vars(themeVariables(settings({ primary: '#000', light: '#b5b5b5', dark: '#000' })));
    expect(v['--kiln-button']).toBe('#000');
    expect(v['--kiln-button-dark-mode']).toBe('#b5b5b5');
    expect(v['--kiln-on-button-dark-mode']).toBe('#000000');
    // Without a usable light colour the button itself is lightened to 3:1.
    const w = vars(themeVariables(settings({ primary: '#111111', background: { dark: '#000000' } })));
    expect(contrastRatio(w['--kiln-button-dark-mode']!, '#000000')).toBeGreaterThanOrEqual(3);
  });

  it('resolves a relative background image from the site root', () => {
    const v = vars(themeVariables(settings({ primary: '#2563eb' }, { backgroundImage: 'images/bg.png' })));
    expect(v['--kiln-bg-image']).toBe('url("/images/bg.png")');
  });
});

describe('readableOn', () => {
  it('keeps a colour that passes and shifts one that does not, towards black on light backgrounds', () => {
    expect(readableOn('#1d4ed8', '#ffffff')).toBe('#1d4ed8');
    const orange = readableOn('#e36209', '#ffffff');
    expect(contrastRatio(orange, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(orange, '#ffffff')).toBeLessThan(4.8); // the smallest step, not black
    expect(contrastRatio(readableOn('#6a737d', '#303030'), '#303030')).toBeGreaterThanOrEqual(4.5);
  });
});
