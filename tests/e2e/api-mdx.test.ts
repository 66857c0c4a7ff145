import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAndPreview, launchBrowser, repoRoot, scratchCopy, type KilnServer } from './helpers.js';
import { mockApi, type MockApi } from './mock-api.js';

// Endpoint pages written in MDX (`api: "POST https://…"` + ParamFields), no OpenAPI file:
// tests/fixtures/api-mdx, its `__MOCK__`/`__OTHER__` URLs filled in with mock APIs on 127.0.0.1.

let mock: MockApi;
let other: MockApi;
let browser: Browser;
let site: { dir: string; cleanup: () => void };
let server: KilnServer;

beforeAll(async () => {
  [mock, other, browser] = await Promise.all([mockApi(), mockApi(), launchBrowser()]);
  site = scratchCopy(path.join(repoRoot, 'tests/fixtures/api-mdx'));
  for (const f of readdirSync(site.dir).filter((n) => /\.(mdx|json)$/.test(n))) {
    const file = path.join(site.dir, f);
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('__MOCK__', mock.url).replaceAll('__OTHER__', other.url));
  }
  server = await buildAndPreview(site.dir, path.join(site.dir, 'dist'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.cleanup();
  await mock?.close();
  await other?.close();
});

beforeEach(() => {
  mock.received.length = 0;
  other.received.length = 0;
});

async function open(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
  await page.goto(url);
  await page.locator('details.api-playground').waitFor({ state: 'visible' });
  await page.locator('.pg-summary').click();
  return page;
}

/**
 * Send the form, wait for the API's answer (listened for before the click), then for the page to
 * show it. Polling the status alone gave up after expect.poll's default second: on a loaded
 * machine the request and its CORS preflight take longer, and the test failed before the mock
 * server had heard of the request.
 */
async function send(page: Page, status: RegExp): Promise<void> {
  const answered = page.waitForResponse((r) => r.request().method() !== 'OPTIONS' && [mock.url, other.url].some((u) => r.url().startsWith(u + '/')));
  await page.locator('.pg-send').click();
  await answered;
  await page.locator('.pg-status', { hasText: status }).waitFor();
}

const last = (m: MockApi) => m.received[m.received.length - 1]!;

describe('api: pages with ParamFields', () => {
  it('have the endpoint bar and the parameters grouped by location, where the page put them', async () => {
    const page = await open(`${server.url}/things`);
    expect(await page.locator('.api-method').textContent()).toBe('POST');
    expect(await page.locator('.api-base').textContent()).toBe(`${mock.url}/v1`);
    expect(await page.locator('.api-path').textContent()).toBe('/collections/{collection}/things');
    // One section per location, in the OpenAPI pages' order; the page's own headings over
    // ParamFields only are gone, the others stay.
    // (The client adds a `#` link to every heading.)
    const headings = (await page.locator('.api-main h2').allTextContents()).map((t) => t.replace(/#$/, ''));
    expect(headings).toEqual(['Authorization', 'Path parameters', 'Query parameters', 'Headers', 'Body', 'Response']);
    expect(await page.locator('#query-parameters + .field .field-name').textContent()).toBe('dryRun');
    expect(await page.locator('section:has(> #body) > .field > .field-head .field-name').allTextContents()).toEqual(['name', 'size', 'owner']);
    // The intro comes before the parameters, the response fields after.
    const order = await page.locator('.api-main').evaluate((main) => [...main.querySelectorAll('p, h2')].map((e) => e.textContent?.replace(/#$/, '')).filter((t) => /^Creates|^Path parameters|^Response$/.test(t ?? '')));
    expect(order).toEqual(['Creates a thing in a collection. The request needs a token.', 'Path parameters', 'Response']);
    // Nested ParamFields stay inside their parent.
    expect(await page.locator('#body-owner #body-email').count()).toBe(1);
    // The page's ResponseExample and a generated request example, in the side column.
    expect(await page.locator('.api-aside .response-example').textContent()).toContain('"t_1"');
    expect(await page.locator('.api-aside .request-example pre').first().textContent()).toMatch(/^curl --request POST/);
    await page.close();
  });

  it('send what the form holds: path, query, header, JSON body and the bearer token of api.auth', async () => {
    const page = await open(`${server.url}/things`);
    expect(await page.locator('[data-auth-kind="bearer"]').inputValue()).toBe('sk_');
    // Without `api.examples.prefill` (the classic layout has none) the example is the editor's
    // placeholder, as a ParamField's `placeholder` is its input's; a `default` is a value.
    expect(await page.locator('#pg-body').inputValue()).toBe('');
    expect(JSON.parse((await page.locator('#pg-body').getAttribute('placeholder'))!)).toEqual({ name: 'Widget', size: 3, owner: { email: 'ada@example.com' } });
    expect([await page.locator('#pg-header-X-Request-Id').inputValue(), await page.locator('#pg-header-X-Request-Id').getAttribute('placeholder')]).toEqual(['', 'req-1']);
    expect(await page.locator('#pg-query-dryRun').inputValue()).toBe('false');
    await page.locator('#pg-header-X-Request-Id').fill('req-1');
    await page.locator('#pg-path-collection').fill('c/1');
    await page.locator('#pg-query-dryRun').selectOption('true');
    await page.locator('[data-auth-kind="bearer"]').fill('sk_live');
    await page.locator('#pg-body').fill('{"name": "Gear", "size": 5}');
    await send(page, /^201/);
    const r = last(mock);
    expect([r.method, r.path, r.query.get('dryRun')]).toEqual(['POST', '/v1/collections/c%2F1/things', 'true']);
    expect(r.headers.authorization).toBe('Bearer sk_live');
    expect(r.headers['x-request-id']).toBe('req-1');
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ name: 'Gear', size: 5 });

    // The other base URL of api.baseUrl: only that API is called.
    await page.locator('#pg-server').selectOption(`${other.url}/v1`);
    await send(page, /^201/);
    expect(last(other).path).toBe('/v1/collections/c%2F1/things');
    expect(mock.received).toHaveLength(1);
    await page.close();
  });

  it('a path joins api.baseUrl; authMethod none asks for no credentials', async () => {
    const page = await open(`${server.url}/ping`);
    expect(await page.locator('.api-url').textContent()).toBe(`${mock.url}/v1/ping`);
    expect(await page.locator('.pg-auth').count()).toBe(0);
    expect(await page.locator('#authorization').count()).toBe(0);
    // The page's own RequestExample replaces the generated one.
    expect(await page.locator('.api-aside .request-example').textContent()).toContain(`curl ${mock.url}/v1/ping`);
    await page.locator('#pg-query-echo').fill('hi there');
    await send(page, /^200/);
    const r = last(mock);
    expect([r.method, r.path, r.query.get('echo'), r.headers.authorization]).toEqual(['GET', '/v1/ping', 'hi there', undefined]);
    await page.close();
  });

  it('the generated request examples follow what the form holds, as the reader types', async () => {
    const page = await open(`${server.url}/things`);
    const panel = (label: string) => page.locator(`.api-aside .request-example .tab-panel[data-tab-label="${label}"] pre code`);
    const text = (label: string) => panel(label).textContent();
    // Optional parameters are in the examples too (`api.examples.defaults` is `all` unless set).
    expect(await text('cURL')).toContain(`--url '${mock.url}/v1/collections/<collection>/things?dryRun=false'`);
    expect(await text('cURL')).toContain("'Authorization: Bearer sk_<token>'");

    await page.locator('#pg-path-collection').fill('c 1');
    await page.locator('#pg-query-dryRun').selectOption('true');
    await page.locator('[data-auth-kind="bearer"]').fill('sk_live');
    await page.locator('#pg-body').fill('{"name": "Gear", "size": 5}');
    const curl = await text('cURL');
    expect(curl).toContain(`--url '${mock.url}/v1/collections/c%201/things?dryRun=true'`);
    expect(curl).toContain("--header 'Authorization: Bearer sk_live'");
    // A field left untouched shows its placeholder in the examples, as the build's examples do.
    expect(curl).toContain("--header 'X-Request-Id: req-1'");
    await page.locator('#pg-header-X-Request-Id').fill('req-2');
    expect(await text('cURL')).toContain("--header 'X-Request-Id: req-2'");
    expect(curl).toContain(`--data '${JSON.stringify({ name: 'Gear', size: 5 }, null, 2)}'`);
    expect(await text('JavaScript')).toContain(`await fetch("${mock.url}/v1/collections/c%201/things?dryRun=true", options)`);
    expect(await text('JavaScript')).toContain('"Authorization": "Bearer sk_live"');
    expect(await text('Python')).toContain('payload = {\n    "name": "Gear",\n    "size": 5\n}');
    expect(await text('Python')).toContain('params = {\n    "dryRun": "true"\n}');
    // Still coloured, for both themes.
    expect(await panel('cURL').locator('span[style*="--shiki-dark"]').count()).toBeGreaterThan(5);

    // Another server, and a header emptied: the examples follow.
    await page.locator('#pg-server').selectOption(`${other.url}/v1`);
    await page.locator('#pg-header-X-Request-Id').fill('');
    expect(await text('cURL')).toContain(`--url '${other.url}/v1/collections/c%201/things?dryRun=true'`);
    expect(await text('cURL')).not.toContain('X-Request-Id');

    // The cURL example is the request the playground sends.
    await page.locator('#pg-server').selectOption(`${mock.url}/v1`);
    await send(page, /^201/);
    const sent = last(mock);
    expect(await text('cURL')).toContain(`--url '${mock.url}${sent.path}?${sent.query}'`);
    await page.close();
  });

  it('the page\'s own request example is left as written', async () => {
    const page = await open(`${server.url}/ping`);
    await page.locator('#pg-query-echo').fill('changed');
    expect(await page.locator('.api-aside .request-example pre').textContent()).toBe(`curl ${mock.url}/v1/ping`);
    await page.close();
  });

  it('a URL on its own host: its {variables} are asked for, authMethod key sends the key there', async () => {
    const page = await open(`${server.url}/status`);
    expect(await page.locator('.api-base').textContent()).toBe('http://{host}');
    expect(await page.locator('#pg-server').inputValue()).toBe('http://{host}');
    await page.locator('#pg-var-host').fill(new URL(other.url).host);
    await page.locator('[data-auth-kind="apiKey"]').fill('sk_key');
    await send(page, /^200/);
    expect([last(other).method, last(other).path, last(other).headers['x-api-key']]).toEqual(['GET', '/status', 'sk_key']);
    expect(mock.received).toEqual([]);
    await page.close();
  });
});
