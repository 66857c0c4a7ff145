import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, starter, startKiln, tempDir, type KilnServer } from './helpers.js';

// Every docs.json setting as a reader sees it: the example uses each one, and a second fixture
// covers the variants one site cannot hold at once (GitHub button, forced dark mode).
const variants = path.join(repoRoot, 'tests/fixtures/settings-variants');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let browser: Browser;
let site: KilnServer;
let variant: KilnServer;
let out: { dir: string; cleanup: () => void };

beforeAll(async () => {
  out = tempDir();
  for (const [dir, name] of [[starter, 'starter'], [variants, 'variants']] as const) {
    const r = await kiln(['build', dir, '--out', path.join(out.dir, name)]);
    expect(r.code, r.stderr).toBe(0);
  }
  site = await startKiln(['preview', starter, '--out', path.join(out.dir, 'starter'), '--port', '0']);
  variant = await startKiln(['preview', variants, '--out', path.join(out.dir, 'variants'), '--port', '0']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await variant?.stop();
  out?.cleanup();
});

async function open(url: string, scheme: 'light' | 'dark' = 'light', width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  // No internet here: GitHub's API is answered by the test (or refused, per test).
  await context.route('https://api.github.com/**', (route) => route.abort());
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

const themes = ['light', 'dark'] as const;

describe.each(themes)('settings in the %s theme', (scheme) => {
  const setTheme = async (page: Page) => {
    if ((await page.evaluate(() => document.documentElement.classList.contains('dark'))) !== (scheme === 'dark')) {
      await page.locator('.theme-toggle').click();
    }
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
  };

  it('name and logo: the right image per theme, alt text from the name, linking to logo.href', async () => {
    const page = await open(site.url + '/quickstart', scheme);
    await setTheme(page);
    const visible = page.locator('.topbar .logo img:visible');
    expect(await visible.count()).toBe(1);
    expect(await visible.getAttribute('src')).toBe(scheme === 'dark' ? '/logo/dark.svg' : '/logo/light.svg');
    expect(await visible.getAttribute('alt')).toBe('Emberline');
    expect(await visible.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('.topbar .logo').getAttribute('href')).toBe('https://emberline.dev');
    expect(await page.title()).toMatch(/ - Emberline$/);
    await page.context().close();
  });

  it('colors: primary for accents, dark for buttons with readable text, backgrounds per theme', async () => {
    const page = await open(site.url + '/quickstart', scheme);
    await setTheme(page);
    const vars = await page.evaluate(() => {
      const s = getComputedStyle(document.documentElement);
      return ['--kiln-primary', '--kiln-primary-dark-mode', '--kiln-button', '--kiln-on-button'].map((v) => s.getPropertyValue(v).trim());
    });
    expect(vars).toEqual(['#C6470B', '#FB923C', '#C2410C', '#ffffff']);
    const cta = await page.locator('.cta-button').evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(cta).toEqual(['rgb(194, 65, 12)', 'rgb(255, 255, 255)']);
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(bg).toBe(scheme === 'dark' ? 'rgb(18, 13, 10)' : 'rgb(255, 252, 250)'); // colors.background
    await page.context().close();
  });

  it('topbarLinks, footerSocials with icons, and feedback links to the repository', async () => {
    const page = await open(site.url + '/guides/scheduling', scheme);
    await setTheme(page);
    expect(await page.locator('.topbar-links a').allTextContents()).toEqual(['Status', 'Pricing', 'Log in']);
    const socials = page.locator('.footer-socials a');
    expect(await socials.evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')))).toEqual(['Website', 'GitHub', 'X', 'Discord', 'LinkedIn']);
    expect(await socials.locator('svg').count()).toBe(5);
    const edit = page.locator('.page-feedback a', { hasText: 'Suggest edits' });
    expect(await edit.getAttribute('href')).toBe('https://github.com/emberline/docs/edit/main/guides/scheduling.mdx');
    const issue = new URL((await page.locator('.page-feedback a', { hasText: 'Raise issue' }).getAttribute('href'))!);
    expect(issue.pathname).toBe('/emberline/docs/issues/new');
    expect(issue.searchParams.get('body')).toContain('/guides/scheduling');
    await page.context().close();
  });

  it('backgroundImage shows behind the page', async () => {
    const page = await open(site.url + '/quickstart', scheme);
    await setTheme(page);
    expect(await page.evaluate(() => document.body.classList.contains('has-bg-image'))).toBe(true);
    const image = await page.evaluate(() => getComputedStyle(document.body, '::before').backgroundImage);
    expect(image).toContain('/images/background.svg');
    await page.context().close();
  });

  it('has no accessibility violations on any page of the example (axe-core, WCAG 2 A/AA)', { timeout: 240_000 }, async () => {
    // Every page the build lists in its sitemap, so a new example page is checked without editing this test.
    const sitemap = readFileSync(path.join(out.dir, 'starter', 'sitemap.xml'), 'utf8');
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls.length).toBeGreaterThan(15);
    // One context for all pages: the reader's stored choice puts every page in this scheme.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
    await context.addInitScript((s) => localStorage.setItem('kiln-theme', s), scheme);
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    const found: string[] = [];
    for (const url of urls) {
      await page.goto(site.url + url);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), url).toBe(scheme === 'dark');
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const r = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'], resultTypes: ['violations'] });
        return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      });
      found.push(...violations.map((v) => `${url} ${v}`));
    }
    await context.close();
    expect(found).toEqual([]);
  });
});

describe('modeToggle', () => {
  it('default shows that mode to new readers even when the OS prefers the other; the toggle stays', async () => {
    const page = await open(site.url + '/quickstart', 'dark');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await page.locator('.theme-toggle').isVisible()).toBe(true);
    await page.context().close();
  });

  it('isHidden with a default forces that mode and hides the toggle, whatever was stored', async () => {
    const page = await open(variant.url + '/', 'light');
    await page.evaluate(() => localStorage.setItem('kiln-theme', 'light'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.locator('.theme-toggle').count()).toBe(0);
    await page.context().close();
  });
});

describe('favicon and the GitHub button', () => {
  it('links the favicon with its type', async () => {
    const page = await open(site.url + '/');
    expect(await page.locator('link[rel="icon"]').evaluate((l) => [l.getAttribute('href'), l.getAttribute('type')])).toEqual(['/favicon.svg', 'image/svg+xml']);
    await page.context().close();
    // The variant names its logo and favicon relative to the project folder (`logo.svg`,
    // `./favicon.png`), as many real projects do: a nested page still finds both.
    const v = await open(variant.url + '/guides/first');
    expect(await v.locator('link[rel="icon"]').evaluate((l) => [l.getAttribute('href'), l.getAttribute('type')])).toEqual(['/favicon.png', 'image/png']);
    expect(await v.locator('.topbar .logo img:visible').evaluate((img: HTMLImageElement) => [img.getAttribute('src'), img.naturalWidth > 0])).toEqual(['/logo.svg', true]);
    await v.context().close();
  });

  it('shows the repository and its star count, cached', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    let calls = 0;
    await context.route('https://api.github.com/repos/emberline/emberline', (route) => {
      calls++;
      return route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ stargazers_count: 12345 }) });
    });
    const page = await context.newPage();
    await page.goto(variant.url + '/');
    const button = page.locator('.cta-github');
    expect(await button.locator('.cta-github-name').textContent()).toBe('emberline/emberline');
    await expect.poll(() => button.locator('.cta-github-count').textContent()).toBe('12k');
    await page.goto(variant.url + '/guides/first');
    expect(await button.locator('.cta-github-count').textContent()).toBe('12k');
    expect(calls).toBe(1);
    await context.close();
  });

  it('degrades to a plain repository link offline, without errors', async () => {
    const page = await open(variant.url + '/');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The star count is asked for once per load; its failure is what the page must survive.
    const failed = page.waitForEvent('requestfailed', (r) => r.url().startsWith('https://api.github.com/'));
    await page.reload();
    await failed;
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const button = page.locator('.cta-github');
    expect(await button.getAttribute('href')).toBe('https://github.com/emberline/emberline');
    expect(await button.locator('.cta-github-stars').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
