import { paragraph, text } from '../build.js';
import type { Handler } from '../types.js';

/** `<Update label description>` (changelog entries): a heading, the description, then the content. */
export const update: Handler = async (node, ctx) => {
  const label = ctx.attr(node, 'label');
  const description = ctx.attr(node, 'description');
  return [
    ...(label ? [ctx.label(label)] : []),
    ...(description ? [paragraph(text(description))] : []),
    ...(await ctx.children(node)),
  ];
};
