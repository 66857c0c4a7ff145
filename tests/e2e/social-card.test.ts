import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, startKiln, tempDir } from './helpers.js';

/** The content of `<meta property|name="key">` in a page. */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('default social card', () => {
  const site = tempDir();
  const out = path.join(site.dir, 'dist');

  beforeAll(async () => {
    mkdirSync(path.join(site.dir, 'logo'));
    writeFileSync(path.join(site.dir, 'logo/light.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="32" height="32" rx="6" fill="#0D9373"/><text x="40" y="24" font-size="20">Acme</text></svg>');
    writeFileSync(path.join(site.dir, 'docs.json'), JSON.stringify({
      name: 'Acme Docs',
      logo: { light: '/logo/light.svg', dark: '/logo/light.svg' },
      colors: { primary: '#0D9373' },
      navigation: [{ group: 'Start', pages: ['index', 'guide', 'own-card'] }],
    }));
    writeFileSync(path.join(site.dir, 'index.mdx'), '---\ntitle: Welcome\ndescription: Start here\n---\n\nHello.\n');
    writeFileSync(path.join(site.dir, 'guide.mdx'), '---\ntitle: Guide\ndescription: A guide\n---\n\nSteps.\n');
    writeFileSync(path.join(site.dir, 'own-card.mdx'), '---\ntitle: Own card\ndescription: Has its own\nog:image: /images/own.png\n---\n\nText.\n');
    const result = await kiln(['build', site.dir, '--out', out, '--site', 'https://docs.acme.dev']);
    expect(result.code, result.stderr).toBe(0);
  }, 120_000);
  afterAll(() => site.cleanup());

  it('writes one 1200×630 PNG under _kiln/ and points the pages without an image at it', () => {
    const cards = readdirSync(path.join(out, '_kiln')).filter((f) => /^social-card-[0-9a-f]+\.png$/.test(f));
    expect(cards).toHaveLength(1);
    expect(pngSize(path.join(out, '_kiln', cards[0]!))).toEqual([1200, 630]);
    const url = `https://docs.acme.dev/_kiln/${cards[0]}`;

    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    const guide = readFileSync(path.join(out, 'guide.html'), 'utf8');
    for (const html of [home, guide]) {
      expect(meta(html, 'og:image')).toBe(url);
      expect(meta(html, 'twitter:image')).toBe(url);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    }
    expect(meta(home, 'og:type')).toBe('website');
    expect(meta(guide, 'og:type')).toBe('article');
    // A page's own og:image wins over the card.
    const own = readFileSync(path.join(out, 'own-card.html'), 'utf8');
    expect(meta(own, 'og:image')).toBe('https://docs.acme.dev/images/own.png');
    expect(meta(own, 'twitter:image')).toBe('https://docs.acme.dev/images/own.png');
  });

  it('is not drawn or linked in kiln dev', async () => {
    const dev = await startKiln(['dev', site.dir, '--port', '0']);
    try {
      const html = await (await fetch(dev.url + '/guide')).text();
      expect(meta(html, 'og:title')).toBe('Guide');
      expect(html).not.toContain('social-card-');
    } finally {
      await dev.stop();
    }
  }, 60_000);
});
