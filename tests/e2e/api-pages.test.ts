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
let samplesSite: ReturnType<typeof tempDir>;
let samplesServer: KilnServer;
let browser: Browser;
let buildLog = '';
const SAMPLE_LABELS = ['Default', 'Non-streaming', 'Structured outputs', 'Tool calling', 'Thinking', 'Images'];

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

  // Many labelled x-codeSamples, as the Ollama docs have: more tabs than the column holds.
  samplesSite = tempDir();
  // The last one has no label: its tab is named after its language.
  const samples = [...SAMPLE_LABELS.map((label) => ({ lang: 'bash', label, source: `curl http://localhost:11434/api/chat # ${label}` })), { lang: 'typescript', source: 'await ollama.chat({})' }];
  const spec = { openapi: '3.1.0', info: { title: 'Samples', version: '1' }, servers: [{ url: 'http://localhost:11434' }], paths: { '/api/chat': { post: { summary: 'Chat', 'x-codeSamples': samples, responses: { 200: { description: 'OK', content: { 'application/json': { example: { ok: true } } } }, 400: { description: 'Bad', content: { 'application/json': { example: { error: 'bad' } } } } } } } } };
  writeFileSync(path.join(samplesSite.dir, 'openapi.json'), JSON.stringify(spec));
  writeFileSync(path.join(samplesSite.dir, 'docs.json'), JSON.stringify({ name: 'Samples', colors: { primary: '#0D9373' }, openapi: 'openapi.json', navigation: [{ group: 'API', pages: ['chat'] }] }));
  writeFileSync(path.join(samplesSite.dir, 'chat.mdx'), '---\nopenapi: "POST /api/chat"\n---\n');
  const samplesBuilt = await kiln(['build', samplesSite.dir, '--out', path.join(samplesSite.dir, 'dist')]);
  expect(samplesBuilt.code, samplesBuilt.stderr).toBe(0);

  [server, xssServer, samplesServer, browser] = await Promise.all([
    startKiln(['preview', starter, '--out', path.join(out.dir, 'site'), '--port', '0']),
    startKiln(['preview', xssSite.dir, '--port', '0']),
    startKiln(['preview', samplesSite.dir, '--port', '0']),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await xssServer?.stop();
  await samplesServer?.stop();
  out?.cleanup();
  xssSite?.cleanup();
  samplesSite?.cleanup();
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

  it('on a phone: title, method and path, then the examples, then the fields; paths wrap at their slashes', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/api-reference/jobs/list`);
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
    const [title, endpoint, aside, section] = [await top('h1'), await top('.api-endpoint'), await top('.api-aside'), await top('.api-section')];
    expect(title).toBeLessThan(endpoint);
    expect(endpoint).toBeLessThan(aside);
    expect(aside).toBeLessThan(section);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    // A break is allowed before each slash, none inside a segment.
    expect(await page.locator('.api-path').evaluate((el) => el.innerHTML)).toBe('<wbr>/jobs');
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

describe('request examples with many tabs', () => {
  for (const width of [1440, 390]) {
    it(`fit their header at ${width} px: a select names the chosen one and switches it`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${samplesServer.url}/chat`);
      const group = page.locator('.request-example > .code-group');
      const select = group.locator('.code-group-select');
      await expect.poll(() => select.isVisible()).toBe(true);
      expect(await group.locator('[role="tablist"]').isVisible()).toBe(false);
      expect(await select.locator('option').allTextContents()).toEqual([...SAMPLE_LABELS, 'TypeScript']);
      // Nothing in the header reaches past the group's edge.
      const box = (await group.boundingBox())!;
      for (const el of [select, group.locator('.tab-panel:not([hidden]) .copy-button')]) {
        const b = (await el.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(box.x);
        expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
      }
      await select.selectOption({ label: 'Tool calling' });
      const shown = group.locator(':scope > .tab-panel:not([hidden])');
      await expect.poll(() => shown.getAttribute('data-tab-label')).toBe('Tool calling');
      expect(await shown.locator('pre').textContent()).toContain('# Tool calling');
      expect(await group.locator('[role="tab"][aria-selected="true"]').textContent()).toBe('Tool calling');
      // Two status codes fit: the response example keeps its tabs.
      const response = page.locator('.response-example > .code-group');
      expect(await response.locator('[role="tablist"]').isVisible()).toBe(true);
      expect(await response.locator('.code-group-select').isVisible()).toBe(false);
      await page.close();
    });
  }

  it('the select follows a tab chosen elsewhere, and a wider window gets the tabs back', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${samplesServer.url}/chat`);
    const group = page.locator('.request-example > .code-group');
    await expect.poll(() => group.locator('.code-group-select').isVisible()).toBe(true);
    await group.locator('[role="tab"]').nth(4).evaluate((t) => (t as HTMLElement).click());
    await expect.poll(() => group.locator('.code-group-select').inputValue()).toBe('4');
    // Short labels that fit: tabs again once there is room.
    await group.evaluate((g) => { for (const t of g.querySelectorAll('[role="tab"]')) t.textContent = 'sh'; });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => group.locator('[role="tablist"]').isVisible()).toBe(true);
    expect(await group.locator('.code-group-select').isVisible()).toBe(false);
    await page.close();
  });
});

describe('an openapi reference that matches nothing', () => {
  it('is an error naming the page, with the closest operations; the page still builds', async () => {
    const site = tempDir();
    try {
      const ok = { responses: { 200: { description: 'OK' } } };
      writeFileSync(path.join(site.dir, 'openapi.json'), JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/api/chat': { post: ok }, '/api/show': { post: ok }, '/users': { get: ok } } }));
      writeFileSync(path.join(site.dir, 'docs.json'), JSON.stringify({ name: 'T', colors: { primary: '#0D9373' }, openapi: 'openapi.json', navigation: [{ group: 'API', pages: ['typo'] }] }));
      writeFileSync(path.join(site.dir, 'typo.mdx'), '---\ntitle: Typo\nopenapi: "post /api/chats"\n---\n\nText.\n');
      const r = await kiln(['build', site.dir, '--out', path.join(site.dir, 'dist')]);
      expect(r.stderr).toContain('typo.mdx:3:1  error  openapi/operation-not-found  Page typo.mdx names the OpenAPI operation "post /api/chats", which no OpenAPI file of the site defines.\n  Closest operations: POST /api/chat, POST /api/show, GET /users.');
      // The page is written; the build still exits 1, as it does for any error (cli/commands/build.ts).
      expect(r.stderr).toMatch(/✗ 1 pages written, 0 failed/);
      expect(r.code).toBe(1);
    } finally {
      site.cleanup();
    }
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
    // Click handlers run during the click; two frames later anything they queued has run too.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // The payloads are shown as text.
    expect(await page.locator('.api-enum').textContent()).toContain('<script>window.__xss=11</script>');
    await page.close();
  });
});
