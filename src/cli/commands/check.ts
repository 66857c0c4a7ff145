import path from 'node:path';
import { checkSite } from '../../node/check/check.js';
import { exitCode, formatJson, formatText } from '../../node/check/report.js';
import { diag } from '../../node/diagnostics/catalogue.js';
import { printDiagnostics } from '../report.js';

export default async function run(dir: string, values: Record<string, unknown>): Promise<number> {
  const format = (values.format as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') {
    printDiagnostics([diag('cli/invalid-flag', { flag: '--format', reason: `expected "text" or "json", found "${format}"` })], process.cwd());
    return 2;
  }
  const root = path.resolve(dir);
  if (format === 'text') process.stderr.write(`Checking ${root}\n`);
  const result = await checkSite({ root, external: Boolean(values.external) });
  process.stdout.write(format === 'json' ? formatJson(result) : formatText(result));
  return exitCode(result, Boolean(values.strict));
}
