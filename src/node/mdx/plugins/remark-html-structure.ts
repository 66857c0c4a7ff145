import type { Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
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
 * Components that draw a box (an `<aside>`, a `<div>`), which no paragraph can hold. Written in a
 * line of text (`<Info>…</Info>` with text on the next line, no blank line between), MDX puts one
 * in the paragraph, and the browser ended the paragraph before it and left the text after it
 * outside any (five corpus sites, in `<ParamField>` bodies mostly).
 */
const BLOCK_COMPONENTS = new Set([
  'Note', 'Info', 'Tip', 'Warning', 'Danger', 'Check', 'Callout', 'Card', 'CardGroup', 'Columns', 'CodeGroup', 'Steps', 'Tabs',
  'Accordion', 'AccordionGroup', 'Frame', 'ParamField', 'ResponseField', 'Expandable', 'Update', 'Panel', 'RequestExample', 'ResponseExample',
]);
const isBlockInText = (n: PhrasingContent): n is MdxJsxTextElement => n.type === 'mdxJsxTextElement' && BLOCK_COMPONENTS.has(n.name ?? '');

/** A run of a paragraph's content without the white space at its ends; none when nothing is left. */
function trimmedRun(run: PhrasingContent[]): PhrasingContent[] {
  const out = [...run];
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, value: first.value.replace(/^\s+/, '') };
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = { ...last, value: last.value.replace(/\s+$/, '') };
  return out.filter((n) => n.type !== 'text' || n.value !== '');
}

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
    // A box written in a line of text: the paragraph is split around it (BLOCK_COMPONENTS).
    visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
      if (!parent || index === undefined || !node.children.some(isBlockInText)) return;
      const out: RootContent[] = [];
      let run: PhrasingContent[] = [];
      const flush = () => {
        const kept = trimmedRun(run);
        if (kept.length) out.push({ type: 'paragraph', children: kept });
        run = [];
      };
      for (const child of node.children) {
        if (!isBlockInText(child)) {
          run.push(child);
          continue;
        }
        flush();
        out.push({ ...child, type: 'mdxJsxFlowElement' } as MdxJsxFlowElement);
      }
      flush();
      (parent.children as RootContent[]).splice(index, 1, ...out);
      return index + out.length;
    });
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
