import { list, listItem, paragraph, strong, text } from '../build.js';
import type { Handler, JsxElement } from '../types.js';

/** `<Steps>`: an ordered list, each `<Step title>` an item with its title in bold. */
export const steps: Handler = async (node, ctx) => {
  const items = [];
  for (const child of node.children) {
    if ((child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') || child.name !== 'Step') continue;
    const title = ctx.attr(child as JsxElement, 'title');
    const body = await ctx.children(child as JsxElement);
    const item = listItem(title ? [paragraph(strong(text(title))), ...body] : body);
    item.spread = true;
    items.push(item);
  }
  const result = list(true, items);
  result.spread = true;
  return [result];
};

/** A `<Step>` outside `<Steps>`: title in bold, then its content. */
export const step: Handler = async (node, ctx) => {
  const title = ctx.attr(node, 'title');
  return [...(title ? [paragraph(strong(text(title)))] : []), ...(await ctx.children(node))];
};
