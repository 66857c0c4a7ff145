import { run } from '@mdx-js/mdx';
import type { Expression, Node } from 'estree';
import type { Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { MDXComponents, MDXContent } from 'mdx/types';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as runtime from 'react/jsx-runtime';
import { IMPORT_META } from '../mdx/plugins/recma-module-scope.js';
import type { CompileOutput } from '../mdx/compiler.js';
import { literalValue, NOT_LITERAL } from '../mdx/static-expression.js';
import { builtinComponents, missingComponent } from './components/index.js';
import { pageScope } from './islands.js';

/**
 * The names a compiled module finds in `arguments[0]._kilnScope` (see mdx/plugins/recma-module-scope.ts)
 * before its imports are added: React and its hooks, the island wrapper, the built-in components,
 * `user` (Mintlify's personalization data: empty, as for a reader who is not logged in).
 */
export function moduleScope(imports: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...pageScope, ...builtinComponents, user: {}, _kilnImportMeta: IMPORT_META, ...imports };
}

/** Evaluates a compiled page (function-body output) into its React component. */
export async function runCompiled(code: string, imports?: Record<string, unknown>, file?: string): Promise<MDXContent> {
  return (await runCompiledModule(code, imports, file)).default;
}

/**
 * Names the code of `file` in stack traces (`at Foo (kiln:/abs/page.mdx:12:5)`), so that an error
 * it throws can be traced back to the source (see `errorOrigin`).
 */
const sourceUrl = (file?: string) => (file ? `\n//# sourceURL=kiln:${file}` : '');

/**
 * Where in a module run by this file an error was thrown: the first frame of its stack in such a
 * code, as the file and the line and column in that code (a function body: V8 counts two lines of
 * its own before it).
 */
export function errorOrigin(error: unknown): { file: string; line: number; column: number } | undefined {
  const stack = error instanceof Error ? error.stack ?? '' : '';
  for (const frame of stack.split('\n')) {
    const m = /\(?kiln:(.+):(\d+):(\d+)\)?\s*$/.exec(frame);
    if (m) return { file: m[1]!, line: Number(m[2]) - 2, column: Number(m[3]) };
  }
  return undefined;
}

/**
 * The whole module: its content as `default`, and whatever it exports (`export const Button`).
 * `imports` are the values of the names it imports (snippets' exports and contents).
 */
export async function runCompiledModule(code: string, imports?: Record<string, unknown>, file?: string): Promise<{ default: MDXContent } & Record<string, unknown>> {
  return run(code + sourceUrl(file), { ...runtime, baseUrl: import.meta.url, ...({ _kilnScope: moduleScope(imports) } as object) });
}

/** The packages a script snippet may `require()` (see mdx/script.ts). */
const PACKAGES: Record<string, unknown> = { react: React, 'react/jsx-runtime': runtime, 'react-dom': ReactDOM };

/**
 * Runs a script snippet (its CommonJS body, mdx/script.ts) and returns its exports. `imports` are
 * the values of the names it uses from Kiln's scope and other snippets; `required` gives what a
 * `require()` of another snippet returns (undefined: nothing there, a placeholder).
 */
export function runScript(script: { code: string; defaults?: Record<string, string> }, imports: Record<string, unknown>, required: (specifier: string) => unknown, file?: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const require = (specifier: string) => PACKAGES[specifier] ?? required(specifier) ?? unresolvedModule(script.defaults?.[specifier] ?? specifier);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('_kilnScope', 'require', 'module', 'exports', script.code + sourceUrl(file))(moduleScope(imports), require, module, module.exports);
  return module.exports;
}

/**
 * What an import that resolves to nothing gives a script: its default and every capitalised name
 * are placeholder components (the import is a warning already), other names undefined.
 */
function unresolvedModule(name: string): unknown {
  return new Proxy(missingComponent(name), {
    get: (target, key) => (typeof key === 'string' && /^[A-Z]/.test(key) ? missingComponent(key) : key === '__esModule' ? undefined : Reflect.get(target, key)),
  });
}

/** The component of a compile's output: its code run, or its static tree (see CompileOutput). */
export async function contentOf(out: CompileOutput, imports?: Record<string, unknown>, file?: string): Promise<MDXContent> {
  if (out.kind === 'static') return staticContent(out.hast);
  if (out.kind === 'code') return runCompiled(out.code, imports, file);
  throw new Error(`${file ?? 'the file'} has no content to render (${out.kind})`);
}

/** MDX's own message for a component the page uses and nothing provides. */
const missing = (name: string) => new Error(`Expected component \`${name}\` to be defined: you likely forgot to import, pass, or provide it.`);

/**
 * A static page's tree as its component, rendered as MDX's compiled code would render it: JSX names
 * are looked up in `components` (`Card`, `Tree.Folder`), attribute values and `{…}` are literals
 * (plugins/rehype-static-content.ts checked), the rest is React's attribute naming, as MDX's.
 */
export function staticContent(tree: Root): MDXContent {
  return (props) => {
    const components = (props.components ?? {}) as MDXComponents & Record<string, unknown>;
    const evaluate = (node: Node, name = ''): unknown => {
      if (node.type === 'Identifier' && node.name !== 'undefined') {
        if (!Object.hasOwn(components, node.name)) throw missing(node.name);
        return components[node.name];
      }
      if (node.type === 'MemberExpression') {
        const path = `${name || memberName(node)}`;
        const object = evaluate(node.object, path) as Record<string, unknown> | undefined;
        const key = node.property.type === 'Identifier' && !node.computed ? node.property.name : String((node.property as { value?: unknown }).value);
        const value = object?.[key];
        if (value === undefined) throw missing(path);
        return value;
      }
      const value = literalValue(node);
      if (value === NOT_LITERAL) throw new Error(`Unexpected ${node.type} in static content`);
      return value;
    };
    return toJsxRuntime(tree, {
      Fragment: runtime.Fragment,
      jsx: runtime.jsx,
      jsxs: runtime.jsxs,
      components: components as never,
      elementAttributeNameCase: 'react',
      stylePropertyNameCase: 'dom',
      createEvaluater: () => ({
        evaluateExpression: (expression: Expression) => evaluate(expression),
        evaluateProgram: () => {
          throw new Error('Unexpected ESM in static content');
        },
      }),
    });
  };
}

function memberName(node: Node): string {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression') return `${memberName(node.object)}.${node.property.type === 'Identifier' ? node.property.name : String((node.property as { value?: unknown }).value)}`;
  return '?';
}
