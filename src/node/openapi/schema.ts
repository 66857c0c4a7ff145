import type { RefResolver } from './refs.js';
import type { Json } from './types.js';

/**
 * A schema prepared for display: refs followed, `allOf` merged, `oneOf`/`anyOf` kept as options,
 * properties ordered, readOnly/writeOnly applied. Built with a depth limit and a node budget, and
 * a ref seen twice on the way down stops as "circular": a circular schema always terminates.
 */
export interface SchemaNode {
  name?: string;
  /** `string`, `integer`, `object`, `Job[]`, `string | null`… */
  type: string;
  /** Schema name from its `$ref` or `title`. */
  title?: string;
  description?: string;
  required?: boolean;
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  format?: string;
  /**
   * A file's bytes (`format: binary`, or OpenAPI 3.1's `contentMediaType`), or an array of them:
   * a part of a multipart body the playground asks for as a file.
   */
  binary?: boolean;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  /** `>= 1`, `<= 100`, `pattern: ^a`… */
  constraints: string[];
  children: SchemaNode[];
  /** `oneOf`/`anyOf` options. */
  variants?: { kind: 'oneOf' | 'anyOf'; options: SchemaNode[] };
  /** Set when expansion stopped: the schema refers back to itself, or the tree is too deep. */
  stopped?: 'circular' | 'depth';
}

/** What a schema describes: read-only fields leave requests, write-only ones responses; a message (AsyncAPI) keeps both. */
export type Direction = 'request' | 'response' | 'message';

export interface SchemaContext {
  refs: RefResolver;
  direction: Direction;
  /** `api.maintainOrder`: keep the file's order of properties (else required ones first). */
  maintainOrder: boolean;
}

export const MAX_DEPTH = 8;
const MAX_NODES = 1500;

/** Resolve refs and merge `allOf` into one plain schema object (also used by the example generator). */
export function flatten(schema: Json, base: string, refs: RefResolver, seen: string[] = [], within: object[] = []): { schema: Json; base: string; name?: string; keys: string[]; circular?: boolean; origin?: object } {
  const r = refs.resolve(schema, base);
  const keys = [...seen, ...r.refs];
  if (r.refs.some((k) => seen.includes(k)) || within.includes(r.value)) return { schema: r.value, base: r.base, name: r.name, keys, circular: true };
  let value = r.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { schema: typeof value === 'boolean' ? {} : value ?? {}, base: r.base, name: r.name, keys };
  const origin: object = value;
  if (Array.isArray(value.allOf) && value.allOf.length) {
    const { allOf, ...own } = value;
    const merged: Json = { properties: {}, required: [] as string[] };
    let circular = false;
    for (const part of allOf) {
      const p = flatten(part, r.base, refs, keys, [...within, value]);
      if (p.circular) { circular = true; continue; }
      mergeInto(merged, p.schema);
    }
    mergeInto(merged, own);
    if (!Object.keys(merged.properties).length) delete merged.properties;
    if (!merged.required.length) delete merged.required;
    if (!merged.type && merged.properties) merged.type = 'object';
    return { schema: merged, base: r.base, name: r.name ?? value.title, keys, circular: circular && !merged.properties, origin };
  }
  return { schema: value, base: r.base, name: r.name, keys, origin };
}

function mergeInto(target: Json, part: Json) {
  if (!part || typeof part !== 'object') return;
  for (const [k, v] of Object.entries(part)) {
    if (k === 'properties' && v && typeof v === 'object') Object.assign(target.properties, v);
    else if (k === 'required' && Array.isArray(v)) for (const n of v) { if (!target.required.includes(n)) target.required.push(n); }
    else if (k === 'description' || k === 'title' || k === 'example') target[k] = v; // the latest (most specific) wins
    else if (!(k in target)) target[k] = v;
  }
}

function typesOf(s: Json): { types: string[]; nullable: boolean } {
  let types: string[] = Array.isArray(s.type) ? s.type.map(String) : s.type ? [String(s.type)] : [];
  let nullable = s.nullable === true || types.includes('null');
  types = types.filter((t) => t !== 'null');
  if (!types.length) {
    if (s.properties || s.additionalProperties) types = ['object'];
    else if (s.items) types = ['array'];
    else if (Array.isArray(s.enum) && s.enum.length) {
      types = [...new Set(s.enum.filter((e: unknown) => e !== null).map((e: unknown) => (Array.isArray(e) ? 'array' : typeof e === 'number' ? 'number' : typeof e)))] as string[];
      if (s.enum.includes(null)) nullable = true;
    } else if (s.const !== undefined) types = [typeof s.const];
  }
  return { types, nullable };
}

function constraintsOf(s: Json): string[] {
  const c: string[] = [];
  const num = (k: string, label: string) => { if (typeof s[k] === 'number') c.push(`${label} ${s[k]}`); };
  num('minimum', s.exclusiveMinimum === true ? '>' : '>=');
  num('maximum', s.exclusiveMaximum === true ? '<' : '<=');
  num('exclusiveMinimum', '>');
  num('exclusiveMaximum', '<');
  num('minLength', 'min length');
  num('maxLength', 'max length');
  num('minItems', 'min items');
  num('maxItems', 'max items');
  num('multipleOf', 'multiple of');
  if (typeof s.pattern === 'string') c.push(`pattern: ${s.pattern}`);
  if (s.uniqueItems === true) c.push('unique items');
  return c;
}

/** Build the display tree of a schema. */
export function buildSchema(schema: Json, base: string, ctx: SchemaContext): SchemaNode {
  const budget = { left: MAX_NODES };
  return build(schema, base, ctx, [], 0, budget, []);
}

/**
 * `seen` holds the refs open further up, `open` the schema objects: a schema whose refs a parser
 * already replaced by the objects they name (AsyncAPI's) loops by identity rather than by `$ref`.
 */
function build(schema: Json, base: string, ctx: SchemaContext, seen: string[], depth: number, budget: { left: number }, open: object[]): SchemaNode {
  budget.left--;
  const f = flatten(schema, base, ctx.refs, []);
  const s = f.schema ?? {};
  const { types, nullable } = typesOf(s);
  const title = (typeof s.title === 'string' && s.title.trim() ? s.title : undefined) ?? f.name;
  const node: SchemaNode = {
    type: types.join(' | ') || (s.oneOf || s.anyOf ? 'object' : 'any'),
    title,
    description: typeof s.description === 'string' ? s.description : undefined,
    nullable: nullable || undefined,
    deprecated: s.deprecated === true || undefined,
    readOnly: s.readOnly === true || undefined,
    writeOnly: s.writeOnly === true || undefined,
    format: typeof s.format === 'string' ? s.format : undefined,
    binary: ((!types.length || types.includes('string')) && (s.format === 'binary' || typeof s.contentMediaType === 'string')) || undefined,
    default: s.default,
    enum: Array.isArray(s.enum) ? s.enum : undefined,
    const: s.const,
    example: s.example !== undefined ? s.example : Array.isArray(s.examples) ? s.examples[0] : undefined,
    constraints: constraintsOf(s),
    children: [],
  };
  const keys = [...seen, ...f.keys];
  // A schema that is already open further up: shown by name, not expanded again.
  if (f.circular || f.keys.some((k) => seen.includes(k)) || (f.origin && open.includes(f.origin))) {
    node.stopped = 'circular';
    return node;
  }
  if (depth >= MAX_DEPTH || budget.left <= 0) {
    if (s.properties || s.items || s.oneOf || s.anyOf) node.stopped = 'depth';
    return node;
  }
  const inner = f.origin ? [...open, f.origin] : open;

  if (types.includes('array') && s.items) {
    const item = build(s.items, f.base, ctx, keys, depth + 1, budget, inner);
    node.type = `${item.title && item.type === 'object' ? item.title : item.type.includes(' | ') ? `(${item.type})` : item.type}[]`;
    if (item.children.length || item.variants) {
      node.children = item.children;
      node.variants = item.variants;
    }
    if (item.stopped) node.stopped = item.stopped;
    if (!node.enum && item.enum) node.enum = item.enum;
    if (item.binary) node.binary = true;
  }

  if (s.properties && typeof s.properties === 'object') {
    const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
    let children: SchemaNode[] = [];
    for (const [name, prop] of Object.entries(s.properties)) {
      const child = build(prop, f.base, ctx, keys, depth + 1, budget, inner);
      if (ctx.direction === 'request' && child.readOnly) continue;
      if (ctx.direction === 'response' && child.writeOnly) continue;
      child.name = name;
      child.required = required.has(name) || undefined;
      children.push(child);
    }
    if (!ctx.maintainOrder) children = [...children.filter((c) => c.required), ...children.filter((c) => !c.required)];
    node.children = children;
  }
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    const extra = build(s.additionalProperties, f.base, ctx, keys, depth + 1, budget, inner);
    extra.name = '{key}';
    node.children.push(extra);
  }

  for (const kind of ['oneOf', 'anyOf'] as const) {
    if (!Array.isArray(s[kind]) || !s[kind].length || node.variants) continue;
    const isNull = (o: Json) => {
      const v = ctx.refs.resolve(o, f.base).value;
      return !!v && (v.type === 'null' || (Array.isArray(v.type) && v.type.length === 1 && v.type[0] === 'null'));
    };
    const nonNull = s[kind].filter((o: Json) => !isNull(o));
    // `anyOf: [X, {type: null}]` is a nullable X.
    if (nonNull.length < s[kind].length) node.nullable = true;
    const opts: SchemaNode[] = nonNull.map((o: Json) => build(o, f.base, ctx, keys, depth + 1, budget, inner));
    if (opts.length === 1 && !node.children.length) {
      const only = opts[0]!;
      Object.assign(node, { ...only, name: node.name, description: node.description ?? only.description, nullable: node.nullable || only.nullable });
    } else if (opts.length) {
      node.variants = { kind, options: opts };
      if (node.type === 'any' || node.type === 'object') node.type = [...new Set(opts.map((o: SchemaNode) => (o.title && o.type === 'object' ? o.title : o.type)))].join(' | ');
    }
  }
  return node;
}
