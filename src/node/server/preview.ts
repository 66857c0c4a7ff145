import { stat } from 'node:fs/promises';
import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import { KilnError } from '../diagnostics/diagnostic.js';
import type { ServedFile } from '../site-handle.js';
import { contentTypeFor, startServer, textResponse } from './http.js';
import type { RunningServer } from './http.js';
import { decodePathname, resolveDecodedInside } from './safe-path.js';

export interface PreviewServerOptions {
  host: string;
  port: number;
  strictPort?: boolean;
  /** The path the build was made for (`--base /docs/`): it is served there, as the host will. Default `/`. */
  base?: string;
  /** Where unexpected errors go. Default: stderr. */
  onError?: (error: unknown) => void;
}

export const ASSETS_PREFIX = '/_kiln/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Whether a file name carries a content hash (`app-3F7A2C9B.js`, `theme.a1b2c3d4.css`): a
 * dash- or dot-separated run of 8+ word characters with a digit, right before the extension.
 * A miss only costs a revalidation; a false hit would pin a stale file, hence the digit.
 */
export function isHashedName(name: string): boolean {
  const m = /[.-]([A-Za-z0-9_]{8,})\.[A-Za-z0-9]+$/.exec(name);
  return m !== null && /\d/.test(m[1]);
}

/** Files to try for a clean URL, in order. */
export function cleanUrlCandidates(pathname: string): string[] {
  if (pathname.endsWith('/')) {
    const base = pathname.slice(0, -1);
    return base === '' ? ['/index.html'] : [`${pathname}index.html`, `${base}.html`];
  }
  return [pathname, `${pathname}.html`, `${pathname}/index.html`];
}

function cacheControlFor(pathname: string): string {
  return pathname.startsWith(ASSETS_PREFIX) && isHashedName(path.posix.basename(pathname)) ? IMMUTABLE : 'no-cache';
}

/** Serve a finished build from `outDir` with clean URLs, as a static host would. */
export async function startPreviewServer(outDir: string, opts: PreviewServerOptions): Promise<RunningServer> {
  const root = path.resolve(outDir);
  if (!(await stat(root).catch(() => null))?.isDirectory()) {
    throw new KilnError([diag('preview/no-build', { dir: root })]);
  }
  const onError = opts.onError;

  const base = opts.base ?? '/';
  const redirect = (to: string): ServedFile => ({ ...textResponse(302, `Found: ${to}`), headers: { location: to } });

  async function handler({ rawPathname }: { rawPathname: string }): Promise<ServedFile> {
    const decoded = decodePathname(rawPathname);
    if (decoded === null) return textResponse(400, 'Bad request: invalid path');
    let pathname: string | undefined = decoded;
    // Under a base path, only URLs below it are the site's; the root and `/docs` lead to it.
    if (base !== '/') {
      if (pathname === '/' || pathname === base.slice(0, -1)) return redirect(base);
      pathname = pathname.startsWith(base) ? pathname.slice(base.length - 1) : undefined;
    }
    if (pathname === undefined) return notFoundPage();
    for (const candidate of cleanUrlCandidates(pathname)) {
      const file = await resolveDecodedInside(root, candidate);
      // Type from the requested name, not the real path a symlink may lead to.
      if (file) return { status: 200, type: contentTypeFor(candidate), file, headers: { 'cache-control': cacheControlFor(candidate) } };
    }
    return notFoundPage();
  }

  async function notFoundPage(): Promise<ServedFile> {
    const notFound = await resolveDecodedInside(root, '/404.html');
    if (notFound) return { status: 404, type: 'text/html; charset=utf-8', file: notFound };
    return textResponse(404, 'Not found');
  }

  return startServer({
    host: opts.host,
    port: opts.port,
    strictPort: opts.strictPort,
    handler,
    onError: onError && ((error) => onError(error)),
  });
}
