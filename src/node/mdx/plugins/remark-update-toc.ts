import type {} from '../vfile-data.js';
import type { Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { visitParents } from 'unist-util-visit-parents';
import type { TocEntry } from '../compiler.js';

/** The anchor `<Update>` gives itself (render/components/misc.tsx): the same rule, kept in step by a test. */
export function updateId(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/**
 * Changelog pages are a list of `<Update label="…">` entries: each becomes an entry of "On this
 * page", in document order among the headings (which remark-heading-ids recorded before), and the
 * headings inside an entry are listed one level below it.
 */
export default function remarkUpdateToc() {
  return (tree: Root, file: VFile) => {
    // No `<Update>` in the page: "On this page" is the headings as recorded, and the tree is not walked.
    if (!/<\s*Update\b/.test(String(file.value))) return;
    const headings = [...(file.data.toc ?? [])];
    let found = false;
    const toc: TocEntry[] = [];
    visitParents(tree, (node, ancestors) => {
      const inUpdate = ancestors.some((a) => a.type === 'mdxJsxFlowElement' && (a as MdxJsxFlowElement).name === 'Update');
      if (node.type === 'heading' && (node.depth === 2 || node.depth === 3)) {
        const entry = headings.shift();
        if (entry) toc.push(inUpdate ? { ...entry, depth: 3 } : entry);
      } else if (node.type === 'mdxJsxFlowElement' && node.name === 'Update' && !inUpdate) {
        const label = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'label')?.value;
        if (typeof label !== 'string' || !label.trim()) return;
        const id = updateId(label);
        if (!id) return;
        found = true;
        toc.push({ depth: 2, id, text: label.trim() });
      }
    });
    if (found) file.data.toc = [...toc, ...headings];
  };
}
