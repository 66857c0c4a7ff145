import type {} from '../vfile-data.js';
import { createHash } from 'node:crypto';
import type { Expression, FunctionDeclaration, Identifier, Node, Program, Statement } from 'estree';
import { walk } from 'estree-walker';
import type { VFile } from 'vfile';

/**
 * Names a page may use without declaring them, as real pages do: `React.useState` and bare
 * `useState`. The renderer passes them in (`render/islands.tsx`), the browser bundle declares them.
 */
export const SCOPE_NAMES = [
  'React', 'useState', 'useEffect', 'useLayoutEffect', 'useInsertionEffect', 'useRef', 'useMemo', 'useCallback',
  'useReducer', 'useContext', 'useId', 'useTransition', 'useDeferredValue', 'useSyncExternalStore', 'createContext',
] as const;

const id = (name: string): Identifier => ({ type: 'Identifier', name });
const str = (value: string): Expression => ({ type: 'Literal', value });

/**
 * Stateful `export const` components become islands. A component is one when it calls a hook
 * (`useState`, `React.useEffect`, …), sets an event handler (`onClick={…}`), or renders another
 * island. Its uses in the page content are wrapped (`_kilnIsland`) so the server renders it inside
 * `<div data-kiln-island>` and records its props; the page's declarations, as written, are left on
 * `file.data.islands` for the browser bundle that hydrates them (assets/islands.ts). The names
 * the wrappers and the components use from their surroundings are declared by recma-module-scope.
 */
export default function recmaIslands() {
  return (tree: Program, file: VFile) => {
    // Statements that carry a position come from the page; MDX's own (runtime, content, return) do not.
    const authored = tree.body.filter((s) => (s as { range?: [number, number] }).range || s.loc);
    const declared = new Set<string>();
    const components = new Map<string, Node>();
    for (const s of authored) {
      if (s.type === 'VariableDeclaration') {
        for (const d of s.declarations) {
          if (d.id.type !== 'Identifier') continue;
          declared.add(d.id.name);
          if (/^[A-Z]/.test(d.id.name) && d.init && (d.init.type === 'ArrowFunctionExpression' || d.init.type === 'FunctionExpression')) components.set(d.id.name, d.init);
        }
      } else if ((s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration') && s.id) {
        declared.add(s.id.name);
        if (s.type === 'FunctionDeclaration' && /^[A-Z]/.test(s.id.name)) components.set(s.id.name, s);
      }
    }

    // Which components need the browser, and which other components each one renders.
    const stateful = new Set<string>();
    const uses = new Map<string, Set<string>>();
    for (const [name, node] of components) {
      const refs = new Set<string>();
      walk(node, {
        enter(n, parent, key) {
          if (n.type === 'CallExpression') {
            const callee = n.callee;
            const fn = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && callee.property.type === 'Identifier' ? callee.property.name : '';
            if (/^use[A-Z]/.test(fn)) stateful.add(name);
          } else if (n.type === 'Property' && !n.computed && n.key.type === 'Identifier' && /^on[A-Z]/.test(n.key.name) && n.value.type !== 'Literal') {
            stateful.add(name);
          } else if (n.type === 'Identifier' && components.has(n.name) && n.name !== name && !(parent?.type === 'MemberExpression' && key === 'property') && !(parent?.type === 'Property' && key === 'key')) {
            refs.add(n.name);
          }
        },
      });
      uses.set(name, refs);
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, refs] of uses) {
        if (!stateful.has(name) && [...refs].some((r) => stateful.has(r))) {
          stateful.add(name);
          changed = true;
        }
      }
    }

    if (stateful.size === 0) return;

    const value = String(file.value);
    const source = authored
      .map((s) => {
        const range = (s as { range?: [number, number] }).range;
        return range ? value.slice(range[0], range[1]) : '';
      })
      .join('\n');
    const islandId = createHash('sha256').update(source).digest('hex').slice(0, 10);
    const names = [...components.keys()].filter((n) => stateful.has(n));
    file.data.islands = { id: islandId, names, source };

    // `const _kilnIsland_Counter = _kilnIsland("Counter", Counter, id)`, and the content uses that.
    const wrappers: Statement[] = names.map((n) => ({
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [{
        type: 'VariableDeclarator',
        id: id(`_kilnIsland_${n}`),
        init: { type: 'CallExpression', optional: false, callee: id('_kilnIsland'), arguments: [str(n), id(n), str(islandId)] },
      }],
    }));
    const last = tree.body.findLastIndex((s) => s.type === 'ReturnStatement');
    tree.body.splice(last < 0 ? tree.body.length : last, 0, ...wrappers);
    const content = tree.body.find((s): s is FunctionDeclaration => s.type === 'FunctionDeclaration' && s.id?.name === '_createMdxContent');
    if (!content) return;
    const islandSet = new Set(names);
    walk(content.body as Node, {
      enter(n, parent, key) {
        if (n.type !== 'Identifier' || !islandSet.has(n.name)) return;
        if (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) return;
        if (parent?.type === 'Property' && key === 'key' && !parent.computed) return;
        n.name = `_kilnIsland_${n.name}`;
      },
    });
  };
}
