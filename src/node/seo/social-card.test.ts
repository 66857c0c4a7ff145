import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { socialCardUrl } from '../render/layout/meta.js';
import { CARD_HEIGHT, CARD_WIDTH, inlineSvg, renderSocialCard, socialCardSvg, wrapText } from './social-card.js';
import { fakeSettings } from './test-helpers.js';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Uint8Array): [number, number] {
  const b = Buffer.from(png);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('default social card', () => {
  it('wraps and cuts text to the lines it is given', () => {
    expect(wrapText('Acme', 96, 1040, 1, true)).toEqual(['Acme']);
    const two = wrapText('The quite long name of a documentation site that goes on and on and on and on', 64, 1040, 2, true);
    expect(two).toHaveLength(2);
    expect(two[1]).toMatch(/\.\.\.$/);
    // One word longer than a line is cut rather than overflowing.
    expect(wrapText('x'.repeat(200), 40, 400, 3).every((l) => l.replace(/\.\.\.$/, '').length < 200)).toBe(true);
  });

  it('escapes the settings text it draws', () => {
    const svg = socialCardSvg(fakeSettings({ name: 'A <b>&</b> "site"', metadata: { description: '<script>x</script>' } }));
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('A &lt;b&gt;&amp;&lt;/b&gt; &quot;site&quot;');
  });

  it('places an SVG logo as a nested svg so its text keeps its font', () => {
    const logo = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="140" height="32"><text x="0" y="20">Acme</text></svg>';
    const placed = inlineSvg(logo, { x: 80, y: 92, width: 520, height: 84 })!;
    expect(placed).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" x="80" y="92" width="520" height="84" viewBox="0 0 140 32"/);
    expect(placed).toContain('<text x="0" y="20">Acme</text></svg>');
    expect(inlineSvg('<svg width="100%"><g/></svg>', { x: 0, y: 0, width: 1, height: 1 })).toBeUndefined();
  });

  it('draws a 1200×630 PNG, with the logo when it is a project file', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-card-'));
    writeFileSync(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>');
    const settings = fakeSettings({ name: 'Acme Docs', colors: { primary: '#0D9373' }, logo: { light: '/logo.svg', dark: '/logo.svg', href: '/' } });
    const plain = await renderSocialCard(settings, root, []);
    const withLogo = await renderSocialCard(settings, root, ['logo.svg']);
    expect(pngSize(plain)).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(pngSize(withLogo)).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    // The logo is drawn only when the scan found it (a settings path cannot reach outside the project).
    expect(Buffer.from(withLogo).equals(Buffer.from(plain))).toBe(false);
    rmSync(root, { recursive: true, force: true });
  });

  it('follows `thumbnails`: a dark card with the dark logo, on a background image of the project', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-card-'));
    const png = await renderSocialCard(fakeSettings({ name: 'Tiny' }), root, []);
    writeFileSync(path.join(root, 'bg.png'), png);
    const base = { name: 'Acme Docs', colors: { primary: '#0D9373', light: '#55D799', background: { dark: '#101418' } }, logo: { light: '/light.svg', dark: '/dark.svg', href: '/' } };
    const dark = fakeSettings({ ...base, thumbnails: { appearance: 'dark', background: '/bg.png' } });
    const svg = socialCardSvg(dark);
    expect(svg).toContain('<rect width="1200" height="630" fill="#101418"/>');
    expect(svg).toContain('fill="#F9FAFB"'); // the name, light on dark
    expect(svg).toContain('fill="#55D799"'); // the accent is the dark-mode one
    expect(socialCardSvg(fakeSettings(base))).toContain('fill="#111827"');
    // The background image is a project file: drawn under everything, covering the card.
    const drawn = await renderSocialCard(dark, root, ['bg.png']);
    const without = await renderSocialCard(dark, root, []);
    expect(pngSize(drawn)).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(Buffer.from(drawn).equals(Buffer.from(without))).toBe(false);
    // A new look is a new URL, so social sites fetch it again; sites without `thumbnails` keep theirs.
    expect(socialCardUrl(dark)).not.toBe(socialCardUrl(fakeSettings(base)));
    rmSync(root, { recursive: true, force: true });
  });
});
