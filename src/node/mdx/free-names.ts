import type { Identifier, Node, Pattern } from 'estree';
import { walk } from 'estree-walker';

/**
 * The names a program uses without declaring them, each with the identifiers that use it: what a
 * module needs from its surroundings (React's hooks, the built-in components, a snippet's imports).
 *
 * Scopes are functions and the program; a `let`/`const`/`class` inside a block counts for its whole
 * function, which can only hide a free name that is also declared in some block of the same
 * function. Declarations are hoisted: a component may use another declared further down.
 */
export function freeNames(program: Node): Map<string, Identifier[]> {
  const free = new Map<string, Identifier[]>();
  const scopes: Set<string>[] = [];
  const isDeclared = (name: string) => scopes.some((s) => s.has(name));

  walk(program, {
    enter(node, parent, key) {
      if (node.type === 'Program' || isFunction(node)) {
        scopes.push(declarationsOf(node));
        return;
      }
      if (node.type !== 'Identifier' || !isReference(node, parent, key)) return;
      if (isDeclared(node.name)) return;
      const uses = free.get(node.name);
      if (uses) uses.push(node);
      else free.set(node.name, [node]);
    },
    leave(node) {
      if (node.type === 'Program' || isFunction(node)) scopes.pop();
    },
  });
  return free;
}

type FunctionNode = Extract<Node, { type: 'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression' }>;

function isFunction(node: Node): node is FunctionNode {
  return node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
}

/** Each name a declaration pattern binds (`{ a, b: [c], ...d }` binds a, c, d). */
export function patternNames(p: Pattern | null | undefined, add: (name: string) => void): void {
  if (!p) return;
  if (p.type === 'Identifier') add(p.name);
  else if (p.type === 'ObjectPattern') for (const prop of p.properties) patternNames(prop.type === 'RestElement' ? prop.argument : prop.value, add);
  else if (p.type === 'ArrayPattern') for (const el of p.elements) patternNames(el, add);
  else if (p.type === 'RestElement') patternNames(p.argument, add);
  else if (p.type === 'AssignmentPattern') patternNames(p.left, add);
}

/**
 * Identifiers passed as the element type to the JSX runtime (`_jsx(Foo, …)` in MDX's code,
 * `jsx(Foo, …)` in esbuild's): the components a program renders by name.
 */
export function renderedNames(program: Node): Set<Node> {
  const out = new Set<Node>();
  walk(program, {
    enter(node) {
      if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || !/^_?jsx(s|DEV)?$/.test(node.callee.name)) return;
      const first = node.arguments[0];
      if (first?.type === 'Identifier') out.add(first);
    },
  });
  return out;
}

/** The names a program or function declares for its own body (not those of nested functions). */
function declarationsOf(scope: Node): Set<string> {
  const names = new Set<string>();
  const declare = (p: Pattern | null | undefined) => patternNames(p, (n) => names.add(n));
  if (isFunction(scope)) {
    scope.params.forEach(declare);
    // A function expression's own name is visible inside it only.
    if (scope.type === 'FunctionExpression' && scope.id) names.add(scope.id.name);
    names.add('arguments');
  }
  const body = isFunction(scope) ? scope.body : scope;
  walk(body as Node, {
    enter(node) {
      if (isFunction(node)) {
        if (node.type === 'FunctionDeclaration' && node.id) names.add(node.id.name);
        this.skip();
        return;
      }
      if (node.type === 'VariableDeclarator') declare(node.id);
      else if (node.type === 'ClassDeclaration' && node.id) names.add(node.id.name);
      else if (node.type === 'ClassExpression' && node.id) names.add(node.id.name);
      else if (node.type === 'CatchClause') declare(node.param);
      else if (node.type === 'ImportSpecifier' || node.type === 'ImportDefaultSpecifier' || node.type === 'ImportNamespaceSpecifier') names.add(node.local.name);
    },
  });
  return names;
}

/** Whether an identifier reads a variable (not a property name, label or exported alias). */
function isReference(node: Identifier, parent: Node | null, key: string | number | symbol | null | undefined): boolean {
  if (!parent) return true;
  switch (parent.type) {
    case 'MemberExpression':
      return key !== 'property' || parent.computed;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      // `{ a }` (shorthand) reads `a` through its value, which is the same node walked as `value`.
      return key !== 'key' || parent.computed;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return false;
    case 'MetaProperty':
      return false;
    case 'ExportSpecifier':
      return key === 'local';
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
      return false;
    default:
      return true;
  }
}
