import path from 'node:path';
import { initProject } from '../../node/init/init.js';
import { paint, printDiagnostics } from '../report.js';

/** `kiln init [dir]`: the starter docs folder, written only into an empty or new folder. */
export default async function run(dir: string): Promise<number> {
  const root = path.resolve(dir);
  const result = await initProject(root);
  if (!result.written) {
    printDiagnostics(result.diagnostics, process.cwd());
    return 1;
  }
  const shown = path.relative(process.cwd(), root) || '.';
  process.stderr.write(`${paint('green', '✓')} Wrote a starter docs folder in ${shown} (${result.written.length} files).\n`);
  process.stderr.write(`  Next: kiln dev ${shown} (npx kiln-docs dev ${shown} where Kiln is not installed), then edit docs.json and the pages.\n`);
  return 0;
}
