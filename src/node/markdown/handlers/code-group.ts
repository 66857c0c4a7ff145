import type { Code } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parseCodeMeta } from '../../mdx/code-meta.js';
import { paragraph, strong, text } from '../build.js';
import type { Handler, JsxElement, RootContent } from '../types.js';

/** A code block's label in a group: its title (```` ```js index.js ````), else its language. */
export function codeTitle(node: Code): string | undefined {
  return parseCodeMeta(node.meta).title ?? node.lang ?? undefined;
}

/** Code blocks keep their language; titles and line options are dropped from the fence. */
export function plainCode(node: Code): Code {
  return { type: 'code', lang: node.lang, meta: null, value: node.value };
}

async function sections(node: JsxElement, ctx: Parameters<Handler>[1]): Promise<RootContent[]> {
  const out: RootContent[] = [];
  for (const child of await ctx.children(node)) {
    if (child.type === 'code') {
      const title = codeTitle(child);
      if (title) out.push(ctx.label(title));
      out.push(plainCode(child));
    } else out.push(child);
  }
  return out;
}

/** `<CodeGroup>`: each block under a heading of its title. */
export const codeGroup: Handler = (node, ctx) => sections(node, ctx);

/** `<RequestExample>` / `<ResponseExample>`: a bold label, then the blocks as a code group. */
export const apiExample: Handler = async (node, ctx) => {
  const label = node.name === 'RequestExample' ? 'Request example' : 'Response example';
  return [ctx.label(label), ...(await sections(node, ctx))];
};

/** `<CodeBlock language filename>` written as JSX: a fenced block. */
export const codeBlock: Handler = async (node, ctx) => {
  const lang = ctx.attr(node, 'language') ?? ctx.attr(node, 'lang') ?? null;
  const title = ctx.attr(node, 'title') ?? ctx.attr(node, 'filename');
  const body = await ctx.children(node);
  const inner = body.find((n): n is Code => n.type === 'code');
  const value = inner ? inner.value : body.map((n) => toString(n)).join('\n\n');
  const out: RootContent[] = [];
  if (title) out.push(paragraph(strong(text(title))));
  out.push({ type: 'code', lang: lang ?? inner?.lang ?? null, meta: null, value });
  return out;
};
