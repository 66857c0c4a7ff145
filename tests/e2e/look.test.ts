import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, launchBrowser, repoRoot, tempDir, type KilnServer } from './helpers.js';

// The look and chrome settings as a reader sees them, in both colour schemes: a docs.json with
// every docs.json key (look-v2), a mint.json with every mint.json style key (look-classic), a site
// forced dark (look-appearance), and the 404 page when the project has its own (look-404-own) or
// sends readers home (look-404-redirect).
const fixture = (name: string) => path.join(repoRoot, 'tests/fixtures', name);

let browser: Browser;
let out: { dir: string; cleanup: () => void };
const servers: Record<string, KilnServer> = {};

beforeAll(async () => {
  out = tempDir();
  for (const name of ['look-v2', 'look-classic', 'look-appearance', 'look-404-own', 'look-404-redirect']) {
    servers[name] = await buildAndPreview(fixture(name), path.join(out.dir, name));
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  for (const s of Object.values(servers)) await s.stop();
  out?.cleanup();
});

async function open(site: string, url: string, scheme: 'light' | 'dark', width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  // Offline, as a test must be: Google Fonts and AI tools are not reached.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(servers[site]!.url + url);
  // The fixtures choose a default mode; the reader's choice (the toggle) sets the one under test.
  await page.evaluate((dark) => {
    localStorage.setItem('kiln-theme', dark ? 'dark' : 'light');
  }, scheme === 'dark');
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
  return page;
}

/** Relative luminance of a computed `rgb(…)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((c) => Number(c) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe.each(['light', 'dark'] as const)('docs.json look in the %s scheme', (scheme) => {
  it('theme, fonts and decoration: maple, a font file for headings, a Google family for text, a grid behind', async () => {
    const page = await open('look-v2', '/guides/setup', scheme);
    expect(await page.evaluate(() => document.documentElement.dataset.themeVariant)).toBe('maple');
    // The heading face is the project's font file, loaded by the browser.
    await page.evaluate(() => document.fonts.ready);
    const face = await page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Display Face').map((f) => f.status));
    expect(face).toEqual(['loaded']);
    expect(await page.locator('.page-header h1').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"Display Face"/);
    const body = await page.locator('.prose p').first().evaluate((el) => [getComputedStyle(el).fontFamily, getComputedStyle(el).fontWeight]);
    expect(body[0]).toMatch(/^Inter,/);
    expect(body[1]).toBe('450');
    expect(await page.locator('link[href^="https://fonts.googleapis.com/"]').getAttribute('href')).toBe('https://fonts.googleapis.com/css2?family=Inter:wght@400;450;500;600;700&display=swap');
    expect(await page.evaluate(() => getComputedStyle(document.body, '::before').backgroundImage)).toMatch(/^linear-gradient/);
    await page.context().close();
  });

  it('styling.codeblocks "dark": code stays dark on light pages too, in the dark theme colours', async () => {
    const page = await open('look-v2', '/guides/setup', scheme);
    const block = page.locator('.code-block').first();
    expect(luminance(await block.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.05);
    const token = page.locator('.code-block .shiki span[style]').first();
    const [color, dark] = await token.evaluate((el) => [getComputedStyle(el).color, el.style.getPropertyValue('--shiki-dark')]);
    const expected = await page.evaluate((hex) => {
      const probe = document.createElement('span');
      probe.style.color = hex;
      document.body.append(probe);
      return getComputedStyle(probe).color;
    }, dark);
    expect(color).toBe(expected);
    await page.context().close();
  });

  it('banner: Markdown in the primary colour, dismissed for good until its text changes', async () => {
    const page = await open('look-v2', '/', scheme);
    const banner = page.locator('.site-banner');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.locator('strong').textContent()).toBe('Lookout 2.0');
    expect(await banner.locator('a').getAttribute('href')).toBe('/guides/setup');
    const [bg, fg] = await banner.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(bg).toBe(scheme === 'dark' ? 'rgb(167, 139, 250)' : 'rgb(124, 58, 237)');
    expect(fg).toBe(scheme === 'dark' ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)');
    await banner.locator('.site-banner-close').click();
    expect(await banner.isVisible()).toBe(false);
    await page.goto(servers['look-v2']!.url + '/guides/setup');
    // Hidden before the first paint, by the head script.
    expect(await page.evaluate(() => document.documentElement.classList.contains('banner-dismissed'))).toBe(true);
    expect(await page.locator('.site-banner').isVisible()).toBe(false);
    // A banner with other content is a new message: a dismissed key of another text does not hide it.
    await page.evaluate(() => localStorage.setItem('kiln-banner-dismissed', 'an-older-one'));
    await page.reload();
    expect(await page.locator('.site-banner').isVisible()).toBe(true);
    await page.context().close();
  });

  it('page menu: copy, Markdown, AI tools with the page address, the author’s own link', async () => {
    const page = await open('look-v2', '/guides/setup', scheme);
    const base = servers['look-v2']!.url;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    expect(await page.locator('.page-menu-main').textContent()).toBe('Copy page');
    expect(await page.locator('.page-menu-list').isVisible()).toBe(false);
    await page.locator('.page-menu-more > summary').click();
    const items = page.locator('.page-menu-item');
    expect(await items.locator('.page-menu-title').allTextContents()).toEqual(['Copy page', 'View as Markdown', 'Open in ChatGPT', 'Open in Claude', 'Open in Perplexity', 'Report a problem']);
    expect(await items.nth(1).getAttribute('href')).toBe('/guides/setup.md');
    const prompt = `Read from ${base}/guides/setup so I can ask questions about it.`;
    expect(await items.nth(2).getAttribute('href')).toBe(`https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}`);
    expect(await items.nth(3).getAttribute('href')).toBe(`https://claude.ai/new?q=${encodeURIComponent(prompt)}`);
    expect(await items.nth(4).getAttribute('href')).toBe(`https://www.perplexity.ai/search/new?q=${encodeURIComponent(prompt)}`);
    expect(await items.nth(2).getAttribute('rel')).toBe('noopener noreferrer');
    expect(await items.nth(5).getAttribute('href')).toBe('https://github.com/lookout/docs/issues/new?title=Problem%20on%20%2Fguides%2Fsetup');
    // Copy from the list: the page as Markdown, and the menu closes.
    await items.nth(0).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Setup/m);
    expect(await page.locator('.page-menu-list').isVisible()).toBe(false);
    // Escape closes it too, back on its button.
    await page.locator('.page-menu-more > summary').click();
    await page.keyboard.press('Escape');
    expect(await page.locator('.page-menu-list').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    const md = await page.request.get(base + '/guides/setup.md');
    expect(await md.text()).toContain('Point Lookout at your services.');
    await page.context().close();
  });

  it('footer columns, socials, favicons per scheme and a dark social card', async () => {
    const page = await open('look-v2', '/', scheme);
    expect(await page.locator('.footer-column-title').allTextContents()).toEqual(['Product', 'Company']);
    expect(await page.locator('.footer-column a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]))).toEqual([
      ['Pricing', 'https://lookout.dev/pricing', '_blank'],
      ['Changelog', '/guides/setup', null],
      ['About', 'https://lookout.dev/about', '_blank'],
    ]);
    expect(await page.locator('.footer-socials a').evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')))).toEqual(['GitHub', 'Bluesky']);
    expect(await page.locator('.footer-column a').first().isVisible()).toBe(true);
    expect(await page.locator('link[rel="icon"]').evaluateAll((ls) => ls.map((l) => [l.getAttribute('href'), l.getAttribute('media')]))).toEqual([
      ['/images/favicon-light.svg', '(prefers-color-scheme: light)'],
      ['/images/favicon-dark.svg', '(prefers-color-scheme: dark)'],
    ]);
    const card = await page.locator('meta[property="og:image"]').getAttribute('content');
    const png = await page.request.get(servers['look-v2']!.url + card);
    expect(png.headers()['content-type']).toBe('image/png');
    await page.context().close();
  });

  it('errors.404: its title and Markdown text on the 404 page', async () => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const response = await page.goto(servers['look-v2']!.url + '/no/such/page');
    expect(response!.status()).toBe(404);
    expect(await page.locator('.page-header h1').textContent()).toBe('Lost at sea?');
    expect(await page.title()).toBe('Lost at sea? - Lookout');
    const text = page.locator('.not-found-description');
    expect(await text.locator('a').getAttribute('href')).toBe('/guides/setup');
    expect(await text.locator('strong').textContent()).toBe('home page');
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('mint.json look in the %s scheme', (scheme) => {
  it('quill drawn as willow, with mint.json’s own styles on top', async () => {
    const page = await open('look-classic', '/guides/setup', scheme);
    const attrs = await page.evaluate(() => ({ ...document.documentElement.dataset }));
    expect(attrs).toMatchObject({ themeVariant: 'willow', rounded: 'sharp', sidebarItems: 'border', topbar: 'gradient', sidebar: 'solid', decoration: 'gradient', codeblocks: 'dark' });
    // layout: solidSidenav, a sidebar panel; sidebar.items: border, the current page marked by a rule.
    expect(await page.locator('.sidebar').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    const current = await page.locator('.nav-link[aria-current="page"]').evaluate((el) => [getComputedStyle(el).borderLeftWidth, getComputedStyle(el).borderLeftColor, getComputedStyle(el).backgroundColor]);
    // The rule is the accent: `primary` (#0E7490) on light pages, `light` (#22D3EE) on dark ones.
    expect(current).toEqual(['1px', scheme === 'dark' ? 'rgb(34, 211, 238)' : 'rgb(14, 116, 144)', 'rgba(0, 0, 0, 0)']);
    // rounded: sharp; topbar: gradient; background.style: gradient; codeBlock: dark.
    expect(await page.locator('.code-block').first().evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('2px');
    // A <Frame> and its picture follow the theme's radius as cards do, not a fixed 1rem.
    const frame = await page.locator('.frame').evaluate((el) => [getComputedStyle(el).borderTopLeftRadius, getComputedStyle(el.querySelector('.frame-body')!).borderTopLeftRadius].map(parseFloat));
    expect(frame[0]).toBeLessThanOrEqual(3);
    expect(frame[1]).toBeLessThanOrEqual(2);
    expect(await page.locator('.topbar').evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^linear-gradient/);
    expect(await page.evaluate(() => getComputedStyle(document.body, '::before').backgroundImage)).toMatch(/^radial-gradient/);
    expect(luminance(await page.locator('.code-block').first().evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.05);
    // font: headings from a file, text weight 500.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Headline').map((f) => f.status))).toEqual(['loaded']);
    expect(await page.locator('.prose p').first().evaluate((el) => getComputedStyle(el).fontWeight)).toBe('500');
    await page.context().close();
  });

  it('call to action as a rounded rectangle with an arrow; footer columns and socials; white-labelled', async () => {
    const page = await open('look-classic', '/', scheme);
    const cta = page.locator('.cta-button');
    expect(await cta.textContent()).toBe('Get a key');
    expect(await cta.locator('svg').count()).toBe(1);
    expect(await cta.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('2px');
    expect(await page.locator('.footer-socials a').evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')))).toEqual(['X', 'GitHub']);
    expect(await page.locator('.footer-column-title').allTextContents()).toEqual(['Resources']);
    expect(await page.locator('.footer-column a').allTextContents()).toEqual(['Blog', 'Guides', 'Status']);
    expect(await page.locator('.powered-by').textContent()).toBe('Classico');
    await page.context().close();
  });

  it('feedback.thumbsRating: "Was this page helpful?", reported and remembered', async () => {
    const page = await open('look-classic', '/guides/deploy', scheme);
    const rating = page.locator('.thumbs-rating');
    expect(await rating.isVisible()).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { ratings: unknown[] }).ratings = [];
      document.addEventListener('kiln:feedback', (e) => (window as unknown as { ratings: unknown[] }).ratings.push((e as CustomEvent).detail));
    });
    await rating.locator('[data-rating="yes"]').click();
    expect(await rating.locator('[data-rating="yes"]').getAttribute('aria-pressed')).toBe('true');
    expect(await rating.locator('.thumbs-thanks').textContent()).toBe('Thanks for your feedback.');
    expect(await page.evaluate(() => (window as unknown as { ratings: unknown[] }).ratings)).toEqual([{ page: '/guides/deploy', helpful: 'yes' }]);
    await page.reload();
    expect(await page.locator('.thumbs-rating [data-rating="yes"]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.thumbs-rating [data-rating="no"]').getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });
});

describe('appearance', () => {
  it.each(['light', 'dark'] as const)('strict dark: dark whatever the system (%s) or a stored choice, no toggle, the dark background and image', async (scheme) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(servers['look-appearance']!.url + '/');
    await page.evaluate(() => localStorage.setItem('kiln-theme', 'light'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.locator('.theme-toggle').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(16, 24, 32)');
    expect(await page.evaluate(() => getComputedStyle(document.body, '::before').backgroundImage)).toMatch(/\/images\/bg-dark\.svg"\)$/);
    expect(await page.evaluate(() => document.documentElement.dataset.themeVariant)).toBe('linden');
    await context.close();
  });
});

describe('the 404 page', () => {
  it.each(['light', 'dark'] as const)('a project’s own 404.mdx wins over Kiln’s and errors.404 (%s)', async (scheme) => {
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const response = await page.goto(servers['look-404-own']!.url + '/gone');
    expect(response!.status()).toBe(404);
    expect(await page.locator('.page-header h1').textContent()).toBe('This corner is empty');
    expect(await page.locator('.prose').textContent()).toContain('Our own 404 page');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
    await context.close();
  });

  it('errors.404.redirect sends the reader to the home page', async () => {
    const page = await browser.newPage();
    const base = servers['look-404-redirect']!.url;
    await page.goto(base + '/gone/for/good');
    await page.waitForURL(base + '/');
    expect(await page.locator('.page-header h1').textContent()).toBe('Homeward');
    await page.close();
  });
});
