import { readFileSync } from 'node:fs';
import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseJson, setOwn } from './json.js';
import { formatPath, type JsonPath, type PathMap, type SourceMap, type Where } from './locate.js';

/**
 * `$ref` in the settings, as Mintlify resolves it: any object `{"$ref": "./file.json"}` is
 * replaced by the contents of that JSON file (path relative to the file that holds the `$ref`,
 * which must stay inside the docs folder); references inside referenced files are resolved the
 * same way; other keys beside the `$ref` are merged on top when the file holds an object, and
 * ignored (with a warning) when it does not. A circular chain is an error naming every file.
 *
 * The result keeps track of where each part came from, so a finding anywhere in the merged
 * settings is reported at its file, line and column.
 */

/** References followed at most: far more than any real settings file uses; stops a blow-up of files that name each other many times. */
const MAX_REFS = 1000;

interface Mount {
  /** Path in the merged value. */
  at: JsonPath;
  map: SourceMap;
  /** Path of the same value in `map`'s file. */
  local: JsonPath;
  /** Whether the key that holds the value is written in `map`'s file (keys beside a `$ref`). */
  ownsKey: boolean;
  /** The file's place in the reading order: diagnostics sort by file, then offset. */
  order: number;
}

/** Positions in settings made of several files: each path is found in the file it came from. */
export class CompositeMap implements PathMap {
  constructor(private readonly mounts: Mount[]) {}

  at(path: JsonPath, opts: { key?: boolean } = {}): Where {
    const mount = this.mountOf(path, opts);
    const where = mount.map.at([...mount.local, ...path.slice(mount.at.length)], opts);
    return { ...where, jsonPath: formatPath(path), offset: mount.order * 2 ** 40 + where.offset };
  }

  find(path: JsonPath): Where | undefined {
    const mount = this.mountOf(path, {});
    const where = mount.map.find([...mount.local, ...path.slice(mount.at.length)]);
    return where && { ...where, jsonPath: formatPath(path), offset: mount.order * 2 ** 40 + where.offset };
  }

  /** The file `path` is written in: the deepest mount above it. */
  private mountOf(path: JsonPath, opts: { key?: boolean }): Mount {
    let best: Mount | undefined;
    for (const m of this.mounts) {
      if (m.at.length > path.length || (best && m.at.length <= best.at.length)) continue;
      // The key of a value that came from another file is written in the file that referenced it.
      if (opts.key && m.at.length === path.length && !m.ownsKey && path.length > 0) continue;
      if (m.at.every((seg, i) => seg === path[i])) best = m;
    }
    return best ?? this.mounts[0]!;
  }
}

export interface ResolvedSettings {
  /** The merged value; undefined when a reference could not be resolved. */
  value?: unknown;
  map: PathMap;
  /** Every file read: the settings file first, then the referenced files in the order met. */
  files: string[];
  diagnostics: { offset: number; diagnostic: Diagnostic }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Resolve every `$ref` of the parsed settings `value` read from `file` (whose map is `map`).
 * `root` is the docs folder references must stay in. `depthBeyond` refuses a referenced file
 * nested deeper than the settings may be (see load.ts), before it is walked.
 */
export function resolveRefs(
  file: string,
  value: unknown,
  map: SourceMap,
  root: string,
  depthBeyond: (value: unknown) => JsonPath | undefined,
  MAX_DEPTH: number,
): ResolvedSettings {
  const mounts: Mount[] = [{ at: [], map, local: [], ownsKey: true, order: 0 }];
  const files = [file];
  const parsed = new Map<string, { value?: unknown; map: SourceMap; order: number }>([[file, { value, map, order: 0 }]]);
  const diagnostics: ResolvedSettings['diagnostics'] = [];
  let fatal = false;
  let followed = 0;
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/') || path.basename(f);
  const report = (where: Where, diagnostic: (w: Omit<Where, 'offset'>) => Diagnostic) => {
    const { offset, ...rest } = where;
    const d = diagnostic(rest);
    if (d.severity === 'error') fatal = true;
    diagnostics.push({ offset, diagnostic: d });
  };

  /** The parsed contents of a referenced file, read once however often it is named. */
  const load = (target: string, where: Where): { value?: unknown; map: SourceMap; order: number } | undefined => {
    const known = parsed.get(target);
    if (known) return known.value === undefined ? undefined : known;
    let source: string;
    try {
      source = readFileSync(target, 'utf8');
    } catch {
      report(where, (w) => diag('settings/ref-not-found', { ref: rel(target) }, w));
      return undefined;
    }
    const order = files.push(target) - 1;
    let result: ReturnType<typeof parseJson>;
    try {
      result = parseJson(target, source.replace(/^\uFEFF/, ''));
    } catch (error) {
      // The JSON parser recurses once per level: thousands of levels exhaust the stack.
      if (!(error instanceof RangeError)) throw error;
      fatal = true;
      diagnostics.push({ offset: order * 2 ** 40, diagnostic: diag('settings/too-deep', { limit: MAX_DEPTH }, { file: target }) });
      return undefined;
    }
    for (const d of result.diagnostics) {
      if (d.severity === 'error') fatal = true;
      diagnostics.push({ offset: order * 2 ** 40 + (d.line ?? 0) * 100_000 + (d.column ?? 0), diagnostic: d });
    }
    const deep = result.value === undefined ? undefined : depthBeyond(result.value);
    if (deep) report({ ...result.map.at(deep), offset: order * 2 ** 40 }, (w) => diag('settings/too-deep', { limit: MAX_DEPTH }, w));
    const entry = { value: deep ? undefined : result.value, map: result.map, order };
    parsed.set(target, entry);
    return entry.value === undefined ? undefined : entry;
  };

  /** `value` at `local` in `in_` (a file's own path), which lands at `merged` in the result. */
  const walk = (v: unknown, in_: { file: string; map: SourceMap; order: number }, local: JsonPath, merged: JsonPath, chain: string[]): unknown => {
    if (Array.isArray(v)) return v.map((x, i) => walk(x, in_, [...local, i], [...merged, i], chain));
    if (!isObject(v)) return v;
    if (!('$ref' in v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) setOwn(out, k, walk(x, in_, [...local, k], [...merged, k], chain));
      return out;
    }
    const ref = v.$ref;
    const at = { ...in_.map.at([...local, '$ref']), jsonPath: formatPath([...merged, '$ref']) };
    const { $ref: _, ...siblings } = v;
    if (typeof ref !== 'string' || ref.trim() === '') {
      report(at, (w) => diag('settings/invalid', { path: formatPath([...merged, '$ref']), expected: 'a relative path to a JSON file', received: typeof ref === 'string' ? 'an empty string' : Array.isArray(ref) ? 'an array' : ref === null ? 'null' : `a ${typeof ref}` }, w));
      return undefined;
    }
    if (++followed > MAX_REFS) {
      if (followed === MAX_REFS + 1) report(at, (w) => diag('settings/ref-too-many', { limit: MAX_REFS }, w));
      return undefined;
    }
    // Paths are relative to the file that holds the reference; a leading `/` is the docs folder.
    const target = ref.startsWith('/') ? path.resolve(root, `.${ref}`) : path.resolve(path.dirname(in_.file), ref);
    const inside = path.relative(root, target);
    if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
      report(at, (w) => diag('settings/ref-outside', { ref }, w));
      return undefined;
    }
    if (chain.includes(target)) {
      report(at, (w) => diag('settings/ref-cycle', { chain: [...chain, target].slice(chain.indexOf(target)).map(rel) }, w));
      return undefined;
    }
    const loaded = load(target, at);
    if (!loaded) return undefined;
    mounts.push({ at: merged, map: loaded.map, local: [], ownsKey: false, order: loaded.order });
    const resolved = walk(loaded.value, { file: target, map: loaded.map, order: loaded.order }, [], merged, [...chain, target]);
    const keys = Object.keys(siblings);
    if (keys.length === 0) return resolved;
    if (!isObject(resolved)) {
      report({ ...in_.map.at([...local, keys[0]!], { key: true }), jsonPath: formatPath([...merged, keys[0]!]) }, (w) => diag('settings/ref-siblings-ignored', { ref, keys }, w));
      return resolved;
    }
    const out: Record<string, unknown> = { ...resolved };
    for (const k of keys) {
      mounts.push({ at: [...merged, k], map: in_.map, local: [...local, k], ownsKey: true, order: in_.order });
      setOwn(out, k, walk(siblings[k], in_, [...local, k], [...merged, k], chain));
    }
    return out;
  };

  const merged = walk(value, { file, map, order: 0 }, [], [], [file]);
  const composite = files.length === 1 ? map : new CompositeMap(mounts);
  return { value: fatal ? undefined : merged, map: composite, files, diagnostics };
}
