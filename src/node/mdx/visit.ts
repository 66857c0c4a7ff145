import type { Node, Parent } from 'unist';
import type { visit as libVisit } from 'unist-util-visit';
import type { visitParents as libVisitParents } from 'unist-util-visit-parents';

/**
 * `unist-util-visit` and `unist-util-visit-parents`, same signatures (their types are used as they
 * are), same order and same actions, made cheaper per node. The libraries name every node's visit
 * function with `Object.defineProperty` (a coloured label, for stack traces), copy the ancestors for
 * every parent, and `visit` looks each node up in its parent with `indexOf`. Over the ~20 tree walks
 * of a page that was 2.0 of 11.6 s CPU in a one-thread build of the 1,000-page benchmark (profile:
 * `factory` 0.69 s self, its `defineProperty` 0.70 s, `visit` 0.61 s).
 *
 * Tests: a node type, a list of them, or a function `(node, index, parent) => boolean`. Visitors
 * return nothing, an action (`CONTINUE`, `SKIP`, `EXIT`), the index to go on at, or both as a tuple.
 */

export const CONTINUE = true;
export const EXIT = false;
export const SKIP = 'skip';

type Action = typeof CONTINUE | typeof EXIT | typeof SKIP;
type Result = Action | number | [Action?, number?] | readonly [Action?, number?] | null | undefined | void;
type Test = string | readonly string[] | ((node: Node, index: number | undefined, parent: Parent | undefined) => boolean) | null | undefined;
type Enter = (node: Node, ancestors: Parent[], index: number | undefined) => Result;

function matcher(test: Test): ((node: Node, index: number | undefined, parent: Parent | undefined) => boolean) | undefined {
  if (test === null || test === undefined) return undefined;
  if (typeof test === 'string') return (node) => node.type === test;
  if (typeof test === 'function') return test;
  if (Array.isArray(test)) {
    const types = new Set(test as string[]);
    return (node) => types.has(node.type);
  }
  throw new TypeError('Expected a node type, a list of them or a function as the test');
}

function split(value: Exclude<Result, null | undefined | void>): [Action | undefined, number | undefined] {
  if (Array.isArray(value)) return [value[0], value[1]];
  if (typeof value === 'number') return [CONTINUE, value];
  return [value as Action, undefined];
}

function walk(tree: Node, test: Test, enter: Enter, reverse: boolean, withAncestors: boolean): void {
  const is = matcher(test);
  const step = reverse ? -1 : 1;
  /** One node and what is under it: false to stop the walk, or the index the visitor asked to go on at. */
  const one = (node: Node, index: number | undefined, ancestors: Parent[]): false | number | undefined => {
    let action: Action | undefined;
    let next: number | undefined;
    if (!is || is(node, index, ancestors[ancestors.length - 1])) {
      const result = enter(node, ancestors, index);
      if (result !== undefined && result !== null) {
        [action, next] = split(result);
        if (action === EXIT) return false;
      }
    }
    const parent = node as Parent;
    if (parent.children && action !== SKIP) {
      // A new list per parent only when visitors see it (they may keep it), as the library does.
      const inner = withAncestors ? [...ancestors, parent] : [parent];
      // The children are read again at every step: visitors may change them, or replace the list.
      let offset = (reverse ? parent.children.length : -1) + step;
      while (offset > -1 && offset < parent.children.length) {
        const result = one(parent.children[offset]!, offset, inner);
        if (result === false) return false;
        offset = typeof result === 'number' ? result : offset + step;
      }
    }
    return next;
  };
  one(tree, undefined, []);
}

type AnyVisitor = (...args: never[]) => unknown;

function args(testOrVisitor: unknown, visitorOrReverse: unknown, maybeReverse: unknown): [Test, AnyVisitor, boolean] {
  if (typeof testOrVisitor === 'function' && typeof visitorOrReverse !== 'function') return [undefined, testOrVisitor as AnyVisitor, visitorOrReverse === true];
  return [testOrVisitor as Test, visitorOrReverse as AnyVisitor, maybeReverse === true];
}

function fastVisitParents(tree: Node, testOrVisitor: unknown, visitorOrReverse?: unknown, maybeReverse?: unknown): void {
  const [test, visitor, reverse] = args(testOrVisitor, visitorOrReverse, maybeReverse);
  const v = visitor as unknown as (node: Node, ancestors: Parent[]) => Result;
  walk(tree, test, (node, ancestors) => v(node, ancestors), reverse, true);
}

function fastVisit(tree: Node, testOrVisitor: unknown, visitorOrReverse?: unknown, maybeReverse?: unknown): void {
  const [test, visitor, reverse] = args(testOrVisitor, visitorOrReverse, maybeReverse);
  const v = visitor as unknown as (node: Node, index: number | undefined, parent: Parent | undefined) => Result;
  walk(tree, test, (node, ancestors, index) => v(node, index, ancestors[ancestors.length - 1]), reverse, false);
}

export const visit = fastVisit as unknown as typeof libVisit;
export const visitParents = fastVisitParents as unknown as typeof libVisitParents;
