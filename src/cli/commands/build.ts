import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { build } from '../../node/build/build.js';
import { buildExitCode, buildReport } from '../../node/build/report.js';
import { diag } from '../../node/diagnostics/catalogue.js';
import { normaliseSiteUrl } from '../../shared/urls.js';
import { count, paint, printDiagnostics } from '../report.js';
import { baseOption, budgetOptions } from '../serve-options.js';

export default async function run(dir: string, values: Record<string, unknown>): Promise<number> {
  const root = path.resolve(dir);
  const outDir = path.resolve(root, (values.out as string | undefined) ?? 'dist');
  const tty = process.stderr.isTTY;
  const siteFlag = values.site as string | undefined;
  const site = siteFlag === undefined ? undefined : normaliseSiteUrl(siteFlag);
  if (siteFlag !== undefined && !site) {
    printDiagnostics([diag('cli/invalid-site-url', { value: siteFlag })], process.cwd());
    return 2;
  }
  const workersFlag = values.workers as string | undefined;
  const workers = workersFlag === undefined ? undefined : Number(workersFlag);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 0 && workers <= 64)) {
    printDiagnostics([diag('cli/invalid-workers', { value: workersFlag! })], process.cwd());
    return 2;
  }
  const strict = Boolean(values.strict);
  const budgets = budgetOptions(values);
  process.stderr.write(`Building ${root}\n`);
  const result = await build({
    root,
    outDir,
    strict,
    site,
    base: baseOption(values),
    workers,
    cache: !values['no-cache'],
    budgets,
    onProgress: tty ? (done, total) => process.stderr.write(`\r  ${done}/${total} pages`) : undefined,
  });
  if (tty) process.stderr.write('\r\x1b[K');
  printDiagnostics(result.diagnostics, root);
  if (result.refused) return buildExitCode(result);
  const errors = count(result.diagnostics, 'error');
  const warnings = count(result.diagnostics, 'warning');
  // The reuse count goes last: scripts and CI logs read the counts before it.
  const reused = result.pagesReused ? ` (${result.pagesReused} pages unchanged since the last build)` : '';
  const line = `${result.pagesWritten} pages written, ${result.pagesFailed} failed, ${result.assetsCopied} files copied; ${errors} errors, ${warnings} warnings in ${(result.ms / 1000).toFixed(2)} s${reused}`;
  const reportFlag = values.report as string | undefined;
  if (reportFlag !== undefined) {
    // Relative to where kiln runs, like any output path a shell user types.
    const file = path.resolve(reportFlag);
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, JSON.stringify(buildReport(result, root, outDir, strict), null, 2) + '\n');
    } catch (error) {
      printDiagnostics([diag('build/report-failed', { file: reportFlag, reason: (error as Error).message })], process.cwd());
      return 1;
    }
  }
  const code = buildExitCode(result, strict);
  const where = path.relative(process.cwd(), outDir) || '.';
  if (result.ok) {
    const mark = code === 0 ? paint('green', `✓ ${line}`) : paint('red', `✗ ${line}`);
    const left = result.pagesFailed ? ' (without the pages that failed)' : '';
    process.stderr.write(`${mark}\n  → ${where}${left}\n`);
  } else {
    // The output folder as this build leaves it: a swap that failed half-way says where both are.
    const state = result.output === 'displaced' ? '' : existsSync(outDir) ? `  The previous output in ${where} was left as it was.\n` : `  Nothing was written to ${where}.\n`;
    process.stderr.write(paint('red', `✗ Build failed: ${line}`) + '\n' + state);
  }
  return code;
}
