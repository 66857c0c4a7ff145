import { codeFrameColumns } from '@babel/code-frame';

/** A code frame of `source` around line:column (1-based), without colours. */
export function codeFrame(source: string, line: number, column?: number): string {
  return codeFrameColumns(source, { start: { line, column: column ?? 1 } }, { highlightCode: false, linesAbove: 2, linesBelow: 2 });
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
