import { findNodeAtLocation, type Node } from 'jsonc-parser';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';

export type JsonPath = readonly (string | number)[];

/** `navigation[0].pages[2]`; keys that are not identifiers are written `["hacker news"]`. */
export function formatPath(path: JsonPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out || '(root)';
}

/** Where a diagnostic points, plus the offset used to sort diagnostics into file order. */
export type Where = Pick<Diagnostic, 'file' | 'line' | 'column' | 'jsonPath' | 'frame'> & { offset: number };

/** Where each JSON path of the settings is written. */
export interface PathMap {
  /**
   * Position of the value at `path`; when it does not exist (a missing key), of the nearest
   * existing parent. With `key`, of the property name instead of its value.
   */
  at(path: JsonPath, opts?: { key?: boolean }): Where;
}

/** Maps JSON paths of one settings file to positions and code frames. */
export class SourceMap implements PathMap {
  constructor(
    readonly file: string,
    readonly source: string,
    private readonly tree: Node | undefined,
  ) {}

  /** Position of a character offset. */
  atOffset(offset: number): Where {
    const { line, column } = offsetToLineColumn(this.source, offset);
    return { file: this.file, line, column, frame: codeFrame(this.source, line, column), offset };
  }

  /**
   * Position of the value at `path`; when it does not exist (a missing key), of the nearest
   * existing parent. With `key`, of the property name instead of its value.
   */
  at(path: JsonPath, opts: { key?: boolean } = {}): Where {
    let node: Node | undefined;
    for (let n = path.length; n >= 0 && !node; n--) node = this.tree && findNodeAtLocation(this.tree, [...path.slice(0, n)]);
    if (node && opts.key && node.parent?.type === 'property') node = node.parent.children?.[0] ?? node;
    return { ...this.atOffset(node?.offset ?? 0), jsonPath: formatPath(path) };
  }
}
