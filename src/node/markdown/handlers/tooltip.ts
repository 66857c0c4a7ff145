import { asPhrasing, text } from '../build.js';
import type { Handler } from '../types.js';

/** `<Tooltip tip>`: the text, with the tip in parentheses after it. */
export const tooltip: Handler = async (node, ctx) => {
  const tip = ctx.attr(node, 'tip');
  return [...asPhrasing(await ctx.children(node)), ...(tip ? [text(` (${tip})`)] : [])];
};
