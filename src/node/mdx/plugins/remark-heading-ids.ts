import type {} from '../vfile-data.js';
import GithubSlugger from 'github-slugger';
import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Node } from 'unist';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { visitParents } from 'unist-util-visit-parents';
import type { TocEntry } from '../compiler.js';

type Element = MdxJsxFlowElement | MdxJsxTextElement;
const isElement = (n: Node): n is Element => n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement';
const attr = (n: Element, name: string) => {
  const a = n.attributes.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
};

/**
 * An `<Accordion>` without an `id` gets one from its title (a string), as on Mintlify, where
 * opening one puts it in the address: links made there name it. The page's slugger keeps it apart
 * from the headings' ids. kiln check gives it the same (check/scan-mdx.ts).
 */
export function accordionId(node: Element, slugger: GithubSlugger): { id: string; given: boolean } | undefined {
  const given = attr(node, 'id');
  if (given) return { id: given, given: true };
  const title = attr(node, 'title')?.trim();
  return title ? { id: slugger.slug(title), given: false } : undefined;
}

/**
 * Gives every heading a stable, GitHub-style id and records h2/h3 for "On this page". A heading a
 * reader does not see when the page opens (in a tab other than the first, a view other than the
 * first) is listed hidden, and shown when its tab or view is (src/client/toc.ts); one the page
 * never shows (`<Visibility for="agents">`) is not listed.
 */
export default function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const toc: TocEntry[] = [];
    let firstView: string | undefined;
    visit(tree, (n) => {
      if (firstView === undefined && isElement(n as Node) && (n as Element).name === 'View') firstView = attr(n as Element, 'title') || 'Default';
    });
    visitParents(tree, 'heading', (node, ancestors) => {
      const text = toString(node).trim();
      const id = slugger.slug(text || 'section');
      node.data ??= {};
      node.data.hProperties = { ...(node.data.hProperties ?? {}), id };
      if (node.depth !== 2 && node.depth !== 3) return;
      let hidden = false;
      for (let i = 0; i < ancestors.length; i++) {
        const a = ancestors[i]! as Node;
        if (!isElement(a)) continue;
        if (a.name === 'Visibility' && attr(a, 'for') === 'agents') return;
        if (a.name === 'View' && (attr(a, 'title') || 'Default') !== firstView) hidden = true;
        const parent = ancestors[i - 1] as Node | undefined;
        if (a.name === 'Tab' && parent && isElement(parent) && parent.name === 'Tabs') {
          const tabs = (parent.children as Node[]).filter((c) => isElement(c) && c.name === 'Tab');
          if (tabs.indexOf(a) > 0) hidden = true;
        }
      }
      toc.push({ depth: node.depth, id, text, ...(hidden ? { hidden } : {}) });
    });
    // After the headings, so that theirs stay as they were.
    visit(tree, (n) => {
      if (!isElement(n as Node) || (n as Element).name !== 'Accordion') return;
      const made = accordionId(n as Element, slugger);
      if (made && !made.given) (n as Element).attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: made.id });
    });
    file.data.toc = toc;
  };
}
