import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { SiteHandle } from '../site-handle.js';
import { startServer, textResponse } from './http.js';
import type { RequestContext, RunningServer } from './http.js';
import { LIVE_RELOAD_PATH, LIVE_RELOAD_SNIPPET, RELOAD_VERSION } from './livereload-client.js';
import { decodePathname } from './safe-path.js';
import { watchFolder } from './watch.js';

export interface DevServerOptions {
  host: string;
  port: number;
  /** Fail instead of moving to the next free port. */
  strictPort?: boolean;
  /** Extra paths not to watch: absolute, or relative to `site.root` (a folder covers its contents). */
  watchIgnore?: string[];
  /** Called after each reload broadcast with the changed files (absolute paths). */
  onReload?: (files: string[]) => void;
  /** Where unexpected errors (failing `serve`, `changed`, watcher) go. Default: stderr. */
  onError?: (error: unknown) => void;
  /** Keep-alive comment interval; only tests change it. */
  pingMs?: number;
  /** How the folder is watched; tests give a watcher they drive themselves. */
  watch?: typeof watchFolder;
}

/** A burst of saves (format-on-save, git checkout) within this window is one reload. */
export const RELOAD_DEBOUNCE_MS = 30;
/** Proxies and some browsers drop idle streams; a comment line keeps the connection alive. */
export const PING_INTERVAL_MS = 15_000;

const IGNORED_ANYWHERE = new Set(['node_modules', '.git', '.kiln']);
// Only the build output at the top: a docs folder may well have a `guides/dist/` section.
const IGNORED_AT_ROOT = new Set(['dist']);

/** The watcher's ignore test, exported for tests. */
export function watchIgnoreMatcher(root: string, extra: string[] = []): (file: string) => boolean {
  const extraAbs = extra.map((p) => path.resolve(root, p));
  return (file) => {
    const rel = path.relative(root, file);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false;
    const parts = rel.split(path.sep);
    if (IGNORED_AT_ROOT.has(parts[0]) || parts.some((p) => IGNORED_ANYWHERE.has(p))) return true;
    return extraAbs.some((x) => file === x || file.startsWith(x + path.sep));
  };
}

function defaultOnError(error: unknown): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`kiln: ${detail}\n`);
}

/** Shown for unexpected errors; carries the live-reload snippet so fixing the file recovers the page. */
function devErrorPage() {
  return {
    status: 500,
    type: 'text/html; charset=utf-8',
    body:
      '<!doctype html><meta charset="utf-8"><title>Kiln: server error</title>' +
      '<p>Kiln could not answer this request. The details are in the terminal running <code>kiln dev</code>; ' +
      'this page reloads when you save a file.</p>' +
      LIVE_RELOAD_SNIPPET,
  };
}

export async function startDevServer(site: SiteHandle, opts: DevServerOptions): Promise<RunningServer> {
  const root = path.resolve(site.root);
  const onError = opts.onError ?? defaultOnError;
  const clients = new Set<ServerResponse>();
  let closed = false;

  /** Batches of changes handled so far; pages carry it (RELOAD_VERSION). */
  let version = 0;

  function openEventStream({ req, res, method }: RequestContext): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // keep reverse proxies from buffering the stream
    });
    if (method === 'HEAD' || closed) {
      res.end();
      return;
    }
    // `retry` makes a browser reconnect quickly after `kiln dev` restarts.
    res.write('retry: 1000\n: connected\n\n');
    // The page was served before a change this client has not heard of: reload it now.
    const seen = new URL(req.url ?? '/', 'http://x').searchParams.get('v');
    if (seen !== null && seen !== String(version)) res.write('event: reload\ndata: []\n\n');
    clients.add(res);
    req.socket.setNoDelay(true);
    res.on('close', () => clients.delete(res));
  }

  function broadcast(chunk: string): void {
    for (const res of clients) if (!res.writableEnded && !res.destroyed) res.write(chunk);
  }

  const server = await startServer({
    host: opts.host,
    port: opts.port,
    strictPort: opts.strictPort,
    errorPage: devErrorPage,
    onError: (error) => onError(error),
    async handler(ctx) {
      const pathname = decodePathname(ctx.rawPathname);
      if (pathname === null) return textResponse(400, 'Bad request: invalid path');
      if (pathname === LIVE_RELOAD_PATH) {
        openEventStream(ctx);
        return undefined;
      }
      const served = (await site.serve(pathname)) ?? (await site.notFound(pathname));
      if (typeof served.body === 'string' && served.body.includes(RELOAD_VERSION)) served.body = served.body.replaceAll(RELOAD_VERSION, String(version));
      return served;
    },
  });

  const ping = setInterval(() => broadcast(': ping\n\n'), opts.pingMs ?? PING_INTERVAL_MS);
  ping.unref();

  // Changes are collected, debounced, and handled one batch at a time, so `changed` never
  // runs twice concurrently and a reload is only sent once the site has dropped stale state.
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();

  function flush(): void {
    timer = undefined;
    const files = [...pending];
    pending.clear();
    queue = queue.then(async () => {
      if (closed) return;
      try {
        await site.changed(files);
      } catch (error) {
        // Still reload: the page will show whatever error the site now reports.
        onError(error);
      }
      if (closed) return;
      const rel = files.map((f) => path.relative(root, f).split(path.sep).join('/'));
      version++;
      broadcast(`event: reload\ndata: ${JSON.stringify(rel)}\n\n`);
      try {
        opts.onReload?.(files);
      } catch (error) {
        onError(error);
      }
    });
  }

  function onChange(files: string[]): void {
    if (closed) return;
    for (const f of files) pending.add(f);
    clearTimeout(timer);
    timer = setTimeout(flush, RELOAD_DEBOUNCE_MS);
  }
  // Resolves only once watching, so a change right after start is not missed.
  const watcher = await (opts.watch ?? watchFolder)(root, {
    ignored: watchIgnoreMatcher(root, opts.watchIgnore),
    ignoredNames: [...IGNORED_ANYWHERE],
    ignoredPaths: [...[...IGNORED_AT_ROOT].map((d) => path.join(root, d)), ...(opts.watchIgnore ?? []).map((p) => path.resolve(root, p))],
    onChange,
    onError: (error) => onError(error),
  }).catch(async (error) => {
    await server.close();
    throw error;
  });

  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    port: server.port,
    close() {
      closing ??= (async () => {
        closed = true;
        clearTimeout(timer);
        clearInterval(ping);
        for (const res of clients) res.end();
        clients.clear();
        await Promise.all([watcher.close(), server.close()]);
      })();
      return closing;
    },
  };
}
