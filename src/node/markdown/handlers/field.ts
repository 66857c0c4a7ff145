import type { PhrasingContent, RootContent } from 'mdast';
import { asBlocks, inlineCode, list, listItem, paragraph, text } from '../build.js';
import type { Handler } from '../types.js';

const LOCATIONS = ['path', 'query', 'body', 'header', 'cookie'] as const;

/**
 * `<ParamField>` and `<ResponseField>`: a list item "`name` (type, location, required, default: x)"
 * followed by the description. Neighbouring fields are merged into one list afterwards.
 */
export const field: Handler = async (node, ctx) => {
  const location = node.name === 'ParamField' ? LOCATIONS.find((k) => ctx.attr(node, k) !== undefined) : undefined;
  const name = (location ? ctx.attr(node, location) : ctx.attr(node, 'name')) ?? '';
  const details = [ctx.attr(node, 'type'), location, ctx.flag(node, 'required') ? 'required' : undefined, ctx.flag(node, 'deprecated') ? 'deprecated' : undefined];
  const def = ctx.attr(node, 'default');
  if (def !== undefined) details.push(`default: ${def}`);
  const head: PhrasingContent[] = [inlineCode(name || '(unnamed)')];
  const shown = details.filter(Boolean);
  if (shown.length) head.push(text(` (${shown.join(', ')})`));
  const body: RootContent[] = asBlocks(await ctx.children(node));
  const first = body[0];
  if (first?.type === 'paragraph') {
    first.children.unshift(...head, text(': '));
    body[0] = first;
  } else body.unshift(paragraph(...head));
  const result = list(false, [listItem(body)]);
  result.data = { kilnFields: true } as never;
  return [result];
};
