import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, launchBrowser, tempDir, type KilnServer } from './helpers.js';

// What the screenshots of the corpus sites showed wrong, each reduced to a small site: a wide logo
// with a call-to-action on a phone, a link wrapped around an author's button, an inline SVG icon
// with no fill in dark mode, `styling.eyebrows`, an author's style for <kbd> (dnd-kit's) that
// showed the search button's shortcut on phones, a script that puts a search of its own in place
// of Mintlify's search entries (meilisearch's), which left Kiln's beside it, and a link card with a
// link in its text (MCPJam's home page), which the browser split into an empty card and its text.
let browser: Browser;
let server: KilnServer;
let site: { dir: string; cleanup: () => void };

const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Wideco',
    colors: { primary: '#0D9373' },
    // A wordmark about 4.3 times as wide as it is tall, as the corpus logos are.
    logo: '/logo.svg',
    navbar: { primary: { type: 'button', label: 'Your Dashboard', href: 'https://app.wideco.dev' } },
    styling: { eyebrows: 'section' },
    navigation: {
      groups: [
        { group: 'Start', pages: ['index', 'own-search'] },
        { group: 'Guides', pages: ['guides/overview', { group: 'Deploying', pages: ['guides/deploy/servers'] }] },
      ],
    },
  }),
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="140" viewBox="0 0 600 140"><rect width="600" height="140" fill="#0D9373"/></svg>',
  'index.mdx': `---
title: Home
---

<a className="group" href="/guides/overview"><button className="px-4 py-2 rounded-md bg-primary-dark text-white">Get started</button></a>

<Card title="Follow us" href="https://x.com/wideco" color="#1DA1F2" icon={<svg xmlns="http://www.w3.org/2000/svg" height="20" viewBox="0 0 512 512"><path d="M0 0h512v512H0z" /></svg>}>
  News.
</Card>
`,
  'guides/overview.mdx': '---\ntitle: Overview\n---\n\nGuides. Press <kbd>Ctrl</kbd> to copy.\n\n<Card title="Web" icon="globe" href="/guides/deploy/servers">\n  Open [the servers page](/own-search) to start. Then read on.\n</Card>\n',
  // Custom CSS sits outside Kiln's cascade layer, so it beats every rule of the theme's.
  'style.css': 'kbd { display: inline-flex; border: 2px solid rgb(255, 0, 0); }\n',
  'guides/deploy/servers.mdx': '---\ntitle: Servers\n---\n\nRun it on your own servers.\n',
  'own-search.mdx': '---\ntitle: Own search\n---\n\nThis site searches elsewhere.\n',
  // Reduced from meilisearch's search.js: its bar replaces Mintlify's entry on wide screens, and
  // Mintlify's icon entry stays on phones. Only on /own-search here.
  'own-search.js': `(function () {
  if (location.pathname !== '/own-search') return;
  const swap = () => {
    const entry = document.getElementById('search-bar-entry');
    const mobile = document.getElementById('search-bar-entry-mobile');
    let bar = document.getElementById('own-search-bar');
    if (!bar && entry) {
      bar = document.createElement('div');
      bar.id = 'own-search-bar';
      bar.textContent = 'Search with us';
      entry.parentElement.insertBefore(bar, entry);
    }
    const phone = window.innerWidth < 1024;
    if (bar) bar.style.display = phone ? 'none' : 'block';
    if (entry) entry.style.display = 'none';
    if (mobile) mobile.style.display = phone ? 'flex' : 'none';
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', swap);
  else swap();
})();
`,
};

beforeAll(async () => {
  site = tempDir();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site.dir, 'docs', name)), { recursive: true });
    writeFileSync(path.join(site.dir, 'docs', name), text);
  }
  server = await buildAndPreview(path.join(site.dir, 'docs'), path.join(site.dir, 'out'));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.cleanup();
});

async function open(url: string, scheme: 'light' | 'dark', width = 1440): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await page.addInitScript((s) => localStorage.setItem('kiln-theme', s), scheme);
  await page.goto(server.url + url);
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
  return page;
}

describe.each(['light', 'dark'] as const)('in the %s theme', (scheme) => {
  it('a wide logo gives way to the top-bar buttons on a phone instead of running under them', async () => {
    for (const width of [360, 390]) {
      const page = await open('/', scheme, width);
      // The client shows the search button once its script runs.
      await page.locator('.topbar .search-button:visible').waitFor({ state: 'visible' });
      const box = (sel: string) => page.locator(sel).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
      const logo = await box('.topbar .logo img:visible');
      const search = await box('.topbar .search-button:visible');
      expect(logo.width).toBeGreaterThan(40);
      expect(logo.right).toBeLessThanOrEqual(search.left);
      // The call-to-action shows from 380 px.
      const cta = page.locator('.topbar .cta-button');
      expect(await cta.isVisible()).toBe(width >= 380);
      if (width >= 380) expect(search.right).toBeLessThanOrEqual((await box('.topbar .cta-button')).left);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      await page.close();
    }
  });

  it('an author\'s style for <kbd> keeps to the content: the search shortcut shows only on wide screens', async () => {
    for (const width of [390, 1440]) {
      const page = await open('/guides/overview', scheme, width);
      await page.locator('.topbar .search-button:visible').waitFor({ state: 'visible' });
      const hint = page.locator('.topbar .search-key');
      expect(await hint.textContent()).toBe('Ctrl K');
      expect(await hint.isVisible()).toBe(width >= 1100);
      expect(await page.locator('.prose kbd').evaluate((el) => [getComputedStyle(el).display, getComputedStyle(el).borderTopColor])).toEqual(['inline-flex', 'rgb(255, 0, 0)']);
      await page.close();
    }
  });

  it("a site's own search takes the place of the search entries by Mintlify's ids: one shows, on wide screens and phones", async () => {
    for (const width of [1440, 390]) {
      const page = await open('/own-search', scheme, width);
      await expect.poll(() => page.locator('#search-bar-entry-mobile').evaluate((el) => el.style.display)).not.toBe('');
      expect(await page.locator('#own-search-bar').isVisible()).toBe(width >= 1024);
      expect(await page.locator('.search-button:visible').count()).toBe(width >= 1024 ? 0 : 1);
      await page.close();
    }
  });

  it('a link card with a link in its text is drawn whole, and each link goes where it says', async () => {
    const page = await open('/guides/overview', scheme);
    const card = page.locator('.prose .card');
    expect(await card.count()).toBe(1);
    const [cardBox, inner] = [await card.boundingBox(), await card.locator('.card-content a').boundingBox()];
    expect(inner!.y).toBeGreaterThan(cardBox!.y);
    expect(inner!.y + inner!.height).toBeLessThan(cardBox!.y + cardBox!.height);
    // The link in the text leads to its own page (below); anywhere else on the card leads to the card's page (a click where a reader clicks: the card's
    // link lies over it, so Playwright's own click would wait for the icon to be uncovered).
    const icon = (await card.locator('.card-icon').boundingBox())!;
    await page.mouse.click(icon.x + icon.width / 2, icon.y + icon.height / 2);
    await page.waitForURL(/\/guides\/deploy\/servers$/);
    await page.goBack();
    await page.locator('.card-content a').click();
    await page.waitForURL(/\/own-search$/);
    await page.close();
  });

  it('a link around an author\'s button draws no underline through it', async () => {
    const page = await open('/', scheme);
    const link = page.locator('.prose a.group');
    expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    await page.close();
  });

  it('an inline SVG card icon with no fill takes the card\'s colour', async () => {
    const page = await open('/', scheme);
    const fill = await page.locator('.card-icon svg path').evaluate((el) => getComputedStyle(el).fill);
    expect(fill).toBe('rgb(29, 161, 242)');
    await page.close();
  });

  it('styling.eyebrows "section" shows the group the page is in above its title, not the whole trail', async () => {
    const page = await open('/guides/deploy/servers', scheme);
    const eyebrow = page.locator('.page-header .eyebrow');
    expect(await eyebrow.textContent()).toBe('Deploying');
    expect(await page.locator('.page-header .breadcrumbs').count()).toBe(0);
    // Above the title, in the accent colour, readable on the page background.
    const [eyeBox, h1Box] = [await eyebrow.boundingBox(), await page.locator('.page-header h1').boundingBox()];
    expect(eyeBox!.y + eyeBox!.height).toBeLessThanOrEqual(h1Box!.y);
    await page.goto(server.url + '/guides/overview');
    expect(await page.locator('.page-header .eyebrow').textContent()).toBe('Guides');
    // The home page has none.
    await page.goto(server.url + '/');
    expect(await page.locator('.page-header .eyebrow').count()).toBe(0);
    await page.close();
  });
});
