import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { parseJson } from '../settings/json.js';
import { parseSettings } from '../settings/load.js';
import { formatPath } from '../settings/locate.js';
import { layoutOf } from '../settings/schema/index.js';
import { classicToDocsJson } from './convert.js';

export interface MigrateOptions {
  /** The docs folder holding mint.json. */
  root: string;
  /** Replace an existing docs.json. */
  force?: boolean;
}

export interface MigrateResult {
  /** docs.json, when it was written. */
  written?: string;
  /** Settings that have no place in docs.json (warnings), or why nothing was written (errors). */
  diagnostics: Diagnostic[];
  /** How many settings were not carried over. */
  notCarried: number;
}

/**
 * `kiln migrate`: writes docs.json beside mint.json, which stays as it was (Kiln reads docs.json
 * first, so the folder then builds from the new file). The classic file must be valid: a
 * conversion of settings Kiln cannot read would carry their mistakes into a file that hides them.
 */
export async function migrate(options: MigrateOptions): Promise<MigrateResult> {
  const root = path.resolve(options.root);
  const mintFile = path.join(root, 'mint.json');
  const docsFile = path.join(root, 'docs.json');
  const fail = (diagnostics: Diagnostic[]): MigrateResult => ({ diagnostics, notCarried: 0 });

  let source: string;
  try {
    source = (await fs.readFile(mintFile, 'utf8')).replace(/^\uFEFF/, '');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR') return fail([diag('migrate/no-mint-json', { dir: root })]);
    throw e;
  }
  if (existsSync(docsFile) && !options.force) return fail([diag('migrate/docs-json-exists', { file: docsFile })]);

  const parsed = parseJson(mintFile, source);
  if (parsed.value !== undefined && layoutOf(parsed.value) === 'v2') return fail([diag('migrate/already-docs-json', {}, { file: mintFile })]);
  const checked = parseSettings(mintFile, source);
  if (!checked.settings || parsed.value === undefined) {
    return fail([...checked.diagnostics.filter((d) => d.severity === 'error'), diag('migrate/invalid-settings', {}, { file: mintFile })]);
  }

  const { docs, notCarried } = classicToDocsJson(parsed.value as Record<string, unknown>);
  const diagnostics = notCarried.map(({ path: at, reason }) => {
    const { offset, ...where } = parsed.map.at(at, { key: true });
    return diag('migrate/not-carried', { path: formatPath(at), reason }, where);
  });
  await fs.writeFile(docsFile, JSON.stringify(docs, null, 2) + '\n');
  return { written: docsFile, diagnostics, notCarried: notCarried.length };
}
