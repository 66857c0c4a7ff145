import type {} from '../vfile-data.js';
import type { Node as EsNode } from 'estree';
import { walk } from 'estree-walker';
import type { Root } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';

const CLASS_ATTRS = new Set(['className', 'class']);

/**
 * Records the class names a page writes, as Tailwind candidates: `className="…"`/`class="…"` on
 * elements and components, string parts of `className={…}` expressions, `className` in JSX passed
 * as another attribute (`<Card title={<div className="…">}>`), and in the JSX of `export const`
 * components. Tailwind then generates CSS for exactly these (assets/tailwind.ts).
 * Over-collecting is harmless: a word that is not a utility produces no CSS.
 */
export default function remarkClasses() {
  return (tree: Root, file: VFile) => {
    const classes = new Set<string>();
    const add = (value: unknown) => {
      if (typeof value !== 'string') return;
      for (const c of value.split(/\s+/)) if (c && c.length < 200) classes.add(c);
    };
    visit(tree, (node) => {
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const attr of (node as { attributes: MdxJsxAttribute[] }).attributes) {
          if (attr.type !== 'mdxJsxAttribute') continue;
          const estree = typeof attr.value === 'object' ? (attr.value?.data?.estree as EsNode | undefined) : undefined;
          if (!CLASS_ATTRS.has(attr.name)) classNamesIn(estree, add);
          else if (typeof attr.value === 'string') add(attr.value);
          else stringsIn(estree, add);
        }
      } else if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        classNamesIn((node as { data?: { estree?: EsNode } }).data?.estree, add);
      }
    });
    if (classes.size) file.data.classes = [...classes].sort();
  };
}

function stringsIn(node: EsNode | null | undefined, add: (value: unknown) => void): void {
  if (!node) return;
  walk(node, {
    enter(n) {
      if (n.type === 'Literal') add(n.value);
      else if (n.type === 'TemplateElement') add(n.value.cooked ?? n.value.raw);
    },
  });
}

/**
 * The strings of `className`/`class` in JSX as written (`className="…"`) and in object properties
 * (`{ className: '…' }`, which is what compiled JSX passes): script snippets use it too.
 */
export function classNamesIn(program: EsNode | undefined, add: (value: unknown) => void): void {
  if (!program) return;
  walk(program, {
    enter(n) {
      const node = n as EsNode & { type: string; name?: { type: string; name?: string }; value?: EsNode | null; key?: EsNode; computed?: boolean };
      if (node.type === 'JSXAttribute' && node.name?.type === 'JSXIdentifier' && CLASS_ATTRS.has(node.name.name ?? '')) stringsIn(node.value, add);
      else if (node.type === 'Property' && !node.computed && node.key && ((node.key.type === 'Identifier' && CLASS_ATTRS.has(node.key.name)) || (node.key.type === 'Literal' && CLASS_ATTRS.has(String(node.key.value))))) stringsIn(node.value, add);
    },
  });
}
