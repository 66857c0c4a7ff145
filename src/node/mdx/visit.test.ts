import type { Node, Parent } from 'unist';
import * as lib from 'unist-util-visit';
import * as libParents from 'unist-util-visit-parents';
import { describe, expect, it } from 'vitest';
import { CONTINUE, EXIT, SKIP, visit, visitParents } from './visit.js';

interface N extends Node {
  type: string;
  id: number;
  children?: N[];
}

/** A seeded tree of `count` nodes, some of them parents. */
function tree(seed: number, count = 60): N {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  let id = 0;
  const root: N = { type: 'root', id: id++, children: [] };
  const parents = [root];
  while (id < count) {
    const parent = parents[Math.floor(rand() * parents.length)]!;
    const type = ['a', 'b', 'c'][Math.floor(rand() * 3)]!;
    const node: N = rand() < 0.4 ? { type, id: id++, children: [] } : { type, id: id++ };
    parent.children!.push(node);
    if (node.children) parents.push(node);
  }
  return root;
}

type Behaviour = (node: N, index: number | undefined, parent: N | undefined) => unknown;

/** Visitors that change the tree and steer the walk, deterministic per node id. */
const behaviours: Record<string, Behaviour> = {
  none: () => undefined,
  skip: (node) => (node.id % 3 === 0 ? SKIP : CONTINUE),
  exit: (node) => (node.id === 37 ? EXIT : undefined),
  'remove, go on at the index': (node, index, parent) => {
    if (parent && index !== undefined && node.type === 'b') {
      parent.children!.splice(index, 1);
      return index;
    }
    return undefined;
  },
  'replace, skip the new ones': (node, index, parent) => {
    if (parent && index !== undefined && node.type === 'c' && node.id % 2 === 0 && node.id < 1000) {
      const made = [{ type: 'c', id: 1001 + node.id }, { type: 'd', id: 2000 + node.id }];
      parent.children!.splice(index, 1, ...made);
      return [SKIP, index + made.length];
    }
    return undefined;
  },
  'a new list of children': (node) => {
    if (node.children && node.id % 4 === 1) node.children = [...node.children].reverse();
    return undefined;
  },
};

function record(run: (visitor: Behaviour) => void, behaviour: Behaviour): string[] {
  const seen: string[] = [];
  run((node, index, parent) => {
    seen.push(`${node.id}@${index ?? '-'}<${parent?.id ?? '-'}`);
    return behaviour(node, index, parent);
  });
  return seen;
}

describe('visit', () => {
  for (const [name, behaviour] of Object.entries(behaviours)) {
    for (const test of [undefined, 'a', ['a', 'c'], (n: Node) => n.type !== 'b'] as const) {
      for (const reverse of [false, true]) {
        it(`visits as unist-util-visit does: ${name}, test ${String(test)}${reverse ? ', reverse' : ''}`, () => {
          for (let seed = 1; seed <= 20; seed++) {
            const mine = tree(seed);
            const theirs = tree(seed);
            const a = record((v) => (visit as (...a: unknown[]) => void)(mine, ...(test === undefined ? [] : [test]), v, reverse), behaviour);
            const b = record((v) => (lib.visit as (...a: unknown[]) => void)(theirs, ...(test === undefined ? [] : [test]), v, reverse), behaviour);
            expect(a).toEqual(b);
            expect(mine).toEqual(theirs);
            expect(a.length).toBeGreaterThan(0);
          }
        });
      }
    }
  }

  it('gives visitParents the same ancestors, a list of their own for each parent', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const walk = (fn: typeof visitParents | typeof libParents.visitParents) => {
        const seen: string[] = [];
        const kept: Parent[][] = [];
        fn(tree(seed) as Parent, (node: Node, ancestors: Parent[]) => {
          seen.push(`${(node as N).id}:${ancestors.map((a) => (a as N).id).join('/')}`);
          kept.push(ancestors);
        });
        // Lists kept by a visitor still say what they said then.
        return [...seen, ...kept.map((a) => a.map((p) => (p as N).id).join('/'))];
      };
      expect(walk(visitParents)).toEqual(walk(libParents.visitParents));
    }
  });

  it('refuses a test it does not know', () => {
    expect(() => visit(tree(1) as Parent, { type: 'a' } as never, () => undefined)).toThrow(/Expected a node type/);
  });
});
