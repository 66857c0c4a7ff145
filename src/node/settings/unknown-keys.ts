import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { diag } from '../diagnostics/catalogue.js';
import { formatPath, type JsonPath, type PathMap } from './locate.js';
import { support, type SupportNote } from './schema/common.js';

/**
 * Unknown keys are warnings, not failures, so the schemas strip them (zod's default) and this
 * walk finds them by following the schema alongside the value. On the way it asks each schema
 * marked with `noted` (schema/common.ts) what Kiln makes of the value there: a setting it accepts
 * but does not draw as written is reported at its position too.
 */

/** The parts of zod's internal definition this walk reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'lazy', 'pipe', 'union']);

type Found = { path: JsonPath; key: string; known: string[] } | { path: JsonPath; note: SupportNote };

function walk(schema: z.ZodType, value: unknown, path: JsonPath, out: Found[]): void {
  const note = value === undefined ? undefined : support.get(schema)?.check(value);
  if (note) out.push({ path, note });
  const def = defOf(schema);
  // Wrappers and unions are followed whatever the value (a noted schema may be inside); keys only in objects.
  if ((typeof value !== 'object' || value === null) && !WRAPPERS.has(def.type)) return;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType!, value, path, out);
    case 'lazy':
      return walk(def.getter!(), value, path, out);
    case 'pipe':
      return walk(def.in!, value, path, out);
    case 'array':
      if (Array.isArray(value)) value.forEach((v, i) => walk(def.element!, v, [...path, i], out));
      return;
    case 'record':
      if (Array.isArray(value)) return;
      for (const [k, v] of Object.entries(value as object)) {
        // A key no object can hold as data (zod leaves it out): a warning like any unknown key.
        if (k === '__proto__') out.push({ path, key: k, known: [] });
        else walk(def.valueType!, v, [...path, k], out);
      }
      return;
    case 'object': {
      if (Array.isArray(value)) return;
      const shape = def.shape!;
      const known = Object.keys(shape);
      for (const [k, v] of Object.entries(value as object)) {
        // Own keys only: `toString`, `constructor` or `__proto__` are not settings, whatever objects inherit.
        if (Object.hasOwn(shape, k)) walk(shape[k]!, v, [...path, k], out);
        else out.push({ path, key: k, known });
      }
      return;
    }
    case 'union': {
      // Follow the alternative the value satisfies; if none does (an error is reported anyway),
      // the one that explains it with the fewest unknown keys.
      const options = def.options!;
      const valid = options.filter((o) => o.safeParse(value).success);
      let best: Found[] | undefined;
      for (const o of valid.length ? valid : options) {
        const found: Found[] = [];
        walk(o, value, path, found);
        if (!best || found.length < best.length) best = found;
      }
      out.push(...(best ?? []));
      return;
    }
  }
}

/** Levenshtein distance, case-insensitive. */
function distance(a: string, b: string): number {
  a = a.toLowerCase();
  b = b.toLowerCase();
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** The closest known key, if it is close enough to be a plausible typo. */
export function suggest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(key, k);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return bestD <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

/**
 * `settings/unknown-key` warnings for every key the schema does not know, at the key, and
 * `settings/unsupported` (or `settings/theme-nearest`) for values Kiln does not draw as written.
 */
export function unknownKeyDiagnostics(
  schema: z.ZodType,
  value: unknown,
  map: PathMap,
): { offset: number; diagnostic: Diagnostic }[] {
  const found: Found[] = [];
  walk(schema, value, [], found);
  return found.map((f) => {
    if ('note' in f) {
      const { offset, ...where } = map.at(f.path, { key: true });
      const { note } = f;
      const diagnostic = 'detail' in note
        ? diag('settings/unsupported', { path: formatPath(f.path), detail: note.detail }, where)
        : diag('settings/theme-nearest', note, where);
      return { offset, diagnostic };
    }
    const { path, key, known } = f;
    const { offset, ...where } = map.at([...path, key], { key: true });
    const suggestion = suggest(key, known.filter((k) => k !== '$schema'));
    const args = { path: path.length ? formatPath(path) : '', key, ...(suggestion ? { suggestion } : {}) };
    return { offset, diagnostic: diag('settings/unknown-key', args, where) };
  });
}
