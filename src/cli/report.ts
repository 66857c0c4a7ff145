import { styleText } from 'node:util';
import { compareDiagnostics, type Diagnostic } from '../node/diagnostics/diagnostic.js';
import { formatDiagnostic } from '../node/diagnostics/format.js';

const color = process.stderr.isTTY && !process.env.NO_COLOR;
export const paint = (style: Parameters<typeof styleText>[0], text: string): string => (color ? styleText(style, text) : text);

/** Diagnostics to stderr, grouped by file, errors first. */
export function printDiagnostics(diagnostics: readonly Diagnostic[], root: string): void {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  // Errors first within a file; the rest of the order is the report's (see compareDiagnostics).
  const sorted = [...diagnostics].sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || rank[a.severity] - rank[b.severity] || compareDiagnostics(a, b));
  for (const d of sorted) {
    const text = formatDiagnostic(d, root);
    const style = d.severity === 'error' ? 'red' : d.severity === 'warning' ? 'yellow' : 'gray';
    const [first, ...more] = text.split('\n');
    process.stderr.write(paint(style, first!) + (more.length ? '\n' + more.join('\n') : '') + '\n');
  }
}

export function count(diagnostics: readonly Diagnostic[], severity: Diagnostic['severity']): number {
  return diagnostics.filter((d) => d.severity === severity).length;
}
