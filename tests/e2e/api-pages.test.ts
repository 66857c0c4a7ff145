import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, starter, startKiln, tempDir, type KilnServer } from './helpers.js';

// Endpoint pages generated from OpenAPI: the starter's openapi.yaml, and a site whose OpenAPI file
// holds XSS payloads in every string (src/node/openapi/fixtures/xss.yaml).
let out: ReturnType<typeof tempDir>;
let xssSite: ReturnType<typeof tempDir>;
let server: KilnServer;
let xssServer: KilnServer;
let browser: Browser;
let buildLog = '';

beforeAll(async () => {
  out = tempDir();
  const built = await kiln(['build', starter, '--out', path.join(out.dir, 'site')]);
  expect(built.code, built.stderr).toBe(0);
  buildLog = built.stderr;

  xssSite = tempDir();
  copyFileSync(path.join(repoRoot, 'src/node/openapi/fixtures/xss.yaml'), path.join(xssSite.dir, 'openapi.yaml'));
  writeFileSync(path.join(xssSite.dir, 'docs.json'), JSON.stringify({ name: 'XSS', colors: { primary: '#0D9373' }, openapi: 'openapi.yaml', navigation: [{ group: 'API', pages: ['evil'] }] }));
  writeFileSync(path.join(xssSite.dir, 'evil.mdx'), '---\nopenapi: "get /x/{id}"\n---\n\nBody text.\n');
  const xssBuilt = await kiln(['build', xssSite.dir, '--out', path.join(xssSite.dir, 'dist')]);
  expect(xssBuilt.code, xssBuilt.stderr).toBe(0);

  [server, xssServer, browser] = await Promise.all([
    startKiln(['preview', starter, '--out', path.join(out.dir, 'site'), '--port', '0']),
    startKiln(['preview', xssSite.dir, '--port', '0']),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await xssServer?.stop();
  out?.cleanup();
  xssSite?.cleanup();
});

describe('endpoint pages of the starter', () => {
  it('build without OpenAPI diagnostics', () => {
    expect(buildLog).not.toMatch(/openapi\//);
  });

  it('show method, path, parameters, schema tree and the examples column', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/api-reference/jobs/list`);
    await expect.poll(() => page.locator('.api-method').textContent()).toBe('GET');
    expect(await page.locator('.api-path').textContent()).toBe('/jobs');
    expect(await page.locator('.api-base').textContent()).toBe('https://api.emberline.dev/v2');
    // Query parameters with type, default and enum values.
    const query = page.locator('section:has(#query-parameters)');
    expect(await query.locator('.field-name').allTextContents()).toEqual(['status', 'queue', 'limit', 'cursor']);
    expect(await query.locator('#query-limit .field-default').textContent()).toContain('20');
    expect(await query.locator('#query-status .api-enum').textContent()).toContain('failed');
    // The schema tree: nested fields behind a disclosure that opens on click.
    const nested = page.locator('.api-responses .api-children').first();
    expect(await nested.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await nested.locator(':scope > summary').click();
    expect(await nested.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => nested.locator('.field-name').first().isVisible()).toBe(true);
    // Examples column beside the content on a wide screen.
    const aside = page.locator('.api-aside');
    expect(await aside.locator('.request-example').count()).toBe(1);
    expect(await aside.locator('.response-example').count()).toBe(1);
    const [content, column] = await Promise.all([page.locator('.api-main').boundingBox(), aside.boundingBox()]);
    expect(column!.x).toBeGreaterThan(content!.x + content!.width - 1);
    await page.close();
  });

  it('switch oneOf/anyOf options', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/api-reference/queues/list`);
    expect(await page.locator('.api-method').textContent()).toBe('GET');
    await page.goto(`${server.url}/api-reference/jobs/list`);
    const variants = page.locator('.api-variants').first();
    if (await variants.count()) {
      const tabs = variants.locator('[role="tab"]');
      const panels = variants.locator(':scope > [role="tabpanel"]');
      await tabs.nth(0).scrollIntoViewIfNeeded();
      // Open the disclosure that holds the options, then switch to the second one.
      await variants.evaluate((el) => { for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true; });
      await tabs.nth(1).click();
      expect(await panels.nth(1).isVisible()).toBe(true);
      expect(await panels.nth(0).isVisible()).toBe(false);
    }
    await page.close();
  });
});

describe('untrusted OpenAPI text', () => {
  it('runs no script from descriptions, titles, enums or examples', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await page.goto(`${xssServer.url}/evil`);
    await expect.poll(() => page.locator('.api-endpoint').count()).toBe(1);
    // Click every link the page shows: none may run script.
    for (const link of await page.locator('.api-main a').all()) {
      const href = await link.getAttribute('href');
      expect(href ?? '').not.toMatch(/^\s*javascript:/i);
    }
    await page.locator('.api-main a:not([href])').first().click().catch(() => {});
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // The payloads are shown as text.
    expect(await page.locator('.api-enum').textContent()).toContain('<script>window.__xss=11</script>');
    await page.close();
  });
});
