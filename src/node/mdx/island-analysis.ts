import type { Identifier, Node, Statement } from 'estree';
import { walk } from 'estree-walker';
import { freeNames } from './free-names.js';

/**
 * Browser objects a component may use while it renders, which the server does not have: such a
 * component is rendered again by the browser (an island) instead of failing the page.
 */
const BROWSER_GLOBALS = new Set([
  'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history',
  'matchMedia', 'IntersectionObserver', 'ResizeObserver', 'MutationObserver', 'requestAnimationFrame',
]);

export interface ComponentAnalysis {
  /** Every name the module declares at its top level. */
  declared: Set<string>;
  /** Components (capitalised functions) by local name. */
  components: Map<string, Node>;
  /**
   * Components that need the browser: they call a hook (`useState`, `React.useEffect`, …), set an
   * event handler (`onClick={…}`), use a browser object (`window`, `document`, …), or render
   * another such component of the module.
   */
  stateful: Set<string>;
  /**
   * Of those, the ones that test where they run (`typeof window`, `typeof document`): Mintlify
   * renders custom components in the browser only, and these show their server fallback until the
   * browser renders them from scratch (not hydrated: their first render differs by design).
   */
  client: Set<string>;
  /**
   * Built-in components that stateful components render: Kiln renders those on the server only,
   * so the browser cannot render the component again (it keeps its server HTML).
   */
  serverOnly: { component: string; builtin: string; at?: Identifier }[];
}

/**
 * Which top-level components of a module are islands. `statements` are the module's top-level
 * statements, as ESTree with JSX already compiled to calls (MDX's recma tree, or esbuild's output
 * of a script snippet): `onClick` is then a property of a props object, a rendered component an
 * identifier passed to the JSX runtime. `export` wrappers are looked through; an anonymous
 * `export default` component is named `default`.
 */
export function analyseComponents(statements: Statement[] | Node[], builtins: ReadonlySet<string> = new Set()): ComponentAnalysis {
  const declared = new Set<string>();
  const components = new Map<string, Node>();
  const isFunction = (n: Node | null | undefined) => !!n && (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression');
  for (let s of statements as Node[]) {
    if (s.type === 'ExportDefaultDeclaration') {
      const d = s.declaration as Node;
      if ((d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id) s = d;
      else {
        if (isFunction(d)) components.set('default', d);
        continue;
      }
    } else if (s.type === 'ExportNamedDeclaration') {
      if (!s.declaration) continue;
      s = s.declaration;
    }
    if (s.type === 'VariableDeclaration') {
      for (const d of s.declarations) {
        if (d.id.type !== 'Identifier') continue;
        declared.add(d.id.name);
        if (/^[A-Z]/.test(d.id.name) && isFunction(d.init)) components.set(d.id.name, d.init!);
      }
    } else if ((s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration') && s.id) {
      declared.add(s.id.name);
      if (s.type === 'FunctionDeclaration' && /^[A-Z]/.test(s.id.name)) components.set(s.id.name, s);
    }
  }

  const stateful = new Set<string>();
  const client = new Set<string>();
  const uses = new Map<string, Set<string>>();
  const frees = new Map<string, Map<string, Identifier[]>>();
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
        } else if (n.type === 'UnaryExpression' && n.operator === 'typeof' && n.argument.type === 'Identifier' && (n.argument.name === 'window' || n.argument.name === 'document')) {
          stateful.add(name);
          client.add(name);
        } else if (n.type === 'Identifier' && components.has(n.name) && n.name !== name && !(parent?.type === 'MemberExpression' && key === 'property') && !(parent?.type === 'Property' && key === 'key')) {
          refs.add(n.name);
        }
      },
    });
    const free = freeNames(node);
    for (const n of free.keys()) if (BROWSER_GLOBALS.has(n) && !declared.has(n)) stateful.add(name);
    uses.set(name, refs);
    frees.set(name, free);
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
  const serverOnly: ComponentAnalysis['serverOnly'] = [];
  for (const name of stateful) {
    for (const [n, ids] of frees.get(name) ?? []) if (builtins.has(n) && !declared.has(n)) serverOnly.push({ component: name, builtin: n, at: ids[0] });
  }
  return { declared, components, stateful, client, serverOnly };
}
