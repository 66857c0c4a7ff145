import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/**
 * GFM task lists render bare, disabled checkboxes; give each a label so assistive technology
 * reads its state (axe's `label` rule flags them otherwise).
 */
export default function rehypeTaskListLabels() {
  return (tree: Root, file: VFile) => {
    // No task item (`[ ]`, `[x]`) or checkbox in the source: nothing to label, the tree is not walked.
    if (typeof file.value === 'string' && !/\[[\sxX]\]|checkbox/.test(file.value)) return;
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'input' || node.properties?.type !== 'checkbox') return;
      node.properties['ariaLabel'] = node.properties.checked ? 'Done' : 'Not done';
    });
  };
}
