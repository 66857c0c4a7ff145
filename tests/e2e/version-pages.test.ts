import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, startKiln, tempDir, type KilnServer } from './helpers.js';

// The version menu leads to the page being read in the chosen version, else to that version's first
// page, as Mintlify's does: docs.json versions (tests/fixtures/version-pages-v2, links that work
// without JavaScript) and mint.json versions (tests/fixtures/version-pages-classic, a <select>).
// Both fixtures also have a group without a name, and the docs.json one an anchor without an icon.
const fixtures = { v2: 'version-pages-v2', classic: 'version-pages-classic' } as const;

let browser: Browser;
let out: { dir: string; cleanup: () => void };
const servers: Partial<Record<keyof typeof fixtures, KilnServer>> = {};

beforeAll(async () => {
  out = tempDir();
  for (const [name, fixture] of Object.entries(fixtures) as [keyof typeof fixtures, string][]) {
    const dir = path.join(repoRoot, 'tests/fixtures', fixture);
    const r = await kiln(['build', dir, '--out', path.join(out.dir, name), '--no-cache']);
    expect(r.stderr).toMatch(/✓ 5 pages written, 0 failed.*0 errors, 0 warnings/);
    servers[name] = await startKiln(['preview', dir, '--out', path.join(out.dir, name), '--port', '0']);
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const s of Object.values(servers)) await s?.stop();
  out?.cleanup();
});

async function open(site: keyof typeof fixtures, url: string, opts: { scheme?: 'light' | 'dark'; javaScript?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1300, height: 900 }, colorScheme: opts.scheme ?? 'light', javaScriptEnabled: opts.javaScript ?? true });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  const response = await page.goto(servers[site]!.url + url);
  expect(response!.status()).toBe(200);
  return page;
}

const path_ = (page: Page) => new URL(page.url()).pathname;

describe.each([true, false])('docs.json versions, JavaScript %s', (javaScript) => {
  it.each([
    ['/v2/setup', '/v1/setup'],
    ['/v2/streaming', '/v1/introduction'],
  ])('from %s, choosing v1 leads to %s', async (from, to) => {
    const page = await open('v2', from, { javaScript });
    const menu = page.locator('details.switcher-version');
    await menu.locator('summary').click();
    await menu.locator('.switcher-menu a', { hasText: 'v1' }).click();
    await page.waitForURL((u) => u.pathname === to);
    expect(await page.locator('.sidebar-nav a[aria-current="page"]').count()).toBe(1);
    // And back: v2 leads to the page it came from when v1 has it.
    await page.locator('details.switcher-version summary').click();
    await page.locator('details.switcher-version .switcher-menu a', { hasText: 'v2' }).click();
    await page.waitForURL((u) => u.pathname === (to === '/v1/setup' ? '/v2/setup' : '/'));
    await page.context().close();
  });
});

describe('mint.json versions', () => {
  it.each([
    ['/v2/setup', '/v1/setup'],
    ['/v2/streaming', '/v1/introduction'],
  ])('from %s, choosing v1 leads to %s', async (from, to) => {
    const page = await open('classic', from);
    const select = page.locator('#kiln-version');
    await expect.poll(() => select.isVisible()).toBe(true);
    expect(await select.inputValue()).toBe('v2');
    await select.selectOption('v1');
    await page.waitForURL((u) => u.pathname === to);
    expect(await page.locator('#kiln-version').inputValue()).toBe('v1');
    expect(await page.locator('.sidebar-nav a[aria-current="page"]').textContent()).toBe(to === '/v1/setup' ? 'Setup' : 'Introduction');
    await page.context().close();
  });

  it('on a page in no version, choosing one changes the navigation, not the page', async () => {
    const page = await open('classic', '/');
    const select = page.locator('#kiln-version');
    await expect.poll(() => select.isVisible()).toBe(true);
    await select.selectOption('v1');
    await expect.poll(() => page.locator('.sidebar-nav a[href="/v1/setup"]').isVisible()).toBe(true);
    expect(await page.locator('.sidebar-nav a[href="/v2/setup"]').isVisible()).toBe(false);
    expect(path_(page)).toBe('/');
    await page.context().close();
  });
});

describe.each(['light', 'dark'] as const)('untitled groups and anchors without an icon (%s)', (scheme) => {
  it.each(['v2', 'classic'] as const)('%s: a group without a name has no heading, its pages no empty breadcrumb', async (site) => {
    const page = await open(site, '/v2/streaming', { scheme });
    expect(await page.locator('.sidebar-nav .nav-group-title').allTextContents()).toEqual(site === 'v2' ? ['Guides'] : ['Guides', 'Guides']);
    expect(await page.locator('.sidebar-nav a[aria-current="page"]').textContent()).toBe('Streaming');
    expect(await page.locator('.page-header .eyebrow').count()).toBe(0);
    await page.goto(servers[site]!.url + '/v2/setup');
    expect(await page.locator('.breadcrumbs li').allTextContents()).toEqual(['Guides', 'Setup']);
    await page.context().close();
  });

  it('an anchor without an icon has no empty icon tile', async () => {
    const page = await open('v2', '/v2/setup', { scheme });
    const anchor = page.locator('.sidebar .anchors .anchor-link', { hasText: 'Community' });
    expect(await anchor.locator('.anchor-icon').count()).toBe(0);
    // The name starts where the tile would have been: at the link's own padding.
    const [link, name] = await Promise.all([anchor.boundingBox(), anchor.locator('.anchor-name').boundingBox()]);
    expect(name!.x - link!.x).toBeLessThan(16);
    await page.context().close();
  });
});
