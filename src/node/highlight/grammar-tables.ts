import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EmulatedRegExp } from 'oniguruma-to-es';
import { bundledLanguages, type LanguageRegistration } from 'shiki';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { PACKAGE_ROOT } from '../package-root.js';
import { regenerated, ruleReads, unionReads, withoutUnreadGroups, type Reads } from './capture-groups.js';
import { FENCED_MARKDOWN, fencedMarkdown } from './markdown-fences.js';

/**
 * Grammars' regular expressions converted at package build time (scripts/precompile-grammars.mjs).
 * Shiki's JavaScript engine converts each Oniguruma pattern with oniguruma-to-es the first time a
 * scanner needs it: ~0.4 ms a pattern, ~300 ms of TypeScript's first block, paid again by every
 * thread and every dev server. The tables hold what that conversion returns, per grammar, and the engine
 * builds the RegExp from them instead; a pattern not in them (an end pattern made from a begin
 * pattern's captures, a table missing or made by other versions) is converted as before.
 */

/** Where `npm run build:pkg` writes the tables. */
export const GRAMMAR_TABLES = path.join(PACKAGE_ROOT, 'lib/grammars');

/** The engine's own conversion: `createJavaScriptRegexEngine`'s default regexConstructor. */
const convert = (pattern: string): RegExp => defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });

/** oniguruma-to-es's RegExp subclass, made from a table entry's source, flags and options (its options type is not exported). */
const Emulated = EmulatedRegExp as unknown as new (source: string, flags: string, options: object) => RegExp;

/** A converted pattern: source and flags, and the EmulatedRegExp options when it needs them; or the error. */
type Entry = [source: string, flags: string, options?: object] | string;

interface Manifest {
  /** `conversionKey()` of the tables' build: they are used only where it is the same. */
  conversion: string;
  /** What made the tables (versions, code): the script does not make them again while it is the same. */
  build: string;
  /** Each language id or alias Shiki bundles → the grammars loading it registers. */
  langs: Record<string, string[]>;
}

interface PackageInfo {
  dir: string;
  version: string;
}

/** The package `name` as Node finds it from `from` (node_modules folders upwards). */
export function findPackage(name: string, from: string): PackageInfo | undefined {
  for (let dir = from; ; ) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return { dir: path.dirname(manifest), version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version };
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * In Kiln's bundle (scripts/bundle-node.mjs), the versions of the packages bundled into it, as JSON:
 * those that convert patterns are the bundle's, whatever node_modules holds.
 */
declare const KILN_BUNDLED_VERSIONS: string | undefined;

/** Versions of the packages the grammars and their conversion come from, as this Kiln resolves them. */
export function packageVersions(): Record<string, string> {
  const out: Record<string, string> = {};
  const at = (name: string, from: string | undefined) => {
    const p = from === undefined ? undefined : findPackage(name, from);
    out[name] = p?.version ?? 'missing';
    return p?.dir;
  };
  const shiki = at('shiki', PACKAGE_ROOT);
  at('@shikijs/langs', shiki);
  const onig = at('oniguruma-to-es', at('@shikijs/engine-javascript', shiki));
  for (const dep of ['oniguruma-parser', 'regex', 'regex-recursion']) at(dep, onig);
  return typeof KILN_BUNDLED_VERSIONS === 'undefined' ? out : { ...out, ...(JSON.parse(KILN_BUNDLED_VERSIONS) as Record<string, string>) };
}

/**
 * What a conversion's result depends on besides the pattern: the converting packages' versions and
 * the RegExp features oniguruma-to-es detects in this JavaScript engine (its `target: 'auto'` and
 * work-arounds come from these very probes).
 */
export function conversionKey(): string {
  const accepts = (source: string, flags = '') => {
    try {
      new RegExp(source, flags);
      return true;
    } catch {
      return false;
    }
  };
  const unicodeSets = accepts('[[]]', 'v');
  const { '@shikijs/langs': _grammars, shiki: _shiki, ...versions } = packageVersions();
  return JSON.stringify({
    versions,
    flagGroups: accepts('(?i:)'),
    unicodeSets,
    literalHyphenIsRange: unicodeSets && !accepts('[\\d\\-a]', 'v'),
    nestedClassIgnoresNegation: unicodeSets && new RegExp('[[^a]]', 'v').test('a'),
  });
}

export interface GrammarTables {
  /**
   * Reads the tables of the grammars loading `lang` registers (only those named in `grammars`, when
   * given); call before the language's first use.
   */
  prepare(lang: string, grammars?: readonly string[]): void;
  /** The engine's `regexConstructor`. */
  regex(pattern: string): RegExp;
  /** Patterns built from the tables, and converted. */
  readonly stats: { precompiled: number; converted: number };
}

/** The tables in `dir`, read per language as `prepare` asks; `false`: none, every pattern converted. */
export function openGrammarTables(dir: string | false = GRAMMAR_TABLES): GrammarTables {
  const stats = { precompiled: 0, converted: 0 };
  let manifest: Manifest | null | undefined = dir ? undefined : null;
  const entries = new Map<string, Entry>();
  const read = new Set<string>();

  return {
    stats,
    prepare(lang, grammars) {
      if (manifest === undefined) {
        manifest = readJson<Manifest>(path.join(dir as string, 'index.json')) ?? null;
        const key = manifest && conversionKey();
        // KILN_DEBUG says why patterns are converted at run time (the package test asserts they are not).
        if (process.env.KILN_DEBUG && manifest?.conversion !== key) console.error(`kiln: grammar tables in ${dir} ${manifest ? `are for another conversion (${manifest.conversion}, not ${key})` : 'are missing'}; patterns are converted as first used`);
        if (manifest && manifest.conversion !== key) manifest = null;
      }
      for (const name of manifest?.langs[lang] ?? []) {
        if (read.has(name) || (grammars && !grammars.includes(name))) continue;
        read.add(name);
        const table = readJson<Record<string, Entry>>(path.join(dir as string, `${name}.json`));
        if (table) for (const [pattern, entry] of Object.entries(table)) entries.set(pattern, entry);
      }
    },
    regex(pattern) {
      const entry = entries.get(pattern);
      if (entry !== undefined) {
        // Forgiving, the engine skips a pattern that failed to convert whatever the error says.
        if (typeof entry === 'string') {
          stats.precompiled++;
          throw new Error(entry);
        }
        const [source, flags, options] = entry;
        if (!options) {
          stats.precompiled++;
          return new RegExp(source, flags);
        }
        // oniguruma-to-es's RegExp subclass (hidden captures, search strategies, lazy compilation),
        // the engine's own copy of the package (grammar-tables.test.ts checks they are one).
        stats.precompiled++;
        return new Emulated(source, flags, options);
      }
      stats.converted++;
      return convert(pattern);
    },
  };
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

// --- Making the tables (at package build time) ---

interface Grammar {
  name: string;
  [key: string]: unknown;
}

/** The TextMate `\z` as vscode-textmate rewrites it before a pattern reaches the engine. */
const END_OF_STRING = '$(?!\\n)(?<!\\n)';

/**
 * Every pattern string vscode-textmate can give the engine for `grammar`, as its RegExpSource does:
 * `\z` rewritten; a pattern with `\A` or `\G` given in its four forms, each anchor kept or replaced
 * by \uFFFF; an end or while pattern with back-references left out, as it is only ever given with
 * the begin match's text put in.
 */
export function grammarPatterns(grammar: Grammar): Set<string> {
  return new Set(patternReads(grammar).keys());
}

/** `grammarPatterns`, each with the capture groups its rules read (capture-groups.ts). */
export function patternReads(grammar: Grammar): Map<string, Reads> {
  const out = new Map<string, Reads>();
  const add = (raw: string, reads: Reads | undefined, endLike = false) => {
    let source = '';
    let last = 0;
    let hasAnchor = false;
    for (let pos = 0; pos < raw.length; pos++) {
      if (raw[pos] !== '\\' || pos + 1 >= raw.length) continue;
      const next = raw[pos + 1];
      if (next === 'z') {
        source += raw.slice(last, pos) + END_OF_STRING;
        last = pos + 2;
      } else if (next === 'A' || next === 'G') hasAnchor = true;
      pos++;
    }
    source += raw.slice(last);
    if (endLike && /\\(\d+)/.test(source)) return;
    const put = (key: string) => out.set(key, unionReads(out.get(key), reads ?? null));
    if (!hasAnchor) return put(source);
    for (const [allowA, allowG] of [[false, false], [false, true], [true, false], [true, true]]) {
      let variant = '';
      for (let pos = 0; pos < source.length; pos++) {
        variant += source[pos];
        if (source[pos] !== '\\' || pos + 1 >= source.length) continue;
        const next = source[++pos]!;
        variant += (next === 'A' && !allowA) || (next === 'G' && !allowG) ? '\uFFFF' : next;
      }
      put(variant);
    }
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const rule = node as Record<string, unknown>;
    const reads = ruleReads(rule);
    // The same tests as vscode-textmate's RuleFactory.
    if (rule.match && typeof rule.match === 'string') add(rule.match, reads.match);
    else if (typeof rule.begin === 'string') {
      add(rule.begin, reads.begin);
      if (rule.while && typeof rule.while === 'string') add(rule.while, reads.end, true);
      else add(rule.end && typeof rule.end === 'string' ? rule.end : '\uFFFF', reads.end, true);
    }
    for (const value of Object.values(rule)) if (value && typeof value === 'object') walk(value);
  };
  walk(grammar);
  return out;
}

/** A conversion as a table entry, or undefined where the entry could differ from converting at run time. */
function converted(pattern: string): Entry | undefined {
  let re: RegExp & { rawOptions?: object };
  try {
    re = convert(pattern);
  } catch (e) {
    // RegExp's own syntax errors depend on the JavaScript engine, which may not be the one the
    // tables serve; oniguruma-to-es's errors depend only on what conversionKey() covers.
    if (e instanceof SyntaxError && e.message.startsWith('Invalid regular expression')) return undefined;
    return String((e as Error).message ?? e);
  }
  // EmulatedRegExp's source is its pattern as given; RegExp's is escaped so as to mean the same.
  return re.rawOptions ? [re.source, re.flags, re.rawOptions] : [re.source, re.flags];
}

/**
 * `pattern`'s table entry: its conversion, without the capture groups no rule reads where it has
 * such groups (capture-groups.ts). That is only done where the pattern, parsed and generated again
 * unchanged, converts to the very same entry: what the parser and generator keep of it, they keep
 * exactly.
 */
function entryOf(pattern: string, reads: Reads): Entry | undefined {
  const entry = converted(pattern);
  if (reads === null || typeof entry !== 'object') return entry;
  const lean = withoutUnreadGroups(pattern, reads);
  if (lean === undefined) return entry;
  const again = regenerated(pattern);
  if (again === undefined || JSON.stringify(converted(again)) !== JSON.stringify(entry)) return entry;
  const leaner = converted(lean);
  return typeof leaner === 'object' ? leaner : entry;
}

export interface TableSummary {
  grammars: number;
  patterns: number;
  failures: number;
  bytes: number;
}

/**
 * Writes the tables of the grammars the given languages load (all Shiki bundles by default) to
 * `dir`, replacing what was there; the index last, so a table set is used only once complete.
 */
export async function writeGrammarTables(dir: string, options: { langs?: string[]; build?: string } = {}): Promise<TableSummary> {
  const wanted = options.langs ? new Set(options.langs) : undefined;
  const langs: Record<string, string[]> = {};
  const grammars = new Map<string, Grammar>();
  // What every grammar's rules read of each pattern, all grammars' alike: a table entry serves
  // every grammar with that pattern (the tables' entries are one map), whichever tables are made.
  const reads = new Map<string, Reads>();
  const seen = new Set<string>();
  for (const [id, load] of Object.entries(bundledLanguages)) {
    const loaded = (await load()).default as unknown as Grammar[];
    for (const g of loaded) {
      if (seen.has(g.name)) continue;
      seen.add(g.name);
      for (const [pattern, r] of patternReads(g)) reads.set(pattern, unionReads(reads.get(pattern), r));
    }
    if (wanted && !wanted.has(id)) continue;
    langs[id] = [...new Set(loaded.map((g) => g.name))];
    for (const g of loaded) if (!grammars.has(g.name)) grammars.set(g.name, g);
  }
  // The copy of Markdown's grammar that Markdown blocks are read with (markdown-fences.ts): its
  // table holds the patterns it has and Markdown's grammar has not (its merged fence rules).
  const markdown = ((await bundledLanguages.markdown()).default as unknown as Grammar[]).find((g) => g.name === 'markdown');
  const inherited = new Map<string, Set<string>>();
  if (markdown) {
    const copy = fencedMarkdown(markdown as unknown as LanguageRegistration).grammars.find((g) => g.name === FENCED_MARKDOWN) as unknown as Grammar;
    for (const [pattern, r] of patternReads(copy)) reads.set(pattern, unionReads(reads.get(pattern), r));
    if (langs.markdown) {
      langs.markdown.push(FENCED_MARKDOWN);
      grammars.set(FENCED_MARKDOWN, copy);
      inherited.set(FENCED_MARKDOWN, grammarPatterns(markdown));
    }
  }
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const summary: TableSummary = { grammars: grammars.size, patterns: 0, failures: 0, bytes: 0 };
  for (const [name, grammar] of grammars) {
    if (!/^[\w.+-]+$/.test(name)) throw new Error(`Grammar name unfit for a file name: ${name}`);
    const table: Record<string, Entry> = {};
    for (const pattern of grammarPatterns(grammar)) {
      if (inherited.get(name)?.has(pattern)) continue;
      const entry = entryOf(pattern, reads.get(pattern) ?? null);
      if (entry === undefined) continue;
      table[pattern] = entry;
      summary.patterns++;
      if (typeof entry === 'string') summary.failures++;
    }
    const json = JSON.stringify(table);
    summary.bytes += Buffer.byteLength(json);
    writeFileSync(path.join(tmp, `${name}.json`), json);
  }
  const manifest: Manifest = { conversion: conversionKey(), build: options.build ?? '', langs };
  writeFileSync(path.join(tmp, 'index.json'), JSON.stringify(manifest));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return summary;
}

/** The `build` key of the tables in `dir`, if any. */
export function tablesBuild(dir: string): string | undefined {
  return readJson<Manifest>(path.join(dir, 'index.json'))?.build;
}
