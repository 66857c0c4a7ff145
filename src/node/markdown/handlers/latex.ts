import { code, inlineCode } from '../build.js';
import type { Handler, JsxElement } from '../types.js';

type Raw = JsxElement['children'][number];

/** The TeX as written: MDX reads `{a}` in `\\frac{a}{b}` as an expression, so braces are put back. */
function tex(nodes: Raw[]): string {
  return nodes
    .map((n) => {
      if (n.type === 'mdxTextExpression' || n.type === 'mdxFlowExpression') return `{${n.value}}`;
      if ('value' in n && typeof n.value === 'string') return n.value;
      if ('children' in n) return tex(n.children as Raw[]);
      return '';
    })
    .join('');
}

/** `<Latex>`: the TeX source, as inline code in a sentence or a `math` block on its own. */
export const latex: Handler = (node, _ctx, inline) => {
  const source = tex(node.children).trim();
  if (!source) return [];
  return inline ? [inlineCode(source)] : [code(source, 'math')];
};
