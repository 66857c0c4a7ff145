import { emphasis, paragraph, text } from '../build.js';
import type { Handler } from '../types.js';

/** `<Frame caption hint>`: the content (an image, usually), then the caption in italics. */
export const frame: Handler = async (node, ctx) => {
  const hint = ctx.attr(node, 'hint');
  const caption = ctx.attr(node, 'caption');
  // The caption may hold Markdown (links, bold): written as it is.
  return [...(hint ? [paragraph(text(hint))] : []), ...(await ctx.children(node)), ...(caption ? [paragraph(emphasis({ type: 'html', value: caption }))] : [])];
};
