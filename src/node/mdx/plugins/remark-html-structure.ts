import type { Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';

/** HTML elements that hold only phrasing content: a `<p>` inside one ends it in the browser. */
const PHRASING_HOSTS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'a', 'strong', 'em', 'b', 'i', 'u', 's', 'small', 'label', 'button', 'summary', 'code', 'sup', 'sub', 'mark', 'font', 'abbr', 'cite', 'q', 'dt']);
/** Elements and built-ins that sit inside a line of text. */
const INLINE = new Set([...PHRASING_HOSTS, 'img', 'br', 'wbr', 'svg', 'picture', 'video', 'audio', 'iframe', 'input', 'kbd', 'del', 'ins', 'time', 'Icon', 'Badge', 'Tooltip', 'Mention', 'Latex', 'Popup', 'PopupTrigger', 'PopupContent']);
const FLOW_PHRASING = new Set(['paragraph', 'text', 'mdxTextExpression', 'mdxFlowExpression', 'html', 'inlineCode', 'emphasis', 'strong', 'link', 'image', 'break', 'delete', 'inlineMath']);

const isBlock = (n: RootContent): boolean => {
  if (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') return !INLINE.has(n.name ?? '');
  return !FLOW_PHRASING.has(n.type);
};

/**
 * HTML written in a page keeps the structure its author wrote. MDX puts the lines inside a block
 * element in paragraphs, so `<p className="note">` with its text on the lines below became a `<p>`
 * in a `<p>`, which the browser splits: the class stayed on an empty paragraph and the text fell
 * out of it (and `<h2>` held a `<p>`). Inside an element that holds phrasing only, the paragraphs
 * are taken away (their lines joined, a line break between two of them); a `<p>` that holds blocks
 * (a list, a `<div>`) is written as a `<div>` with the same attributes, the valid box for them.
 */
export default function remarkHtmlStructure() {
  return (tree: Root) => {
    visit(tree, 'mdxJsxFlowElement', (node: MdxJsxFlowElement) => {
      const name = node.name ?? '';
      if (!PHRASING_HOSTS.has(name)) return;
      if (node.children.some((c) => isBlock(c as RootContent))) {
        if (name === 'p') node.name = 'div';
        return;
      }
      if (!node.children.some((c) => c.type === 'paragraph')) return;
      const out: PhrasingContent[] = [];
      let previous: RootContent | undefined;
      for (const child of node.children as RootContent[]) {
        if (child.type === 'paragraph') {
          if (previous?.type === 'paragraph') out.push({ type: 'break' });
          out.push(...(child as Paragraph).children);
        } else out.push(child as PhrasingContent);
        previous = child;
      }
      node.children = out as MdxJsxFlowElement['children'];
    });
  };
}
