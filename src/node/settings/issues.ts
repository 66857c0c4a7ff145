import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { diag } from '../diagnostics/catalogue.js';
import { formatPath, type JsonPath, type PathMap } from './locate.js';

/**
 * Turning zod issues into catalogued diagnostics. Every issue message is the "expected …" phrase:
 * schemas give their own through `error`, `expectedPhrase` (the per-parse error map) the rest.
 */

const TYPE_NOUNS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  record: 'an object',
  array: 'an array',
  null: 'null',
};

/** Per-parse error map: the generic "expected" phrase of an issue. */
export function expectedPhrase(iss: z.core.$ZodRawIssue): string {
  switch (iss.code) {
    case 'invalid_type':
      return TYPE_NOUNS[iss.expected] ?? `a ${iss.expected}`;
    case 'invalid_value':
      return iss.values.length === 1
        ? JSON.stringify(iss.values[0])
        : `one of ${iss.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      if (iss.origin === 'string' && Number(iss.minimum) === 1) return 'a non-empty string';
      if (iss.origin === 'array') return `at least ${iss.minimum} item${Number(iss.minimum) === 1 ? '' : 's'}`;
      return `at least ${iss.minimum}`;
    case 'invalid_format':
      return `a string in ${iss.format} format`;
    default:
      return 'a valid value';
  }
}

/** JSON type of a value, as a noun phrase. */
function typeNoun(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.length ? 'an array' : 'an empty array';
  if (typeof v === 'object') return Object.keys(v).length ? 'an object' : 'an empty object';
  if (typeof v === 'string') return v ? 'a string' : 'an empty string';
  return TYPE_NOUNS[typeof v] ?? typeof v;
}

/** The value itself when that is more useful than its type (wrong enum value, bad colour). */
export function valuePhrase(v: unknown): string {
  if (typeof v === 'string' && v !== '') return JSON.stringify(v.length > 40 ? `${v.slice(0, 37)}...` : v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return typeNoun(v);
}

function valueAt(root: unknown, path: JsonPath): unknown {
  let v = root;
  for (const seg of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

interface FlatIssue {
  path: JsonPath;
  code: string;
  expected: string;
}

/**
 * Resolve union issues: when the value's shape matched one alternative (its issues are all
 * deeper than the union itself), report that alternative's issues; otherwise the union's own
 * phrase ("a page path or a group object") says what was expected.
 */
export function flattenIssues(issues: readonly z.core.$ZodIssue[], base: JsonPath = []): FlatIssue[] {
  const out: FlatIssue[] = [];
  for (const iss of issues) {
    const path = [...base, ...(iss.path as (string | number)[])];
    if (iss.code === 'invalid_union' && iss.errors.length > 0) {
      const matched = iss.errors.filter((branch) => branch.every((b) => b.path.length > 0 || b.code === 'custom'));
      if (matched.length > 0) {
        const best = matched.reduce((a, b) => (b.length < a.length ? b : a));
        out.push(...flattenIssues(best, path));
        continue;
      }
    }
    out.push({ path, code: iss.code, expected: iss.message });
  }
  return out;
}

/** One diagnostic per issue, positioned in the source. */
export function issueDiagnostics(
  issues: readonly z.core.$ZodIssue[],
  value: unknown,
  map: PathMap,
): { offset: number; diagnostic: Diagnostic }[] {
  const seen = new Set<string>();
  const out: { offset: number; diagnostic: Diagnostic }[] = [];
  for (const iss of flattenIssues(issues)) {
    const path = formatPath(iss.path);
    const key = `${path}\0${iss.expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const found = valueAt(value, iss.path);
    const { offset, ...where } = map.at(iss.path);
    const diagnostic =
      found === undefined
        ? diag('settings/missing', { path, expected: iss.expected }, where)
        : diag(
            'settings/invalid',
            {
              path,
              expected: iss.expected,
              received: iss.code === 'invalid_type' || iss.code === 'invalid_union' ? typeNoun(found) : valuePhrase(found),
            },
            where,
          );
    out.push({ offset, diagnostic });
  }
  return out;
}
