import { createScanner } from 'jsonc-parser';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';

/**
 * Where a JSON path (`['paths', '/pets', 'get', 'responses']`) is in the text of an OpenAPI file,
 * for diagnostics with line:column. JSON through jsonc-parser's tree; YAML by indentation (the block
 * style OpenAPI files are written in). A path that goes missing, or into flow style (`{ a: 1 }`),
 * gives the nearest ancestor found.
 */
export type Segment = string | number;

export interface Located {
  line: number;
  column: number;
  frame: string;
}

interface Entry {
  indent: number;
  /** The line's content from `indent` on (after `- ` for a sequence item's first key). */
  text: string;
  offset: number;
  item?: boolean;
}

/** One entry per non-blank, non-comment line; `- key: v` is an item entry and a key entry one level in. */
function entries(source: string): Entry[] {
  const out: Entry[] = [];
  let offset = 0;
  for (const line of source.split('\n')) {
    const indent = line.length - line.trimStart().length;
    const text = line.slice(indent).replace(/\r$/, '');
    if (text && !text.startsWith('#') && text !== '---' && text !== '...') {
      let at = indent;
      let rest = text;
      // `- - x` or `- key: v`: each dash opens an item, the rest sits one level deeper.
      while (/^-(\s|$)/.test(rest)) {
        out.push({ indent: at, text: rest, offset: offset + at, item: true });
        const inner = rest.slice(1).length - rest.slice(1).trimStart().length + 1;
        at += inner;
        rest = rest.slice(inner);
      }
      if (rest) out.push({ indent: at, text: rest, offset: offset + at });
    }
    offset += line.length + 1;
  }
  return out;
}

const keyOf = (text: string): string | undefined => {
  const m = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s"'#][^:#]*?))\s*:(?:\s|$)/.exec(text);
  if (!m) return undefined;
  if (m[1] !== undefined) {
    try {
      return JSON.parse(`"${m[1]}"`) as string;
    } catch {
      return m[1];
    }
  }
  return m[2] !== undefined ? m[2].replace(/''/g, "'") : m[3]!.trim();
};

/** The offset of the node at `path` in YAML text, or of the nearest ancestor found. */
export function yamlOffset(source: string, path: readonly Segment[]): number {
  const list = entries(source);
  let from = 0;
  let to = list.length;
  let best = 0;
  for (const seg of path) {
    const first = list[from];
    if (!first || from >= to) break;
    const level = first.indent;
    let found = -1;
    let count = 0;
    for (let i = from; i < to; i++) {
      const e = list[i]!;
      if (e.indent !== level) continue;
      // A number is an index in a sequence, a key (`200:`) in a mapping.
      if (first.item && /^\d+$/.test(String(seg)) ? e.item && count++ === Number(seg) : !e.item && keyOf(e.text) === String(seg)) {
        found = i;
        break;
      }
    }
    if (found < 0) break;
    const node = list[found]!;
    best = node.offset;
    // The node's children: the entries after it that are deeper than it.
    let end = found + 1;
    // (`key:` over `- item` lines at the key's own indentation holds those items too.)
    while (end < to && (list[end]!.indent > node.indent || (!node.item && list[end]!.item && list[end]!.indent === node.indent))) end++;
    from = found + 1;
    to = end;
    // A scalar on the key's own line (`key: value`): nothing deeper to find.
    if (!node.item && /:\s*[^\s#]/.test(node.text.slice(node.text.indexOf(':'))) && from === to) break;
  }
  return best;
}

/**
 * The offset of the value at `path` in JSON text, or of the nearest ancestor found (the key of a
 * property, the start of an array item). Read token by token with a stack of its own rather than
 * through a parse tree: jsonc-parser builds trees recursively, and a file nested thousands of
 * levels deep would exhaust the call stack.
 */
/** jsonc-parser's `SyntaxKind` values (a const enum its types declare, which isolated modules cannot read). */
const SyntaxKind = { OpenBraceToken: 1, CloseBraceToken: 2, OpenBracketToken: 3, CloseBracketToken: 4, CommaToken: 5, NullKeyword: 7, TrueKeyword: 8, FalseKeyword: 9, StringLiteral: 10, NumericLiteral: 11, EOF: 17 } as const;

export function jsonOffset(source: string, path: readonly Segment[]): number {
  const scanner = createScanner(source, true);
  // One frame per open object or array; the path segment of a frame's children is at its index.
  const frames: { array: boolean; index: number; expectKey: boolean }[] = [];
  let matched = 0;
  let best: number | undefined;
  for (let token: number = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    best ??= offset;
    const top = frames[frames.length - 1];
    const depth = frames.length - 1;
    if (top && !top.array && top.expectKey && token === SyntaxKind.StringLiteral) {
      top.expectKey = false;
      if (matched === depth && String(path[depth]) === scanner.getTokenValue()) {
        best = offset;
        if (++matched === path.length) return best;
      }
      continue;
    }
    switch (token) {
      case SyntaxKind.CommaToken:
        if (top?.array) top.index++;
        else if (top) top.expectKey = true;
        continue;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken:
        frames.pop();
        // The container holding the last segment matched has ended: nothing deeper will match.
        if (frames.length < matched) return best;
        continue;
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken:
      case SyntaxKind.StringLiteral:
      case SyntaxKind.NumericLiteral:
      case SyntaxKind.TrueKeyword:
      case SyntaxKind.FalseKeyword:
      case SyntaxKind.NullKeyword:
        if (top?.array && matched === depth && String(path[depth]) === String(top.index)) {
          best = offset;
          if (++matched === path.length) return best;
        }
        if (token === SyntaxKind.OpenBraceToken) frames.push({ array: false, index: 0, expectKey: true });
        else if (token === SyntaxKind.OpenBracketToken) frames.push({ array: true, index: 0, expectKey: false });
        continue;
      default:
        continue;
    }
  }
  return best ?? 0;
}

export function locate(source: string, path: readonly Segment[]): Located {
  const text = source.replace(/^\uFEFF/, '');
  const offset = /^\s*[{[]/.test(text) ? jsonOffset(text, path) : yamlOffset(text, path);
  const { line, column } = offsetToLineColumn(text, offset);
  return { line, column, frame: codeFrame(text, line, column) };
}

/** `/paths/~1pets/get` (a JSON pointer, as ajv reports paths) → segments. */
export function pointerSegments(pointer: string): Segment[] {
  if (!pointer) return [];
  return pointer.replace(/^\//, '').split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}
