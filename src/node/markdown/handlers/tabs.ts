import type { Handler, JsxElement, RootContent } from '../types.js';

/** `<Tabs>`: each `<Tab title>` becomes a section under its own heading. */
export const tabs: Handler = async (node, ctx) => {
  const out: RootContent[] = [];
  let i = 0;
  for (const child of node.children) {
    if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name === 'Tab') {
      i++;
      out.push(ctx.label(ctx.attr(child, 'title') ?? `Tab ${i}`), ...(await ctx.children(child as JsxElement)));
    } else out.push(...(await ctx.children({ ...node, children: [child] } as JsxElement)));
  }
  return out;
};

/** A `<Tab>` outside `<Tabs>`: its content. */
export const tab: Handler = (node, ctx) => ctx.children(node);
