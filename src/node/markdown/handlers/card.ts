import { asBlocks, asPhrasing, link, paragraph, strong, text } from '../build.js';
import type { Handler } from '../types.js';

/** `<Card title href>`: the title in bold (a link when the card is one), then its text. */
export const card: Handler = async (node, ctx, inline) => {
  const title = ctx.attr(node, 'title');
  const href = ctx.attr(node, 'href');
  const body = await ctx.children(node);
  const label = title ? strong(text(title)) : undefined;
  const head = label && href ? link(href, label) : label ?? (href ? link(href, text(href)) : undefined);
  if (inline) return head ? [head, ...(body.length ? [text(': '), ...asPhrasing(body)] : [])] : asPhrasing(body);
  const blocks = asBlocks(body);
  const first = blocks[0];
  // A one-paragraph card reads best as one line: "**Title**: text". The label goes in front of
  // the paragraph's own children, so that its text can still be copied from the source.
  if (head && first?.type === 'paragraph' && blocks.length === 1) {
    first.children.unshift(head, text(': '));
    return [first];
  }
  return head ? [paragraph(head), ...blocks] : blocks;
};

/** `<CardGroup>` and `<Columns>`: the cards one after another. */
export const cardGroup: Handler = (node, ctx) => ctx.children(node);
