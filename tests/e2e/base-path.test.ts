import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, scratchCopy, startKiln, starter, type KilnServer } from './helpers.js';

// The example built with `--base /docs/` and served there by `kiln preview --base /docs/`, as a
// host serving it under a path would: every link, asset, search file and generated file must
// resolve below /docs/.
let browser: Browser;
let server: KilnServer;
let site: { dir: string; cleanup: () => void };
let out: string;
let root: string;

beforeAll(async () => {
  site = scratchCopy(starter);
  out = path.join(site.dir, 'dist');
  const result = await kiln(['build', site.dir, '--out', out, '--base', '/docs/']);
  expect(result.stderr).toMatch(/✓ \d+ pages written, 0 failed/);
  server = await startKiln(['preview', site.dir, '--out', out, '--base', '/docs/', '--port', '4710']);
  root = server.url + '/docs/';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.cleanup();
});

/** A page that records every request to this server that failed or was answered with an error. */
async function open(url: string): Promise<{ page: Page; failures: string[]; requested: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const failures: string[] = [];
  const requested: string[] = [];
  const ours = (u: string) => u.startsWith(server.url);
  page.on('response', (r) => {
    if (!ours(r.url())) return;
    requested.push(new URL(r.url()).pathname);
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  // Requests cut short by leaving the page are not failures.
  page.on('requestfailed', (r) => ours(r.url()) && r.failure()?.errorText !== 'net::ERR_ABORTED' && failures.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  await page.goto(url);
  return { page, failures, requested };
}

describe('a build under /docs/', () => {
  it('loads the home page with its stylesheet, script and images, all from /docs/', async () => {
    const { page, failures, requested } = await open(root);
    expect(await page.locator('h1').innerText()).toBe('Introduction to Emberline');
    // The theme stylesheet applied and the script ran.
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
    expect(await page.locator('.topbar').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    const img = page.locator('.frame img').first();
    await img.scrollIntoViewIfNeeded();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await page.locator('.topbar .logo img').first().evaluate((el: HTMLImageElement) => el.naturalWidth > 0)).toBe(true);
    expect(requested.length).toBeGreaterThan(3);
    expect(requested.every((p) => p.startsWith('/docs/'))).toBe(true);
    expect(failures).toEqual([]);
    await page.close();
  });

  it('navigates through the sidebar, nested groups and previous/next links', async () => {
    const { page, failures } = await open(root);
    await page.locator('.sidebar a.nav-link', { hasText: 'Quickstart' }).click();
    await page.waitForURL(root + 'quickstart');
    expect(await page.locator('.sidebar a[aria-current="page"]').getAttribute('href')).toBe('/docs/quickstart');
    await page.locator('.prev-next a[rel="next"]').click();
    await page.waitForURL(root + 'concepts/jobs');
    await page.locator('.sidebar summary', { hasText: 'Reliability' }).click();
    await page.locator('.sidebar a.nav-link', { hasText: 'Retries' }).click();
    await page.waitForURL(root + 'concepts/retries');
    // Math: the KaTeX stylesheet and its fonts load from /docs/.
    await page.waitForFunction(() => document.fonts.check('16px KaTeX_Main'));
    // A link written in a page's Markdown.
    await page.goto(root + 'guides/deploying');
    await page.locator('.prose a', { hasText: 'webhook' }).first().click();
    await page.waitForURL(root + 'guides/webhooks');
    // Mermaid is fetched by the client script from /docs/ as well.
    const diagram = page.locator('.mermaid-diagram');
    await diagram.scrollIntoViewIfNeeded();
    await page.waitForSelector('.mermaid-diagram[data-rendered] svg', { timeout: 20_000 });
    // An endpoint page loads the API playground's script from /docs/ and shows the playground.
    await page.goto(root + 'api-reference/jobs/create');
    await page.waitForSelector('.api-playground:not([hidden])');
    expect(failures).toEqual([]);
    await page.close();
  });

  it('searches: the index loads from /docs/ and results lead to pages under /docs/', async () => {
    const { page, failures, requested } = await open(root + 'quickstart');
    await page.keyboard.press('Control+k');
    const input = page.locator('dialog.search-dialog[open] input');
    await input.fill('backoff');
    const first = page.locator('.search-result a').first();
    await first.waitFor({ timeout: 15_000 });
    expect(await first.getAttribute('href')).toMatch(/^\/docs\/[a-z]/);
    expect(requested.some((p) => p.startsWith('/docs/_kiln/search/'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/docs/') && u.pathname !== '/docs/quickstart');
    expect(await page.locator('h1').count()).toBe(1);
    expect(failures).toEqual([]);
    await page.close();
  });

  it('copies the page as Markdown from /docs/, and serves llms.txt, feeds and redirects there', async () => {
    const { page, failures } = await open(root + 'guides/deploying');
    const md = await page.locator('.copy-page').getAttribute('data-md');
    expect(md).toBe('/docs/guides/deploying.md');
    expect(await page.locator('link[type="text/markdown"]').getAttribute('href')).toBe('/docs/guides/deploying.md');
    const status = (u: string) => page.evaluate(async (url) => (await fetch(url)).status, u);
    expect(await status(md!)).toBe(200);
    expect(await status('/docs/llms.txt')).toBe(200);
    expect(await status('/docs/changelog/rss.xml')).toBe(200);
    const markdown = await page.evaluate(async (url) => (await fetch(url)).text(), md!);
    expect(markdown).toContain('](/docs/guides/webhooks)');
    // A redirect page sends the visitor on, below the base.
    await page.goto(root + 'getting-started');
    await page.waitForURL(root + 'quickstart');
    expect(failures).toEqual([]);
    await page.close();
  });

  it('answers a missing page with the 404 page, whose suggestions are under /docs/', async () => {
    const { page } = await open(root + 'guides/deployin');
    const suggestion = page.locator('.not-found-suggestions a').first();
    await suggestion.waitFor();
    expect(await suggestion.getAttribute('href')).toBe('/docs/guides/deploying');
    // The 404 page itself loads its stylesheet from /docs/.
    expect(await page.locator('.topbar').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await page.close();
  });

  it('writes absolute URLs with the base: canonical, sitemap, robots.txt, _redirects', () => {
    const html = readFileSync(path.join(out, 'guides/deploying.html'), 'utf8');
    expect(html).toContain('<link rel="canonical" href="https://docs.emberline.dev/docs/guides/deploying"/>');
    expect(html).toMatch(/<html lang="en"[^>]* data-base="\/docs\/">/);
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://docs.emberline.dev/docs/quickstart</loc>');
    expect(readFileSync(path.join(out, 'robots.txt'), 'utf8')).toContain('Sitemap: https://docs.emberline.dev/docs/sitemap.xml');
    expect(readFileSync(path.join(out, '_redirects'), 'utf8')).toContain('/docs/getting-started /docs/quickstart 301');
    // No root-relative URL outside /docs/ is left in an attribute of any page.
    const stray = [...html.matchAll(/\s(?:href|src|data-md|data-ui|data-src)="(\/[^"]*)"/g)].map((m) => m[1]!).filter((u) => !u.startsWith('/docs/'));
    expect(stray).toEqual([]);
  });
});

describe('a rebuild under /docs/ from the rebuild cache', () => {
  it('gives the Markdown of the pages it keeps the base once, in llms-full.txt and the home page’s index.md', async () => {
    const copy = scratchCopy(starter);
    try {
      const dist = path.join(copy.dir, 'dist');
      const build = async () => {
        const result = await kiln(['build', copy.dir, '--out', dist, '--base', '/docs/']);
        expect(result.stderr).toMatch(/✓ \d+ pages written, 0 failed/);
        return { full: readFileSync(path.join(dist, 'llms-full.txt'), 'utf8'), index: readFileSync(path.join(dist, 'index.md'), 'utf8') };
      };
      const first = await build();
      expect(first.full).toContain('](/docs/guides/webhooks)');
      const edited = path.join(copy.dir, 'guides/deploying.mdx');
      writeFileSync(edited, readFileSync(edited, 'utf8') + '\nOne more line.\n');
      const again = await build();
      expect(again.full).not.toContain('/docs/docs/');
      expect(again.full).toBe(first.full.replace(/\n\nSource: https:\/\/docs\.emberline\.dev\/docs\/guides\/deploying/, '\n\nOne more line.$&'));
      expect(again.index).toBe(first.index);
    } finally {
      copy.cleanup();
    }
  });
});
