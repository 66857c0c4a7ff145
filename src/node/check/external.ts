/**
 * `kiln check --external`: whether external http(s) links answer. Each URL is asked once (without
 * its #fragment), HEAD first and GET when HEAD is refused (many servers answer HEAD with 403, 404,
 * 405 or 501), following redirects. A bounded number of requests run at once, at most a few per
 * host (so one popular host is not hammered), and each has a time limit.
 */


export interface ExternalOptions {
  /** Requests in flight at once. */
  concurrency?: number;
  /** Requests in flight to one host. */
  perHost?: number;
  /** Time limit of each request (HEAD, then GET). */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export const EXTERNAL_DEFAULTS = { concurrency: 8, perHost: 2, timeoutMs: 10_000 } as const;

/** The URL as requested: trimmed, without its fragment. */
export function requestUrl(url: string): string {
  return url.trim().replace(/#.*$/, '');
}

/**
 * Ask every URL once; the answer maps each to why it is broken (`answered 404 Not Found`,
 * `did not answer within 10 s`…) or to undefined when it works.
 */
export async function checkExternal(urls: Iterable<string>, options: ExternalOptions = {}): Promise<Map<string, string | undefined>> {
  const { concurrency, perHost, timeoutMs } = { ...EXTERNAL_DEFAULTS, ...options };
  const fetchImpl = options.fetchImpl ?? fetch;
  const pending = [...new Set([...urls].map(requestUrl))];
  const results = new Map<string, string | undefined>();
  const inFlight = new Map<string, number>(); // host → requests
  const hostOf = (u: string) => {
    try {
      return new URL(u).host;
    } catch {
      return u;
    }
  };

  return new Promise((resolve) => {
    let running = 0;
    const next = () => {
      if (!pending.length && running === 0) return resolve(results);
      while (running < concurrency) {
        const i = pending.findIndex((u) => (inFlight.get(hostOf(u)) ?? 0) < perHost);
        if (i < 0) return;
        const url = pending.splice(i, 1)[0]!;
        const host = hostOf(url);
        inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
        running++;
        void probe(url, fetchImpl, timeoutMs).then((problem) => {
          results.set(url, problem);
          inFlight.set(host, inFlight.get(host)! - 1);
          running--;
          next();
        });
      }
    };
    next();
  });
}

/** Statuses that do not mean the page is gone: it exists but refuses robots or is rate-limited. */
const NOT_BROKEN = new Set([401, 429]);

async function probe(url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<string | undefined> {
  const ask = async (method: 'HEAD' | 'GET'): Promise<number> => {
    const res = await fetchImpl(url, {
      method,
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; kiln-check)', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    // Only the status matters: do not download bodies.
    await res.body?.cancel().catch(() => {});
    return res.status;
  };
  let status: number;
  try {
    status = await ask('HEAD');
  } catch (error) {
    if (isTimeout(error)) return `did not answer within ${timeoutMs / 1000} s`;
    status = 0; // some servers drop HEAD requests: try GET
  }
  if (status >= 400 || status === 0) {
    try {
      status = await ask('GET');
    } catch (error) {
      return describe(error, timeoutMs);
    }
  }
  if (status < 400 || NOT_BROKEN.has(status)) return undefined;
  return `answered ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}`;
}

function isTimeout(error: unknown): boolean {
  const name = (error as Error)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

function describe(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `did not answer within ${timeoutMs / 1000} s`;
  const e = error as Error & { cause?: { code?: string; message?: string } };
  const code = e?.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'could not be reached: its host name does not resolve';
  if (code === 'ECONNREFUSED') return 'could not be reached: the connection was refused';
  if (code === 'ECONNRESET') return 'could not be reached: the connection was reset';
  if (code && /CERT|SSL|TLS/.test(code)) return `could not be reached: its TLS certificate was not accepted (${code})`;
  return `could not be reached: ${e?.cause?.message ?? e?.message ?? String(error)}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 410: 'Gone', 451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};
