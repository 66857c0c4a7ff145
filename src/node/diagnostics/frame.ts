import { codeFrameColumns } from '@babel/code-frame';

/** Characters of a line a frame shows; longer lines (minified JSON) are cut around the column. */
const FRAME_WIDTH = 160;

/**
 * Offsets where each line of the last source asked about starts. Findings come many to a file
 * (10,000 navigation entries with no page): scanning the file from its start for each, and giving
 * the whole file to the frame printer, made reporting them quadratic (minutes).
 */
let lastSource: string | undefined;
let lastStarts: number[] = [];
function lineStarts(source: string): number[] {
  if (source !== lastSource) {
    const starts = [0];
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
    lastSource = source;
    lastStarts = starts;
  }
  return lastStarts;
}

/** A code frame of `source` around line:column (1-based), without colours. */
export function codeFrame(source: string, line: number, column?: number): string {
  const col = column ?? 1;
  const starts = lineStarts(source);
  const first = Math.max(1, line - 2);
  const last = Math.min(starts.length, line + 2);
  // Only the lines shown, numbered from the first of them.
  const lines = source.slice(starts[first - 1], last < starts.length ? starts[last]! - 1 : source.length).split('\n');
  const options = { highlightCode: false, linesAbove: 2, linesBelow: 2, startLine: first };
  if (lines.every((l) => l.length <= FRAME_WIDTH)) return codeFrameColumns(lines.join('\n'), { start: { line, column: col } }, options);
  // Each line cut to the same window of columns, so a one-line file of a megabyte gives a frame
  // of a few lines rather than the whole file.
  const start = Math.max(0, col - 1 - FRAME_WIDTH / 2);
  const cut = (l: string) => (l.length > start && start > 0 ? '…' : '') + l.slice(start, start + FRAME_WIDTH) + (l.length > start + FRAME_WIDTH ? '…' : '');
  return codeFrameColumns(lines.map(cut).join('\n'), { start: { line, column: col - start + (start > 0 ? 1 : 0) } }, options);
}

/** 1-based line and column of a character offset. */
export function offsetToLineColumn(source: string, offset: number): { line: number; column: number } {
  const starts = lineStarts(source);
  const at = Math.max(0, Math.min(offset, source.length));
  // The last line starting at or before the offset.
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}
