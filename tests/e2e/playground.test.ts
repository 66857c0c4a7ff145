import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, scratchCopy, startKiln, type KilnServer } from './helpers.js';

// The API playground (`api.playground.mode`) driven in a browser against mock APIs on 127.0.0.1.
// tests/fixtures/playground is copied and its `__MOCK__`/`__OTHER__` server URLs filled in.

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const HTML_PAYLOAD = '<img src=x onerror="window.__pwned=1"><b id="pwned">bold</b><script>window.__pwned=2</script>';

/** A mock API with CORS: records every non-preflight request. */
function mockApi(redirectTo?: () => string): Promise<{ url: string; received: Received[]; server: http.Server }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      'Access-Control-Expose-Headers': 'X-Mock',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      received.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      if (url.pathname.endsWith('/html')) {
        res.writeHead(200, { ...cors, 'Content-Type': 'text/html; charset=utf-8', 'X-Mock': 'html' }).end(HTML_PAYLOAD);
      } else if (url.pathname.endsWith('/redirect') && redirectTo) {
        res.writeHead(302, { ...cors, Location: `${redirectTo()}/steal` }).end();
      } else {
        res.writeHead(req.method === 'POST' ? 201 : 200, { ...cors, 'Content-Type': 'application/json', 'X-Mock': 'yes' }).end(JSON.stringify({ ok: true, path: url.pathname }));
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server })));
}

let mock: Awaited<ReturnType<typeof mockApi>>;
let other: Awaited<ReturnType<typeof mockApi>>;
let browser: Browser;
const sites: Record<'show' | 'auth' | 'simple', { dir: string; cleanup: () => void; server?: KilnServer }> = {} as never;

async function site(name: keyof typeof sites, api?: object): Promise<void> {
  const copy = scratchCopy(path.join(repoRoot, 'tests/fixtures/playground'));
  const spec = path.join(copy.dir, 'openapi.yaml');
  writeFileSync(spec, readFileSync(spec, 'utf8').replaceAll('__MOCK__', mock.url).replaceAll('__OTHER__', other.url));
  if (api) {
    // The other sites' settings in the classic layout (`api.baseUrl`, `api.auth.inputPrefix`),
    // which has no `api.examples.prefill`: their fields start empty, with the examples as placeholders.
    const docs = JSON.parse(readFileSync(path.join(copy.dir, 'docs.json'), 'utf8'));
    writeFileSync(path.join(copy.dir, 'docs.json'), JSON.stringify({ name: docs.name, colors: docs.colors, openapi: docs.api.openapi, api, navigation: docs.navigation.groups }));
  }
  const built = await kiln(['build', copy.dir, '--out', path.join(copy.dir, 'dist')]);
  expect(built.code, built.stderr).toBe(0);
  expect(built.stderr).not.toMatch(/openapi\//);
  sites[name] = { ...copy, server: await startKiln(['preview', copy.dir, '--out', path.join(copy.dir, 'dist'), '--port', '0']) };
}

beforeAll(async () => {
  other = await mockApi();
  mock = await mockApi(() => other.url);
  browser = await launchBrowser();
  await site('show');
  await site('auth', { auth: { method: 'basic', name: 'clientId:clientSecret', inputPrefix: 'cli_' }, baseUrl: [`${mock.url}/v1`, `${other.url}/v1`] });
  await site('simple', { playground: { mode: 'simple' } });
});

afterAll(async () => {
  await browser?.close();
  for (const s of Object.values(sites)) {
    await s.server?.stop();
    s.cleanup();
  }
  mock?.server.close();
  other?.server.close();
});

beforeEach(() => {
  mock.received.length = 0;
  other.received.length = 0;
});

async function open(url: string, page?: Page): Promise<Page> {
  const p = page ?? (await browser.newPage({ viewport: { width: 1300, height: 1000 } }));
  await p.goto(url);
  const root = p.locator('details.api-playground');
  await root.waitFor({ state: 'visible' });
  if ((await root.getAttribute('open')) === null) await p.locator('.pg-summary').click();
  return p;
}

/** Sends and waits for that request's answer: the status may still show the previous one's. */
async function send(page: Page, status: RegExp): Promise<void> {
  const requests = () => mock.received.length + other.received.length;
  const before = requests();
  await page.locator('.pg-send').click();
  await expect.poll(requests).toBeGreaterThan(before);
  await expect.poll(() => page.locator('.pg-status').textContent()).toMatch(status);
}

const last = (m: { received: Received[] }) => m.received[m.received.length - 1]!;

describe('playground (mode "show")', () => {
  it('prefills every parameter and sends method, encoded path, query, headers and bearer auth', async () => {
    const page = await open(`${sites.show.server!.url}/items`);
    expect(await page.locator('#pg-path-userId').inputValue()).toBe('u 1/2');
    expect(await page.locator('#pg-query-limit').inputValue()).toBe('10');
    expect(await page.locator('#pg-header-X-Request-Id').inputValue()).toBe('req-42');
    // Servers from the OpenAPI file, with the `{version}` variable.
    expect(await page.locator('#pg-server option').allTextContents()).toEqual([`${mock.url}/{version}`, `${other.url}/v1`]);
    expect(await page.locator('#pg-var-version').inputValue()).toBe('v1');

    await page.locator('#pg-query-sort').selectOption('desc');
    await page.locator('[data-auth-kind="bearer"]').fill('tok-1');
    await send(page, /^200/);
    const r = last(mock);
    expect(r.method).toBe('GET');
    expect(r.path).toBe('/v1/users/u%201%2F2/items');
    expect(Object.fromEntries(r.query)).toEqual({ limit: '10', sort: 'desc' });
    expect(r.headers.authorization).toBe('Bearer tok-1');
    expect(r.headers['x-request-id']).toBe('req-42');
    expect(r.headers.cookie).toBeUndefined();
    // Status, time, exposed headers, JSON pretty-printed.
    expect(await page.locator('.pg-time').textContent()).toMatch(/^\d+ ms$/);
    expect(await page.locator('.pg-headers-text').textContent()).toContain('x-mock: yes');
    expect(await page.locator('.pg-response-body code').textContent()).toBe(JSON.stringify({ ok: true, path: r.path }, null, 2));

    // Another value of the server variable, then the other server: only the selected one is called.
    await page.locator('#pg-var-version').selectOption('v2');
    await send(page, /^200/);
    expect(last(mock).path).toBe('/v2/users/u%201%2F2/items');
    const before = mock.received.length;
    await page.locator('#pg-server').selectOption(`${other.url}/v1`);
    expect(await page.locator('#pg-var-version').isVisible()).toBe(false);
    await send(page, /^200/);
    expect(mock.received.length).toBe(before);
    expect(last(other).path).toBe('/v1/users/u%201%2F2/items');
    await page.close();
  });

  it('sends HTTP Basic and the JSON body prefilled from the example', async () => {
    const page = await open(`${sites.show.server!.url}/create-user`);
    expect(JSON.parse(await page.locator('#pg-body').inputValue())).toEqual({ name: 'Ada Lovelace', admin: false });
    await page.locator('[data-auth-field="username"]').fill('ada');
    await page.locator('[data-auth-field="password"]').fill('pw:ä');
    await page.locator('#pg-body').fill('{"name": "Grace", "admin": true}');
    await send(page, /^201/);
    const r = last(mock);
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v1/users');
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from('ada:pw:ä').toString('base64')}`);
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ name: 'Grace', admin: true });

    // Invalid JSON is reported and nothing is sent.
    const count = mock.received.length;
    await page.locator('#pg-body').fill('{nope');
    await page.locator('.pg-send').click();
    await expect.poll(() => page.locator('.pg-error').textContent()).toMatch(/not valid JSON/);
    expect(mock.received.length).toBe(count);
    await page.close();
  });

  it('sends an API key header and shows an HTML response as text, never as HTML', async () => {
    const page = await open(`${sites.show.server!.url}/html`);
    await page.locator('[data-auth-kind="apiKey"]').fill('key-9');
    await send(page, /^200/);
    expect(last(mock).headers['x-api-key']).toBe('key-9');
    expect(await page.locator('.pg-response-body code').textContent()).toBe(HTML_PAYLOAD);
    expect(await page.locator('.pg-response-body img, .pg-response-body b, #pwned').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('never follows a redirect to another origin with the credentials', async () => {
    const page = await open(`${sites.show.server!.url}/redirect`);
    await page.locator('[data-auth-kind="bearer"]').fill('secret-token');
    await send(page, /Redirect/);
    expect(last(mock).headers.authorization).toBe('Bearer secret-token');
    // The response shown is the redirect itself: a followed redirect would have reached the
    // other server before any response could be shown.
    expect(other.received).toEqual([]);
    await page.close();
  });

  it('keeps credentials for the session only, unless "Remember" is ticked', async () => {
    const context = await browser.newContext();
    const url = `${sites.show.server!.url}/items`;
    const first = await open(url, await context.newPage());
    const token = first.locator('[data-auth-kind="bearer"]');
    await token.fill('session-tok');
    expect(await first.evaluate(() => [sessionStorage.getItem('kiln-playground-auth'), localStorage.getItem('kiln-playground-auth')])).toEqual([JSON.stringify({ 'bearerAuth:token': 'session-tok' }), null]);
    // The same tab keeps it across pages of the browser session...
    await open(`${sites.show.server!.url}/redirect`, first);
    expect(await first.locator('[data-auth-kind="bearer"]').inputValue()).toBe('session-tok');
    // ...a new tab (a new session) does not.
    const second = await open(url, await context.newPage());
    expect(await second.locator('[data-auth-kind="bearer"]').inputValue()).toBe('');
    expect(await second.locator('.pg-remember-input').isChecked()).toBe(false);

    await second.locator('.pg-remember-input').check();
    await second.locator('[data-auth-kind="bearer"]').fill('kept-tok');
    const third = await open(url, await context.newPage());
    expect(await third.locator('[data-auth-kind="bearer"]').inputValue()).toBe('kept-tok');
    expect(await third.locator('.pg-remember-input').isChecked()).toBe(true);
    // Unticking forgets it on this device.
    await third.locator('.pg-remember-input').uncheck();
    expect(await third.evaluate(() => localStorage.getItem('kiln-playground-auth'))).toBeNull();
    await context.close();
  });

  it('stores credentials in sessionStorage, or only in localStorage when remembered, and sends them to the selected base URL only', async () => {
    const SECRET = 'SECRET-tok-7q';
    const context = await browser.newContext();
    // Every request the browser makes, from any page or worker of this context.
    const seen: Promise<{ url: string; text: string }>[] = [];
    context.on('request', (r) => seen.push(r.allHeaders().then((h) => ({ url: r.url(), text: `${r.url()} ${JSON.stringify(h)} ${r.postData() ?? ''}` }))));
    const storage = (p: Page) => p.evaluate(() => [sessionStorage.getItem('kiln-playground-auth'), localStorage.getItem('kiln-playground-auth'), document.cookie]);

    const page = await open(`${sites.show.server!.url}/items`, await context.newPage());
    await page.locator('[data-auth-kind="bearer"]').fill(SECRET);
    const [session, local, cookie] = await storage(page);
    expect(session).toContain(SECRET);
    expect(local).toBeNull();
    expect(cookie).not.toContain(SECRET);
    await send(page, /^200/);
    expect(last(mock).headers.authorization).toBe(`Bearer ${SECRET}`);
    // Another page of the docs site in the same session: it loads with the credential filled in.
    await open(`${sites.show.server!.url}/create-user`, page);
    await open(`${sites.show.server!.url}/items`, page);
    expect(await page.locator('[data-auth-kind="bearer"]').inputValue()).toBe(SECRET);

    // Remembered: on the device only, out of the session store.
    await page.locator('.pg-remember-input').check();
    const [session2, local2] = await storage(page);
    expect(session2 ?? '').not.toContain(SECRET);
    expect(local2).toContain(SECRET);
    // The other server chosen: it gets them, the first one nothing more.
    const before = mock.received.length;
    await page.locator('#pg-server').selectOption(`${other.url}/v1`);
    await send(page, /^200/);
    expect(last(other).headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(mock.received.length).toBe(before);
    await page.locator('.pg-remember-input').uncheck();
    await context.close();

    const carrying = (await Promise.all(seen)).filter((r) => r.text.includes(SECRET)).map((r) => r.url);
    expect(carrying).toEqual([`${mock.url}/v1/users/u%201%2F2/items?limit=10`, `${other.url}/v1/users/u%201%2F2/items?limit=10`]);
    expect((await Promise.all(seen)).some((r) => r.url.startsWith(sites.show.server!.url))).toBe(true);
  });

  it('loads its chunk on endpoint pages only, and is hidden with JavaScript off', async () => {
    const page = await browser.newPage();
    const chunks: string[] = [];
    page.on('request', (r) => r.url().includes('kiln-playground') && chunks.push(r.url()));
    await page.goto(`${sites.show.server!.url}/`);
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    await open(`${sites.show.server!.url}/items`, page);
    expect(chunks).toHaveLength(1);
    await page.close();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(`${sites.show.server!.url}/items`);
    expect(await noJs.locator('.api-playground').count()).toBe(1);
    expect(await noJs.locator('.api-playground').isVisible()).toBe(false);
    expect(await noJs.locator('.api-method').first().isVisible()).toBe(true);
    expect(await noJs.locator('#query-parameters').isVisible()).toBe(true);
    await context.close();
  });

  it('the generated cURL command hits the mock the same way', async () => {
    // Running the command is the point of this test: without curl it fails rather than passing empty.
    expect(existsSync('/usr/bin/curl') || existsSync('/bin/curl'), 'curl is needed to run the generated command').toBe(true);
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    await page.goto(`${sites.show.server!.url}/create-user`);
    const curl = (await page.locator('.request-example pre').first().textContent()) ?? '';
    expect(curl).toMatch(/^curl --request POST/);
    await new Promise<void>((resolve, reject) => execFile('sh', ['-c', `${curl} --silent --show-error`], { timeout: 20_000 }, (err) => (err ? reject(err) : resolve())));
    const r = last(mock);
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/v1/users');
    expect(r.headers.authorization).toBe('Basic <encoded-value>');
    expect(r.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r.body)).toEqual({ name: 'Ada Lovelace', admin: false });

    await page.goto(`${sites.show.server!.url}/items`);
    const get = (await page.locator('.request-example pre').first().textContent()) ?? '';
    await new Promise<void>((resolve, reject) => execFile('sh', ['-c', `${get} --silent --show-error`], { timeout: 20_000 }, (err) => (err ? reject(err) : resolve())));
    const g = last(mock);
    expect([g.method, g.path, g.query.get('limit'), g.headers['x-request-id']]).toEqual(['GET', '/v1/users/u%201%2F2/items', '10', 'req-42']);
    expect(g.headers.authorization).toBe('Bearer <token>');
    await page.close();
  });
});

describe('playground with several security requirements', () => {
  it('lets the reader choose one, and sends only that one', async () => {
    const page = await open(`${sites.show.server!.url}/choose-auth`);
    const choice = page.locator('#pg-auth-set');
    expect(await choice.locator('option').allTextContents()).toEqual(['bearerAuth (Bearer token)', 'keyAuth (API key X-API-Key)', 'basicAuth (HTTP Basic) + keyAuth (API key X-API-Key)', 'None']);
    const visible = async () => (await page.locator('.pg-auth [data-auth-kind]').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => (el as HTMLElement).dataset.authField)));
    expect(await visible()).toEqual(['token']);
    await page.locator('[data-auth-set="0"] [data-auth-kind="bearer"]').fill('tok-a');

    await choice.selectOption('1');
    expect(await visible()).toEqual(['value']);
    await page.locator('[data-auth-set="1"] [data-auth-kind="apiKey"]').fill('key-b');
    await send(page, /^200/);
    expect([last(mock).headers['x-api-key'], last(mock).headers.authorization]).toEqual(['key-b', undefined]);

    // Basic and the key together; the key typed for the other alternative is the same scheme's.
    await choice.selectOption('2');
    expect(await visible()).toEqual(['username', 'password', 'value']);
    expect(await page.locator('[data-auth-set="2"] [data-auth-kind="apiKey"]').inputValue()).toBe('key-b');
    await page.locator('[data-auth-set="2"] [data-auth-field="username"]').fill('ada');
    await page.locator('[data-auth-set="2"] [data-auth-field="password"]').fill('pw');
    await send(page, /^200/);
    expect([last(mock).headers['x-api-key'], last(mock).headers.authorization]).toEqual(['key-b', `Basic ${Buffer.from('ada:pw').toString('base64')}`]);

    await choice.selectOption('none');
    expect(await visible()).toEqual([]);
    await send(page, /^200/);
    expect([last(mock).headers['x-api-key'], last(mock).headers.authorization]).toEqual([undefined, undefined]);

    await choice.selectOption('0');
    await send(page, /^200/);
    expect([last(mock).headers['x-api-key'], last(mock).headers.authorization]).toEqual([undefined, 'Bearer tok-a']);
    // Kept for the session only: nothing on the device.
    expect(await page.evaluate(() => localStorage.getItem('kiln-playground-auth'))).toBeNull();
    await page.close();
  });
});

/** A multipart body as the mock received it, parsed by undici's FormData reader. */
async function multipart(r: Received): Promise<FormData> {
  return new Response(r.body, { headers: { 'content-type': String(r.headers['content-type']) } }).formData();
}

describe('playground with a form body', () => {
  it('uploads the files chosen, one part per file, with the other fields', async () => {
    const page = await open(`${sites.show.server!.url}/upload`);
    expect(await page.locator('.pg-body-group .pg-name').allTextContents()).toEqual(['file', 'pictures', 'title', 'public']);
    await page.locator('#pg-body-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first line\nsecond line') });
    await page.locator('#pg-body-pictures').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('png-a') },
      { name: 'b.png', mimeType: 'image/png', buffer: Buffer.from('png-b') },
    ]);
    await page.locator('#pg-body-title').fill('Quarterly');
    // The cURL example uploads the same files.
    await expect.poll(() => page.locator('.request-example pre').first().textContent()).toContain("--form 'file=@notes.txt'");
    expect(await page.locator('.request-example pre').first().textContent()).toContain("--form 'pictures=@a.png' \\\n  --form 'pictures=@b.png' \\\n  --form 'title=Quarterly' \\\n  --form 'public=false'");
    await page.locator('[data-auth-kind="bearer"]').fill('tok-up');
    await send(page, /^201/);
    const r = last(mock);
    expect([r.method, r.path, r.headers.authorization]).toEqual(['POST', '/v1/uploads', 'Bearer tok-up']);
    expect(String(r.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const form = await multipart(r);
    expect([...form.keys()]).toEqual(['file', 'pictures', 'pictures', 'title', 'public']);
    const file = form.get('file') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['notes.txt', 'text/plain', 'first line\nsecond line']);
    expect(await Promise.all(form.getAll('pictures').map(async (f) => `${(f as File).name}:${await (f as File).text()}`))).toEqual(['a.png:png-a', 'b.png:png-b']);
    expect([form.get('title'), form.get('public')]).toEqual(['Quarterly', 'false']);

    // Files removed, the optional fields emptied: only what is left is sent.
    await page.locator('#pg-body-pictures').setInputFiles([]);
    await page.locator('#pg-body-title').fill('');
    await page.locator('#pg-body-public').selectOption('');
    await send(page, /^201/);
    expect([...(await multipart(last(mock))).keys()]).toEqual(['file']);
    await page.close();
  });

  it('sends a urlencoded form from its fields', async () => {
    const page = await open(`${sites.show.server!.url}/subscribe`);
    expect(await page.locator('#pg-body-email').inputValue()).toBe('ada@example.com');
    await page.locator('#pg-body-email').fill('grace@example.com');
    await send(page, /^201/);
    const r = last(mock);
    expect([r.path, r.headers['content-type'], r.body]).toEqual(['/v1/subscribe', 'application/x-www-form-urlencoded', 'email=grace%40example.com']);
    await page.close();
  });
});

describe('playground with an API key in a cookie', () => {
  it('says why it cannot be sent to another site, and sends nothing', async () => {
    const page = await open(`${sites.show.server!.url}/cookie`);
    await page.locator('[data-auth-kind="apiKey"]').fill('cookie-key');
    await page.locator('.pg-send').click();
    await expect.poll(() => page.locator('.pg-error').textContent()).toBe('Nothing was sent: "sid" must go in a cookie, and browsers do not let a page send cookies to another site (the Cookie header is forbidden to scripts). Copy the cURL example instead, which sends it.');
    expect(await page.locator('.pg-error').isVisible()).toBe(true);
    expect(mock.received).toEqual([]);
    // The cURL example carries it.
    expect(await page.locator('.request-example pre').first().textContent()).toContain("--header 'Cookie: sid=cookie-key'");
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await page.close();
  });
});

describe('playground with api.auth and api.baseUrl', () => {
  it('basic auth from the settings: two named inputs, the prefix; the base URL list for a document without servers', async () => {
    const page = await open(`${sites.auth.server!.url}/account`);
    const labels = await page.locator('.pg-auth .pg-name').allTextContents();
    expect(labels).toEqual(['clientId', 'clientSecret']);
    expect(await page.locator('[data-auth-field="username"]').inputValue()).toBe('cli_');
    expect(await page.locator('#pg-server option').allTextContents()).toEqual([`${mock.url}/v1`, `${other.url}/v1`]);
    await page.locator('[data-auth-field="username"]').fill('cli_abc');
    await page.locator('[data-auth-field="password"]').fill('s3cret');
    await send(page, /^200/);
    expect(last(mock).path).toBe('/v1/account');
    expect(last(mock).headers.authorization).toBe(`Basic ${Buffer.from('cli_abc:s3cret').toString('base64')}`);
    expect(last(mock).headers['x-api-key']).toBeUndefined();
    await page.close();
  });

  it("a document's servers come before api.baseUrl (Mintlify's precedence)", async () => {
    const page = await open(`${sites.auth.server!.url}/secret`);
    expect(await page.locator('#pg-server option').allTextContents()).toEqual([`${mock.url}/{version}`, `${other.url}/v1`]);
    await page.locator('#pg-var-version').selectOption('v2');
    await page.locator('[data-auth-field="username"]').fill('cli_abc');
    await send(page, /^200/);
    expect(last(mock).path).toBe('/v2/secret');
    // The examples beside the form name the same server.
    expect(await page.locator('.request-example pre').first().textContent()).toContain(`--url '${mock.url}/v2/secret'`);
    await page.close();
  });
});

describe('playground without api.examples.prefill (the auth site)', () => {
  it('shows the examples as placeholders, sends only what the reader gave, and keeps them in the examples until touched', async () => {
    const page = await open(`${sites.auth.server!.url}/items`);
    const field = async (id: string) => [await page.locator(id).inputValue(), await page.locator(id).getAttribute('placeholder')];
    expect(await field('#pg-path-userId')).toEqual(['', 'u 1/2']);
    expect(await field('#pg-header-X-Request-Id')).toEqual(['', 'req-42']);
    // A default is a value, not an example.
    expect(await field('#pg-query-limit')).toEqual(['10', null]);
    const curl = () => page.locator('.request-example pre').first().textContent();
    await page.locator('[data-auth-field="username"]').fill('cli_abc');
    await expect.poll(curl).toContain(`Basic ${Buffer.from('cli_abc:').toString('base64')}`);
    expect(await curl()).toContain('/users/u%201%2F2/items?limit=10');
    expect(await curl()).toContain("--header 'X-Request-Id: req-42'");
    // Touched and left empty: out of the examples, and never sent.
    await page.locator('#pg-header-X-Request-Id').fill('x');
    await page.locator('#pg-header-X-Request-Id').fill('');
    await page.locator('#pg-path-userId').fill('u9');
    await expect.poll(curl).toContain('/users/u9/items?limit=10');
    expect(await curl()).not.toContain('X-Request-Id');
    await send(page, /^200/);
    expect([last(mock).path, Object.fromEntries(last(mock).query), last(mock).headers['x-request-id']]).toEqual(['/v1/users/u9/items', { limit: '10' }, undefined]);

    // A JSON body: the example is the editor's placeholder, and no body goes unless one is typed.
    await open(`${sites.auth.server!.url}/create-user`, page);
    expect(await page.locator('#pg-body').inputValue()).toBe('');
    expect(JSON.parse((await page.locator('#pg-body').getAttribute('placeholder'))!)).toEqual({ name: 'Ada Lovelace', admin: false });
    await page.locator('[data-auth-field="username"]').fill('cli_abc');
    await expect.poll(curl).toContain(`Basic ${Buffer.from('cli_abc:').toString('base64')}`);
    expect(await curl()).toContain('"name": "Ada Lovelace"');
    await send(page, /^201/);
    expect([last(mock).body, last(mock).headers['content-type']]).toEqual(['', undefined]);
    await page.close();
  });
});

describe('playground mode "simple"', () => {
  it('shows the endpoint without the playground or its chunk', async () => {
    const page = await browser.newPage();
    const chunks: string[] = [];
    page.on('request', (r) => r.url().includes('kiln-playground') && chunks.push(r.url()));
    await page.goto(`${sites.simple.server!.url}/items`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.api-method').first().textContent()).toBe('GET');
    expect(await page.locator('.api-path').textContent()).toBe('/users/{userId}/items');
    expect(await page.locator('.api-playground, .pg-form').count()).toBe(0);
    expect(chunks).toEqual([]);
    await page.close();
  });
});
