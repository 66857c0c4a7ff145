import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lookup } from 'mrmime';
import { diag } from '../diagnostics/catalogue.js';
import { KilnError } from '../diagnostics/diagnostic.js';
import type { ServedFile } from '../site-handle.js';

/**
 * The shared server core for `kiln dev` and `kiln preview`: binding (with port fallback),
 * method filtering, sending `ServedFile`s, and turning any failure into a short 500.
 */

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  method: 'GET' | 'HEAD';
  /** The pathname exactly as sent (still percent-encoded, query removed). Decode it with `decodePathname`. */
  rawPathname: string;
}

/** Return a file to send, or undefined when the handler wrote the response itself (e.g. SSE). */
export type Handler = (ctx: RequestContext) => Promise<ServedFile | undefined>;

export interface StartServerOptions {
  /** Default 127.0.0.1: a docs preview is not meant to be reachable from the network unless asked. */
  host?: string;
  /** 0 lets the OS choose. */
  port: number;
  handler: Handler;
  /** Fail instead of trying the next ports when `port` is busy. */
  strictPort?: boolean;
  /** Cache-Control for responses that do not set one. Default `no-cache` (always revalidate). */
  cacheControl?: string;
  /** The response for an unexpected error. Must not reveal details; default is a plain-text 500. */
  errorPage?: () => ServedFile;
  /** Where unexpected errors are reported. Default: stderr. */
  onError?: (error: unknown, req: IncomingMessage) => void;
}

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** The port actually bound; differs from the requested one after a fallback. */
  port: number;
  /** Stop listening and drop open connections (keep-alive, SSE). Idempotent. */
  close(): Promise<void>;
}

/** How many ports after the requested one are tried when it is busy. */
export const PORT_FALLBACKS = 20;

const TEXTUAL = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** Content-Type for a file name, with a charset for text so browsers do not guess. */
export function contentTypeFor(filename: string): string {
  const type = lookup(filename) ?? 'application/octet-stream';
  return TEXTUAL.test(type) ? `${type}; charset=utf-8` : type;
}

export function textResponse(status: number, text: string): ServedFile {
  return { status, type: 'text/plain; charset=utf-8', body: text.endsWith('\n') ? text : `${text}\n` };
}

function defaultErrorPage(): ServedFile {
  return textResponse(500, 'Internal server error. The details are in the terminal running Kiln.');
}

function defaultOnError(error: unknown, req: IncomingMessage): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`kiln: ${req.method} ${req.url} failed: ${detail}\n`);
}

/** Write a ServedFile (body, or a streamed file) with length, type and caching headers. */
export async function sendServed(
  req: IncomingMessage,
  res: ServerResponse,
  served: ServedFile,
  cacheControl = 'no-cache',
): Promise<void> {
  // Lower-case keys so a handler's `cache-control` replaces the default instead of doubling it.
  const headers: Record<string, string> = {
    'content-type': served.type,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  for (const [k, v] of Object.entries(served.headers ?? {})) headers[k.toLowerCase()] = v;
  const head = req.method === 'HEAD';

  if (served.file === undefined) {
    const body = served.body ?? '';
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    headers['content-length'] = String(bytes.byteLength);
    res.writeHead(served.status, headers);
    res.end(head ? undefined : bytes);
    return;
  }

  const file = served.file;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    // Deleted between resolving and sending (a rebuild in progress): not a server error.
    return sendServed(req, res, textResponse(404, 'Not found'), cacheControl);
  }
  // A cheap validator so `no-cache` means a 304 on reload rather than a full transfer.
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  headers['etag'] ??= etag;
  headers['last-modified'] ??= info.mtime.toUTCString();
  if (served.status === 200 && req.headers['if-none-match'] === headers['etag']) {
    res.writeHead(304, { etag: headers['etag'], 'cache-control': headers['cache-control'] });
    res.end();
    return;
  }
  headers['content-length'] = String(info.size);
  res.writeHead(served.status, headers);
  if (head) {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  // Headers are out, so a read error can only cut the response short; a client going away
  // must stop the read.
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

function listenOnce(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function displayUrl(host: string, port: number): string {
  // A wildcard address is not something to type into a browser.
  const h = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const cacheControl = options.cacheControl ?? 'no-cache';
  const errorPage = options.errorPage ?? defaultErrorPage;
  const onError = options.onError ?? defaultOnError;

  const server = http.createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const method = req.method;
      if (method !== 'GET' && method !== 'HEAD') {
        return await sendServed(req, res, { ...textResponse(405, 'Method not allowed'), headers: { allow: 'GET, HEAD' } });
      }
      const url = req.url ?? '';
      // Only origin-form targets (`/path?query`); absolute-form and `*` are for proxies.
      if (!url.startsWith('/')) return await sendServed(req, res, textResponse(400, 'Bad request'));
      const rawPathname = url.split(/[?#]/, 1)[0];
      const served = await options.handler({ req, res, method, rawPathname });
      if (served) await sendServed(req, res, served, cacheControl);
    } catch (error) {
      try {
        onError(error, req);
      } catch {
        // A failing logger must not take the server down either.
      }
      if (res.headersSent) res.destroy();
      else await sendServed(req, res, errorPage(), 'no-store').catch(() => res.destroy());
    }
  }

  const requested = options.port;
  const last = requested === 0 || options.strictPort ? requested : Math.min(requested + PORT_FALLBACKS, 65535);
  for (let port = requested; port <= last; port++) {
    try {
      await listenOnce(server, port, host);
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' && port < last) continue;
      if (code === 'EADDRINUSE') {
        throw new KilnError([diag('server/port-in-use', { host, port: requested, last: last === requested ? undefined : last })]);
      }
      throw new KilnError([diag('server/listen-failed', { host, port, reason: (err as Error).message })]);
    }
  }

  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: displayUrl(host, port),
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Without this, keep-alive and streaming connections would hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
