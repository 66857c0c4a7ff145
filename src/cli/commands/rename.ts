import path from 'node:path';
import { renamePage } from '../../node/rename/rename.js';
import { paint, printDiagnostics } from '../report.js';

/** `kiln rename <old> <new> [dir] [--dry-run]`. */
export default async function run(dir: string, values: Record<string, unknown>, args: string[]): Promise<number> {
  const root = path.resolve(dir);
  const dryRun = Boolean(values['dry-run']);
  const [from, to] = args as [string, string];
  const result = await renamePage({ root, from, to, dryRun });
  printDiagnostics(result.diagnostics, root);
  if (!result.moved) return 1;

  const out: string[] = [`${dryRun ? 'Would move' : 'Moving'} ${result.moved.from} to ${result.moved.to}${dryRun ? ' (dry run: nothing is written)' : ''}`];
  for (const c of result.changes) {
    const where = `${path.relative(root, c.file)}:${c.line}:${c.column}`;
    out.push(`  ${where}  ${c.jsonPath ? c.jsonPath + '  ' : ''}${c.before === undefined ? '+ ' + c.after : `${c.before} → ${c.after}`}`);
  }
  process.stdout.write(out.join('\n') + '\n');
  const files = new Set(result.changes.map((c) => c.file)).size;
  const summary = `${result.changes.length} change${result.changes.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
  process.stderr.write(dryRun ? `${summary} would be made; run again without --dry-run to make them.\n` : `${paint('green', '✓')} Moved ${result.moved.from} to ${result.moved.to}; ${summary}.\n`);
  return 0;
}
