import { code } from '../build.js';
import type { Handler, HandlerContext, JsxElement } from '../types.js';

function lines(nodes: JsxElement['children'], ctx: HandlerContext, prefix: string): string[] {
  const entries = nodes.filter((n): n is JsxElement => (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && /^Tree\.(Folder|File)$/.test(n.name ?? ''));
  return entries.flatMap((n, i) => {
    const last = i === entries.length - 1;
    const folder = n.name === 'Tree.Folder';
    const name = (ctx.attr(n, 'name') ?? '') + (folder ? '/' : '');
    const own = `${prefix}${last ? '└── ' : '├── '}${name}`;
    return folder ? [own, ...lines(n.children, ctx, prefix + (last ? '    ' : '│   '))] : [own];
  });
}

/** `<Tree>` with `<Tree.Folder>` and `<Tree.File>`: a plain-text tree in a code block. */
export const tree: Handler = (node, ctx) => {
  const body = lines(node.children, ctx, '');
  return body.length ? [code(body.join('\n'), 'text')] : [];
};
