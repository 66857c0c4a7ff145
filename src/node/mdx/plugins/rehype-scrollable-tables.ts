import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/**
 * Wide tables scroll sideways inside the page (prose.css); a scrollable region must be reachable
 * by keyboard, so Markdown tables take part in the tab order.
 */
export default function rehypeScrollableTables() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'table') node.properties['tabIndex'] = 0;
    });
  };
}
