import { LIMITS } from '../budgets.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';

/**
 * Sources the compiler is not given, because its work on them grows faster than they do: a page
 * over LIMITS.pageChars (parsing a page of components is superlinear: 0.6 MB took 9 s and over
 * 500 MB, 2.4 MB two minutes), or with lists or quotes nested over LIMITS.blockNesting levels (micromark goes back over
 * every open container at each line: 1,000 levels took 5 s, 5,000 never ended). Checked in one
 * pass over the text, before parsing; each refusal points at where the limit is crossed.
 */
export function sourceOverLimits(source: string, file: string): Diagnostic | undefined {
  if (source.length > LIMITS.pageChars) {
    return diag('page/too-large', { size: megabytes(source.length), limit: megabytes(LIMITS.pageChars) }, at(source, file, LIMITS.pageChars));
  }
  const deep = deepestBlock(source, LIMITS.blockNesting);
  if (deep) return diag('page/too-deep', { depth: deep.depth, limit: LIMITS.blockNesting }, at(source, file, deep.offset));
  return undefined;
}

const megabytes = (chars: number) => `${(chars / (1024 * 1024)).toFixed(chars < 1024 * 1024 ? 2 : 1)} MB`;

function at(source: string, file: string, offset: number) {
  const { line, column } = offsetToLineColumn(source, offset);
  return { file, line, column, frame: codeFrame(source, line, column) };
}

/** A run of container markers at the start of a line: `> `, `- `, `* `, `+ `, `1. `, `1) `. */
const CONTAINERS = /^(?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))+/;

/**
 * The first line whose block containers go deeper than `limit`: the markers it starts with, plus
 * the levels its indentation implies when it is a list item (two columns a level, the least a
 * nested item needs). An estimate on the generous side: a real page stays far below it.
 */
function deepestBlock(source: string, limit: number): { depth: number; offset: number } | undefined {
  // Cheap refusal first: no line can be that deep without that many markers or columns.
  if (source.length <= limit) return undefined;
  let start = 0;
  while (start < source.length) {
    let end = source.indexOf('\n', start);
    if (end < 0) end = source.length;
    if (end - start > limit) {
      const line = source.slice(start, end);
      const m = CONTAINERS.exec(line);
      if (m) {
        const markers = [...m[0].matchAll(/>|[-*+][ \t]|\d{1,9}[.)][ \t]/g)];
        const indent = Math.floor(/^[ \t]*/.exec(line)![0].replace(/\t/g, '    ').length / 2);
        const depth = markers.length + indent;
        // Pointed at the marker that opens the first level past the limit.
        if (depth > limit) return { depth, offset: start + markers[Math.max(0, limit - indent)]!.index };
      }
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * Where markup is nested deepest (`<div>`, `{`, `[`, `(` opened and not closed yet, as a rough
 * count over the text), for a compile that ran out of stack: the message then points at it.
 */
export function deepestPoint(source: string): number {
  let depth = 0;
  let best = 0;
  let at = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    // < followed by a letter opens, </ and /> close; ( [ { open, ) ] } close.
    if (c === 60 /* < */) {
      const next = source.charCodeAt(i + 1);
      if (next === 47 /* / */) depth--;
      else if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) depth++;
    } else if (c === 47 /* / */ && source.charCodeAt(i + 1) === 62 /* > */) depth--;
    else if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) depth--;
    if (depth > best) {
      best = depth;
      at = i;
    }
  }
  return at;
}
