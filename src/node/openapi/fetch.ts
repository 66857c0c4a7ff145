import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { cacheDir } from '../content/scan.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isHttpUrl } from '../../shared/urls.js';

/** How long a build waits for an OpenAPI URL before it uses the cache or reports it. */
export const FETCH_TIMEOUT_MS = 4000;
/** The largest OpenAPI file Kiln reads, fetched or from the project. */
export const MAX_OPENAPI_BYTES = 50 * 1024 * 1024;
export const MAX_OPENAPI_SIZE = '50 MB';

export function isUrl(s: string): boolean {
  return isHttpUrl(s);
}

/** The cached copy of a URL: `.kiln/cache/openapi/<sha1 of url>.<ext>` in the project. */
export function cacheFileFor(root: string, url: string): string {
  const ext = /\.ya?ml(?:$|[?#])/i.test(url) ? 'yaml' : 'json';
  return path.join(cacheDir(root), 'openapi', `${createHash('sha1').update(url).digest('hex').slice(0, 16)}.${ext}`);
}

/**
 * Fetch an OpenAPI (or AsyncAPI) URL at build time with a short timeout and keep a copy under
 * .kiln/cache/. When the URL is unreachable the cached copy is used (warning); without one it is
 * an error.
 */
export async function fetchOpenApi(root: string, url: string, fetchImpl: typeof fetch = fetch, kind: 'openapi' | 'asyncapi' = 'openapi'): Promise<{ file?: string; text?: string; diagnostics: Diagnostic[]; reason?: string }> {
  const cache = cacheFileFor(root, url);
  let reason: string;
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' }, redirect: 'follow' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_OPENAPI_BYTES) throw new Error(`the file is larger than ${MAX_OPENAPI_SIZE}`);
    await fs.mkdir(path.dirname(cache), { recursive: true });
    await fs.writeFile(cache, text);
    return { file: cache, text, diagnostics: [] };
  } catch (error) {
    reason = describeFetchError(error);
  }
  const cached = await fs.readFile(cache, 'utf8').catch(() => undefined);
  if (cached !== undefined) return { file: cache, text: cached, diagnostics: [diag(kind === 'asyncapi' ? 'asyncapi/fetch-cached' : 'openapi/fetch-cached', { url, reason })] };
  return { diagnostics: [diag(kind === 'asyncapi' ? 'asyncapi/fetch-failed' : 'openapi/fetch-failed', { url, reason })], reason };
}

function describeFetchError(error: unknown): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${FETCH_TIMEOUT_MS / 1000} s`;
  const code = e?.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved (offline?)';
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  return e?.cause?.message ?? e?.message ?? String(error);
}
