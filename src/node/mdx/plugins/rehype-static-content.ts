import type {} from '../vfile-data.js';
import type { Program } from 'estree';
import type { Root, RootContent } from 'hast';
import type { VFile } from 'vfile';
import { literalValue, NOT_LITERAL } from '../static-expression.js';

type Parent = { children: RootContent[] };
type Attribute = { type: string; value?: unknown };

/** The program of an expression node or attribute value: absent when the parser left none. */
const programOf = (node: { data?: unknown }): Program | undefined => (node.data as { estree?: Program } | undefined)?.estree;

/** A `{…}` program that renders a literal or nothing (`{/* a comment *\/}`). */
function literalProgram(program: Program | undefined): 'empty' | boolean {
  if (!program) return false;
  if (program.body.length === 0) return 'empty';
  const [stmt] = program.body;
  return program.body.length === 1 && stmt!.type === 'ExpressionStatement' && literalValue(stmt.expression) !== NOT_LITERAL;
}

/**
 * Deeper trees go through the compiled code. MDX's code generation overflows the stack on markup
 * nested a few thousand levels deep and reports it (`page/compile-failed`); a static tree must not
 * render what the code path rejects, or `kiln check` and `kiln build` would disagree. Real pages
 * nest a few dozen levels.
 */
const MAX_DEPTH = 500;

/** Whether the tree renders without running code: no `export`, no spread attributes, every expression a literal. */
function isStatic(parent: Parent, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  for (const node of parent.children) {
    switch (node.type) {
      case 'text':
      case 'comment':
        break;
      case 'element':
        if (!isStatic(node, depth + 1)) return false;
        break;
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        if (!literalProgram(programOf(node))) return false;
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        for (const a of node.attributes as Attribute[]) {
          if (a.type !== 'mdxJsxAttribute') return false;
          if (a.value && typeof a.value === 'object' && literalProgram(programOf(a.value)) !== true) return false;
        }
        if (!isStatic(node as Parent, depth + 1)) return false;
        break;
      default:
        // `export`s, raw HTML, anything else: the compiled code handles them.
        return false;
    }
  }
  return true;
}

/** Removes the expressions that render nothing (`{/* a comment *\/}`): the renderer expects one expression in each. */
function dropEmpty(parent: Parent): void {
  parent.children = parent.children.filter((node) => !((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && programOf(node)!.body.length === 0));
  for (const node of parent.children) if ('children' in node) dropEmpty(node as Parent);
}

/**
 * Last of the rehype plugins. A page whose content is static (see `isStatic`) is kept as its final
 * tree in `file.data.staticTree` and rendered from it (render/run.ts, hast-util-to-jsx-runtime);
 * MDX's later stages get an empty tree. Those stages (the tree to ESTree, JSX rewriting, code
 * generation) and evaluating the generated code were a sixth of a page's CPU in a 1,000-page build
 * (bench --profile, one thread: estree-walker, recma, astring, run 2.1 of 15 s) and nearly every
 * real page is static. Comparing with `enabled: false` (KILN_MDX_STATIC=0) gives the same HTML for
 * the corpus, the example and the benchmark site (static-content.test.ts).
 */
export default function rehypeStaticContent(options: { enabled: boolean }) {
  return (tree: Root, file: VFile) => {
    if (!options.enabled) return;
    if (!isStatic(tree)) return;
    dropEmpty(tree);
    file.data.staticTree = tree;
    // Nothing after this is needed: the compiler stops the pipeline here and takes the tree.
    throw STATIC_CONTENT;
  };
}

/**
 * Thrown by the plugin once a page's static tree is kept, so that MDX's recma stages do not run on
 * the page (0.3 ms a page even on an empty tree); the compiler (mdxjs.ts) catches it. unified has no
 * other way for a transformer to end a run.
 */
export const STATIC_CONTENT = new Error('static content: the compile ends here');
