import type {} from '../vfile-data.js';
import GithubSlugger from 'github-slugger';
import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import type { TocEntry } from '../compiler.js';

/** Gives every heading a stable, GitHub-style id and records h2/h3 for "On this page". */
export default function remarkHeadingIds() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const toc: TocEntry[] = [];
    visit(tree, 'heading', (node) => {
      const text = toString(node).trim();
      const id = slugger.slug(text || 'section');
      node.data ??= {};
      node.data.hProperties = { ...(node.data.hProperties ?? {}), id };
      if (node.depth === 2 || node.depth === 3) toc.push({ depth: node.depth, id, text });
    });
    file.data.toc = toc;
  };
}
