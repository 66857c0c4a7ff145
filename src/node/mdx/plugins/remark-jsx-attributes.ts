import type { Program } from 'estree';
import type { Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { find, hastToReact, html, svg } from 'property-information';
import styleToJs from 'style-to-js';
import { visitParents } from 'unist-util-visit-parents';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/**
 * Pages are full of HTML pasted as JSX: `class=`, `frameborder`, `allowfullscreen`, `style="..."`.
 * React wants `className`, `frameBorder`, `allowFullScreen` and a style object, and throws on a
 * style string, so attribute names and styles are translated the way HTML would read them.
 */
export default function remarkJsxAttributes() {
  return (tree: Root) => {
    visitParents(tree, (node, ancestors) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const el = node as JsxElement;
      const name = el.name ?? '';
      const isComponent = /^[A-Z]/.test(name) || name.includes('.');
      const inSvg = name === 'svg' || ancestors.some((a) => (a as JsxElement).name === 'svg');
      for (const attr of el.attributes) {
        if (attr.type !== 'mdxJsxAttribute') continue;
        if (attr.name === 'class') attr.name = 'className';
        if (isComponent) continue;
        if (!attr.name.startsWith('data-') && !attr.name.startsWith('aria-')) {
          const info = find(inSvg ? svg : html, attr.name);
          attr.name = hastToReact[info.property] ?? info.property;
        }
        if (attr.name === 'style' && typeof attr.value === 'string') toStyleObject(attr);
      }
    });
  };
}

function toStyleObject(attr: MdxJsxAttribute): void {
  let style: Record<string, string>;
  try {
    style = styleToJs(attr.value as string, { reactCompat: true });
  } catch {
    style = {};
  }
  const estree: Program = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ExpressionStatement',
        expression: {
          type: 'ObjectExpression',
          properties: Object.entries(style).map(([k, v]) => ({
            type: 'Property', kind: 'init', method: false, shorthand: false, computed: false,
            key: { type: 'Literal', value: k }, value: { type: 'Literal', value: v },
          })),
        },
      },
    ],
  };
  attr.value = { type: 'mdxJsxAttributeValueExpression', value: JSON.stringify(style), data: { estree } };
}
