import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, starter, tempDir, type KilnServer } from './helpers.js';

// `kiln preview` under concurrent load from a local generator: keep-alive connections, a mix of
// pages, clean URLs, assets, the search bundle and missing pages; a fixed number of requests per
// connection, so the test does the same work however fast the machine is. No request may fail or
// get a wrong answer. KILN_LOAD_REQUESTS (per connection) and KILN_LOAD_CONNECTIONS make it longer
// or wider; it prints the requests per second.
const REQUESTS = Number(process.env.KILN_LOAD_REQUESTS ?? 100);
const CONNECTIONS = Number(process.env.KILN_LOAD_CONNECTIONS ?? 32);

let out: ReturnType<typeof tempDir>;
let server: KilnServer;
/** URL → the status it must get. */
const targets: [string, number][] = [];

beforeAll(async () => {
  out = tempDir();
  server = await buildAndPreview(starter, out.dir);
  for (const f of readdirSync(out.dir, { recursive: true, encoding: 'utf8' })) {
    const url = '/' + f.split(path.sep).join('/');
    if (url.endsWith('.html')) targets.push([url === '/404.html' ? url : url.replace(/(\/index)?\.html$/, '') || '/', 200]);
    else if (/\.(css|js|svg|json|md|txt|pagefind|pf_meta)$/.test(url)) targets.push([url, 200]);
  }
  targets.push(['/no-such-page', 404], ['/_kiln/assets/missing.js', 404], ['/%2e%2e/%2e%2e/etc/passwd', 404]);
});

afterAll(async () => {
  await server?.stop();
  out?.cleanup();
});

interface Tally {
  requests: number;
  bytes: number;
  errors: string[];
  wrong: string[];
}

function get(agent: http.Agent, url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}${url}`, { agent, headers: { 'accept-encoding': 'identity' } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** CONNECTIONS loops, each sending `requests` requests one after another on its own keep-alive socket. */
async function load(requests: number): Promise<Tally & { ms: number; sockets: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const tally: Tally = { requests: 0, bytes: 0, errors: [], wrong: [] };
  // Sockets open at once, at most: counted as they connect and close.
  let open = 0;
  let sockets = 0;
  const createConnection = agent.createConnection.bind(agent);
  agent.createConnection = ((...args: Parameters<typeof createConnection>) => {
    const socket = createConnection(...args);
    sockets = Math.max(sockets, ++open);
    socket?.once('close', () => open--);
    return socket;
  }) as typeof agent.createConnection;
  const started = performance.now();
  let i = 0;
  const loop = async () => {
    for (let n = 0; n < requests; n++) {
      const [url, status] = targets[i++ % targets.length]!;
      try {
        const r = await get(agent, url);
        tally.requests++;
        tally.bytes += r.bytes;
        if (r.status !== status) tally.wrong.push(`${url}: ${r.status}, expected ${status}`);
      } catch (error) {
        tally.errors.push(`${url}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const ms = performance.now() - started;
  agent.destroy();
  return { ...tally, ms, sockets };
}

describe('kiln preview under load', () => {
  it(`answers ${REQUESTS} requests on each of ${CONNECTIONS} keep-alive connections without an error`, async () => {
    expect(targets.length).toBeGreaterThan(30);
    const r = await load(REQUESTS);
    const rps = Math.round(r.requests / (r.ms / 1000));
    process.stderr.write(`preview load: ${r.requests} requests in ${(r.ms / 1000).toFixed(1)} s over ${r.sockets} connections = ${rps} req/s, ${(r.bytes / r.ms / 1000).toFixed(1)} MB/s\n`);
    expect(r.errors.slice(0, 5)).toEqual([]);
    expect(r.wrong.slice(0, 5)).toEqual([]);
    expect(r.sockets).toBe(CONNECTIONS);
    expect(r.requests).toBe(REQUESTS * CONNECTIONS);
    // Still serving, and the server said nothing about trouble.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/error|\n\s+at /i);
  });
});
