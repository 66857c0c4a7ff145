import { parseTree, type Node } from 'jsonc-parser';
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

/** The offset of the value at `path` in JSON text, or of the nearest ancestor found. */
export function jsonOffset(source: string, path: readonly Segment[]): number {
  let node: Node | undefined = parseTree(source);
  if (!node) return 0;
  let best = node.offset;
  for (const seg of path) {
    let next: Node | undefined;
    if (node.type === 'object') {
      const prop: Node | undefined = node.children?.find((p) => p.children?.[0]?.value === String(seg));
      if (prop) best = prop.offset;
      next = prop?.children?.[1];
    } else if (node.type === 'array' && /^\d+$/.test(String(seg))) {
      next = node.children?.[Number(seg)];
      if (next) best = next.offset;
    }
    if (!next) break;
    node = next;
  }
  return best;
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
