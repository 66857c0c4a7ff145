import { codeFrameColumns } from '@babel/code-frame';

/** Characters of a line a frame shows; longer lines (minified JSON) are cut around the column. */
const FRAME_WIDTH = 160;

/** A code frame of `source` around line:column (1-based), without colours. */
export function codeFrame(source: string, line: number, column?: number): string {
  const col = column ?? 1;
  const lines = source.split('\n', line + 2);
  if (lines.slice(Math.max(0, line - 3)).every((l) => l.length <= FRAME_WIDTH)) {
    return codeFrameColumns(source, { start: { line, column: col } }, { highlightCode: false, linesAbove: 2, linesBelow: 2 });
  }
  // Only the lines shown, each cut to the same window of columns, so a one-line file of a
  // megabyte gives a frame of a few lines rather than the whole file.
  const first = Math.max(1, line - 2);
  const start = Math.max(0, col - 1 - FRAME_WIDTH / 2);
  const cut = (l: string) => (l.length > start && start > 0 ? '…' : '') + l.slice(start, start + FRAME_WIDTH) + (l.length > start + FRAME_WIDTH ? '…' : '');
  // Empty lines before the ones shown keep the file's line numbers.
  const shown = '\n'.repeat(first - 1) + lines.slice(first - 1).map(cut).join('\n');
  return codeFrameColumns(shown, { start: { line, column: col - start + (start > 0 ? 1 : 0) } }, { highlightCode: false, linesAbove: 2, linesBelow: 2 });
}

/** 1-based line and column of a character offset. */
export function offsetToLineColumn(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
