import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { BuildSummary } from './build.js';
import { unknownIconName } from '../icons/diagnostics.js';

/** One diagnostic as the report writes it: paths relative to the project, positions explicit. */
export interface ReportFinding {
  file: string | null;
  line: number | null;
  column: number | null;
  code: string;
  message: string;
}

/** `kiln build --report <file>`: the summary the build prints, as JSON with stable field names. */
export interface BuildReport {
  root: string;
  outDir: string;
  ok: boolean;
  /** The exit code of `kiln build` (see `buildExitCode`). */
  exitCode: number;
  /** `unchanged`: of the pages written, those taken from the rebuild cache. */
  pages: { written: number; failed: number; unchanged: number };
  /** Each page left out, with the (first) error that stopped it: file:line:column and reason. */
  failed: { url: string; file: string | null; line: number | null; column: number | null; code: string | null; reason: string | null }[];
  errors: { total: number; byCode: Record<string, number> };
  warnings: { total: number; byCode: Record<string, number> };
  notes: { total: number; byCode: Record<string, number> };
  /** Icons shown as the default icon because no icon library has their name, each where it is written. */
  defaultIcons: { total: number; icons: (Omit<ReportFinding, 'code' | 'message'> & { name: string })[] };
  filesCopied: number;
  ms: number;
  diagnostics: (ReportFinding & { severity: Diagnostic['severity'] })[];
}

/**
 * `kiln build`'s exit code: 2 when the output folder was refused (nothing was done, as for any
 * command line Kiln cannot act on), 1 when the output was not replaced, any page failed or there
 * is any error (with `strict`, any warning too), else 0. 130 and 143 (Ctrl-C, SIGTERM) are the CLI's.
 */
export function buildExitCode(summary: BuildSummary, strict = false): number {
  if (summary.refused) return 2;
  const failing = (d: Diagnostic) => d.severity === 'error' || (strict && d.severity === 'warning');
  return !summary.ok || summary.pagesFailed > 0 || summary.diagnostics.some(failing) ? 1 : 0;
}

export function buildReport(summary: BuildSummary, root: string, outDir: string, strict = false): BuildReport {
  const rel = (file: string | undefined) => (file ? path.relative(root, file).split(path.sep).join('/') : null);
  const finding = (d: Diagnostic): ReportFinding => ({ file: rel(d.file), line: d.line ?? null, column: d.column ?? null, code: d.code, message: d.message });
  const tally = (severity: Diagnostic['severity']) => {
    const byCode: Record<string, number> = {};
    let total = 0;
    for (const d of summary.diagnostics) {
      if (d.severity !== severity) continue;
      byCode[d.code] = (byCode[d.code] ?? 0) + 1;
      total++;
    }
    // Codes in a fixed order so reports diff cleanly.
    return { total, byCode: Object.fromEntries(Object.entries(byCode).sort(([a], [b]) => a.localeCompare(b))) };
  };
  const failed = summary.failedPages
    .map((p) => {
      const error = p.errors[0];
      return { url: p.url, file: rel(error?.file ?? p.file), line: error?.line ?? null, column: error?.column ?? null, code: error?.code ?? null, reason: error?.message ?? null };
    })
    .sort((a, b) => a.url.localeCompare(b.url));
  return {
    root,
    outDir,
    ok: summary.ok,
    exitCode: buildExitCode(summary, strict),
    pages: { written: summary.pagesWritten, failed: summary.pagesFailed, unchanged: summary.pagesReused },
    failed,
    errors: tally('error'),
    warnings: tally('warning'),
    notes: tally('info'),
    defaultIcons: defaultIcons(summary.diagnostics, finding),
    filesCopied: summary.assetsCopied,
    ms: summary.ms,
    diagnostics: summary.diagnostics.map((d) => ({ ...finding(d), severity: d.severity })),
  };
}

/** The `icon/unknown` findings as a list of names and positions, each place once. */
function defaultIcons(diagnostics: readonly Diagnostic[], finding: (d: Diagnostic) => ReportFinding): BuildReport['defaultIcons'] {
  const icons = new Map<string, BuildReport['defaultIcons']['icons'][number]>();
  for (const d of diagnostics) {
    const name = unknownIconName(d);
    if (name === undefined) continue;
    const f = finding(d);
    icons.set(JSON.stringify([name, f.file, f.line, f.column]), { name, file: f.file, line: f.line, column: f.column });
  }
  return { total: icons.size, icons: [...icons.values()] };
}
