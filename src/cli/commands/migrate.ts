import path from 'node:path';
import { migrate } from '../../node/migrate/migrate.js';
import { paint, printDiagnostics } from '../report.js';

/** `kiln migrate [dir] [--force]`: docs.json from the classic mint.json, which is kept. */
export default async function run(dir: string, values: Record<string, unknown>): Promise<number> {
  const root = path.resolve(dir);
  const result = await migrate({ root, force: Boolean(values.force) });
  printDiagnostics(result.diagnostics, root);
  if (!result.written) return 1;
  const left = result.notCarried ? `; ${result.notCarried} setting${result.notCarried === 1 ? ' was' : 's were'} not carried over (above)` : '';
  process.stderr.write(`${paint('green', '✓')} Wrote ${path.relative(process.cwd(), result.written) || 'docs.json'} from mint.json${left}.\n`);
  process.stderr.write('  mint.json is kept as it was; Kiln reads docs.json first. Remove mint.json once the site looks right.\n');
  return 0;
}
