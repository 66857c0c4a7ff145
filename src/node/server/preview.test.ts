import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KilnError } from '../diagnostics/diagnostic.js';
import type { RunningServer } from './http.js';
import { cleanUrlCandidates, isHashedName, startPreviewServer } from './preview.js';

let dir: string;
let out: string;
let bare: string;
let server: RunningServer;
let bareServer: RunningServer;

function write(rel: string, content: string, root = out): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), content);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'kiln-preview-'));
  out = path.join(dir, 'dist');
  bare = path.join(dir, 'bare');
  write('index.html', 'HOME');
  write('404.html', 'CUSTOM 404');
  write('guides/setup.html', 'SETUP');
  write('guides/install/index.html', 'INSTALL');
  write('_kiln/assets/app-3F7A2C9B.js', 'console.log(1)');
  write('_kiln/assets/theme.css', 'body{}');
  write('logo.svg', '<svg/>');
  write('index.html', 'BARE HOME', bare);
  server = await startPreviewServer(out, { host: '127.0.0.1', port: 0 });
  bareServer = await startPreviewServer(bare, { host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await Promise.all([server?.close(), bareServer?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function get(pathname: string, init?: RequestInit) {
  const res = await fetch(server.url + pathname, init);
  return { res, text: await res.text() };
}

describe('clean URLs', () => {
  it.each([
    ['/', 'HOME'],
    ['/index.html', 'HOME'],
    ['/guides/setup', 'SETUP'],
    ['/guides/setup/', 'SETUP'],
    ['/guides/setup.html', 'SETUP'],
    ['/guides/install', 'INSTALL'],
    ['/guides/install/', 'INSTALL'],
    ['/guides/setup?tab=npm', 'SETUP'],
  ])('%s', async (pathname, body) => {
    const { res, text } = await get(pathname);
    expect(res.status).toBe(200);
    expect(text).toBe(body);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('lists candidates in order', () => {
    expect(cleanUrlCandidates('/')).toEqual(['/index.html']);
    expect(cleanUrlCandidates('/a')).toEqual(['/a', '/a.html', '/a/index.html']);
    expect(cleanUrlCandidates('/a/')).toEqual(['/a/index.html', '/a.html']);
  });
});

describe('not found', () => {
  it('serves 404.html with status 404', async () => {
    const { res, text } = await get('/nope');
    expect(res.status).toBe(404);
    expect(text).toBe('CUSTOM 404');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('falls back to a plain 404 without 404.html', async () => {
    const res = await fetch(`${bareServer.url}/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found\n');
  });

  it('does not serve directories themselves', async () => {
    const { res } = await get('/_kiln/assets/');
    expect(res.status).toBe(404);
  });
});

describe('headers', () => {
  it('caches hashed assets for a year and revalidates the rest', async () => {
    const hashed = await get('/_kiln/assets/app-3F7A2C9B.js');
    expect(hashed.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const plain = await get('/_kiln/assets/theme.css');
    expect(plain.res.headers.get('cache-control')).toBe('no-cache');
    expect(plain.res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('/logo.svg')).res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  });

  it('recognises content hashes conservatively', () => {
    expect(isHashedName('app-3F7A2C9B.js')).toBe(true);
    expect(isHashedName('theme.a1b2c3d4.css')).toBe(true);
    expect(isHashedName('theme.css')).toBe(false);
    expect(isHashedName('typography-settings.css')).toBe(false);
  });

  it('sends Content-Length, answers HEAD without a body, and 304 on a matching ETag', async () => {
    const { res } = await get('/guides/setup');
    expect(res.headers.get('content-length')).toBe('5');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    const head = await fetch(`${server.url}/guides/setup`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('5');
    expect(await head.text()).toBe('');
    const again = await fetch(`${server.url}/guides/setup`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('answers other methods with 405', async () => {
    const res = await fetch(`${server.url}/`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

it('refuses to start without a build', async () => {
  const err = await startPreviewServer(path.join(dir, 'missing'), { host: '127.0.0.1', port: 0 }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(KilnError);
  expect((err as KilnError).diagnostics[0].code).toBe('preview/no-build');
});

describe('under a base path (--base /docs/)', () => {
  let based: RunningServer;
  beforeAll(async () => {
    based = await startPreviewServer(out, { host: '127.0.0.1', port: 0, base: '/docs/' });
  });
  afterAll(() => based?.close());
  const at = (p: string) => fetch(based.url + p, { redirect: 'manual' });

  it('serves the build below the base, with clean URLs', async () => {
    for (const [p, body] of [['/docs/', 'HOME'], ['/docs/guides/setup', 'SETUP'], ['/docs/guides/install/', 'INSTALL'], ['/docs/logo.svg', '<svg/>']]) {
      const res = await at(p!);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(body);
    }
    expect((await at('/docs/_kiln/assets/app-3F7A2C9B.js')).headers.get('cache-control')).toContain('immutable');
  });

  it('sends the root and the bare base to the base', async () => {
    for (const p of ['/', '/docs']) {
      const res = await at(p);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/docs/');
    }
  });

  it('answers paths outside the base, and missing pages, with the 404 page', async () => {
    for (const p of ['/guides/setup', '/docsy/guides/setup', '/docs/nope']) {
      const res = await at(p);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('CUSTOM 404');
    }
  });
});
