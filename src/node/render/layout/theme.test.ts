import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../shared/colour.js';
import { normalizeClassic } from '../../settings/normalize.js';
import { mixHex, readableOn } from '../../../shared/colour.js';
import { bannerKey, fontLinks, lookAttributes, projectCssUrl, themeScript, themeVariables } from './theme.js';

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

describe('look settings in CSS and <html>', () => {
  const look = (extra: Record<string, unknown>) => ({ ...settings({ primary: '#0D9373' }), ...extra }) as ReturnType<typeof settings>;

  it('writes font names and files as CSS strings that cannot close the string or the <style> element', () => {
    const css = themeVariables(look({ look: { theme: 'mint', fonts: { heading: { family: 'x";}</style><script>alert(1)</script>', source: 'f.woff2"); } body{color:red' } } } }));
    expect(css).not.toMatch(/<\/?(style|script)/i);
    const family = /font-family:("(?:[^"\\]|\\.)*")/.exec(css)![1]!;
    expect(family).not.toMatch(/[<>}]/);
    expect(family.slice(1, -1)).not.toContain('"');
    expect(css).toContain('src:url("/f.woff2\\22 \\29 ; \\7d  body\\7b color:red")');
  });

  it('keeps url() to project files, http(s) and data:', () => {
    expect(projectCssUrl('fonts/a.woff2')).toBe('url("/fonts/a.woff2")');
    expect(projectCssUrl('https://cdn.acme.dev/a.woff2')).toBe('url("https://cdn.acme.dev/a.woff2")');
    expect(projectCssUrl('javascript:alert(1)')).toBeUndefined();
    expect(projectCssUrl('vbscript:x')).toBeUndefined();
  });

  it('declares font files, links Google families, and leaves families CSS knows alone', () => {
    const s = look({ look: { theme: 'mint', fonts: { heading: { family: 'Display', source: '/fonts/d.woff2', weight: 700 }, body: { family: 'Open Sans', weight: 450 } } } });
    const css = themeVariables(s);
    expect(css).toContain('@font-face{font-family:"Display";src:url("/fonts/d.woff2") format("woff2");font-weight:700;font-display:swap}');
    expect(vars(css)['--kiln-font-heading']).toBe('"Display",var(--font-theme,var(--font-system))');
    expect(vars(css)['--kiln-font-body-weight']).toBe('450');
    expect(fontLinks(s)).toEqual(['https://fonts.googleapis.com/css2?family=Open+Sans:wght@400;450;500;600;700&display=swap']);
    const system = look({ look: { theme: 'mint', fonts: { body: { family: 'system-ui' } } } });
    expect(fontLinks(system)).toEqual([]);
    expect(vars(themeVariables(system))['--kiln-font-body']).toBe('system-ui,var(--font-theme,var(--font-system))');
  });

  it('gives the banner its colours with readable text, by type or its own colour', () => {
    const info = vars(themeVariables(look({ banner: { content: 'Hi', dismissible: false, type: 'info' } })));
    expect([info['--kiln-banner-light'], info['--kiln-on-banner-light']]).toEqual(['#0D9373', '#000000']);
    const own = vars(themeVariables(look({ banner: { content: 'Hi', dismissible: false, type: 'warning', color: { light: '#111111', dark: '#eeeeee' } } })));
    expect([own['--kiln-banner-light'], own['--kiln-on-banner-light'], own['--kiln-banner-dark'], own['--kiln-on-banner-dark']]).toEqual(['#111111', '#ffffff', '#eeeeee', '#000000']);
  });

  it('keys a dismissed banner by its content', () => {
    expect(bannerKey('New: SDKs')).toBe(bannerKey('New: SDKs'));
    expect(bannerKey('New: SDKs')).not.toBe(bannerKey('New: SDKs and MCP'));
    const script = themeScript(look({ banner: { content: 'New: SDKs', dismissible: true, type: 'info' } }));
    expect(script).toContain(`localStorage.getItem('kiln-banner-dismissed')==="${bannerKey('New: SDKs')}"`);
    expect(themeScript(look({ banner: { content: 'New', dismissible: false, type: 'info' } }))).not.toContain('banner');
  });

  it('names the theme and the mint.json styles on <html>, mint by default', () => {
    expect(lookAttributes(look({}))).toBe(' data-theme-variant="mint"');
    expect(lookAttributes(look({ look: { theme: 'willow', decoration: 'grid', codeBlocks: 'dark', rounded: 'sharp', sidebarItems: 'card', topbar: 'gradient', sidebar: 'solid' } }))).toBe(
      ' data-theme-variant="willow" data-decoration="grid" data-codeblocks="dark" data-rounded="sharp" data-sidebar-items="card" data-topbar="gradient" data-sidebar="solid"',
    );
  });
});
