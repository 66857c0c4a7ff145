import type { ApiSettings } from '../settings/types.js';
import { endpointModel, type EndpointModel } from './endpoint.js';
import { RefResolver } from './refs.js';
import { METHODS, type ApiDocument, type Json, type Method, type Operation } from './types.js';

/**
 * Endpoint pages written in MDX: front matter `api: "POST https://api.example.com/v1/things"` and
 * `<ParamField>`s in the body. The page is turned into a one-operation OpenAPI document, so the
 * endpoint bar, the playground and the request examples are the ones OpenAPI pages get.
 */

/** A ParamField as the page wrote it (render/components/fields.tsx collects them). */
export interface MdxParam {
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
  name: string;
  type?: string;
  required: boolean;
  deprecated: boolean;
  default?: unknown;
  placeholder?: string;
  children: MdxParam[];
}

export interface ApiReference {
  method: Method;
  /** As written: an absolute URL, or a path joined to `api.baseUrl`. */
  url: string;
}

/** `POST https://host/path` or `get /path` → method and URL; undefined when it is neither. */
export function parseApiReference(value: string): ApiReference | undefined {
  const m = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(value);
  const method = m?.[1]!.toLowerCase() as Method | undefined;
  if (!m || !method || !METHODS.includes(method)) return undefined;
  return { method, url: m[2]! };
}

const ABSOLUTE = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i;

/**
 * Which base URL(s) and path a page's URL means. An absolute URL under one of `api.baseUrl` keeps
 * that list (the reader may switch); any other absolute URL is its own origin (credentials then go
 * to that origin only); a path is joined to `api.baseUrl`.
 */
export function splitApiUrl(url: string, baseUrls: string[] = []): { base?: string; path: string; settingsBase: boolean } {
  const abs = ABSOLUTE.exec(url);
  if (!abs) return { path: url.startsWith('/') ? url : `/${url}`, settingsBase: true };
  for (const raw of baseUrls) {
    const b = raw.replace(/\/+$/, '');
    if (url === b || url.startsWith(`${b}/`)) return { base: b, path: url.slice(b.length) || '/', settingsBase: true };
  }
  return { base: abs[1]!, path: abs[2] || '/', settingsBase: false };
}

/** A ParamField `type` (`string`, `integer`, `string[]`, `array<object>`, `file`…) as a JSON schema. */
export function schemaOfType(type: string | undefined): Json {
  const t = (type ?? '').trim();
  const list = /^(.+)\[\]$/.exec(t) ?? /^array\s*<(.+)>$/i.exec(t);
  if (list) return { type: 'array', items: schemaOfType(list[1]) };
  const lower = t.toLowerCase();
  if (['string', 'number', 'integer', 'boolean', 'object', 'null'].includes(lower)) return { type: lower };
  if (lower === 'array') return { type: 'array', items: {} };
  if (lower === 'file' || lower === 'binary') return { type: 'string', format: 'binary' };
  if (lower === 'int') return { type: 'integer' };
  if (lower === 'float' || lower === 'double') return { type: 'number' };
  if (lower === 'bool') return { type: 'boolean' };
  return { type: 'string' };
}

function fieldSchema(p: MdxParam): Json {
  const schema = schemaOfType(p.type);
  if (p.default !== undefined) schema.default = p.default;
  if (p.placeholder !== undefined && schema.type !== 'object' && schema.type !== 'array') schema.example = p.placeholder;
  if (p.deprecated) schema.deprecated = true;
  const nested = p.children.filter((c) => c.name);
  if (nested.length) {
    const object = objectSchema(nested);
    if (schema.type === 'array') schema.items = object;
    else Object.assign(schema, object);
  }
  return schema;
}

function objectSchema(fields: MdxParam[]): Json {
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const f of fields) {
    properties[f.name] = fieldSchema(f);
    if (f.required) required.push(f.name);
  }
  return required.length ? { type: 'object', properties, required } : { type: 'object', properties };
}

export interface MdxEndpointInput {
  reference: ApiReference;
  params: MdxParam[];
  /** The page title: the operation's summary. */
  title: string;
  /** Front matter `authMethod`: `bearer`, `basic`, `key` or `none`; else `api.auth` applies. */
  authMethod?: string;
  api: ApiSettings;
  /** The page file: the document's identity in diagnostics and caches. */
  file: string;
  id: string;
}

/** The endpoint model of an `api:` page, from its ParamFields. */
export function mdxEndpoint(input: MdxEndpointInput): { endpoint: EndpointModel; api: ApiSettings } {
  const { reference, params } = input;
  const split = splitApiUrl(reference.url, input.api.baseUrl);
  const op: Json = { summary: input.title, parameters: [] as Json[] };

  const declared = new Set(params.filter((p) => p.in === 'path').map((p) => p.name));
  for (const p of params) {
    if (p.in === 'body') continue;
    op.parameters.push({ name: p.name, in: p.in, required: p.in === 'path' || p.required, deprecated: p.deprecated || undefined, schema: fieldSchema(p) });
  }
  // `{id}` in the URL without a ParamField is still a path parameter the reader must fill in.
  for (const [, name] of split.path.matchAll(/\{([^}]+)\}/g)) {
    if (!declared.has(name!)) op.parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }

  const bodyFields = params.filter((p) => p.in === 'body' && p.name);
  if (bodyFields.length) {
    const contentType = hasFile(bodyFields) ? 'multipart/form-data' : 'application/json';
    op.requestBody = { required: bodyFields.some((f) => f.required), content: { [contentType]: { schema: objectSchema(bodyFields) } } };
  }

  let api: ApiSettings = input.api;
  const method = input.authMethod?.trim().toLowerCase();
  if (method === 'none') {
    api = { ...api, auth: undefined };
    op.security = [];
  } else if (method === 'bearer' || method === 'basic' || method === 'key') {
    api = { ...api, auth: { ...api.auth, method } };
  }

  const root: Json = { openapi: '3.1.0', info: { title: input.title, version: '' }, paths: { [split.path]: { [reference.method]: op } } };
  if (split.settingsBase && split.base && api.baseUrl?.length) {
    // The base URL the page wrote comes first; the reader may still switch to the others.
    api = { ...api, baseUrl: [split.base, ...api.baseUrl.filter((b) => b.replace(/\/+$/, '') !== split.base)] };
  } else if (!split.settingsBase || !api.baseUrl?.length) {
    // The page's own origin: a server whose `{variables}` the playground asks for.
    if (split.base) {
      const variables = Object.fromEntries([...split.base.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name!, {}]));
      root.servers = [Object.keys(variables).length ? { url: split.base, variables } : { url: split.base }];
    }
    api = { ...api, baseUrl: undefined };
  }

  const doc: ApiDocument = { id: input.id, file: input.file, root, version: '3.1.0', operations: [] };
  const operation: Operation = { doc, kind: 'path', method: reference.method, path: split.path, op, pathItem: root.paths[split.path], label: `${reference.method.toUpperCase()} ${split.path}` };
  doc.operations.push(operation);
  return { endpoint: endpointModel(operation, new RefResolver(new Map([[input.file, root]])), api), api };
}

function hasFile(fields: MdxParam[]): boolean {
  return fields.some((f) => /^(file|binary)(\[\])?$/i.test((f.type ?? '').trim()) || hasFile(f.children));
}
