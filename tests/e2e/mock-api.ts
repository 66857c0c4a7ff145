import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a mock API received: one entry per request (CORS preflights left out). */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface MockApi {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A mock API on 127.0.0.1 that allows any origin and answers every request with JSON naming its path. */
export function mockApi(): Promise<MockApi> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
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
      res.writeHead(req.method === 'POST' ? 201 : 200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, path: url.pathname }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  })));
}
