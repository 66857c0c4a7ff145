import { asPhrasing, link, text } from '../build.js';
import type { Handler } from '../types.js';

/** `<Tooltip tip cta href>`: the text, with the tip (and its link) in parentheses after it. */
export const tooltip: Handler = async (node, ctx) => {
  const tip = ctx.attr(node, 'tip');
  const cta = ctx.attr(node, 'cta');
  const href = ctx.attr(node, 'href');
  const more = cta && href ? [text(tip ? `; ` : ' ('), link(href, text(cta)), text(')')] : tip ? [text(')')] : [];
  return [...asPhrasing(await ctx.children(node)), ...(tip ? [text(` (${tip}`)] : []), ...more];
};
