import path from 'node:path';
import { checkSite, type CheckResult } from '../../node/check/check.js';
import { exitCode, formatJson, formatText } from '../../node/check/report.js';
import { diag } from '../../node/diagnostics/catalogue.js';
import { KilnError } from '../../node/diagnostics/diagnostic.js';
import { printDiagnostics } from '../report.js';
import { budgetOptions } from '../serve-options.js';

export default async function run(dir: string, values: Record<string, unknown>): Promise<number> {
  const format = (values.format as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') {
    printDiagnostics([diag('cli/invalid-flag', { flag: '--format', reason: `expected "text" or "json", found "${format}"` })], process.cwd());
    return 2;
  }
  const root = path.resolve(dir);
  if (format === 'text') process.stderr.write(`Checking ${root}\n`);
  const started = performance.now();
  let result: CheckResult;
  try {
    result = await checkSite({ root, external: Boolean(values.external), budgets: budgetOptions(values) });
  } catch (error) {
    // A program reading `--format json` gets JSON whatever happened (the CLI prints text otherwise).
    if (format === 'text') throw error;
    if (process.env.KILN_DEBUG) console.error(error);
    const diagnostics = error instanceof KilnError ? error.diagnostics : [diag('internal/unexpected', { reason: (error as Error).message ?? String(error) })];
    process.stdout.write(formatJson({ root, diagnostics, pages: 0, ms: performance.now() - started }));
    return error instanceof KilnError ? 2 : 1;
  }
  process.stdout.write(format === 'json' ? formatJson(result) : formatText(result));
  return exitCode(result, Boolean(values.strict));
}
