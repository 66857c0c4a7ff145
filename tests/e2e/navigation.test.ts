import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, startKiln, tempDir, type KilnServer } from './helpers.js';

// docs.json navigation as a reader sees it (tests/fixtures/v2-navigation): languages, products,
// versions, tabs with a menu, dropdowns, global links, group roots and tags, hidden pages,
// .mintignore, variables; and classic versions written as objects (tests/fixtures/classic-versions).
const fixture = path.join(repoRoot, 'tests/fixtures/v2-navigation');
const classic = path.join(repoRoot, 'tests/fixtures/classic-versions');

let browser: Browser;
let site: KilnServer;
let classicSite: KilnServer;
let out: { dir: string; cleanup: () => void };

beforeAll(async () => {
  out = tempDir();
  for (const [dir, name] of [[fixture, 'v2'], [classic, 'classic']] as const) {
    const r = await kiln(['build', dir, '--out', path.join(out.dir, name)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/✓ \d+ pages written, 0 failed.*0 errors, 0 warnings/);
  }
  site = await startKiln(['preview', fixture, '--out', path.join(out.dir, 'v2'), '--port', '0']);
  classicSite = await startKiln(['preview', classic, '--out', path.join(out.dir, 'classic'), '--port', '0']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await classicSite?.stop();
  out?.cleanup();
});

async function open(url: string, scheme: 'light' | 'dark' = 'light', width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const texts = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

describe.each(['light', 'dark'] as const)('docs.json navigation in the %s theme', (scheme) => {
  it('tabs: the current level\'s and the global ones; a tab\'s menu opens and leads to its items', async () => {
    const page = await open(site.url + '/en/quickstart', scheme);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
    expect(await texts(page, '.tab-bar > ul > li')).toEqual(['Guides', 'Reference Beta', 'Changelog']);
    expect(await page.locator('.tab-bar a[aria-current="true"]').innerText()).toBe('Guides');
    expect(await page.locator('.tab-bar a', { hasText: 'Changelog' }).getAttribute('href')).toBe('https://atlas.example.dev/changelog');
    const menu = page.locator('.tab-menu');
    await menu.locator('summary').click();
    await expect.poll(() => menu.locator('.switcher-menu').isVisible()).toBe(true);
    expect(await texts(page, '.tab-menu .switcher-menu a')).toEqual(['REST API HTTP endpoints', 'SDK Client libraries']);
    await menu.locator('a', { hasText: 'SDK' }).click();
    await page.waitForURL(/\/en\/reference\/sdk$/);
    expect(await page.locator('.tab-menu > summary').getAttribute('aria-current')).toBe('true');
    expect(await page.locator('.tab-menu .switcher-menu a[aria-current="true"]').count()).toBe(1);
  });

  it('products, versions and dropdowns are drop-downs atop the sidebar that lead to their sections', async () => {
    const page = await open(site.url + '/en/quickstart', scheme);
    const product = page.locator('.switcher-product');
    expect((await product.locator('summary').innerText()).split('\n')).toEqual(['Platform', 'The core platform']);
    expect(await texts(page, '.switcher-version > summary')).toEqual(['v2 Latest']);
    await page.locator('.switcher-version > summary').click();
    expect(await texts(page, '.switcher-version .switcher-menu a')).toEqual(['v2 Latest', 'v1']);
    // Escape closes it; a click elsewhere too.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.switcher-version').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await product.locator('summary').click();
    await product.locator('a', { hasText: 'Edge' }).click();
    await page.waitForURL(/\/en\/edge\/workers$/);
    expect(await texts(page, '.switcher-dropdown > summary')).toEqual(['Workers Run code']);
    expect(await page.locator('.switcher-version').count()).toBe(0);
    await page.locator('.switcher-dropdown > summary').click();
    await page.locator('.switcher-dropdown a', { hasText: 'Storage' }).click();
    await page.waitForURL(/\/en\/edge\/storage$/);
    expect(await page.locator('.sidebar-nav a[aria-current="page"]').innerText()).toBe('Storage');
  });

  it('global anchors are in every section; the navbar names GitHub and Discord links and the Discord button', async () => {
    for (const url of ['/en/quickstart', '/en/edge/workers', '/fr']) {
      const page = await open(site.url + url, scheme);
      expect(await texts(page, '.sidebar .anchors a')).toEqual(['Status']);
    }
    const page = await open(site.url + '/en/quickstart', scheme);
    expect(await texts(page, '.topbar-links a')).toEqual(['atlas-dev/atlas', 'Discord', 'Blog']);
    expect(await page.locator('.topbar-links a').first().locator('svg[data-icon="github"]').count()).toBe(1);
    expect(await page.locator('.topbar-actions .cta-discord').innerText()).toBe('Discord');
  });

  it('groups: a root page behind the group name, tags, an expanded nested group, a directory of the group on its root page', async () => {
    const page = await open(site.url + '/en/concepts', scheme);
    const title = page.locator('.nav-group-title a[data-root]');
    expect(await title.getAttribute('href')).toBe('/en/concepts');
    expect(await title.getAttribute('aria-current')).toBe('page');
    expect(await texts(page, '.nav-group-title .nav-tag')).toEqual(['New']);
    expect(await texts(page, '.sidebar-nav a .nav-tag')).toContain('Updated');
    expect(await page.locator('.nav-subgroup', { hasText: 'Deeper' }).evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await texts(page, '.directory-card .directory-item')).toEqual(['Routing Where requests go.', 'Deeper The internals.']);
  });

  it('languages: a switcher in the top bar, <html lang>, hreflang links, a notice where a translation is missing', async () => {
    const page = await open(site.url + '/en/quickstart', scheme);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((ls) => ls.map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`));
    expect(alternates).toEqual(['en https://atlas.example.dev/en/quickstart', 'fr https://atlas.example.dev/fr/quickstart', 'x-default https://atlas.example.dev/en/quickstart']);
    const languages = page.locator('.topbar .switcher-language');
    expect(await languages.locator('summary').innerText()).toBe('EN');
    await languages.locator('summary').click();
    expect(await texts(page, '.switcher-language .switcher-menu a')).toEqual(['English', 'Français']);
    // The same page in the other language, not that language's home page.
    await languages.locator('a', { hasText: 'Français' }).click();
    await page.waitForURL(/\/fr\/quickstart$/);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.locator('.translation-notice').innerText()).toBe('This page is not available in Français yet; it is shown in English (original page).');
    expect(await page.locator('.translation-notice a').getAttribute('href')).toBe('/en/quickstart');
    // The French pages have their own top bar links.
    expect(await texts(page, '.topbar-links a')).toEqual(['Blog en français']);
    expect(await page.locator('.switcher-product').count()).toBe(0);
  });

  it('hidden pages are built but not in the sidebar; ignored files are not published', async () => {
    const page = await open(site.url + '/en/quickstart', scheme);
    const sidebar = await texts(page, '.sidebar-nav a');
    for (const title of ['Draft notes', 'Internal runbook', 'Orphan page']) expect(sidebar).not.toContain(title);
    for (const url of ['/en/draft', '/en/internal', '/en/orphan']) {
      const response = await page.goto(site.url + url);
      expect(response?.status()).toBe(200);
    }
    await page.goto(site.url + '/en/draft');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    for (const url of ['/drafts/secret', '/en/plan.draft', '/README', '/README.md']) {
      expect((await page.goto(site.url + url))?.status(), url).toBe(404);
    }
  });

  it('variables are replaced in the text, the title and code', async () => {
    const page = await open(site.url + '/en', scheme);
    expect(await page.locator('h1').innerText()).toBe('Welcome to Atlas');
    expect(await page.locator('.prose p').first().innerText()).toBe('Atlas 2.4.0 is the zephyrine release: call https://api.atlas.example.dev to start.');
    expect(await page.locator('.prose pre').innerText()).toContain('curl https://api.atlas.example.dev/install?v=2.4.0');
  });
});

describe('at phone width', () => {
  it('the switchers are in the navigation drawer, the language switcher in the top bar', async () => {
    const page = await open(site.url + '/en/quickstart', 'light', 390);
    expect(await page.locator('.topbar .switcher-language > summary').isVisible()).toBe(true);
    expect(await page.locator('.switcher-product > summary').isVisible()).toBe(false);
    await page.locator('.menu-button').click();
    await expect.poll(() => page.locator('.switcher-product > summary').isVisible()).toBe(true);
    await page.locator('.switcher-version > summary').click();
    await page.locator('.switcher-version a', { hasText: 'v1' }).click();
    await page.waitForURL(/\/en\/v1$/);
    expect(await page.locator('h1').innerText()).toBe('Version 1');
  });
});

describe('search, sitemap and llms.txt of a site with languages and hidden pages', () => {
  async function search(page: Page, query: string): Promise<string> {
    if (!(await page.locator('dialog.search-dialog').isVisible().catch(() => false))) await page.keyboard.press('Control+k');
    // The last query's status first goes away, so the one read is this query's.
    await page.locator('.search-input').fill('');
    await expect.poll(() => page.locator('.search-status').innerText()).toBe('');
    await page.locator('.search-input').fill(query);
    await expect.poll(() => page.locator('.search-status').innerText(), { timeout: 15_000 }).toMatch(/result/);
    return page.locator('.search-status').innerText();
  }

  it('finds listed pages, not hidden ones, and only in the reader\'s language', async () => {
    const en = await open(site.url + '/en/quickstart');
    await expect.poll(() => en.locator('.search-button:visible').isVisible()).toBe(true);
    expect(await search(en, 'marmalade')).toBe('1 result');
    for (const hidden of ['quillwort', 'obsidianite', 'saxifrage']) expect(await search(en, hidden)).toBe(`No results for “${hidden}”`);
    expect(await search(en, 'gentiane')).toBe('No results for “gentiane”');
    const fr = await open(site.url + '/fr');
    await expect.poll(() => fr.locator('.search-button:visible').isVisible()).toBe(true);
    expect(await search(fr, 'gentiane')).toBe('1 result');
  });

  it('leaves hidden pages and pages outside the navigation out of the sitemap and llms.txt', () => {
    const sitemap = readFileSync(path.join(out.dir, 'v2/sitemap.xml'), 'utf8');
    const llms = readFileSync(path.join(out.dir, 'v2/llms.txt'), 'utf8');
    for (const url of ['/en/draft', '/en/internal', '/en/orphan']) {
      expect(sitemap).not.toContain(url + '<');
      expect(llms).not.toContain(url + '.md');
    }
    expect(sitemap).toContain('https://atlas.example.dev/fr/quickstart<');
    expect(llms).toContain('- [Concepts](https://atlas.example.dev/en/concepts.md): How Atlas thinks.');
  });
});

describe('classic versions written as objects', () => {
  it('starts on the default version, gives a locale\'s pages their language, and opens a version hosted elsewhere', async () => {
    const page = await open(classicSite.url + '/');
    const select = page.locator('#kiln-version');
    await expect.poll(() => select.isVisible()).toBe(true);
    expect(await select.inputValue()).toBe('v2');
    expect(await select.locator('option').evaluateAll((os) => os.map((o) => `${o.textContent}${(o as HTMLOptionElement).dataset.href ? ` → ${(o as HTMLOptionElement).dataset.href}` : ''}`))).toEqual([
      'v2', 'v3', 'Français', 'v1 ↗ → https://v1.classic.example.dev/',
    ]);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.context().route('https://v1.classic.example.dev/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Version 1</title>' }));
    await select.selectOption('v1');
    await page.waitForURL('https://v1.classic.example.dev/');
    expect(await page.title()).toBe('Version 1');
    const fr = await open(classicSite.url + '/fr');
    expect(await fr.getAttribute('html', 'lang')).toBe('fr');
  });
});
