import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { hasErrors } from '../diagnostics/diagnostic.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Settings } from './types.js';
import { classicSchema, layoutOf, v2Schema, type ClassicInput, type V2Input } from './schema/index.js';
import { parseJson } from './json.js';
import type { JsonPath } from './locate.js';
import { expectedPhrase, issueDiagnostics } from './issues.js';
import { unknownKeyDiagnostics } from './unknown-keys.js';
import { acceptedRedirect, valueFindings } from './plausible.js';
import { settingsIconDiagnostics } from './icons.js';
import { normalizeClassic } from './normalize.js';
import { fromV2 } from './from-v2.js';
import { resolveRefs } from './refs.js';
import { LIMITS } from '../budgets.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';

// zod compiles a parser for each object schema (generated code) on its first parse. A process
// parses its settings once or a few times, and then the generated code costs more than it saves:
// on odigos' 36 KB docs.json, parseSettings took 135 ms of CPU compiled, 113 ms without (cold,
// median of 7); polar's 64 KB, 181 against 158 ms.
z.config({ jitless: true });

export interface SettingsResult {
  /** The normalised settings; null when there is any error. */
  settings: Settings | null;
  /** Every finding, errors and warnings, in file order. */
  diagnostics: Diagnostic[];
  /**
   * With `deferChecks`, when the settings are usable: the findings left out of `diagnostics`
   * (unknown keys, settings Kiln does not draw as written, icons), in file order. None is an error.
   */
  later?: () => Diagnostic[];
}

export interface SettingsOptions {
  /**
   * Leave the checks that can only warn for `later`: the dev server answers its first page before
   * running them (following the schema beside the value and looking up every icon took ~80 ms of
   * a 675-page site's start).
   */
  deferChecks?: boolean;
}

/** Settings file names, in the order they are looked for. */
export const SETTINGS_FILES = ['docs.json', 'mint.json'] as const;

/** Read and validate the settings of the docs folder `root`: docs.json, else mint.json. */
export async function loadSettings(root: string, options: SettingsOptions = {}): Promise<SettingsResult> {
  for (const name of SETTINGS_FILES) {
    const file = path.resolve(root, name);
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue;
      const reason = code === 'EISDIR' ? 'it is a folder' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (e as Error).message;
      return { settings: null, diagnostics: [diag('settings/unreadable', { file: name, reason }, { file })] };
    }
    return parseSettings(file, source, options);
  }
  return { settings: null, diagnostics: [diag('settings/not-found', { dir: path.resolve(root) })] };
}

/** Validate settings text already read from `file` (for callers that watch the file). */
export function parseSettings(file: string, source: string, options: SettingsOptions = {}): SettingsResult {
  let parsed: ReturnType<typeof parseJson>;
  try {
    parsed = parseJson(file, source.replace(/^\uFEFF/, ''));
  } catch (error) {
    // The JSON parser recurses once per level: thousands of levels exhaust the stack.
    if (error instanceof RangeError) return { settings: null, diagnostics: [diag('settings/too-deep', { limit: MAX_DEPTH }, whereTooDeep(file, source, MAX_DEPTH))] };
    throw error;
  }
  if (parsed.value === undefined) return { settings: null, diagnostics: parsed.diagnostics };
  // So does the validator: refuse what no real settings file has before it runs.
  const deep = pathBeyond(parsed.value, MAX_DEPTH);
  if (deep) {
    const { offset, ...where } = parsed.map.at(deep);
    return { settings: null, diagnostics: [...parsed.diagnostics, diag('settings/too-deep', { limit: MAX_DEPTH }, where)] };
  }

  // `$ref`s are replaced by the files they name before anything reads the settings.
  const refs = resolveRefs(file, parsed.value, parsed.map, path.dirname(file), (v) => pathBeyond(v, MAX_DEPTH), MAX_DEPTH);
  const early = [...parsed.diagnostics, ...refs.diagnostics.sort((a, b) => a.offset - b.offset).map((f) => f.diagnostic)];
  if (refs.value === undefined) return { settings: null, diagnostics: early };
  const value = refs.value;
  const map = refs.map;
  const deepMerged = refs.files.length > 1 ? pathBeyond(value, MAX_DEPTH) : undefined;
  if (deepMerged) {
    const { offset, ...where } = map.at(deepMerged);
    return { settings: null, diagnostics: [...early, diag('settings/too-deep', { limit: MAX_DEPTH }, where)] };
  }

  const layout = layoutOf(value);
  const schema: z.ZodType = layout === 'v2' ? v2Schema : classicSchema;
  const result = schema.safeParse(value, { error: expectedPhrase });
  const issues = result.success ? [] : issueDiagnostics(result.error.issues, value, map);
  // Unknown keys and values Kiln does not draw as written (warnings and notes, unknown-keys.ts),
  // and the icons the settings name (icons.ts): warnings and notes, never errors.
  const unknownKeys = () => unknownKeyDiagnostics(schema, value, map);
  const icons = () => settingsIconDiagnostics(value, map);
  const failed = !result.success || hasErrors([...early, ...issues.map((f) => f.diagnostic)]);
  const defer = options.deferChecks && !failed;
  // Values that would be unsafe or useless in a page (settings/plausible.ts); one the schema
  // already refused is not reported twice. A refused redirect is an error that leaves out only
  // that redirect, so it does not make the settings unusable.
  const refused = new Set(issues.map((f) => f.diagnostic.jsonPath));
  const values = valueFindings(value, map).filter((f) => !refused.has(f.diagnostic.jsonPath));
  const inFileOrderOf = (found: { offset: number; diagnostic: Diagnostic }[]) => found.sort((a, b) => a.offset - b.offset).map((f) => f.diagnostic);
  const diagnostics = [...early, ...inFileOrderOf(defer ? [...issues, ...values] : [...issues, ...unknownKeys(), ...values, ...icons()])];

  if (failed) return { settings: null, diagnostics };
  const settings =
    layout === 'v2' ? fromV2(result.data as V2Input, file) : normalizeClassic(result.data as ClassicInput, file);
  settings.sources = refs.files;
  // Not enumerable: it is a way to positions, not a setting (snapshots, equality and anything
  // that walks the settings as data leave it, and the files' text it holds, out).
  Object.defineProperty(settings, 'positions', { value: map, enumerable: false, writable: true, configurable: true });
  const raw = value as { footer?: { socials?: unknown }; footerSocials?: unknown };
  settings.footerSocials = inFileOrder(settings.footerSocials, layout === 'v2' ? [raw.footer?.socials] : [raw.footerSocials, raw.footer?.socials]);
  if (settings.redirects) settings.redirects = settings.redirects.filter((r) => acceptedRedirect(r));
  // The name is shown in every page's title and top bar and on the social card: a huge one is cut.
  if (settings.name.length > LIMITS.displayedChars) {
    const { offset, ...where } = map.at(['name']);
    diagnostics.push(diag('settings/value-too-long', { path: 'name', length: settings.name.length.toLocaleString('en-US'), shown: LIMITS.displayedChars }, where));
    settings.name = `${settings.name.slice(0, LIMITS.displayedChars)}…`;
  }
  return defer ? { settings, diagnostics, later: () => inFileOrderOf([...unknownKeys(), ...icons()]) } : { settings, diagnostics };
}

/**
 * Where a file too deep for the JSON parser first goes deeper than `limit` levels: a scan of its
 * brackets outside strings. The file alone when the scan finds no such place.
 */
function whereTooDeep(file: string, source: string, limit: number): { file: string; line?: number; column?: number; frame?: string } {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > limit) {
        const { line, column } = offsetToLineColumn(source, i);
        return { file, line, column, frame: codeFrame(source, line, column) };
      }
    } else if (c === ']' || c === '}') depth--;
  }
  return { file };
}

/** Levels of nesting a settings file may have: far more than any real navigation needs. */
const MAX_DEPTH = 64;

/** The path of the first value nested deeper than `limit` levels (walked without recursion). */
function pathBeyond(root: unknown, limit: number): JsonPath | undefined {
  const stack: { value: unknown; path: JsonPath }[] = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (path.length > limit) return path;
    if (value && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return undefined;
}

/**
 * zod returns object keys in schema order; social links are shown in the order the file lists them
 * (mint.json's `footerSocials`, then its `footer.socials`).
 */
function inFileOrder<T extends { type: string }>(items: T[], raws: unknown[]): T[] {
  const order = raws.flatMap((raw) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : []));
  if (order.length === 0) return items;
  const rank = (t: string) => (order.includes(t) ? order.indexOf(t) : order.length);
  return [...items].sort((a, b) => rank(a.type) - rank(b.type));
}
