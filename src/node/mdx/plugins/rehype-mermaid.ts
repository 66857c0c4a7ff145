import type {} from '../vfile-data.js';
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/**
 * ```` ```mermaid ```` fences become `<div class="mermaid-diagram">` holding the diagram source in a
 * `<pre>`, readable as text with JavaScript off. The client (`src/client/mermaid.ts`) loads Mermaid
 * from `/_kiln/vendor/` on pages that have such a div and draws the diagram in the current theme.
 * Runs before rehype-code-blocks, which leaves these fences alone anyway.
 */
export default function rehypeMermaid() {
  return (tree: Root, file: VFile) => {
    // Most pages have no diagram: their tree is not walked (a twentieth of the rehype plugins' time).
    if (typeof file.value === 'string' && !file.value.includes('mermaid')) return;
    let found = false;
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      const classes = (code?.properties?.className as string[] | undefined) ?? [];
      if (!code || !classes.includes('language-mermaid')) return;
      found = true;
      const source = toString(code).replace(/\n$/, '');
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['mermaid-diagram'] },
        children: [{ type: 'element', tagName: 'pre', properties: { className: ['mermaid-source'] }, children: [{ type: 'text', value: source }] }],
        position: node.position,
      };
      return SKIP;
    });
    if (found) {
      const features = (file.data.features ??= []);
      if (!features.includes('mermaid')) features.push('mermaid');
    }
  };
}
