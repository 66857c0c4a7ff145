import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/**
 * `<img noZoom … />` keeps an image out of the click-to-zoom overlay (src/client/zoom.ts). React
 * drops an unknown boolean attribute, so it is written as `data-no-zoom`, which the client reads.
 */
export default function remarkImageNoZoom() {
  return (tree: Root, file: VFile) => {
    if (!/<\s*img\b/.test(String(file.value))) return;
    visit(tree, (node) => {
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || node.name !== 'img') return;
      for (const attr of node.attributes) {
        if (attr.type === 'mdxJsxAttribute' && attr.name.toLowerCase() === 'nozoom') {
          attr.name = 'data-no-zoom';
          if (attr.value === null || attr.value === undefined) attr.value = '';
        }
      }
    });
  };
}
