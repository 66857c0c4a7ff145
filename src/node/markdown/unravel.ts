import type { Parent, Root, RootContent } from 'mdast';

/**
 * A paragraph that holds only JSX and expressions (and white space) becomes those elements, as
 * `@mdx-js/mdx` does before any plugin runs: `<Step title="Ready">Text.</Step>` on one line is a
 * flow element, not text inside a paragraph. The export's own parse needs it to read pages the
 * way the compiler does; on a tree the compiler parsed it changes nothing.
 */
export function unravel(tree: Root): void {
  walk(tree);
}

function walk(parent: Parent): void {
  const out: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    if (child.type === 'paragraph' && onlyJsx(child.children as RootContent[])) {
      for (const c of child.children as RootContent[]) {
        if (c.type === 'text') continue;
        if (c.type === 'mdxJsxTextElement') (c as { type: string }).type = 'mdxJsxFlowElement';
        else if (c.type === 'mdxTextExpression') (c as { type: string }).type = 'mdxFlowExpression';
        out.push(c);
      }
    } else out.push(child);
  }
  parent.children = out as Parent['children'];
  for (const child of out) if ('children' in child) walk(child as Parent);
}

function onlyJsx(children: RootContent[]): boolean {
  let some = false;
  for (const c of children) {
    if (c.type === 'mdxJsxTextElement' || c.type === 'mdxTextExpression') some = true;
    else if (c.type !== 'text' || c.value.trim() !== '') return false;
  }
  return some;
}
