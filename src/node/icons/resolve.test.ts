import { describe, expect, it } from 'vitest';
import { PRO_FALLBACKS } from './pro-fallbacks.js';
import { classifyIcon, collectIconIssues, DEFAULT_ICON, isKnownIcon, normalizeIconName, resolveIcon } from './resolve.js';

describe('resolveIcon', () => {
  it('finds solid, regular and brands names, each in its own style', () => {
    expect(resolveIcon('rocket')).toMatchObject({ style: 'solid', match: 'exact', definition: { iconName: 'rocket', prefix: 'fas' } });
    expect(resolveIcon('bookmark', 'regular')).toMatchObject({ style: 'regular', match: 'exact', definition: { prefix: 'far' } });
    expect(resolveIcon('bookmark').style).toBe('solid');
    expect(resolveIcon('github')).toMatchObject({ style: 'brands', definition: { iconName: 'github', prefix: 'fab' } });
    expect(resolveIcon('github', 'brands')).toMatchObject({ style: 'brands', match: 'exact' });
    const [w, h, , , d] = resolveIcon('rocket').definition.icon;
    expect([w, h]).toEqual([512, 512]);
    expect(d).toMatch(/^M128 320/);
  });

  it('resolves aliases from the definitions to the canonical icon', () => {
    expect(resolveIcon('fire-alt').definition.iconName).toBe('fire-flame-curved');
    expect(resolveIcon('file-text').definition.iconName).toBe('file-lines');
    expect(resolveIcon('cog').definition.iconName).toBe('gear');
  });

  it('accepts the spellings authors use: capitals, fa- prefixes, class lists', () => {
    expect(normalizeIconName(' GitHub ')).toBe('github');
    expect(normalizeIconName('fa-rocket')).toBe('rocket');
    expect(normalizeIconName('fa-solid fa-bolt')).toBe('bolt');
    expect(resolveIcon('Wrench').definition.iconName).toBe('wrench');
  });

  it('falls back from paid styles to solid, then regular, then brands, without a warning', () => {
    const { unknown, value } = collectIconIssues(() => [
      resolveIcon('book-open', 'duotone'),
      resolveIcon('bolt', 'light'),
      resolveIcon('discord', 'duotone'),
      resolveIcon('code', 'sharp-solid'),
      resolveIcon('rocket', 'regular'), // no regular rocket in the free set
      resolveIcon('bolt', 'brands'),
    ]);
    expect(unknown).toEqual([]);
    expect(value.map((r) => `${r.style}:${r.match}`)).toEqual(['solid:style', 'solid:style', 'brands:style', 'solid:style', 'solid:style', 'solid:style']);
  });

  it('maps common paid-only names to a free look-alike', () => {
    expect(resolveIcon('rectangle-terminal')).toMatchObject({ match: 'pro', definition: { iconName: 'terminal' } });
    expect(resolveIcon('circle-2')).toMatchObject({ match: 'pro', definition: { iconName: '2' } });
    for (const [pro, free] of Object.entries(PRO_FALLBACKS)) {
      expect(isKnownIcon(free), `${pro} → ${free}`).toBe(true);
      expect(resolveIcon(pro).match, pro).toBe('pro');
    }
  });

  it('shows the default icon for an unknown name and records it for the page', () => {
    const { value, unknown } = collectIconIssues(() => [resolveIcon('definitely-not-an-icon'), resolveIcon('definitely-not-an-icon'), resolveIcon('rocket'), resolveIcon('')]);
    expect(value[0]).toMatchObject({ match: 'unknown', style: DEFAULT_ICON.style, definition: { iconName: DEFAULT_ICON.name } });
    expect(unknown).toEqual(['definitely-not-an-icon', '']);
    expect(isKnownIcon('definitely-not-an-icon')).toBe(false);
    // Outside a collection nothing is recorded (and nothing leaks into the next one).
    resolveIcon('also-unknown');
    expect(collectIconIssues(() => resolveIcon('rocket')).unknown).toEqual([]);
  });

  it('nests collections: an inner render reports to the outer one too', () => {
    const outer = collectIconIssues(() => {
      const inner = collectIconIssues(() => resolveIcon('nope-1'));
      expect(inner.unknown).toEqual(['nope-1']);
      resolveIcon('nope-2');
    });
    expect(outer.unknown).toEqual(['nope-1', 'nope-2']);
  });
});

describe('classifyIcon', () => {
  it('tells names, images and inline SVG apart', () => {
    expect(classifyIcon('rocket')).toEqual({ kind: 'font-awesome', name: 'rocket' });
    expect(classifyIcon('https://example.com/i.svg')).toEqual({ kind: 'image', src: 'https://example.com/i.svg' });
    expect(classifyIcon('/images/x.svg')).toEqual({ kind: 'image', src: '/images/x.svg' });
    expect(classifyIcon('./logo.png')).toMatchObject({ kind: 'image' });
    expect(classifyIcon('images/logo.png')).toMatchObject({ kind: 'image' });
    expect(classifyIcon('data:image/png;base64,AAAA')).toMatchObject({ kind: 'image' });
    expect(classifyIcon('  <svg viewBox="0 0 1 1"></svg>')).toMatchObject({ kind: 'svg' });
    expect(classifyIcon('javascript:alert(1)')).toMatchObject({ kind: 'font-awesome' });
    expect(classifyIcon('')).toEqual({ kind: 'none' });
    expect(classifyIcon(undefined)).toEqual({ kind: 'none' });
  });
});
