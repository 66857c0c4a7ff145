import type { FunctionDeclaration, Identifier, Node, Pattern, Program } from 'estree';
import { walk } from 'estree-walker';
import { patternNames } from '../free-names.js';

/**
 * Snippets in real projects read their props as bare names: `{pkg}` rather than `{props.pkg}`.
 * MDX compiles those to free variables that throw at render time, so every free name that is not
 * a global is declared from `props` at the top of the content function.
 */
export default function recmaPropsAsVariables() {
  return (tree: Program) => {
    const declared = new Set<string>(['props', 'arguments', 'undefined']);
    const referenced = new Set<string>();

    const declare = (p: Pattern | null | undefined) => patternNames(p, (n) => declared.add(n));

    walk(tree as Node, {
      enter(node, parent, key) {
        switch (node.type) {
          case 'VariableDeclarator': declare(node.id); break;
          case 'FunctionDeclaration':
          case 'FunctionExpression':
          case 'ArrowFunctionExpression':
            if ('id' in node && node.id) declared.add(node.id.name);
            node.params.forEach(declare);
            break;
          case 'ClassDeclaration': if (node.id) declared.add(node.id.name); break;
          case 'ImportSpecifier': case 'ImportDefaultSpecifier': case 'ImportNamespaceSpecifier': declared.add(node.local.name); break;
          case 'CatchClause': declare(node.param); break;
          case 'Identifier': {
            if (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) break;
            if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && key === 'key' && !parent.computed) break;
            if (parent?.type === 'LabeledStatement' || parent?.type === 'BreakStatement' || parent?.type === 'ContinueStatement') break;
            referenced.add((node as Identifier).name);
          }
        }
      },
    });

    const free = [...referenced].filter((n) => !declared.has(n) && !(n in globalThis) && !n.startsWith('_'));
    if (free.length === 0) return;
    const content = tree.body.find((s): s is FunctionDeclaration => s.type === 'FunctionDeclaration' && s.id?.name === '_createMdxContent');
    if (!content) return;
    content.body.body.unshift({
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [{
        type: 'VariableDeclarator',
        id: { type: 'ObjectPattern', properties: free.map((name) => ({ type: 'Property', kind: 'init', method: false, shorthand: true, computed: false, key: { type: 'Identifier', name }, value: { type: 'Identifier', name } })) },
        init: { type: 'Identifier', name: 'props' },
      }],
    });
  };
}
