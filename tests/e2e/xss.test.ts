import { cpSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, startKiln, tempDir, type KilnServer } from './helpers.js';

// Untrusted text in a browser: XSS payloads in the settings' names, in front matter (title,
// description, sidebarTitle, icon, og:* keys) and in every string of an OpenAPI file (servers,
// tags, security schemes, parameters, request body schema and examples, responses), rendered on
// content pages, endpoint pages (the MDX one and the generated one), the playground, the 404 page
// and the search dialog. Each payload sets window.__xss to its own number; none may run.
// The site is tests/fixtures/xss (endpoint payloads beyond those of api-pages.test.ts); its
// control.js sets window.__control, to show that a script that does run is seen.
let site: ReturnType<typeof tempDir>;
let server: KilnServer;
let browser: Browser;

beforeAll(async () => {
  site = tempDir();
  cpSync(path.join(repoRoot, 'tests/fixtures/xss'), site.dir, { recursive: true });
  // --site turns on canonical links, OpenGraph URLs and the breadcrumb JSON-LD (a <script>).
  const built = await kiln(['build', site.dir, '--site', 'https://docs.example.com']);
  expect(built.code, built.stderr).toBe(0);
  expect(built.stderr).toMatch(/✓ 4 pages written, 0 failed, 2 files copied; 0 errors, 0 warnings/);
  [server, browser] = await Promise.all([startKiln(['preview', site.dir, '--port', '0']), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.cleanup();
});

/** Open `url` with a dialog listener, let scripts and images settle, and say what executed. */
async function visit(url: string, then?: (page: Page) => Promise<void>): Promise<{ xss: unknown; control: unknown; dialogs: string[]; page: Page }> {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${server.url}${url}`, { waitUntil: 'networkidle' });
  await then?.(page);
  // Payloads fire from image errors and load handlers: every image has settled and two frames
  // have been drawn since, so any handler a payload planted has run.
  await page.waitForFunction(() => document.readyState === 'complete' && Array.from(document.images).every((img) => img.complete));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const [xss, control] = await page.evaluate(() => [(window as unknown as { __xss?: unknown }).__xss, (window as unknown as { __control?: unknown }).__control]);
  return { xss, control, dialogs, page };
}

describe('XSS payloads in front matter, settings and OpenAPI', () => {
  // The generated page of `POST /things/{id}`, at the URL Mintlify gives it (tag and summary slugged).
  it.each(['/', '/second', '/api/create', '/api-reference/img-src=x-onerror=window__xss=206/scriptwindow__xss=210scriptcreate-thing', '/no-such-page'])('run no script on %s', async (url) => {
    const { xss, control, dialogs, page } = await visit(url);
    expect(control).toBe(1); // scripts run here (the project's control.js), so a payload could have
    expect(xss).toBeUndefined();
    expect(dialogs).toEqual([]);
    // The payloads arrived, as text: the test is not passing because they were dropped.
    expect(await page.locator('body').textContent()).toContain('window.__xss=');
    await page.close();
  });

  it('shows the front matter payloads as text in the title, headings, sidebar and meta tags', async () => {
    const { page } = await visit('/');
    expect(await page.title()).toContain('<script>window.__xss=1</script>Home');
    expect(await page.locator('h1').first().textContent()).toBe('<script>window.__xss=1</script>Home');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('"><img src=x onerror=window.__xss=2>');
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('"><script>window.__xss=6</script>');
    expect(await page.locator('.sidebar-nav').textContent()).toContain('<svg onload=window.__xss=3>');
    expect(await page.locator('.sidebar-nav').textContent()).toContain('<img src=x onerror=window.__xss=102>Group');
    // No element the payloads name was created.
    expect(await page.locator('main img[src="x"], main iframe, svg[onload], img[onerror]').count()).toBe(0);
    // The breadcrumb JSON-LD holds the second page's </script> sidebar title without ending its script.
    await page.close();
    const second = await visit('/second');
    const ld = await second.page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.join('')).toContain('window.__xss=12');
    expect(JSON.parse(ld[0]!)).toMatchObject({ '@type': 'BreadcrumbList' });
    await second.page.close();
  });

  it('runs no script when the playground opens and its fields are filled from the examples', async () => {
    const { xss, dialogs, page } = await visit('/api/create', async (p) => {
      await p.locator('details.api-playground').waitFor({ state: 'attached' });
      await p.locator('.pg-summary').click();
      await p.locator('.pg-send').waitFor();
      // Without api.examples.prefill (the classic layout has none) the example body is the
      // editor's placeholder, as text; typed in, it is also written into the request examples.
      const editor = p.locator('details.api-playground textarea').first();
      const example = (await editor.getAttribute('placeholder')) ?? '';
      expect(example).toContain('</script><script>window.__xss=225</script>');
      await editor.fill(example);
      await p.locator('.pg-auth input').first().fill('<img src=x onerror=window.__xss=226>');
    });
    expect(xss).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('.request-example pre').first().textContent()).toContain('</script><script>window.__xss=225</script>');
    await page.close();
  });

  it('runs no script when search shows the pages with payload titles', async () => {
    const { xss, dialogs, page } = await visit('/second', async (p) => {
      await p.locator('.search-button:visible').click();
      await p.locator('.search-input').fill('zanzibar');
      await expect.poll(() => p.locator('.search-result').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    });
    expect(xss).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('.search-result-title').allTextContents()).toContain('</script><script>window.__xss=9</script>Second zanzibar');
    await page.close();
  });
});
