import type {} from '../vfile-data.js';
import type { Expression, FunctionDeclaration, Identifier, Node, Program, Statement } from 'estree';
import { walk } from 'estree-walker';
import type { VFile } from 'vfile';
import { diag } from '../../diagnostics/catalogue.js';
import { analyseComponents } from '../island-analysis.js';
import { islandId as islandSourceId } from '../island-id.js';

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
 * Stateful `export const` components become islands (which ones: mdx/island-analysis.ts). Their
 * uses in the page content are wrapped (`_kilnIsland`) so the server renders them inside
 * `<div data-kiln-island>` and records their props. The file's declarations, as written, are left
 * on `file.data.islands` for the browser bundle (assets/islands.ts): to hydrate this file's islands,
 * and for islands of other files that import from it. The names the wrappers and the components
 * use from their surroundings are declared by recma-module-scope, which also lists them there.
 */
export interface IslandsOptions {
  /** Component names the renderer provides. */
  components: ReadonlySet<string>;
  /** The project folder, which island ids name files relative to (island-id.ts). */
  root: string;
}

export default function recmaIslands(options: IslandsOptions) {
  return (tree: Program, file: VFile) => {
    // Statements that carry a position come from the page; MDX's own (runtime, content, return) do not.
    const authored = tree.body.filter((s) => (s as { range?: [number, number] }).range || s.loc);
    if (authored.length === 0) return;
    const { declared, components, stateful, client, serverOnly } = analyseComponents(authored, options.components);
    for (const { component, builtin, at } of serverOnly) {
      const pos = at?.loc?.start;
      (file.data.diagnostics ??= []).push(diag('islands/server-only-component', { name: component, builtin }, { file: file.path, line: pos?.line, column: pos ? pos.column + 1 : undefined }));
    }

    const value = String(file.value);
    const source = authored
      .map((s) => {
        const range = (s as { range?: [number, number] }).range;
        return range ? value.slice(range[0], range[1]) : '';
      })
      .join('\n');
    const bindings = file.data.snippets ?? [];
    const islandId = islandSourceId(options.root, file.path, source, { bindings });
    const names = [...components.keys()].filter((n) => stateful.has(n));
    file.data.islands = {
      id: islandId, file: file.path, names, client: names.filter((n) => client.has(n)), source, loader: 'jsx',
      exports: [...declared], scope: [], imports: {}, bindings,
    };
    if (names.length === 0) return;

    // `const _kilnIsland_Counter = _kilnIsland("Counter", Counter, id)`, and the content uses that.
    const wrappers: Statement[] = names.map((n) => ({
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [{
        type: 'VariableDeclarator',
        id: id(`_kilnIsland_${n}`),
        init: { type: 'CallExpression', optional: false, callee: id('_kilnIsland'), arguments: [str(n), id(n), str(islandId), { type: 'Literal', value: client.has(n) }] },
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
