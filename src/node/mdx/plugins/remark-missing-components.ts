import type {} from '../vfile-data.js';
import type { PhrasingContent, Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { diag } from '../../diagnostics/catalogue.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'link', 'image', 'break', 'mdxJsxTextElement', 'mdxTextExpression', 'inlineMath']);

export interface MissingComponentsOptions {
  /** Names the renderer provides. */
  known: ReadonlySet<string>;
}

/**
 * Finds components the page uses that nothing provides. MDX would throw at render time for each;
 * instead they are rendered as a visible placeholder and reported with their position.
 * Runs after remark-imports, which records the names the page defines.
 */
export default function remarkMissingComponents(options: MissingComponentsOptions) {
  return (tree: Root, file: VFile) => {
    const defined = new Set<string>((file.data.defined as string[] | undefined) ?? []);
    const unresolved = new Set<string>((file.data.unresolvedImports as string[] | undefined) ?? []);
    const diagnostics: Diagnostic[] = (file.data.diagnostics ??= []);
    const missing = new Set<string>(unresolved);
    const reported = new Set<string>();

    visit(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const name = (node as { name?: string | null }).name;
      if (!name) return;
      const base = name.split('.')[0]!;
      const dotted = name.includes('.');
      // Lower-case names are HTML elements; only capitalised or member names are components.
      if (!/^[A-Z]/.test(base) && !dotted) return;
      if (defined.has(base)) return;
      const known = options.known.has(base) && (!dotted || options.known.has(name));
      // An unknown component on lines of its own holding text (`<Chart.Legend>Legend</Chart.Legend>`):
      // readers see the text, so it gets the paragraph a line of text would have.
      if (!known && node.type === 'mdxJsxFlowElement') {
        const el = node as MdxJsxFlowElement;
        if (el.children.length && el.children.every((c) => PHRASING.has(c.type))) el.children = [{ type: 'paragraph', children: el.children as PhrasingContent[] }];
      }
      // A built-in's members are known by their full name (`Tree.Folder`); another member is missing, not its object.
      if (options.known.has(base)) {
        if (!dotted || options.known.has(name)) return;
        missing.add(name);
        if (reported.has(name)) return;
        reported.add(name);
      } else {
        missing.add(base);
        // Each member of an unknown object too: it is looked up on the object's stand-in.
        if (dotted) missing.add(name);
        if (unresolved.has(base) || reported.has(base)) return;
        reported.add(base);
      }
      const pos = node.position?.start;
      diagnostics.push(diag('page/unknown-component', { name }, { file: file.path, line: pos?.line, column: pos?.column }));
    });
    file.data.missing = [...missing];
  };
}
