import { paragraph, strong, text } from '../build.js';
import type { Handler } from '../types.js';

/** `<Accordion title>` and `<Expandable title>`: the title in bold, then the content (always shown). */
export const accordion: Handler = async (node, ctx) => {
  const title = ctx.attr(node, 'title') ?? (node.name === 'Expandable' ? 'Properties' : undefined);
  return [...(title ? [paragraph(strong(text(title)))] : []), ...(await ctx.children(node))];
};

/** `<AccordionGroup>`: the accordions one after another. */
export const accordionGroup: Handler = (node, ctx) => ctx.children(node);
