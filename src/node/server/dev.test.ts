import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KilnError } from '../diagnostics/diagnostic.js';
import type { ServedFile, SiteHandle } from '../site-handle.js';
import { RELOAD_DEBOUNCE_MS, startDevServer, watchIgnoreMatcher } from './dev.js';
import { startServer, textResponse } from './http.js';
import type { RunningServer } from './http.js';
import type { watchFolder } from './watch.js';
import { LIVE_RELOAD_PATH, LIVE_RELOAD_SNIPPET, RELOAD_VERSION } from './livereload-client.js';

interface SseEvent {
  event: string;
  data: string;
}

/** A minimal EventSource: collects events and lets a test wait for one. */
function openEvents(url: string, query = ''): Promise<{
  waitFor(pred: (e: SseEvent) => boolean): Promise<SseEvent>;
  events: SseEvent[];
  ended: Promise<void>;
  close(): void;
  headers: http.IncomingHttpHeaders;
}> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const waiters = new Set<() => void>();
    let buffer = '';
    const req = http.get(url + LIVE_RELOAD_PATH + query, (res) => {
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.on('close', () => endedResolve());
      res.setEncoding('utf8');
      let opened = false;
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let idx;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          const e: SseEvent = { event: 'message', data: '' };
          let hasField = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) (e.event = line.slice(7)), (hasField = true);
            else if (line.startsWith('data: ')) (e.data = line.slice(6)), (hasField = true);
          }
          if (hasField) events.push(e);
          for (const w of waiters) w();
        }
        // Resolve once the server has registered us (it writes a comment right after).
        if (!opened) {
          opened = true;
          resolve({
            events,
            ended,
            headers: res.headers,
            close: () => req.destroy(),
            // No deadline of its own: an event that never comes is the test's timeout.
            waitFor(pred) {
              return new Promise((ok) => {
                const check = () => {
                  const hit = events.find(pred);
                  if (!hit) return false;
                  waiters.delete(check);
                  ok(hit);
                  return true;
                };
                if (!check()) waiters.add(check);
              });
            },
          });
        }
      });
    });
    req.on('error', reject);
  });
}

let root: string;
let server: RunningServer;
const log: string[] = [];
const errors: unknown[] = [];
const reloads: string[][] = [];
let serveImpl: (pathname: string) => Promise<ServedFile | null>;
let changedImpl: (files: string[]) => Promise<void>;

/** A site at `dir` that answers as serveImpl and changedImpl do at the time. */
const siteAt = (dir: () => string): SiteHandle => ({
  get root() {
    return dir();
  },
  serve: (p) => serveImpl(p),
  notFound: async (p) => ({ status: 404, type: 'text/html; charset=utf-8', body: `no page at ${p}` }),
  changed: (files) => changedImpl(files),
});
const site = siteAt(() => root);

function resetSite(): void {
  serveImpl = async (p) => (p === '/' ? { status: 200, type: 'text/html; charset=utf-8', body: '<h1>home</h1>' } : null);
  changedImpl = async (files) => {
    log.push(`changed ${files.map((f) => path.basename(f)).join(',')}`);
  };
}

/** A docs folder with the files and folders the dev server sees or ignores. */
function makeRoot(): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'kiln-dev-')));
  for (const d of ['node_modules/pkg', 'dist', '.kiln', '.git', 'build', 'guides']) mkdirSync(path.join(dir, d), { recursive: true });
  for (const f of ['a.mdx', 'b.mdx', 'c.mdx', 'docs.json']) writeFileSync(path.join(dir, f), 'v0');
  return dir;
}

/** A watcher the test drives: `report` hands the server one batch of changes, as a real watcher does. */
function fakeWatcher() {
  let watched = '';
  let onChange: ((files: string[]) => void) | undefined;
  const watch: typeof watchFolder = async (folder, opts) => {
    watched = folder;
    onChange = opts.onChange;
    return { backend: 'native', close: async () => {} };
  };
  return { watch, report: (...rels: string[]) => onChange!(rels.map((rel) => path.join(watched, rel))) };
}

const watcher = fakeWatcher();

beforeAll(async () => {
  root = makeRoot();
  resetSite();
  server = await startDevServer(site, {
    host: '127.0.0.1',
    port: 0,
    watch: watcher.watch,
    onReload: (files) => reloads.push(files),
    onError: (e) => errors.push(e),
  });
});

afterEach(() => {
  resetSite();
  errors.length = 0;
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('routing', () => {
  it('serves what the site serves and falls back to notFound', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe('<h1>home</h1>');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.headers.get('content-length')).toBe('13');
    const missing = await fetch(`${server.url}/guides/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('no page at /guides/nope');
  });

  it('hands the site the decoded pathname without the query', async () => {
    const seen: string[] = [];
    serveImpl = async (p) => (seen.push(p), null);
    await fetch(`${server.url}/caf%C3%A9/a%20b?x=1`);
    expect(seen).toEqual(['/café/a b']);
  });

  it('turns a throwing serve into a short 500 and keeps serving', async () => {
    serveImpl = async () => {
      throw new Error('boom at render');
    };
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('boom');
    expect(text).not.toMatch(/\bat .*\.[jt]s:\d+/);
    expect(text).toContain(LIVE_RELOAD_PATH); // the error page recovers by itself
    expect(errors).toHaveLength(1);
    resetSite();
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it('survives a throwing notFound and a sync throw', async () => {
    serveImpl = () => {
      throw new TypeError('sync');
    };
    expect((await fetch(`${server.url}/x`)).status).toBe(500);
    expect((await fetch(`${server.url}/`)).status).toBe(500);
    resetSite();
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it('answers only GET and HEAD', async () => {
    expect((await fetch(`${server.url}/`, { method: 'DELETE' })).status).toBe(405);
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('live reload', () => {
  it('sends reload with the changed files once site.changed has finished', async () => {
    const client = await openEvents(server.url);
    try {
      expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      log.length = 0;
      let finish!: () => void;
      const finished = new Promise<void>((r) => (finish = r));
      changedImpl = async (files) => {
        log.push(`changing ${files.map((f) => path.basename(f)).join(',')}`);
        await finished; // the reload must wait for this
        log.push('changed');
      };
      watcher.report('guides/new-page.mdx');
      await expect.poll(() => log).toEqual(['changing new-page.mdx']);
      expect(client.events.filter((e) => e.event === 'reload')).toEqual([]);
      finish();
      const event = await client.waitFor((e) => e.event === 'reload');
      expect(JSON.parse(event.data)).toEqual(['guides/new-page.mdx']);
      expect(log).toEqual(['changing new-page.mdx', 'changed']);
      expect(reloads.at(-1)).toEqual([path.join(root, 'guides', 'new-page.mdx')]);
    } finally {
      client.close();
    }
  });

  it('turns a burst of changes into one reload', async () => {
    const client = await openEvents(server.url);
    try {
      watcher.report('a.mdx');
      watcher.report('b.mdx', 'c.mdx');
      const burst = await client.waitFor((e) => e.event === 'reload');
      expect(JSON.parse(burst.data).sort()).toEqual(['a.mdx', 'b.mdx', 'c.mdx']);
      // A change after that reload is a reload of its own; the burst gave no other.
      watcher.report('docs.json');
      await client.waitFor((e) => e.event === 'reload' && e.data.includes('docs.json'));
      expect(client.events.filter((e) => e.event === 'reload').map((e) => JSON.parse(e.data))).toEqual([expect.arrayContaining(['a.mdx', 'b.mdx', 'c.mdx']), ['docs.json']]);
    } finally {
      client.close();
    }
  });

  it(`waits until no change has come for ${RELOAD_DEBOUNCE_MS} ms`, async () => {
    const seen: string[][] = [];
    const dir = makeRoot();
    const driven = fakeWatcher();
    const dev = await startDevServer(siteAt(() => dir), { host: '127.0.0.1', port: 0, watch: driven.watch, onReload: (files) => seen.push(files.map((f) => path.basename(f))) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      driven.report('a.mdx');
      await vi.advanceTimersByTimeAsync(RELOAD_DEBOUNCE_MS - 1);
      driven.report('b.mdx'); // starts the wait again
      await vi.advanceTimersByTimeAsync(RELOAD_DEBOUNCE_MS - 1);
      expect(seen).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(seen).toEqual([['a.mdx', 'b.mdx']]);
    } finally {
      vi.useRealTimers();
      await dev.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('still reloads when site.changed fails', async () => {
    const client = await openEvents(server.url);
    try {
      changedImpl = async () => {
        throw new Error('bad settings');
      };
      watcher.report('a.mdx');
      await client.waitFor((e) => e.event === 'reload' && e.data.includes('a.mdx'));
      expect(errors).toHaveLength(1);
    } finally {
      client.close();
    }
  });

  it('reloads a page served before a change it did not hear of, when it connects', async () => {
    serveImpl = async (p) => (p === '/' ? { status: 200, type: 'text/html; charset=utf-8', body: `<script>new EventSource('?v=${RELOAD_VERSION}')</script>` } : null);
    const servedAt = async () => Number(/\?v=(\d+)/.exec(await (await fetch(server.url + '/')).text())?.[1]);
    const before = await servedAt();
    // A change is handled between serving the page and its connection.
    const watching = await openEvents(server.url);
    watcher.report('b.mdx');
    await watching.waitFor((e) => e.event === 'reload');
    watching.close();
    const late = await openEvents(server.url, `?v=${before}`);
    await late.waitFor((e) => e.event === 'reload');
    expect(late.events.filter((e) => e.event === 'reload').map((e) => e.data)).toEqual(['[]']);
    late.close();
    // A page served after it is current: no reload on connecting. The server writes that reload
    // first if at all, so the first reload this client gets must be the next change's.
    const now = await servedAt();
    expect(now).toBeGreaterThan(before);
    const current = await openEvents(server.url, `?v=${now}`);
    watcher.report('c.mdx');
    await current.waitFor((e) => e.event === 'reload');
    expect(current.events.filter((e) => e.event === 'reload').map((e) => e.data)).toEqual(['["c.mdx"]']);
    current.close();
  });

  it('exposes a snippet that listens for reload events', () => {
    expect(LIVE_RELOAD_SNIPPET).toMatch(/^<script>[\s\S]*<\/script>$/);
    expect(LIVE_RELOAD_SNIPPET).toContain(`new EventSource('${LIVE_RELOAD_PATH}?v=${RELOAD_VERSION}')`);
    expect(LIVE_RELOAD_SNIPPET).toContain("addEventListener('reload'");
    expect(LIVE_RELOAD_SNIPPET).toContain('sessionStorage');
  });
});

describe('live reload from the watched folder', () => {
  // A server of its own per test, on a folder of its own: a write the watcher reports late (a new
  // file's creation, then its contents) cannot reach another test.
  let dir: string;
  let dev: RunningServer;
  let seen: string[][];
  beforeEach(async () => {
    dir = makeRoot();
    seen = [];
    dev = await startDevServer(siteAt(() => dir), { host: '127.0.0.1', port: 0, watchIgnore: ['build'], onReload: (files) => seen.push(files), onError: (e) => errors.push(e) });
  });
  afterEach(async () => {
    await dev.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reloads when a file is written', async () => {
    const client = await openEvents(dev.url);
    try {
      writeFileSync(path.join(dir, 'guides', 'new-page.mdx'), '# New');
      await client.waitFor((e) => e.event === 'reload' && e.data.includes('guides/new-page.mdx'));
      expect(seen.flat()).toContain(path.join(dir, 'guides', 'new-page.mdx'));
    } finally {
      client.close();
    }
  });

  it('ignores node_modules, .git, dist, .kiln and watchIgnore', async () => {
    const client = await openEvents(dev.url);
    try {
      writeFileSync(path.join(dir, 'node_modules', 'pkg', 'index.js'), 'x');
      writeFileSync(path.join(dir, 'dist', 'index.html'), 'x');
      writeFileSync(path.join(dir, '.kiln', 'cache.json'), 'x');
      writeFileSync(path.join(dir, '.git', 'HEAD'), 'x');
      writeFileSync(path.join(dir, 'build', 'out.html'), 'x');
      // The watcher reports changes in the order they happen: by the time docs.json is reported,
      // any of the writes above would have been.
      writeFileSync(path.join(dir, 'docs.json'), '{}');
      await client.waitFor((e) => e.event === 'reload' && e.data.includes('docs.json'));
      expect(client.events.filter((e) => e.event === 'reload').flatMap((e) => JSON.parse(e.data) as string[])).toEqual(['docs.json']);
    } finally {
      client.close();
    }
  });
});

describe('watch ignore matcher', () => {
  it('ignores by segment, top-level dist only, and extra paths', () => {
    const ignore = watchIgnoreMatcher('/p', ['out', '/abs/elsewhere']);
    expect(ignore('/p')).toBe(false);
    expect(ignore('/p/guides/a.mdx')).toBe(false);
    expect(ignore('/p/node_modules')).toBe(true);
    expect(ignore('/p/x/node_modules/y.js')).toBe(true);
    expect(ignore('/p/.git/HEAD')).toBe(true);
    expect(ignore('/p/.kiln')).toBe(true);
    expect(ignore('/p/dist/index.html')).toBe(true);
    expect(ignore('/p/guides/dist/page.mdx')).toBe(false);
    expect(ignore('/p/out/x.html')).toBe(true);
    expect(ignore('/p/outline.mdx')).toBe(false);
  });
});

describe('ports and shutdown', () => {
  it('moves to the next free port when the requested one is busy', async () => {
    const blocker = await startServer({ port: 0, handler: async () => textResponse(200, 'blocker') });
    const dev = await startDevServer(site, { host: '127.0.0.1', port: blocker.port, onError: () => {} });
    try {
      expect(dev.port).toBeGreaterThan(blocker.port);
      expect(dev.port).toBeLessThanOrEqual(blocker.port + 20);
      expect(await (await fetch(`${dev.url}/`)).text()).toBe('<h1>home</h1>');
      const strict = await startDevServer(site, { host: '127.0.0.1', port: blocker.port, strictPort: true }).catch((e: unknown) => e);
      expect(strict).toBeInstanceOf(KilnError);
      expect((strict as KilnError).diagnostics[0].code).toBe('server/port-in-use');
    } finally {
      await Promise.all([dev.close(), blocker.close()]);
    }
  });

  it('closes open event streams and the watcher on close', async () => {
    const dev = await startDevServer(site, { host: '127.0.0.1', port: 0 });
    const client = await openEvents(dev.url);
    await dev.close();
    await client.ended; // the server ended the stream (a stream left open is the test's timeout)
    await dev.close(); // idempotent
  });

  it('pings idle event streams', async () => {
    const dev = await startDevServer(site, { host: '127.0.0.1', port: 0, pingMs: 20 });
    try {
      const chunks: string[] = [];
      await new Promise<void>((resolve, reject) => {
        const req = http.get(dev.url + LIVE_RELOAD_PATH, (res) => {
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            chunks.push(c);
            if (chunks.join('').includes(': ping')) {
              req.destroy();
              resolve();
            }
          });
        });
        req.on('error', reject);
      });
      expect(chunks.join('')).toContain(': ping\n\n');
    } finally {
      await dev.close();
    }
  });
});
