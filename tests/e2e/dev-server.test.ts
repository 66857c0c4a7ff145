import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, scratchCopy, starter, startKiln, type KilnServer } from './helpers.js';

// `kiln dev` on a scratch copy of the example: edits land in the open browser.
let browser: Browser;
let server: KilnServer;
let site: { dir: string; cleanup: () => void };

beforeAll(async () => {
  site = scratchCopy(starter);
  server = await startKiln(['dev', site.dir, '--port', '0']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.cleanup();
});

/** Write a file and wait until the open page shows what `check` looks for (it reloads by itself). */
async function editAndWait(page: Page, file: string, content: string, check: () => Promise<boolean>): Promise<void> {
  writeFileSync(path.join(site.dir, file), content);
  await expect.poll(check, { interval: 25 }).toBe(true);
}

describe('kiln dev', () => {
  it('serves the first page without building the whole site first', async () => {
    const page = await browser.newPage();
    const response = await page.goto(server.url + '/');
    expect(response!.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Introduction to Emberline');
    await page.close();
  });

  it('reloads the open page after a save, and shows a broken page as an error until it is fixed', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/quickstart');
    const file = 'quickstart.mdx';
    const original = readFileSync(path.join(site.dir, file), 'utf8');

    // How fast it reloads is for `npm run bench` to tell (its dev part times a save until the page changes).
    await editAndWait(page, file, original.replace(/^title: .*$/m, 'title: "Quickstart, edited"'), async () => (await page.locator('h1').textContent()) === 'Quickstart, edited');

    await editAndWait(page, file, original + '\n\n<Note>\nunclosed\n', async () => (await page.locator('.error-overlay').count()) === 1);
    const overlay = await page.locator('.error-overlay').innerText();
    expect(overlay).toMatch(/quickstart\.mdx:\d+:\d+/);
    expect(overlay).toContain('page/compile-failed');
    expect(overlay).toMatch(/\|\s*<Note>/); // the code frame

    await editAndWait(page, file, original, async () => (await page.locator('.error-overlay').count()) === 0 && (await page.locator('h1').textContent()) === 'Quickstart: run your first background job');
    await page.close();
  });

  it('survives a broken settings file and recovers when it is fixed', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/quickstart');
    const original = readFileSync(path.join(site.dir, 'docs.json'), 'utf8');

    await editAndWait(page, 'docs.json', original.replace('"name": "Emberline"', '"name": "Emberline",,'), async () => (await page.locator('.error-overlay').count()) === 1);
    expect(await page.locator('.error-overlay').innerText()).toMatch(/docs\.json:\d+:\d+/);

    await editAndWait(page, 'docs.json', original.replace('"name": "Emberline"', '"name": "Ember Docs"'), async () => (await page.title()) === 'Quickstart: run your first background job - Ember Docs');
    writeFileSync(path.join(site.dir, 'docs.json'), original);
    expect(server.child.exitCode).toBeNull();
    await page.close();
  });

  it('serves project files but nothing outside the project', async () => {
    const ok = await fetch(server.url + '/images/architecture.svg');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/%252e%252e/package.json', '/.git/config']) {
      const res = await fetch(server.url + p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(await res.text()).not.toContain('"devDependencies"');
    }
  });
});
