import type {} from '../vfile-data.js';
import type { Expression } from 'estree';
import type { Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { literalValue } from '../static-expression.js';

/**
 * `<Latex>\frac{a}{b}</Latex>` (Mintlify's component) becomes math, rendered at build time by
 * rehype-katex like `$…$`. Inside JSX, MDX reads `{a}` as a JavaScript expression, so the TeX is
 * taken from the source between the tags, not from the parsed children. A tag in running text is
 * inline math, a tag on its own lines is display math. Content that is one JavaScript expression
 * (`<Latex>{'\\frac{a}{b}'}</Latex>`) is used when it is a plain string; any other expression is
 * left to the `Latex` component, which renders its string children with KaTeX at render time.
 */
export default function remarkLatex() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    if (!/<\s*Latex\b/.test(source)) return;
    let found = false;
    visit(tree, (node, index, parent) => {
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || node.name !== 'Latex') return;
      found = true;
      if (!parent || index === undefined) return;
      const tex = texOf(node, source);
      if (tex === undefined) return SKIP;
      const replacement = node.type === 'mdxJsxTextElement'
        ? { type: 'inlineMath', value: tex, position: node.position, data: { hName: 'code', hProperties: { className: ['language-math', 'math-inline'] }, hChildren: [{ type: 'text', value: tex }] } }
        : { type: 'math', value: tex, position: node.position, data: { hName: 'pre', hChildren: [{ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [{ type: 'text', value: tex }] }] } };
      (parent.children as RootContent[])[index] = replacement as RootContent;
      return SKIP;
    });
    if (found) {
      const features = (file.data.features ??= []);
      if (!features.includes('math')) features.push('math');
    }
  };
}

/** The TeX a `<Latex>` element holds, or undefined when only the runtime can tell (an expression). */
function texOf(node: MdxJsxFlowElement | MdxJsxTextElement, source: string): string | undefined {
  const flat = flatten(node.children as RootContent[]);
  if (flat.length === 0) return '';
  if (flat.length === 1 && (flat[0]!.type === 'mdxTextExpression' || flat[0]!.type === 'mdxFlowExpression')) {
    const program = (flat[0] as { data?: { estree?: { body: { type: string; expression?: Expression }[] } } }).data?.estree;
    const value = literalValue(program?.body[0]?.expression);
    return typeof value === 'string' ? value : undefined;
  }
  const first = node.children[0]?.position?.start.offset;
  const last = node.children[node.children.length - 1]?.position?.end.offset;
  if (first === undefined || last === undefined) return undefined;
  return source.slice(first, last).trim();
}

/** Leaf content, looking through the paragraph a flow element wraps its text in. */
function flatten(nodes: RootContent[]): RootContent[] {
  return nodes.flatMap((n) => (n.type === 'paragraph' ? flatten(n.children) : n.type === 'text' && !n.value.trim() ? [] : [n]));
}
