import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/**
 * GFM task lists render bare, disabled checkboxes; give each a label so assistive technology
 * reads its state (axe's `label` rule flags them otherwise).
 */
export default function rehypeTaskListLabels() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'input' || node.properties?.type !== 'checkbox') return;
      node.properties['ariaLabel'] = node.properties.checked ? 'Done' : 'Not done';
    });
  };
}
