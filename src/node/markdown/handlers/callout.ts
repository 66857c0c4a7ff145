import { asBlocks, blockquote, paragraph, strong, text } from '../build.js';
import type { Handler } from '../types.js';

const LABELS: Record<string, string> = { Note: 'Note', Info: 'Info', Tip: 'Tip', Warning: 'Warning', Danger: 'Danger', Check: 'Check' };

/** `<Note>`, `<Warning>`… and `<Callout>`: a blockquote that starts with the kind in bold. */
export const callout: Handler = async (node, ctx) => {
  const label = ctx.attr(node, 'title') ?? LABELS[node.name ?? ''];
  const body = asBlocks(await ctx.children(node));
  const first = body[0];
  if (label && first?.type === 'paragraph') first.children.unshift(strong(text(`${label}:`)), text(' '));
  else if (label) body.unshift(paragraph(strong(text(label))));
  return [blockquote(body)];
};
