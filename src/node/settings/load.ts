import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { hasErrors } from '../diagnostics/diagnostic.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Settings } from './types.js';
import { classicSchema, layoutOf, v2Schema, type ClassicInput, type V2Input } from './schema/index.js';
import { parseJson } from './json.js';
import { expectedPhrase, issueDiagnostics } from './issues.js';
import { unknownKeyDiagnostics } from './unknown-keys.js';
import { normalizeClassic } from './normalize.js';
import { fromV2 } from './from-v2.js';

export interface SettingsResult {
  /** The normalised settings; null when there is any error. */
  settings: Settings | null;
  /** Every finding, errors and warnings, in file order. */
  diagnostics: Diagnostic[];
}

/** Settings file names, in the order they are looked for. */
export const SETTINGS_FILES = ['docs.json', 'mint.json'] as const;

/** Read and validate the settings of the docs folder `root`: docs.json, else mint.json. */
export async function loadSettings(root: string): Promise<SettingsResult> {
  for (const name of SETTINGS_FILES) {
    const file = path.resolve(root, name);
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    return parseSettings(file, source);
  }
  return { settings: null, diagnostics: [diag('settings/not-found', { dir: path.resolve(root) })] };
}

/** Validate settings text already read from `file` (for callers that watch the file). */
export function parseSettings(file: string, source: string): SettingsResult {
  const parsed = parseJson(file, source.replace(/^\uFEFF/, ''));
  if (parsed.value === undefined) return { settings: null, diagnostics: parsed.diagnostics };

  const layout = layoutOf(parsed.value);
  const schema: z.ZodType = layout === 'v2' ? v2Schema : classicSchema;
  const result = schema.safeParse(parsed.value, { error: expectedPhrase });
  const found = [
    ...(result.success ? [] : issueDiagnostics(result.error.issues, parsed.value, parsed.map)),
    ...unknownKeyDiagnostics(schema, parsed.value, parsed.map),
  ].sort((a, b) => a.offset - b.offset);
  const diagnostics = [...parsed.diagnostics, ...found.map((f) => f.diagnostic)];

  if (!result.success || hasErrors(diagnostics)) return { settings: null, diagnostics };
  const settings =
    layout === 'v2' ? fromV2(result.data as V2Input, file) : normalizeClassic(result.data as ClassicInput, file);
  settings.footerSocials = inFileOrder(settings.footerSocials, layout === 'v2' ? (parsed.value as { footer?: { socials?: unknown } }).footer?.socials : (parsed.value as { footerSocials?: unknown }).footerSocials);
  return { settings, diagnostics };
}

/** zod returns object keys in schema order; social links are shown in the order the file lists them. */
function inFileOrder<T extends { type: string }>(items: T[], raw: unknown): T[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return items;
  const order = Object.keys(raw);
  return [...items].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}
