import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseSvgFile } from './libraries.js';
import { PRO_FALLBACKS } from './pro-fallbacks.js';
import { classifyIcon, collectIconIssues, currentIconLibrary, isKnownIcon, lookupIcon, parseIconName, resolveIcon, withIconLibrary } from './resolve.js';

const require = createRequire(import.meta.url);
/** An icon's children as its package file has them (what the page must show). */
const fileMarkup = (file: string) => parseSvgFile(readFileSync(require.resolve(file), 'utf8'), 'lucide', 'x', 'outline')!.markup;
const short = (r: ReturnType<typeof lookupIcon>) => `${r.match} ${r.glyph.library}:${r.glyph.style}:${r.glyph.name}`;

describe('Font Awesome (the default library)', () => {
  it('finds solid, regular and brands names, each in its own style', () => {
    expect(resolveIcon('rocket')).toMatchObject({ match: 'exact', glyph: { library: 'fontawesome', style: 'solid', name: 'rocket', viewBox: '0 0 512 512' } });
    expect(resolveIcon('rocket').glyph.paths![0]).toMatch(/^M128 320/);
    expect(short(resolveIcon('bookmark', 'regular'))).toBe('exact fontawesome:regular:bookmark');
    expect(short(resolveIcon('bookmark'))).toBe('exact fontawesome:solid:bookmark');
    expect(short(resolveIcon('github'))).toBe('exact fontawesome:brands:github');
    expect(short(resolveIcon('github', 'brands'))).toBe('exact fontawesome:brands:github');
  });

  it('resolves aliases to the canonical icon', () => {
    expect(resolveIcon('fire-alt').glyph.name).toBe('fire-flame-curved');
    expect(resolveIcon('file-text').glyph.name).toBe('file-lines');
    expect(resolveIcon('cog').glyph.name).toBe('gear');
    expect(resolveIcon('home').glyph.name).toBe('house');
  });

  it('accepts the spellings authors use: capitals, fa- prefixes, class lists with style and modifier words', () => {
    expect(parseIconName(' GitHub ')).toEqual({ names: ['github', 'git-hub'], style: undefined, library: undefined });
    expect(parseIconName('fa-rocket')).toEqual({ names: ['rocket'], style: undefined, library: 'fontawesome' });
    expect(parseIconName('fa-solid fa-bolt')).toMatchObject({ names: ['bolt'], style: 'solid' });
    expect(parseIconName('fas fa-bolt fa-fw fa-2x')).toMatchObject({ names: ['bolt'], style: 'solid' });
    expect(parseIconName('fa-sharp fa-light fa-bolt')).toMatchObject({ names: ['bolt'], style: 'sharp-light' });
    expect(parseIconName('fa fa-home')).toMatchObject({ names: ['home'], library: 'fontawesome' });
    expect(short(resolveIcon('Wrench'))).toBe('exact fontawesome:solid:wrench');
    expect(short(resolveIcon('fa-brands fa-github'))).toBe('exact fontawesome:brands:github');
    expect(short(resolveIcon('fa-regular fa-bookmark', 'solid'))).toBe('exact fontawesome:regular:bookmark');
  });

  it('shows Pro styles in the nearest free style: outline ones as regular, filled ones as solid, without a record', () => {
    const { unknown, substituted, value } = collectIconIssues(() =>
      [
        resolveIcon('bookmark', 'light'),
        resolveIcon('bookmark', 'thin'),
        resolveIcon('bookmark', 'sharp-regular'),
        resolveIcon('bookmark', 'duotone'),
        resolveIcon('bookmark', 'sharp-solid'),
        resolveIcon('rocket', 'light'), // no regular rocket in the free set
        resolveIcon('discord', 'duotone'),
        resolveIcon('rocket', 'regular'),
        resolveIcon('bolt', 'brands'),
        resolveIcon('bookmark', 'no-such-style'),
      ].map(short),
    );
    expect(value).toEqual([
      'style fontawesome:regular:bookmark',
      'style fontawesome:regular:bookmark',
      'style fontawesome:regular:bookmark',
      'style fontawesome:solid:bookmark',
      'style fontawesome:solid:bookmark',
      'style fontawesome:solid:rocket',
      'style fontawesome:brands:discord',
      'style fontawesome:solid:rocket',
      'style fontawesome:solid:bolt',
      'exact fontawesome:solid:bookmark',
    ]);
    expect(unknown).toEqual([]);
    expect(substituted).toEqual([]);
  });

  it('maps Pro-only names to a free look-alike through the table, and records the substitution', () => {
    const { value, substituted } = collectIconIssues(() => [resolveIcon('rectangle-terminal'), resolveIcon('circle-2'), resolveIcon('ufo-beam'), resolveIcon('hand-horns')].map(short));
    expect(value).toEqual(['pro fontawesome:solid:terminal', 'pro fontawesome:solid:2', 'pro tabler:outline:ufo', 'pro lucide:outline:hand-metal']);
    expect(substituted.map((s) => [s.name, s.match, s.glyph.name])).toEqual([
      ['rectangle-terminal', 'pro', 'terminal'],
      ['circle-2', 'pro', '2'],
      ['ufo-beam', 'pro', 'ufo'],
      ['hand-horns', 'pro', 'hand-metal'],
    ]);
  });

  it('has a table whose every entry is a Pro name (not a free one) mapped to an icon that exists', () => {
    for (const [pro, free] of Object.entries(PRO_FALLBACKS)) {
      expect(lookupIcon(pro, undefined, 'fontawesome').match, pro).toBe('pro');
      const [, library, name] = /^(?:(lucide|tabler):)?(.+)$/.exec(free)!;
      expect(lookupIcon(name!, undefined, (library as 'lucide' | 'tabler') ?? 'fontawesome').match, `${pro} → ${free}`).toMatch(/^(exact|style)$/);
    }
  });

  it('takes names Font Awesome lacks from Lucide, then Tabler, and records them', () => {
    const { value, substituted } = collectIconIssues(() => [resolveIcon('telescope'), resolveIcon('brain-circuit'), resolveIcon('file-vector')].map(short));
    expect(value).toEqual(['library lucide:outline:telescope', 'library lucide:outline:brain-circuit', 'library tabler:outline:file-vector']);
    expect(substituted.map((s) => s.match)).toEqual(['library', 'library', 'library']);
  });
});

describe('Lucide', () => {
  it('finds Lucide names first, drawn with strokes as the package draws them', () => {
    const r = resolveIcon('rocket', undefined, 'lucide');
    expect(r).toMatchObject({ match: 'exact', glyph: { library: 'lucide', name: 'rocket', viewBox: '0 0 24 24', attrs: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' } } });
    expect(r.glyph.markup).toBe(fileMarkup('lucide-static/icons/rocket.svg'));
    expect(r.glyph.markup).toMatch(/^<path d="[^"]+"\/>/);
  });

  it("accepts Lucide's former names and its components' PascalCase", () => {
    expect(resolveIcon('home', undefined, 'lucide').glyph.markup).toBe(fileMarkup('lucide-static/icons/house.svg'));
    expect(short(resolveIcon('settings-2', undefined, 'lucide'))).toBe('exact lucide:outline:settings-2');
    expect(short(resolveIcon('BookOpen', undefined, 'lucide'))).toBe('exact lucide:outline:book-open');
  });

  it('takes the names Lucide lacks from Tabler, then Font Awesome; a fa- name from Font Awesome first', () => {
    expect(short(resolveIcon('github', undefined, 'lucide'))).toBe('library fontawesome:brands:github');
    expect(short(resolveIcon('brand-github', undefined, 'lucide'))).toBe('library tabler:outline:brand-github');
    expect(short(resolveIcon('ufo-beam', undefined, 'lucide'))).toBe('pro tabler:outline:ufo');
    expect(short(resolveIcon('fa-solid fa-rocket', undefined, 'lucide'))).toBe('exact fontawesome:solid:rocket');
    // A Lucide name that looks like a Font Awesome class word is still Lucide's.
    expect(short(resolveIcon('fan', undefined, 'lucide'))).toBe('exact lucide:outline:fan');
  });
});

describe('Tabler', () => {
  it('finds outline icons, `-filled` ones filled, and the ti- class spelling', () => {
    const home = resolveIcon('home', undefined, 'tabler');
    expect(short(home)).toBe('exact tabler:outline:home');
    // The package's empty 24×24 frame path draws nothing and is left out.
    expect(home.glyph.markup).toBe('<path d="M5 12l-2 0l9 -9l9 9l-2 0"/><path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-7"/><path d="M9 21v-6a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2v6"/>');
    expect(resolveIcon('heart-filled', undefined, 'tabler')).toMatchObject({ match: 'exact', glyph: { style: 'filled', attrs: { fill: 'currentColor' } } });
    expect(short(resolveIcon('ti ti-brand-github', undefined, 'tabler'))).toBe('exact tabler:outline:brand-github');
    expect(short(resolveIcon('IconBrandGithub', undefined, 'tabler'))).toBe('exact tabler:outline:brand-github');
  });

  it('takes the names Tabler lacks from Lucide, then Font Awesome', () => {
    expect(short(resolveIcon('book-open', undefined, 'tabler'))).toBe('library lucide:outline:book-open');
    expect(short(resolveIcon('github', undefined, 'tabler'))).toBe('library fontawesome:brands:github');
  });
});

describe('unknown names', () => {
  it('show a circle of the site library and are recorded for the page', () => {
    const { value, unknown } = collectIconIssues(() => [resolveIcon('definitely-not-an-icon'), resolveIcon('definitely-not-an-icon'), resolveIcon('rocket'), resolveIcon('')]);
    expect(value[0]).toMatchObject({ match: 'unknown', glyph: { library: 'fontawesome', style: 'regular', name: 'circle' } });
    expect(unknown).toEqual(['definitely-not-an-icon', '']);
    expect(short(lookupIcon('no-such-icon', undefined, 'lucide'))).toBe('unknown lucide:outline:circle');
    expect(short(lookupIcon('no-such-icon', undefined, 'tabler'))).toBe('unknown tabler:outline:circle');
    expect(isKnownIcon('definitely-not-an-icon')).toBe(false);
    expect(isKnownIcon('telescope')).toBe(true);
    // Outside a collection nothing is recorded (and nothing leaks into the next one).
    resolveIcon('also-unknown');
    expect(collectIconIssues(() => resolveIcon('rocket')).unknown).toEqual([]);
  });

  it('are never looked up as paths', () => {
    for (const name of ['../../package', '../lucide-static/package', 'a/b', 'fa-../x']) expect(lookupIcon(name, undefined, 'lucide').match, name).toBe('unknown');
  });

  it('nest: an inner render reports to the outer one too', () => {
    const outer = collectIconIssues(() => {
      const inner = collectIconIssues(() => resolveIcon('nope-1'));
      expect(inner.unknown).toEqual(['nope-1']);
      resolveIcon('nope-2');
      resolveIcon('telescope');
    });
    expect(outer.unknown).toEqual(['nope-1', 'nope-2']);
    expect(outer.substituted.map((s) => s.name)).toEqual(['telescope']);
  });
});

describe('withIconLibrary', () => {
  it('sets the library for a synchronous render and restores the one around it', () => {
    expect(currentIconLibrary()).toBe('fontawesome');
    const seen = withIconLibrary('lucide', () => [currentIconLibrary(), resolveIcon('rocket').glyph.library, withIconLibrary('tabler', () => resolveIcon('rocket').glyph.library), currentIconLibrary()]);
    expect(seen).toEqual(['lucide', 'lucide', 'tabler', 'lucide']);
    expect(withIconLibrary(undefined, () => currentIconLibrary())).toBe('fontawesome');
    expect(() => withIconLibrary('lucide', () => { throw new Error('x'); })).toThrow('x');
    expect(currentIconLibrary()).toBe('fontawesome');
  });
});

describe('classifyIcon', () => {
  it('tells names, images and inline SVG apart', () => {
    expect(classifyIcon('rocket')).toEqual({ kind: 'name', name: 'rocket' });
    expect(classifyIcon('https://example.com/i.svg')).toEqual({ kind: 'image', src: 'https://example.com/i.svg' });
    expect(classifyIcon('/images/x.svg')).toEqual({ kind: 'image', src: '/images/x.svg' });
    expect(classifyIcon('./logo.png')).toMatchObject({ kind: 'image' });
    expect(classifyIcon('images/logo.png')).toMatchObject({ kind: 'image' });
    expect(classifyIcon('data:image/png;base64,AAAA')).toMatchObject({ kind: 'image' });
    expect(classifyIcon('  <svg viewBox="0 0 1 1"></svg>')).toMatchObject({ kind: 'svg' });
    expect(classifyIcon('javascript:alert(1)')).toMatchObject({ kind: 'name' });
    expect(classifyIcon('')).toEqual({ kind: 'none' });
    expect(classifyIcon(undefined)).toEqual({ kind: 'none' });
  });
});
