import type {} from '../vfile-data.js';
import type { Identifier, Node, Program, Statement } from 'estree';
import { walk } from 'estree-walker';
import type { VFile } from 'vfile';
import { diag } from '../../diagnostics/catalogue.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { freeNames, renderedNames } from '../free-names.js';
import { SCOPE_NAMES } from './recma-islands.js';

export interface ModuleScopeOptions {
  /** Component names the renderer provides. */
  components: ReadonlySet<string>;
}

/** Names every module may use without declaring them, besides React's (`SCOPE_NAMES`) and the built-ins. */
export const GLOBAL_NAMES = [
  // Mintlify's personalization object: `{}` for a reader who is not logged in, which a static site's always are.
  'user',
  // `import.meta` (other than `.url`, which MDX handles): a function body cannot have it.
  '_kilnImportMeta',
  // The island wrapper (recma-islands.ts).
  '_kilnIsland',
] as const;

/**
 * What `import.meta` is in pages and snippets (`import.meta.env.DEV`, as Vite sets it): a built
 * site is a production one, in `kiln dev` too, so that what authors point at their own local
 * servers in development stays out of it. (`import.meta.url` is MDX's own.)
 */
export const IMPORT_META = { env: { MODE: 'production', DEV: false, PROD: true } };

/**
 * Declares, at the top of the module, the names its code uses that its surroundings provide:
 * React and its hooks, the built-in components (`<Card>` inside an `export const` component is a
 * plain reference to `Card`, not a lookup in the components MDX passes to the content), the
 * names the page imports from snippets (`links` in `{links.pro}`, `ProButton` inside another
 * component), `user`. The renderer passes their values in as `arguments[0]._kilnScope`
 * (render/run.ts). A capitalised name rendered as a component inside `export` code that nothing
 * provides is an unknown component: a placeholder and a warning, as in the page's content.
 *
 * Runs after recma-islands (which adds `_kilnIsland`) and before recma-props-as-variables (which
 * reads the free names left in the content as props).
 */
export default function recmaModuleScope(options: ModuleScopeOptions) {
  return (tree: Program, file: VFile) => {
    walk(tree as Node, {
      enter(node) {
        if (node.type === 'MetaProperty' && node.meta.name === 'import' && node.property.name === 'meta') {
          this.replace({ type: 'Identifier', name: '_kilnImportMeta' } satisfies Identifier);
        }
      },
    });

    const imported = new Set([...(file.data.snippets ?? []).map((s) => s.name), ...(file.data.unresolvedImports ?? [])]);
    const known = (name: string) => (SCOPE_NAMES as readonly string[]).includes(name) || (GLOBAL_NAMES as readonly string[]).includes(name) || options.components.has(name) || imported.has(name);
    const free = freeNames(tree);
    const scope = [...free.keys()].filter(known);

    // Components rendered inside `export` code that nothing defines (`_jsx(Foo, …)` with `Foo` free).
    const missing = new Set(file.data.missing ?? []);
    const diagnostics: Diagnostic[] = (file.data.diagnostics ??= []);
    const rendered = renderedNames(tree);
    for (const [name, uses] of free) {
      if (known(name) || !/^[A-Z]/.test(name) || !uses.some((u) => rendered.has(u))) continue;
      scope.push(name);
      if (missing.has(name)) continue;
      missing.add(name);
      const at = uses.find((u) => rendered.has(u))?.loc?.start;
      diagnostics.push(diag('page/unknown-component', { name }, { file: file.path, line: at?.line, column: at ? at.column + 1 : undefined }));
    }
    if (missing.size) file.data.missing = [...missing];
    // The browser bundle provides the same names to the file's code (its imports come as bindings).
    if (file.data.islands) file.data.islands.scope = scope.filter((n) => !imported.has(n) && !n.startsWith('_kiln'));
    if (scope.length === 0) return;

    const declaration: Statement = {
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [{
        type: 'VariableDeclarator',
        id: { type: 'ObjectPattern', properties: scope.map((n) => ({ type: 'Property', kind: 'init', method: false, shorthand: true, computed: false, key: id(n), value: id(n) })) },
        init: {
          type: 'MemberExpression', computed: false, optional: false, property: id('_kilnScope'),
          object: { type: 'MemberExpression', computed: true, optional: false, object: id('arguments'), property: { type: 'Literal', value: 0 } },
        },
      }],
    };
    tree.body.unshift(declaration);
  };
}

const id = (name: string): Identifier => ({ type: 'Identifier', name });
