import path from 'node:path';
import { compareDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { location } from '../diagnostics/format.js';
import type { CheckResult } from './check.js';

/** Findings in file order, then by position. */
export function sortFindings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}

export function summarise(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number; infos: number } {
  const n = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  return { errors: n('error'), warnings: n('warning'), infos: n('info') };
}

/**
 * One line per finding, `file:line:col  severity  code  message`, a blank line between files, then
 * the summary. Errors carry their hint and code frame on the indented lines below theirs.
 */
export function formatText(result: CheckResult): string {
  const lines: string[] = [];
  let file: string | undefined;
  for (const d of sortFindings(result.diagnostics)) {
    if (file !== undefined && d.file !== file) lines.push('');
    file = d.file;
    const loc = location(d, result.root) || '(site)';
    lines.push(`${loc}  ${d.severity}  ${d.code}  ${d.message}`);
    if (d.severity === 'error') {
      if (d.hint) lines.push(`  ${d.hint}`);
      if (d.frame) lines.push(d.frame.replace(/^/gm, '    '));
    }
  }
  const s = summarise(result.diagnostics);
  if (lines.length) lines.push('');
  lines.push(`${result.pages} pages checked: ${s.errors} errors, ${s.warnings} warnings, ${s.infos} notes in ${(result.ms / 1000).toFixed(2)} s`);
  return lines.join('\n') + '\n';
}

/** `--format json`: stable field names for CI; paths relative to the checked folder. */
export function formatJson(result: CheckResult): string {
  const findings = sortFindings(result.diagnostics).map((d) => ({
    file: d.file ? path.relative(result.root, d.file).split(path.sep).join('/') : null,
    line: d.line ?? null,
    column: d.column ?? null,
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...(d.hint ? { hint: d.hint } : {}),
    ...(d.jsonPath ? { jsonPath: d.jsonPath } : {}),
  }));
  return JSON.stringify({ root: result.root, pages: result.pages, summary: summarise(result.diagnostics), findings }, null, 2) + '\n';
}

/** 1 on errors; with `strict`, on warnings too. */
export function exitCode(result: CheckResult, strict: boolean): number {
  const s = summarise(result.diagnostics);
  return s.errors > 0 || (strict && s.warnings > 0) ? 1 : 0;
}
