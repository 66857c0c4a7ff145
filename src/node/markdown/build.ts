/** Small mdast constructors for the handlers. */
import type { Blockquote, Code, Heading, List, ListItem, Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { Block } from './types.js';

export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const strong = (...children: PhrasingContent[]): PhrasingContent => ({ type: 'strong', children });
export const emphasis = (...children: PhrasingContent[]): PhrasingContent => ({ type: 'emphasis', children });
export const inlineCode = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
export const link = (url: string, ...children: PhrasingContent[]): PhrasingContent => ({ type: 'link', url, children });
export const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
export const heading = (depth: Heading['depth'], ...children: PhrasingContent[]): Heading => ({ type: 'heading', depth, children });
export const code = (value: string, lang?: string | null): Code => ({ type: 'code', lang: lang || null, meta: null, value });
export const blockquote = (children: RootContent[]): Blockquote => ({ type: 'blockquote', children: asBlocks(children) });
export const listItem = (children: RootContent[]): ListItem => ({ type: 'listItem', spread: false, children: asBlocks(children) });
export const list = (ordered: boolean, items: ListItem[]): List => ({ type: 'list', ordered, start: ordered ? 1 : null, spread: false, children: items });

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'image', 'linkReference', 'imageReference', 'footnoteReference', 'html', 'inlineMath', 'mdxJsxTextElement', 'mdxTextExpression']);

/** Block content for a container: runs of inline nodes are wrapped in paragraphs. */
export function asBlocks(nodes: RootContent[]): Block[] {
  const out: Block[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    if (run.some((n) => n.type !== 'text' || n.value.trim())) out.push(paragraph(...run));
    run = [];
  };
  for (const n of nodes) {
    if (PHRASING.has(n.type) && n.type !== 'html') run.push(n as PhrasingContent);
    else {
      flush();
      out.push(n as Block);
    }
  }
  flush();
  return out;
}

/** Inline content from anything: blocks are flattened to their text-level children. */
export function asPhrasing(nodes: RootContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const n of nodes) {
    if (PHRASING.has(n.type)) out.push(n as PhrasingContent);
    else if (n.type === 'paragraph' || n.type === 'heading') {
      if (out.length) out.push(text(' '));
      out.push(...n.children);
    } else if ('children' in n) out.push(...asPhrasing(n.children as RootContent[]));
  }
  return out;
}
