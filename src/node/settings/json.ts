import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { diag } from '../diagnostics/catalogue.js';
import { SourceMap } from './locate.js';

/** Human wording of jsonc-parser's error codes (a const enum, so not importable here). */
const REASONS: Record<number, string> = {
  1: 'unexpected character',
  2: 'invalid number',
  3: 'expected a property name in double quotes',
  4: 'expected a value',
  5: 'expected a colon after the property name',
  6: 'expected a comma',
  7: 'expected a closing brace `}`',
  8: 'expected a closing bracket `]`',
  9: 'unexpected content after the end of the JSON value',
  10: 'comments are not allowed',
  11: 'unterminated comment',
  12: 'unterminated string',
  13: 'unterminated number',
  14: 'invalid unicode escape',
  15: 'invalid escape character',
  16: 'invalid character in a string (escape control characters)',
};
const INVALID_COMMENT = 10;

export interface ParsedJson {
  /** The parsed value; undefined when the text is not (lenient) JSON. */
  value?: unknown;
  map: SourceMap;
  diagnostics: Diagnostic[];
}

/**
 * Parse a settings file. Comments and trailing commas are accepted with one warning (people
 * write them, and editors treat *.json as JSONC); any other syntax error is fatal and points at
 * the offending character.
 */
export function parseJson(file: string, source: string): ParsedJson {
  // Strict JSON (most settings files) takes JSON.parse, and the parser's tree, which only positions
  // need, is made when a finding first asks for one: meilisearch's settings (docs.json and the
  // 190 KB of JSON its `$ref`s name) took 90 ms in the tree parser, cold, and need no position
  // unless something is reported. Deep nesting keeps the tree parser's own refusal (it recurses
  // once per level), made now as before.
  const value = strictValue(source);
  if (value !== undefined && !deeperThan(value.parsed, LAZY_TREE_DEPTH)) {
    let tree: Node | undefined;
    return { value: value.parsed, map: new SourceMap(file, source, () => (tree ??= parseTree(source, [], { allowTrailingComma: true, disallowComments: false }))), diagnostics: [] };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(source, errors, { allowTrailingComma: true, disallowComments: false });
  const map = new SourceMap(file, source, tree);
  if (errors.length > 0 || !tree) {
    const e = errors[0] ?? { error: 4, offset: 0, length: 0 };
    const { offset, ...where } = map.atOffset(e.offset);
    return { map, diagnostics: [diag('settings/invalid-json', { reason: REASONS[e.error] ?? 'syntax error' }, where)] };
  }

  const diagnostics: Diagnostic[] = [];
  const strict: ParseError[] = [];
  // Text JSON.parse accepts has neither comments nor trailing commas: no second pass of the
  // parser for them (on a 36 KB docs.json, each pass was ~20 ms of a cold start).
  if (value === undefined) parseTree(source, strict, { allowTrailingComma: false, disallowComments: true });
  if (strict.length > 0) {
    const comments = strict.some((e) => e.error === INVALID_COMMENT);
    const commas = strict.some((e) => e.error !== INVALID_COMMENT);
    const what = comments && commas ? 'comments and trailing commas' : comments ? 'comments' : 'a trailing comma';
    const { offset, ...where } = map.atOffset(strict[0].offset);
    diagnostics.push(diag('settings/not-strict-json', { what }, where));
  }
  return { value: valueOf(tree), map, diagnostics };
}

/**
 * The value of a parsed tree. Every key becomes an own property, `__proto__` too (jsonc-parser's
 * `getNodeValue` assigns keys, and `"__proto__": {…}` then replaced the object's prototype: its
 * keys were read as settings, and the key itself vanished without a warning).
 */
function valueOf(node: Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type !== 'object') return node.value;
  const object: Record<string, unknown> = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key && value) setOwn(object, String(key.value), valueOf(value));
  }
  return object;
}

/** `object[key] = value` as an own property, also for `__proto__` (which plain assignment turns into a prototype). */
export function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Nesting up to which the tree is made lazily; real settings are a dozen levels deep. */
const LAZY_TREE_DEPTH = 100;

function strictValue(source: string): { parsed: unknown } | undefined {
  try {
    // Own properties for every key, `__proto__` too, as valueOf makes them.
    return { parsed: JSON.parse(source) as unknown };
  } catch {
    return undefined;
  }
}

function deeperThan(value: unknown, depth: number): boolean {
  if (depth < 0) return true;
  if (value === null || typeof value !== 'object') return false;
  for (const v of Array.isArray(value) ? value : Object.values(value)) if (deeperThan(v, depth - 1)) return true;
  return false;
}
