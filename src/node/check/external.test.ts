import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines } from '../site/load.js';
import { checkSite } from './check.js';
import { checkExternal } from './external.js';

// A local site standing in for the internet: each path answers one way.
let server: http.Server;
let base: string;
const seen: string[] = [];
let inFlight = 0;
let maxInFlight = 0;
/** Answers to /hold/… requests, held until `holdUntil` of them are waiting: requests in flight at once. */
let held: (() => void)[] = [];
let holdUntil = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    seen.push(`${req.method} ${url}`);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const send = (status: number, headers: http.OutgoingHttpHeaders = {}) => res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : 'body');
    if (url.startsWith('/hold/')) {
      held.push(() => send(200));
      if (held.length === holdUntil) for (const answer of held.splice(0)) answer();
      return;
    }
    if (url.startsWith('/ok')) return send(200);
    if (url === '/gone') return send(404);
    if (url === '/no-head') return send(req.method === 'HEAD' ? 405 : 200);
    if (url === '/head-drop') return req.method === 'HEAD' ? req.socket.destroy() : send(200);
    if (url === '/moved') return send(301, { location: '/ok' });
    if (url === '/moved-gone') return send(302, { location: '/gone' });
    if (url === '/busy') return send(429);
    if (url === '/error') return send(500);
    if (url === '/slow') return; // never answers
    send(404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('checkExternal', () => {
  it('asks HEAD, then GET when HEAD is refused, follows redirects, and names what is broken', async () => {
    seen.length = 0;
    const paths = ['/ok', '/gone', '/no-head', '/head-drop', '/moved', '/moved-gone', '/busy', '/error'];
    const answers = await checkExternal(paths.map((p) => base + p));
    expect(Object.fromEntries([...answers].map(([u, r]) => [u.slice(base.length), r]))).toEqual({
      '/ok': undefined,
      '/gone': 'answered 404 Not Found',
      '/no-head': undefined,
      '/head-drop': undefined,
      '/moved': undefined,
      '/moved-gone': 'answered 404 Not Found',
      '/busy': undefined, // rate-limited is not broken
      '/error': 'answered 500 Internal Server Error',
    });
    expect(seen).toContain('HEAD /no-head');
    expect(seen).toContain('GET /no-head');
    expect(seen.filter((s) => s === 'GET /ok')).toEqual([]); // HEAD was enough
  });

  it('gives up on a URL that does not answer within the time limit, and does not ask it again', async () => {
    // Alone, so nothing else can run out of time on a slow machine.
    seen.length = 0;
    const answers = await checkExternal([`${base}/slow`], { timeoutMs: 50 });
    expect(answers.get(`${base}/slow`)).toBe('did not answer within 0.05 s');
    // A timed-out HEAD is not asked again with GET: the time stays bounded.
    expect(seen).toEqual(['HEAD /slow']);
  });

  it('asks each URL once (fragments dropped) and keeps to the limits per host', async () => {
    seen.length = 0;
    maxInFlight = 0;
    // The server answers only when three requests wait: with 12 URLs, four rounds of three.
    holdUntil = 3;
    held = [];
    const urls = Array.from({ length: 12 }, (_, i) => `${base}/hold/${i}`);
    const answers = await checkExternal([...urls, ...urls.map((u) => `${u}#part`)], { perHost: 3, concurrency: 8 });
    expect(answers.size).toBe(12);
    expect([...answers.values()]).toEqual(Array(12).fill(undefined));
    expect(seen.length).toBe(12);
    expect(maxInFlight).toBe(3);
  });

  it('says why a host cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const answers = await checkExternal([`http://127.0.0.1:${port}/x`]);
    expect(answers.get(`http://127.0.0.1:${port}/x`)).toBe('could not be reached: the connection was refused');
  });
});

describe('kiln check --external', () => {
  let dir: string;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-external-'));
    write('docs.json', JSON.stringify({ name: 'External', colors: { primary: '#0D6E5B' }, openapi: 'openapi.yaml', navigation: [{ group: 'Docs', pages: ['index'] }] }));
    write('index.mdx', `---\ntitle: Home\ndescription: Links out.\n---\n\nSee [this](${base}/ok) and [that](${base}/gone#top).\n\n<Card title="Card" href="${base}/gone">x</Card>\n`);
    write('openapi.yaml', `openapi: 3.0.3\ninfo:\n  title: T\n  version: "1"\npaths:\n  /x:\n    get:\n      description: Read [the guide](${base}/moved-gone).\n      responses:\n        "200":\n          description: OK\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const engines = createEngines();
  const rows = (r: Awaited<ReturnType<typeof checkSite>>) =>
    r.diagnostics.filter((d) => d.code === 'check/external-link').map((d) => `${path.relative(dir, d.file!)}:${d.line}:${d.column} ${d.severity} ${d.message}`);

  it('reports each broken external link where it is written, as a warning', async () => {
    const result = await checkSite({ root: dir, engines, external: true });
    // Markdown links are placed at their `[`, attributes at their name, OpenAPI links at the URL.
    const second = `See [this](${base}/ok) and `.length + 1;
    expect(rows(result)).toEqual([
      `index.mdx:6:${second} warning External link "${base}/gone#top" answered 404 Not Found.`,
      `index.mdx:8:20 warning External link "${base}/gone" answered 404 Not Found.`,
      `openapi.yaml:8:37 warning External link "${base}/moved-gone" answered 404 Not Found.`,
    ]);
  }, 60_000);

  it('asks nothing without --external', async () => {
    seen.length = 0;
    const result = await checkSite({ root: dir, engines });
    expect(rows(result)).toEqual([]);
    expect(seen).toEqual([]);
  }, 60_000);
});
