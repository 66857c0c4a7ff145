import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, starter, startKiln, tempDir, type KilnServer } from './helpers.js';

// Build the example once, serve it with `kiln preview`, and read it as a visitor would.
let browser: Browser;
let server: KilnServer;
let out: { dir: string; cleanup: () => void };

beforeAll(async () => {
  out = tempDir();
  const result = await kiln(['build', starter, '--out', path.join(out.dir, 'site')]);
  expect(result.stderr).toMatch(/✓ \d+ pages written, 0 failed/);
  expect(result.code).toBe(0);
  server = await startKiln(['preview', starter, '--out', path.join(out.dir, 'site'), '--port', '0']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  out?.cleanup();
});

describe('the built example site', () => {
  it('serves the first navigation page as the home page, with the layout around it', async () => {
    const page = await browser.newPage();
    const response = await page.goto(server.url + '/');
    expect(response!.status()).toBe(200);
    await expect(page.title()).resolves.toBe('Introduction to Emberline - Emberline');
    expect(await page.locator('h1').allTextContents()).toEqual(['Introduction to Emberline']);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Emberline is a hosted job queue/);
    expect(await page.locator('.page-header .description').textContent()).toMatch(/^Emberline is a hosted job queue/);
    expect(await page.locator('.topbar .logo img').count()).toBe(2);
    expect(await page.locator('.sidebar .nav-group-title').allTextContents()).toEqual(expect.arrayContaining(['Get started', 'Core concepts', 'Guides']));
    expect(await page.locator('.site-footer').isVisible()).toBe(true);
    // The diagram is a real image that loaded.
    const img = page.locator('.frame img').first();
    await img.scrollIntoViewIfNeeded();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await page.close();
  });

  it('navigates through the sidebar with clean URLs and marks the current page', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(server.url + '/');
    await page.locator('.sidebar a.nav-link', { hasText: 'Quickstart' }).click();
    await page.waitForURL(server.url + '/quickstart');
    expect(await page.locator('h1').textContent()).toBe('Quickstart: run your first background job');
    const current = page.locator('a[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toBe('Quickstart');

    // A page inside a nested group: its group is open, the others are not.
    await page.goto(server.url + '/concepts/retries');
    const retries = page.locator('.sidebar a[aria-current="page"]');
    expect(await retries.getAttribute('href')).toBe('/concepts/retries');
    expect(await page.locator('details.nav-subgroup[open] > summary').allTextContents()).toEqual(['Reliability']);
    expect(await retries.isVisible()).toBe(true);

    // Previous/next follow the navigation order.
    expect(await page.locator('.prev-next a[rel="prev"]').getAttribute('href')).toBe('/concepts/queues');
    await page.close();
  });

  it('is readable with JavaScript turned off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url + '/quickstart');
    expect(await page.locator('h1').textContent()).toBe('Quickstart: run your first background job');
    expect((await page.locator('.prose').innerText()).length).toBeGreaterThan(500);
    expect(await page.locator('.prose pre').first().isVisible()).toBe(true);
    await context.close();
  });

  it('turns the sidebar into a menu at phone width', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(server.url + '/quickstart');
    const link = page.locator('.sidebar a.nav-link', { hasText: 'Scheduling' }).first();
    expect(await link.isVisible()).toBe(false);
    await page.locator('.menu-button').click();
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL(/\/guides\/scheduling$/);
    await page.close();
  });

  it('switches to the dark theme and remembers it', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/quickstart');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const before = await isDark();
    await page.locator('.theme-toggle').click();
    expect(await isDark()).toBe(!before);
    await page.reload();
    expect(await isDark()).toBe(!before);
    await page.close();
  });

  describe.each(['light', 'dark'] as const)('navigation settings in the %s theme', (scheme) => {
    // The stored choice wins over the site default, so both themes are really exercised.
    const themed = async (page: import('playwright-core').Page) => {
      await page.evaluate((s) => localStorage.setItem('kiln-theme', s), scheme);
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
    };

    it('shows a tab bar; a tab shows only its own groups in the sidebar', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
      await page.goto(server.url + '/quickstart');
      await themed(page);
      expect(await page.locator('.tab-bar a').allTextContents()).toEqual(['Documentation', 'API Reference', 'SDKs']);
      expect(await page.locator('.tab-bar a[aria-current="true"]').textContent()).toBe('Documentation');
      const groups = () => page.locator('.sidebar .nav-group-title').allTextContents();
      expect(await groups()).not.toContain('API Reference');
      await page.locator('.tab-bar a', { hasText: 'API Reference' }).click();
      await page.waitForURL(server.url + '/api-reference/introduction');
      expect(await page.locator('.tab-bar a[aria-current="true"]').textContent()).toBe('API Reference');
      expect(await groups()).toEqual(['API Reference']);
      await page.close();
    });

    it('lists anchors at the top of the sidebar, hiding isDefaultHidden ones until the reader is inside', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
      await page.goto(server.url + '/quickstart');
      await themed(page);
      const visibleAnchors = () => page.locator('.anchors .anchor-name:visible').allTextContents();
      expect(await visibleAnchors()).toEqual(['Documentation', 'API Reference', 'Community']);
      expect(await page.locator('.anchors a', { hasText: 'Community' }).getAttribute('target')).toBe('_blank');
      await page.goto(server.url + '/beta/workflows');
      expect(await visibleAnchors()).toEqual(['Documentation', 'API Reference', 'Community', 'Beta']);
      expect(await page.locator('.anchors a[aria-current="true"] .anchor-name').textContent()).toBe('Beta');
      await page.close();
    });

    it('switches versions with the dropdown and remembers the choice', async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
      await page.goto(server.url + '/quickstart');
      await themed(page);
      const migration = page.locator('.anchors a', { hasText: 'v1 Migration Guide' });
      expect(await page.locator('#kiln-version').inputValue()).toBe('v2');
      expect(await migration.isVisible()).toBe(false);
      const v1Group = page.locator('.sidebar .nav-group', { hasText: 'v1 reference' });
      expect(await v1Group.isVisible()).toBe(false);
      await page.locator('#kiln-version').selectOption('v1');
      expect(await migration.isVisible()).toBe(true);
      expect(await v1Group.isVisible()).toBe(true);
      await page.goto(server.url + '/concepts/jobs');
      expect(await page.locator('#kiln-version').inputValue()).toBe('v1');
      expect(await migration.isVisible()).toBe(true);
      // A page of a version selects that version when it is opened directly.
      await page.evaluate(() => localStorage.setItem('kiln-version', 'v2'));
      await page.goto(server.url + '/v1/overview');
      expect(await page.locator('#kiln-version').inputValue()).toBe('v1');
      expect(await page.locator('.sidebar-nav a[aria-current="page"]').isVisible()).toBe(true);
      await page.close();
    });
  });

  it('answers unknown URLs with the 404 page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(server.url + '/no/such/page');
    expect(response!.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await page.close();
  });
});
