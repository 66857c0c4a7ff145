import type { RefResolver } from './refs.js';
import { flatten, type Direction } from './schema.js';
import type { Json } from './types.js';

const MAX_DEPTH = 8;

/** Placeholder strings by format, as the best references show them. */
const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00',
  email: 'jane@example.com',
  uuid: '3c90c3cc-0d44-4b50-8888-8dd25736052a',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  byte: 'aGVsbG8=',
  binary: '<binary>',
  password: '<password>',
};

/**
 * An example value for a schema: the schema's own `example`/`examples`/`default`/`enum`/`const`,
 * else one built from its type (readOnly left out of requests, writeOnly out of responses).
 * Circular refs stop with an empty value.
 */
export function exampleFor(schema: Json, base: string, refs: RefResolver, direction: Direction, seen: string[] = [], depth = 0): unknown {
  const f = flatten(schema, base, refs);
  const s = f.schema;
  if (!s || typeof s !== 'object') return null;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((e: unknown) => e !== null) ?? s.enum[0];
  if (f.circular || f.keys.some((k) => seen.includes(k)) || depth > MAX_DEPTH) return s.type === 'array' ? [] : s.properties ? {} : null;
  const keys = [...seen, ...f.keys];
  const variants = s.oneOf ?? s.anyOf;
  if (Array.isArray(variants) && variants.length && !s.properties) {
    const first = variants.find((v: Json) => refs.resolve(v, f.base).value?.type !== 'null') ?? variants[0];
    return exampleFor(first, f.base, refs, direction, keys, depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'object' || (!type && (s.properties || s.additionalProperties))) {
    const out: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries<Json>(s.properties ?? {})) {
      const p = refs.resolve(prop, f.base).value;
      if (direction === 'request' && p?.readOnly === true) continue;
      if (direction === 'response' && p?.writeOnly === true) continue;
      out[name] = exampleFor(prop, f.base, refs, direction, keys, depth + 1);
    }
    if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
      out.key = exampleFor(s.additionalProperties, f.base, refs, direction, keys, depth + 1);
    }
    return out;
  }
  if (type === 'array' || (!type && s.items)) return s.items ? [exampleFor(s.items, f.base, refs, direction, keys, depth + 1)] : [];
  if (type === 'integer') return typeof s.minimum === 'number' ? Math.ceil(s.minimum) : 123;
  if (type === 'number') return typeof s.minimum === 'number' ? s.minimum : 123;
  if (type === 'boolean') return true;
  if (type === 'string') return (typeof s.format === 'string' && FORMAT_EXAMPLES[s.format]) || '<string>';
  return null;
}

/** An example for a media type object: `example`, the first of `examples`, else from its schema. */
export function mediaExamples(media: Json, base: string, refs: RefResolver, direction: Direction): { label?: string; value: unknown }[] {
  if (!media || typeof media !== 'object') return [];
  if (media.example !== undefined) return [{ value: media.example }];
  if (media.examples && typeof media.examples === 'object') {
    const out: { label?: string; value: unknown }[] = [];
    for (const [name, ex] of Object.entries<Json>(media.examples)) {
      const e = refs.resolve(ex, base).value;
      if (e && typeof e === 'object' && 'value' in e) out.push({ label: typeof e.summary === 'string' ? e.summary : name, value: e.value });
      else if (e && typeof e === 'object' && typeof e.externalValue === 'string') out.push({ label: name, value: e.externalValue });
    }
    if (out.length) return out;
  }
  if (media.schema) return [{ value: exampleFor(media.schema, base, refs, direction) }];
  return [];
}
