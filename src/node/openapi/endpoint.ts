import type { ApiSettings } from '../settings/types.js';
import { exampleFor, mediaExamples } from './example.js';
import type { RefResolver } from './refs.js';
import { buildSchema, type SchemaNode } from './schema.js';
import { METHODS, type Json, type Operation } from './types.js';

/**
 * Everything an endpoint page shows, read out of one operation: the render stage and the snippet
 * generator use this, never the raw document.
 */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema: SchemaNode;
  example: unknown;
}

export interface BodyContent {
  contentType: string;
  description?: string;
  required: boolean;
  schema?: SchemaNode;
  examples: { label?: string; value: unknown }[];
}

/** One field of a form body (`multipart/form-data`, `application/x-www-form-urlencoded`). */
export interface FormField {
  name: string;
  required: boolean;
  schema: SchemaNode;
  /** A file part (multipart only): one file, or several under the same name. */
  file?: 'one' | 'many';
  /** The field's value in the body's example. */
  example: unknown;
}

const FORM_TYPE = /multipart\/form-data|x-www-form-urlencoded/i;

/**
 * The fields of a form body whose schema is an object with properties (read-only ones already
 * left out), else undefined: such a body is typed as a whole.
 */
export function formFields(body: BodyContent | undefined): FormField[] | undefined {
  if (!body || !FORM_TYPE.test(body.contentType) || !body.schema?.children.length) return undefined;
  const multipart = /multipart/i.test(body.contentType);
  const example = body.examples[0]?.value;
  const values = example && typeof example === 'object' && !Array.isArray(example) ? (example as Record<string, unknown>) : {};
  return body.schema.children
    .filter((c) => c.name && c.name !== '{key}')
    .map((c) => ({
      name: c.name!, required: c.required === true, schema: c, example: values[c.name!],
      file: multipart && c.binary ? (c.type.endsWith('[]') ? 'many' : 'one') : undefined,
    }));
}

export interface ResponseInfo {
  status: string;
  description?: string;
  contentType?: string;
  schema?: SchemaNode;
  examples: { label?: string; value: unknown }[];
  headers: Parameter[];
}

export interface AuthScheme {
  /** Name in `components.securitySchemes`, or `api.auth` when it comes from the settings. */
  key: string;
  kind: 'bearer' | 'basic' | 'apiKey' | 'oauth2' | 'other';
  /** Header, query or cookie name for API keys. */
  name?: string;
  in?: 'header' | 'query' | 'cookie';
  description?: string;
  /** Prefix of the credential shown in examples (`api.auth.inputPrefix`). */
  prefix?: string;
}

export interface EndpointModel {
  operation: Operation;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  baseUrl: string;
  /** Every base URL the page may use: the `servers`, else `api.baseUrl`. */
  baseUrls: string[];
  parameters: Parameter[];
  body?: BodyContent;
  responses: ResponseInfo[];
  /** Security requirements: every inner list is one way to authenticate (all schemes of it together). */
  auth: AuthScheme[][];
  /** An empty security requirement is among them: the operation may also be called without credentials. */
  authOptional: boolean;
  /** `x-codeSamples` / `x-code-samples` of the operation. */
  codeSamples: { lang: string; label: string; source: string }[];
  /** The operation's `callbacks`: requests the API sends to a URL the caller gives (none for a callback itself). */
  callbacks: CallbackInfo[];
}

export interface CallbackInfo {
  /** The callback's key (`orderUpdated`). */
  name: string;
  /** The runtime expression of the URL it is sent to (`{$request.body#/callbackUrl}`). */
  expression: string;
  /** The request it sends and the answers it expects, read as an operation is. */
  endpoint: EndpointModel;
}

const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
/** Used when neither the settings nor the document name a server. */
export const PLACEHOLDER_BASE_URL = 'https://api.example.com';

function serverUrl(server: Json): string | undefined {
  if (!server || typeof server.url !== 'string') return undefined;
  const vars = server.variables && typeof server.variables === 'object' ? server.variables : {};
  return server.url.replace(/\{([^}]+)\}/g, (m: string, name: string) => {
    const v = vars[name];
    return v && v.default !== undefined ? String(v.default) : m;
  });
}

/** The `servers` that apply to an operation: its own, else its path item's, else the document's. */
export function specServers({ op, pathItem, doc }: Operation): Json[] {
  return [op.servers, pathItem.servers, doc.root.servers].find((s) => Array.isArray(s) && s.length) ?? [];
}

function preferredMedia(content: Json): [string, Json] | undefined {
  if (!content || typeof content !== 'object') return undefined;
  const entries = Object.entries<Json>(content);
  return entries.find(([t]) => /json/i.test(t)) ?? entries[0];
}

export function endpointModel(operation: Operation, refs: RefResolver, api: ApiSettings, nested = false): EndpointModel {
  const { doc, op, pathItem } = operation;
  const base = doc.file;
  const schemaCtx = (direction: 'request' | 'response') => ({ refs, direction, maintainOrder: api.maintainOrder === true });

  // Parameters: path-item level first, overridden by the operation's own (same name and location).
  const params = new Map<string, Parameter>();
  for (const raw of [...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const r = refs.resolve(raw, base);
    const p = r.value;
    if (!p || typeof p.name !== 'string' || !LOCATIONS.includes(p.in)) continue;
    const schemaSource = p.schema ?? preferredMedia(p.content)?.[1]?.schema ?? {};
    const schema = buildSchema(schemaSource, r.base, schemaCtx('request'));
    const example = p.example !== undefined ? p.example
      : p.examples && typeof p.examples === 'object' ? refs.resolve(Object.values<Json>(p.examples)[0], r.base).value?.value
      : exampleFor(schemaSource, r.base, refs, 'request');
    params.set(`${p.in}:${p.name}`, {
      name: p.name, in: p.in, required: p.in === 'path' || p.required === true, deprecated: p.deprecated === true,
      description: typeof p.description === 'string' ? p.description : undefined, schema, example,
    });
  }
  const parameters = [...params.values()];
  if (!api.maintainOrder) parameters.sort((a, b) => LOCATIONS.indexOf(a.in) - LOCATIONS.indexOf(b.in) || Number(b.required) - Number(a.required));

  let body: BodyContent | undefined;
  if (op.requestBody) {
    const r = refs.resolve(op.requestBody, base);
    const media = preferredMedia(r.value?.content);
    if (media) {
      const [contentType, m] = media;
      body = {
        contentType, required: r.value.required === true,
        description: typeof r.value.description === 'string' ? r.value.description : undefined,
        schema: m?.schema ? buildSchema(m.schema, r.base, schemaCtx('request')) : undefined,
        examples: mediaExamples(m, r.base, refs, 'request'),
      };
    }
  }

  const responses: ResponseInfo[] = [];
  for (const [status, raw] of Object.entries<Json>(op.responses && typeof op.responses === 'object' ? op.responses : {})) {
    if (status.startsWith('x-')) continue;
    const r = refs.resolve(raw, base);
    const media = preferredMedia(r.value?.content);
    const headers: Parameter[] = [];
    for (const [name, h] of Object.entries<Json>(r.value?.headers ?? {})) {
      const hr = refs.resolve(h, r.base);
      headers.push({ name, in: 'header', required: hr.value?.required === true, deprecated: false, description: hr.value?.description, schema: buildSchema(hr.value?.schema ?? {}, hr.base, schemaCtx('response')), example: undefined });
    }
    responses.push({
      status,
      description: typeof r.value?.description === 'string' ? r.value.description : undefined,
      contentType: media?.[0],
      schema: media?.[1]?.schema ? buildSchema(media[1].schema, r.base, schemaCtx('response')) : undefined,
      examples: media ? mediaExamples(media[1], r.base, refs, 'response') : [],
      headers,
    });
  }

  // Mintlify's precedence: the document's `servers` (the operation's, else its path's, else the
  // document's); the settings' base URL (`api.baseUrl`, `api.mdx.server`), which Mintlify
  // documents for `api:` MDX pages, only when the document names none.
  let baseUrls: string[] = specServers(operation).map(serverUrl).filter((u): u is string => !!u);
  // A relative server URL is relative to where the document was fetched from.
  if (doc.url) baseUrls = baseUrls.map((u) => (/^[a-z]+:\/\//i.test(u) ? u : new URL(u, doc.url).href));
  if (!baseUrls.length && api.baseUrl?.length) baseUrls = [...api.baseUrl];
  baseUrls = baseUrls.map((u) => u.replace(/\/+$/, ''));

  return {
    operation, method: operation.method.toUpperCase(), path: operation.path,
    summary: typeof op.summary === 'string' ? op.summary : undefined,
    description: typeof op.description === 'string' ? op.description : undefined,
    deprecated: op.deprecated === true,
    baseUrl: baseUrls[0] ?? PLACEHOLDER_BASE_URL,
    baseUrls,
    parameters, body, responses,
    auth: authOf(operation, refs, api),
    authOptional: authOptional(operation, api),
    codeSamples: codeSamplesOf(op),
    callbacks: nested ? [] : callbacksOf(operation, refs, api),
  };
}

/** Each callback's path items, each method of them an operation (`$ref`s followed, in the file's order). */
function callbacksOf(operation: Operation, refs: RefResolver, api: ApiSettings): CallbackInfo[] {
  const { doc, op } = operation;
  const out: CallbackInfo[] = [];
  if (!op.callbacks || typeof op.callbacks !== 'object') return out;
  for (const [name, raw] of Object.entries<Json>(op.callbacks)) {
    const cb = refs.resolve(raw, doc.file);
    if (!cb.value || typeof cb.value !== 'object') continue;
    for (const [expression, itemRaw] of Object.entries<Json>(cb.value)) {
      if (expression.startsWith('x-')) continue;
      const item = refs.resolve(itemRaw, cb.base).value;
      if (!item || typeof item !== 'object') continue;
      for (const method of METHODS) {
        const cbOp = item[method];
        if (!cbOp || typeof cbOp !== 'object') continue;
        const callback: Operation = { doc, kind: 'path', method, path: expression, op: cbOp, pathItem: item, label: `${method.toUpperCase()} ${expression}` };
        out.push({ name, expression, endpoint: endpointModel(callback, refs, api, true) });
      }
    }
  }
  return out;
}

function authOf(operation: Operation, refs: RefResolver, api: ApiSettings): AuthScheme[][] {
  const { doc, op } = operation;
  const a = api.auth;
  if (a?.method && a.method !== 'cobo') {
    // The settings describe the auth of every endpoint (the playground's auth).
    if (Array.isArray(op.security) && op.security.length === 0) return [];
    const kind = a.method === 'key' ? 'apiKey' : a.method;
    return [[{ key: 'api.auth', kind, name: kind === 'apiKey' ? a.name ?? 'X-API-Key' : undefined, in: kind === 'apiKey' ? 'header' : undefined, prefix: a.inputPrefix }]];
  }
  const requirements: Json[] = Array.isArray(op.security) ? op.security : Array.isArray(doc.root.security) ? doc.root.security : [];
  const schemes = doc.root.components?.securitySchemes ?? {};
  const out: AuthScheme[][] = [];
  for (const req of requirements) {
    if (!req || typeof req !== 'object') continue;
    const set: AuthScheme[] = [];
    for (const key of Object.keys(req)) {
      const s = refs.resolve(schemes[key], doc.file).value;
      if (!s || typeof s !== 'object') continue;
      const description = typeof s.description === 'string' ? s.description : undefined;
      if (s.type === 'http' && /^bearer$/i.test(s.scheme)) set.push({ key, kind: 'bearer', description });
      else if (s.type === 'http' && /^basic$/i.test(s.scheme)) set.push({ key, kind: 'basic', description });
      else if (s.type === 'apiKey') set.push({ key, kind: 'apiKey', name: String(s.name ?? key), in: ['query', 'cookie'].includes(s.in) ? s.in : 'header', description });
      else if (s.type === 'oauth2' || s.type === 'openIdConnect') set.push({ key, kind: 'oauth2', description });
      else set.push({ key, kind: 'other', description });
    }
    if (set.length) out.push(set);
  }
  return out;
}

function authOptional({ doc, op }: Operation, api: ApiSettings): boolean {
  if (api.auth?.method && api.auth.method !== 'cobo') return false;
  const requirements: Json[] = Array.isArray(op.security) ? op.security : Array.isArray(doc.root.security) ? doc.root.security : [];
  return requirements.some((r) => r && typeof r === 'object' && Object.keys(r).length === 0);
}

function codeSamplesOf(op: Json): { lang: string; label: string; source: string }[] {
  const raw = op['x-codeSamples'] ?? op['x-code-samples'];
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((s: Json) => s && typeof s.source === 'string')
    .map((s: Json) => ({ lang: String(s.lang ?? 'text'), label: String(s.label ?? (s.lang ? languageName(String(s.lang)) : 'Example')), source: s.source }));
}

/** How a tab names a sample that has no `label`: its language as people write it. */
const LANGUAGE_NAMES: Record<string, string> = {
  curl: 'cURL', bash: 'Bash', shell: 'Shell', sh: 'Shell', javascript: 'JavaScript', js: 'JavaScript', node: 'Node.js', typescript: 'TypeScript', ts: 'TypeScript',
  python: 'Python', py: 'Python', go: 'Go', golang: 'Go', ruby: 'Ruby', php: 'PHP', java: 'Java', kotlin: 'Kotlin', swift: 'Swift', csharp: 'C#', 'c#': 'C#',
  rust: 'Rust', dart: 'Dart', http: 'HTTP', powershell: 'PowerShell', json: 'JSON',
};

function languageName(lang: string): string {
  return LANGUAGE_NAMES[lang.toLowerCase()] ?? lang;
}
