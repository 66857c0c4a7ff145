import path from 'node:path';
import type { Json } from './types.js';
import { hasScheme } from '../../shared/urls.js';

/**
 * `$ref` resolution, done lazily while rendering rather than by dereferencing the whole document:
 * a circular schema is then just a loop the renderer stops at a depth, never an infinite object.
 * External files are loaded up front (./load.ts) into `files`, keyed by absolute path.
 */
export interface Resolved {
  value: Json;
  /** Absolute path of the file the value lives in: `#/...` refs inside it resolve against it. */
  base: string;
  /** Name of the last component followed (`Job` for `#/components/schemas/Job`). */
  name?: string;
  /** The `$ref` strings followed, outermost first (cycle detection uses them). */
  refs: string[];
  /** A `$ref` that pointed at nothing. */
  missing?: string;
}

/**
 * Why a file some `$ref` names was not read: it is outside the project, not a regular file, too
 * large, or it sits beside a fetched document (so the ref is relative to a URL, never fetched).
 */
export type RefusedFile = 'outside' | 'not-file' | 'too-large' | 'remote';

export class RefResolver {
  /** Files `$ref`s name that were not read, and why (./load.ts fills it). */
  readonly refused = new Map<string, RefusedFile>();

  constructor(readonly files: Map<string, Json>) {}

  /** A resolver that reads `file` as `value` (a Swagger 2.0 file as written), the rest the same. */
  with(file: string, value: Json): RefResolver {
    const other = new RefResolver(new Map([...this.files, [file, value]]));
    for (const [f, why] of this.refused) other.refused.set(f, why);
    return other;
  }

  /** The absolute key of a ref target: `other.yaml#/a/b` relative to `base`. */
  key(ref: string, base: string): string {
    const [file, pointer = ''] = splitRef(ref);
    return `${file ? refFile(file, base) : base}#${pointer}`;
  }

  /** Follow `$ref`s from `node` until a value without one (at most 32 hops; loops stop). */
  resolve(node: Json, base: string): Resolved {
    const refs: string[] = [];
    let name: string | undefined;
    let value = node;
    let siblings: Record<string, unknown> | undefined;
    for (let hops = 0; value && typeof value === 'object' && typeof value.$ref === 'string' && hops < 32; hops++) {
      const ref: string = value.$ref;
      const key = this.key(ref, base);
      if (refs.includes(key)) break;
      refs.push(key);
      // OpenAPI 3.1 allows keywords next to $ref (description, summary): they win over the target's.
      const { $ref: _ignored, ...rest } = value;
      if (Object.keys(rest).length) siblings = { ...rest, ...siblings };
      const [file, pointer = ''] = splitRef(ref);
      const targetFile = file ? refFile(file, base) : base;
      const doc = this.files.get(targetFile);
      const target = doc === undefined ? undefined : pointerGet(doc, pointer);
      if (target === undefined) return { value: siblings ?? {}, base, name, refs, missing: ref };
      base = targetFile;
      name = pointer.split('/').pop() ? decodePointerToken(pointer.split('/').pop()!) : path.basename(targetFile).replace(/\.[^.]+$/, '');
      value = target;
    }
    if (siblings && value && typeof value === 'object' && !Array.isArray(value)) value = { ...value, ...siblings };
    return { value, base, name, refs };
  }
}

/** The absolute path of the file part of a ref, relative to the file it is in (`%20` decoded when it decodes). */
export function refFile(file: string, base: string): string {
  let decoded = file;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    /* a lone % stays as written */
  }
  return path.resolve(path.dirname(base), decoded);
}

export function splitRef(ref: string): [string, string | undefined] {
  const i = ref.indexOf('#');
  return i < 0 ? [ref, undefined] : [ref.slice(0, i), ref.slice(i + 1)];
}

function decodePointerToken(t: string): string {
  let s = t;
  try {
    s = decodeURIComponent(t);
  } catch {
    /* keep as written */
  }
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** JSON pointer lookup (`/components/schemas/Job`); own properties only. */
export function pointerGet(doc: Json, pointer: string): Json {
  if (!pointer || pointer === '/') return doc;
  let cur = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const token = decodePointerToken(raw);
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, token)) return undefined;
    cur = cur[token];
  }
  return cur;
}

/** Every external file a document refers to (`other.yaml#/...`), relative to `base`; URLs are left out. */
export function externalRefs(doc: Json, base: string): string[] {
  const out = new Set<string>();
  const seen = new Set<object>();
  const stack: Json[] = [doc];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (typeof node.$ref === 'string') {
      const [file] = splitRef(node.$ref);
      if (file && !hasScheme(file)) out.add(refFile(file, base));
    }
    for (const v of Array.isArray(node) ? node : Object.values(node)) if (v && typeof v === 'object') stack.push(v);
  }
  return [...out];
}
