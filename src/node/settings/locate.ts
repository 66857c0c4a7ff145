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
  /** Position of the value at `path` when it is written in the settings; undefined when it is not (a default, a generated value). */
  find(path: JsonPath): Where | undefined;
}

/**
 * Where a finding made after loading points at the setting `at` (`Settings.positions`): its file,
 * line, column and frame; the settings file alone when the value is not written there (a default,
 * or made by Kiln). The JSON path is left out: these findings name the value in their message.
 */
export function settingPlace(settings: { file: string; positions?: PathMap }, at: JsonPath | undefined): Pick<Diagnostic, 'file' | 'line' | 'column' | 'frame'> {
  const found = at && settings.positions?.find(at);
  return found ? { file: found.file, line: found.line, column: found.column, frame: found.frame } : { file: settings.file };
}

/** Maps JSON paths of one settings file to positions and code frames. */
export class SourceMap implements PathMap {
  constructor(
    readonly file: string,
    readonly source: string,
    /** The parsed tree, or how to make it when a position is first asked for. */
    private readonly treeOf: Node | undefined | (() => Node | undefined),
  ) {}

  private get tree(): Node | undefined {
    return typeof this.treeOf === 'function' ? this.treeOf() : this.treeOf;
  }

  /** Position of a character offset. */
  atOffset(offset: number): Where {
    const { line, column } = offsetToLineColumn(this.source, offset);
    return { file: this.file, line, column, frame: codeFrame(this.source, line, column), offset };
  }

  find(path: JsonPath): Where | undefined {
    const node = this.tree && findNodeAtLocation(this.tree, [...path]);
    return node && { ...this.atOffset(node.offset), jsonPath: formatPath(path) };
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
