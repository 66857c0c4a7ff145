import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, scratchCopy, starter, startKiln, tempDir, type KilnServer } from './helpers.js';

// Search (Pagefind) in the built site and in `kiln dev`, driven from the keyboard; and "Copy page".
let browser: Browser;
let preview: KilnServer;
let dev: KilnServer;
let out: { dir: string; cleanup: () => void };
let scratch: { dir: string; cleanup: () => void };

beforeAll(async () => {
  out = tempDir();
  scratch = scratchCopy(starter);
  const result = await kiln(['build', starter, '--out', path.join(out.dir, 'site')]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).not.toMatch(/search\/index-failed/);
  [preview, dev] = await Promise.all([
    startKiln(['preview', starter, '--out', path.join(out.dir, 'site'), '--port', '0']),
    startKiln(['dev', scratch.dir, '--port', '0']),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await dev?.stop();
  out?.cleanup();
  scratch?.cleanup();
});

const dialog = (page: Page) => page.locator('dialog.search-dialog');
const results = (page: Page) => page.locator('.search-result');

async function search(page: Page, query: string): Promise<void> {
  await page.locator('.search-input').fill(query);
  await expect.poll(() => results(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

describe('search in the built site', () => {
  it('opens with the button, `/` and Ctrl+K, and Escape closes it and gives focus back', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(preview.url + '/quickstart');
    const button = page.locator('.search-button:visible');
    await expect.poll(() => button.isVisible()).toBe(true);

    await button.click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-input'))).toBe(true);
    expect(await dialog(page).evaluate((d: HTMLDialogElement) => d.matches(':modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-button'))).toBe(true);

    await page.locator('h1').click();
    await page.keyboard.press('/');
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    expect(await page.locator('.search-input').inputValue()).toBe('');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+k');
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    // Focus stays in the dialog.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog.search-dialog'))).toBe(true);
    await page.close();
  });

  it('finds pages by a word of the example, title matches first, with section and highlighted excerpt', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(preview.url + '/');
    await page.keyboard.press('Control+k');
    await search(page, 'backoff');
    expect(await results(page).first().locator('.search-result-title').textContent()).toMatch(/^Retries and backoff/);
    expect(await page.locator('.search-result mark').count()).toBeGreaterThan(0);
    expect(await page.locator('.search-result-section').count()).toBeGreaterThan(0);
    // The first result is active; the combobox points at it.
    expect(await results(page).first().getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.search-input').getAttribute('aria-activedescendant')).toBe(await results(page).first().getAttribute('id'));

    // Arrow keys move through the results; Enter opens the active one.
    expect(await results(page).count()).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    expect(await results(page).nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    const href = await results(page).nth(1).locator('a').getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => preview.url + href === u.href);
    expect(page.url()).toBe(preview.url + href);
    await page.close();
  });

  it("has Mintlify's two entries, the field on wide screens and the icon on phones, each opening the dialog", async () => {
    for (const [width, id] of [[1280, 'search-bar-entry'], [390, 'search-bar-entry-mobile']] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(preview.url + '/quickstart');
      await expect.poll(() => page.locator(`#${id}`).isVisible()).toBe(true);
      expect(await page.locator('.search-button:visible').count()).toBe(1);
      await page.locator(`#${id}`).click();
      await expect.poll(() => dialog(page).isVisible()).toBe(true);
      // The field has Mintlify's id too, for sites' scripts.
      expect(await page.locator('#search-input').evaluate((el) => el === document.activeElement)).toBe(true);
      await page.close();
    }
  });

  it('says so when nothing matches, and the placeholder comes from the settings', async () => {
    const page = await browser.newPage();
    await page.goto(preview.url + '/');
    await page.locator('.search-button:visible').click();
    expect(await page.locator('.search-input').getAttribute('placeholder')).toBe('Search Emberline docs');
    await page.locator('.search-input').fill('zzqxwv');
    await expect.poll(() => page.locator('.search-status').textContent(), { timeout: 15_000 }).toMatch(/No results/);
    await page.close();
  });

  it('hides the button with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(preview.url + '/quickstart');
    expect(await page.locator('.search-button').count()).toBe(2);
    expect(await page.locator('.search-button:visible').count()).toBe(0);
    expect(await page.locator('.copy-page').isVisible()).toBe(false);
    await context.close();
  });
});

describe('search after a rebuild', () => {
  it('indexes only the changed page: its new words are found, its old ones no longer, and it is listed once', async () => {
    const site = scratchCopy(starter);
    const dist = path.join(site.dir, 'dist');
    const manifest = () => JSON.parse(readFileSync(path.join(dist, '_kiln/search/kiln-search.json'), 'utf8'));
    const count = (dir: string) => JSON.parse(readFileSync(path.join(dist, dir, 'pagefind-entry.json'), 'utf8')).languages.en.page_count;
    let server: KilnServer | undefined;
    try {
      const first = await kiln(['build', site.dir, '--out', dist]);
      expect(first.code, first.stderr).toBe(0);
      expect(manifest()).toEqual({ merge: [], hide: [] });
      const file = path.join(site.dir, 'quickstart.mdx');
      writeFileSync(file, readFileSync(file, 'utf8').replace('a job that runs on your laptop', 'a job that runs on your zephyrine workstation'));
      const second = await kiln(['build', site.dir, '--out', dist]);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toMatch(/\(21 pages unchanged since the last build\)/);
      expect(manifest().merge).toEqual(['delta/']);
      expect(manifest().hide).toHaveLength(1);
      expect(count('_kiln/search/delta')).toBe(1);
      expect(count('_kiln/search')).toBeGreaterThan(20);

      server = await startKiln(['preview', site.dir, '--out', dist, '--port', '0']);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(server.url + '/');
      await page.keyboard.press('Control+k');
      await search(page, 'zephyrine');
      expect(await results(page).first().locator('a').getAttribute('href')).toBe('/quickstart');
      // "laptop" was only in that page: its old entry is hidden.
      await page.locator('.search-input').fill('laptop');
      await expect.poll(() => page.locator('.search-status').textContent(), { timeout: 15_000 }).toMatch(/No results/);
      // Words the page still has find it once, and pages the rebuild did not touch are still found.
      await page.locator('.search-input').fill('quickstart');
      await expect.poll(() => results(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const hrefs = await results(page).locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs.filter((h) => h === '/quickstart')).toHaveLength(1);
      await page.locator('.search-input').fill('idempotency');
      await expect.poll(() => results(page).first().locator('.search-result-title').textContent(), { timeout: 15_000 }).toMatch(/Idempotency/);
      await page.close();
    } finally {
      await server?.stop();
      site.cleanup();
    }
  }, 180_000);
});

describe('search on a site of 200 pages or more', () => {
  // Its index is built in two parts, in two Pagefind processes (node/search/parts.ts); the dialog
  // merges the second into the first, and a rebuild's delta into both.
  it('finds pages of both parts, and what a rebuild changed in either', async () => {
    const site = tempDir();
    const dist = path.join(site.dir, 'dist');
    const search = path.join(dist, '_kiln/search');
    const pages = Array.from({ length: 240 }, (_, i) => `p${i}`);
    writeFileSync(path.join(site.dir, 'docs.json'), JSON.stringify({ name: 'Quarry', navigation: [{ group: 'Pages', pages }] }));
    const write = (i: number, word: string) => writeFileSync(path.join(site.dir, `p${i}.mdx`), `---\ntitle: Page ${i}\n---\n\nPage ${i} is about ${word}.\n`);
    // Pagefind matches the last word as a prefix: `quarry16z` finds only page 16, not 165.
    pages.forEach((_, i) => write(i, `quarry${i}z`));
    const manifest = () => JSON.parse(readFileSync(path.join(search, 'kiln-search.json'), 'utf8'));
    const count = (dir: string) => JSON.parse(readFileSync(path.join(search, dir, 'pagefind-entry.json'), 'utf8')).languages.en.page_count as number;
    /** The URLs a part's fragments are of (each a gzipped `pagefind_dcd` and JSON). */
    const urlsIn = (dir: string) =>
      readdirSync(path.join(search, dir, 'fragment')).map((f) => {
        const text = gunzipSync(readFileSync(path.join(search, dir, 'fragment', f))).toString('utf8');
        return JSON.parse(text.slice(text.indexOf('{'))).url as string;
      });
    let server: KilnServer | undefined;
    try {
      const first = await kiln(['build', site.dir, '--out', dist]);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).not.toMatch(/search\/index-failed/);
      expect(manifest()).toEqual({ merge: ['part-1/'], hide: [] });
      const [one, two] = [urlsIn(''), urlsIn('part-1')];
      expect(count('') + count('part-1')).toBe(240);
      expect(one.length).toBeGreaterThan(80);
      expect(two.length).toBeGreaterThan(80);
      // The second part has no script or WebAssembly of its own: it uses the first's.
      expect(readdirSync(path.join(search, 'part-1')).filter((f) => /\.(js|pagefind)$/.test(f))).toEqual([]);

      const a = one.find((u) => u !== '/p0')!;
      const b = two[0]!;
      /** Searches for `word` and expects `url` alone (results of the last query stay until the new ones come). */
      const find = async (page: Page, word: string, url: string) => {
        await page.locator('.search-input').fill(word);
        const hrefs = () => results(page).locator('a').evaluateAll((as) => as.map((x) => x.getAttribute('href')));
        await expect.poll(hrefs, { timeout: 15_000 }).toEqual([url]);
      };
      server = await startKiln(['preview', site.dir, '--out', dist, '--port', '0']);
      let page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(server.url + '/p0');
      await page.keyboard.press('Control+k');
      await find(page, `quarry${a.slice(2)}z`, a);
      await find(page, `quarry${b.slice(2)}z`, b);
      await page.close();

      // A page of the second part changes: its new word is found, its old one no longer.
      write(Number(b.slice(2)), 'zephyrine');
      const second = await kiln(['build', site.dir, '--out', dist]);
      expect(second.code, second.stderr).toBe(0);
      expect(manifest().merge).toEqual(['part-1/', 'delta/']);
      expect(manifest().hide).toHaveLength(1);
      expect(count('delta')).toBe(1);
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(server.url + '/p0');
      await page.keyboard.press('Control+k');
      await find(page, 'zephyrine', b);
      await page.locator('.search-input').fill(`quarry${b.slice(2)}z`);
      await expect.poll(() => page.locator('.search-status').textContent(), { timeout: 15_000 }).toMatch(/No results/);
      await find(page, `quarry${a.slice(2)}z`, a);
      await page.close();
    } finally {
      await server?.stop();
      site.cleanup();
    }
  }, 180_000);
});

describe('search in kiln dev', () => {
  it('builds the index on first search, and again after a change', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(dev.url + '/quickstart');
    await expect.poll(() => page.locator('.search-button:visible').isVisible()).toBe(true);
    await page.keyboard.press('Control+k');
    await search(page, 'idempotency');
    expect(await results(page).first().locator('.search-result-title').textContent()).toMatch(/Idempotency/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/concepts\/idempotency/);

    // A new word in a page is found after the save.
    const file = path.join(scratch.dir, 'guides/scheduling.mdx');
    writeFileSync(file, readFileSync(file, 'utf8') + '\n\nThe flibbertigibbet schedule runs hourly.\n');
    // The dev server has seen the save once it serves the new text.
    await expect.poll(async () => (await fetch(dev.url + '/guides/scheduling')).text(), { timeout: 15_000 }).toContain('flibbertigibbet');
    // The open page live-reloads on that save; a second page searches without racing it.
    await page.close();
    const after = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await after.goto(dev.url + '/quickstart');
    await after.keyboard.press('Control+k');
    await search(after, 'flibbertigibbet');
    expect(await results(after).first().locator('.search-result-title').textContent()).toMatch(/Schedule/);
    await after.close();
  });
});

describe('copy page', () => {
  it('copies the page as Markdown', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: preview.url });
    const page = await context.newPage();
    await page.goto(preview.url + '/quickstart');
    const button = page.locator('.copy-page');
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => button.textContent()).toMatch(/Copied/);
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toMatch(/^# Quickstart: run your first background job\n\n> Create a project/);
    expect(text).not.toMatch(/<Steps|<Tab\b|<Note/);
    await context.close();
  });
});

describe('404 page and files for AI tools', () => {
  it('suggests pages close to the missing path', async () => {
    const page = await browser.newPage();
    const response = await page.goto(preview.url + '/concepts/retrys');
    expect(response!.status()).toBe(404);
    await page.waitForSelector('.not-found-suggestions a');
    expect(await page.locator('.not-found-suggestions a').first().getAttribute('href')).toBe('/concepts/retries');
    await page.close();
  });

  it('serves llms.txt and each page as Markdown, in the build and in dev', async () => {
    for (const base of [preview.url, dev.url]) {
      const llms = await fetch(base + '/llms.txt').then((r) => r.text());
      expect(llms).toMatch(/^# Emberline\n/);
      expect(llms).toContain('- [Quickstart: run your first background job](https://docs.emberline.dev/quickstart.md): Create a project');
      const md = await fetch(base + '/concepts/retries.md');
      expect(md.status).toBe(200);
      expect(await md.text()).toMatch(/^# Retries and backoff\n/);
      expect((await fetch(base + '/llms-full.txt').then((r) => r.text())).length).toBeGreaterThan(5000);
    }
  });
});

describe('SEO output of the build', () => {
  it('writes sitemap, robots, redirects and canonical tags for the site URL', async () => {
    const dir = path.join(out.dir, 'seo');
    const result = await kiln(['build', starter, '--out', dir, '--site', 'https://example.org/docs/']);
    expect(result.code, result.stderr).toBe(0);
    const read = (f: string) => readFileSync(path.join(dir, f), 'utf8');
    expect(read('sitemap.xml')).toContain('<loc>https://example.org/docs/quickstart</loc>');
    expect(read('robots.txt')).toContain('Sitemap: https://example.org/docs/sitemap.xml');
    expect(read('quickstart.html')).toContain('<link rel="canonical" href="https://example.org/docs/quickstart"/>');
    expect(read('quickstart.html')).toContain('<meta name="twitter:site" content="@emberline"/>');
    expect(read('getting-started.html')).toContain('url=/quickstart');
    expect(read('getting-started.html')).toContain('<link rel="canonical" href="https://example.org/docs/quickstart">');
    expect(read('_redirects')).toContain('/docs/* /:splat 301');
    expect(read('quickstart.md')).toMatch(/^# Quickstart/);

    const bad = await kiln(['build', starter, '--out', dir, '--site', 'example.org']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not an absolute http(s) URL');
  });

  it('follows a redirect page to its destination', async () => {
    const page = await browser.newPage();
    await page.goto(preview.url + '/getting-started');
    await page.waitForURL(preview.url + '/quickstart');
    await page.close();
  });
});
