import path from 'node:path';
import type { Diagnostic } from './diagnostic.js';

/** `file:line:col` relative to `root` (or the JSON path when no line is known). */
export function location(d: Diagnostic, root: string): string {
  if (!d.file) return '';
  let loc = path.relative(root, d.file) || path.basename(d.file);
  if (d.line) loc += `:${d.line}` + (d.column ? `:${d.column}` : '');
  return loc;
}

/** Human-readable multi-line rendering for terminals. */
export function formatDiagnostic(d: Diagnostic, root: string): string {
  const loc = location(d, root);
  const head = `${loc ? loc + '  ' : ''}${d.severity}  ${d.code}  ${d.message}`;
  const lines = [head];
  if (d.jsonPath && !d.message.includes(d.jsonPath)) lines.push(`  at ${d.jsonPath}`);
  if (d.hint) lines.push(`  ${d.hint}`);
  if (d.frame) lines.push(d.frame.replace(/^/gm, '  '));
  return lines.join('\n');
}
