/**
 * The API playground's request building: pure (no DOM, no storage, no network), shared by the
 * playground's client chunk and its unit tests.
 *
 * Safety rules kept here, so they are tested in one place:
 * - path parameter values are percent-encoded and may not be `.`/`..` (they could climb out of the
 *   base URL's path);
 * - the finished URL must lie under the selected base URL (same origin, same path prefix), else
 *   nothing is built: credentials are only ever sent to the selected base URL.
 */

export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ParamValue {
  name: string;
  in: ParamLocation;
  value: string;
}

export type AuthValue =
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'apiKey'; name: string; in: 'header' | 'query' | 'cookie'; value: string };

/** A field of a form body as the reader filled it: text, or the files chosen for a file part. */
export type FormFieldValue = { name: string; value: string } | { name: string; files: File[] };

/**
 * The body as the form holds it: the editor's text, or a form body's fields (multipart and
 * urlencoded bodies whose schema lists them).
 */
export interface BodyInput {
  contentType: string;
  text?: string;
  fields?: FormFieldValue[];
}

export interface RequestInput {
  method: string;
  /** The selected base URL (absolute, or relative to `pageUrl`). */
  baseUrl: string;
  /** The operation's path template, `/jobs/{jobId}`. */
  path: string;
  params: ParamValue[];
  auth: AuthValue[];
  /** The body and the operation's media type. */
  body?: BodyInput;
  /** The page's URL, to resolve a relative base URL. */
  pageUrl?: string;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** A string, or FormData for multipart bodies. */
  body?: string | FormData;
  /**
   * Cookie parameters and API keys `in: cookie`, `name=value` encoded. Browsers drop a `Cookie`
   * header a page sets, so these are not among the headers: the playground sets them as cookies
   * of the API's path when the API is on the docs' own origin, and otherwise refuses to send
   * (`cookieProblem`).
   */
  cookies: string[];
}

export class PlaygroundError extends Error {}

/** A server URL template with its variables filled in (`https://{region}.api.dev` → `https://eu.api.dev`). */
export function resolveServer(template: string, vars: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (m, name: string) => (vars[name] !== undefined && vars[name] !== '' ? vars[name]! : m)).replace(/\/+$/, '');
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of a string's UTF-8 bytes (btoa only takes Latin-1). */
export function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + (b === undefined ? '=' : B64[(n >> 6) & 63]!) + (c === undefined ? '=' : B64[n & 63]!);
  }
  return out;
}

export const isJsonType = (t?: string): boolean => !!t && /[/+]json\b|^json$/i.test(t.split(';')[0]!.trim());
const isForm = (t: string) => /x-www-form-urlencoded/i.test(t);
const isMultipart = (t: string) => /multipart\/form-data/i.test(t);

const fieldText = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function absolute(url: string, pageUrl?: string): URL {
  try {
    return new URL(url, pageUrl);
  } catch {
    throw new PlaygroundError(`The base URL "${url}" is not a valid URL.`);
  }
}

/** True when `url` is the base URL or lies under it (same origin, path prefix on a segment boundary). */
export function isUnderBase(url: string, baseUrl: string, pageUrl?: string): boolean {
  let u: URL;
  let b: URL;
  try {
    u = new URL(url, pageUrl);
    b = new URL(baseUrl, pageUrl);
  } catch {
    return false;
  }
  if (u.origin !== b.origin || u.username || u.password) return false;
  const prefix = b.pathname.replace(/\/+$/, '');
  return u.pathname === prefix || u.pathname.startsWith(prefix + '/') || (prefix === '' && u.pathname.startsWith('/'));
}

export function buildRequest(input: RequestInput): BuiltRequest {
  const method = input.method.toUpperCase();
  const base = absolute(input.baseUrl, input.pageUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new PlaygroundError(`The base URL must use http or https, not ${base.protocol}`);
  const baseHref = base.href.replace(/[?#].*$/, '').replace(/\/+$/, '');

  const value = (p: ParamValue) => p.value;
  const path = input.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = input.params.find((x) => x.in === 'path' && x.name === name);
    const v = p ? value(p) : '';
    if (v === '') throw new PlaygroundError(`Fill in the path parameter "${name}".`);
    if (v === '.' || v === '..') throw new PlaygroundError(`The path parameter "${name}" cannot be "${v}".`);
    return encodeURIComponent(v);
  });

  const url = new URL(baseHref + (path.startsWith('/') || path === '' ? path : '/' + path));
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  const hasHeader = (name: string) => headers.some(([h]) => h.toLowerCase() === name.toLowerCase());

  for (const p of input.params) {
    if (p.value === '') continue;
    if (p.in === 'query') url.searchParams.append(p.name, p.value);
    else if (p.in === 'header') headers.push([p.name, p.value]);
    else if (p.in === 'cookie') cookies.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`);
  }

  for (const a of input.auth) {
    if (a.kind === 'bearer') {
      if (a.token) headers.push(['Authorization', `Bearer ${a.token}`]);
    } else if (a.kind === 'basic') {
      if (a.username || a.password) headers.push(['Authorization', `Basic ${base64(`${a.username}:${a.password}`)}`]);
    } else if (a.value) {
      if (a.in === 'query') url.searchParams.set(a.name, a.value);
      else if (a.in === 'cookie') cookies.push(`${encodeURIComponent(a.name)}=${encodeURIComponent(a.value)}`);
      else headers.push([a.name, a.value]);
    }
  }

  let body: string | FormData | undefined;
  const fields = input.body?.fields;
  if (input.body && fields && method !== 'GET' && method !== 'HEAD') {
    const { contentType } = input.body;
    // Empty text fields and file inputs with nothing chosen are left out, as empty parameters are.
    if (isMultipart(contentType)) {
      const form = new FormData();
      for (const f of fields) {
        if ('files' in f) for (const file of f.files) form.append(f.name, file, file.name);
        else if (f.value !== '') form.append(f.name, f.value);
      }
      if ([...form.keys()].length) body = form;
    } else {
      const params = new URLSearchParams(fields.flatMap((f) => ('value' in f && f.value !== '' ? [[f.name, f.value]] : [])));
      if (params.toString() !== '') body = params.toString();
    }
    if (body !== undefined && !isMultipart(contentType) && !hasHeader('Content-Type')) headers.push(['Content-Type', contentType]);
  } else if (input.body && (input.body.text ?? '').trim() !== '' && method !== 'GET' && method !== 'HEAD') {
    const { contentType } = input.body;
    const text = input.body.text ?? '';
    if (isJsonType(contentType)) {
      try {
        JSON.parse(text);
      } catch (error) {
        throw new PlaygroundError(`The body is not valid JSON: ${(error as Error).message}`);
      }
      body = text;
    } else if (isForm(contentType) || isMultipart(contentType)) {
      let fields: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(text);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('expected an object of fields');
        fields = parsed as Record<string, unknown>;
      } catch (error) {
        throw new PlaygroundError(`The form fields must be a JSON object: ${(error as Error).message}`);
      }
      if (isMultipart(contentType)) {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, fieldText(v));
        body = form;
      } else {
        body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, fieldText(v)])).toString();
      }
    } else body = text;
    // multipart: fetch writes the Content-Type with its boundary.
    if (!isMultipart(contentType) && !hasHeader('Content-Type')) headers.push(['Content-Type', contentType]);
  }

  const href = url.href;
  if (!isUnderBase(href, baseHref)) throw new PlaygroundError('The request URL leaves the selected base URL; nothing was sent.');
  return { method, url: href, headers, body, cookies };
}

/**
 * Why a request with cookies cannot be sent from this page, or undefined when it can: a page may
 * set cookies only for its own site, so the API must be on the docs' origin (the cookies are then
 * set for the API's path alone, and removed once the answer comes).
 */
export function cookieProblem(request: BuiltRequest, pageUrl: string): string | undefined {
  if (!request.cookies.length) return undefined;
  const names = request.cookies.map((c) => `"${decodeURIComponent(c.split('=')[0]!)}"`).join(', ');
  if (new URL(request.url).origin === new URL(pageUrl).origin) return undefined;
  return `Nothing was sent: ${names} must go in a cookie, and browsers do not let a page send cookies to another site (the Cookie header is forbidden to scripts). Copy the cURL example instead, which sends it.`;
}

/** A response body for display: JSON pretty-printed, anything else as it came (shown as text). */
export function formatBody(text: string, contentType?: string | null): { text: string; json: boolean } {
  const looksJson = isJsonType(contentType ?? undefined) || /^\s*[{[]/.test(text);
  if (looksJson) {
    try {
      return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
    } catch {
      /* not JSON after all */
    }
  }
  return { text, json: false };
}
