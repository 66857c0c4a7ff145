import type {} from '../vfile-data.js';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';

/**
 * Keeps a copy of the tree as parsed, before the transforms after it change it, in
 * `file.data.tree`. Copying a parsed page costs a fraction of parsing it again, which is what the
 * Markdown export (`<url>.md`, llms-full.txt) did before: 5.6 s of 26 s in a 1,000-page build
 * (bench --profile: kiln:node/markdown/export, mostly micromark and mdast-util-from-markdown).
 */
export default function remarkKeepTree(options: { keep?: boolean } = {}) {
  return (tree: Root, file: VFile) => {
    if (options.keep ?? file.data.keepTree) file.data.tree = copy(tree) as Root;
  };
}

/**
 * A deep copy without the ESTree programs of expressions (the export does not read them). Positions
 * are shared, not copied: the export copies unchanged text from the source by them, and nothing
 * changes a position in place.
 */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== 'estree') out[k] = k === 'position' ? v : copy(v);
  return out;
}
