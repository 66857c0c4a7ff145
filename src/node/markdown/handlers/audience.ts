import type { Handler } from '../types.js';

/**
 * `<Visibility for="agents">` is written into the Markdown (`<url>.md`, llms-full.txt) and left off
 * the page; `for="humans"` the other way round.
 */
export const visibility: Handler = async (node, ctx) => (ctx.attr(node, 'for') === 'humans' ? [] : ctx.children(node));

/** `<View title>`: each view under a label of its title (a reader of the Markdown sees them all). */
export const view: Handler = async (node, ctx) => {
  const title = ctx.attr(node, 'title');
  return [...(title ? [ctx.label(title)] : []), ...(await ctx.children(node))];
};
