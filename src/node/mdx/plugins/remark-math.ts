import type {} from '../vfile-data.js';
import type { PhrasingContent, Root } from 'mdast';
import type { Point } from 'unist';
import type { InlineMath } from 'mdast-util-math';
import remarkMathSyntax from 'remark-math';
import type { Processor } from 'unified';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/**
 * `$…$` inline and `$$…$$` display math (remark-math), rendered at build time by rehype-katex.
 *
 * The `$` choice. Single-dollar inline math stays on: it is what Mintlify pages write (the corpus
 * has real `$\lceil \frac{D}{8} \rceil$` formulas and no `$$` at all). But a bare `$` pairs with the
 * next one in the paragraph, so "from $5 to $10 a month" would become math. Pandoc's rule is
 * applied on top: single-dollar math whose content starts or ends with whitespace, or whose
 * closing `$` is followed by a digit, is not math and goes back to being text. Prices ("$5 to $10",
 * "$5/month, or $50/year") always have a space before the second `$`, so they stay prose; `\$`
 * escapes a dollar anywhere; `$$…$$` is never reverted. Checked on the whole corpus (1,298 files):
 * the 12 inline formulas found are all real math, and no page fails that compiled before.
 * Shell prompts are in code, which remark-math never looks into.
 */
export default function remarkMath(this: Processor) {
  // remark-math only registers the syntax extensions on the processor.
  remarkMathSyntax.call(this as never, { singleDollarTextMath: true });
  const processor = this;

  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    // Math is only ever parsed from a `$`: most pages have none, and the walk is skipped.
    if (!source.includes('$')) return;
    let found = false;
    visit(tree, (node, index, parent) => {
      if (node.type === 'math') found = true;
      if (node.type !== 'inlineMath' || !parent || index === undefined) return;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined || !notMath(source, start, end)) {
        found = true;
        return;
      }
      const replacement = asText(processor, node, source.slice(start + 1, end - 1));
      parent.children.splice(index, 1, ...replacement);
      return [SKIP, index + replacement.length];
    });
    if (found) {
      const features = (file.data.features ??= []);
      if (!features.includes('math')) features.push('math');
    }
  };
}

/** Single-dollar math that reads like prose with dollar amounts (Pandoc's rule). */
export function notMath(source: string, start: number, end: number): boolean {
  if (source[start + 1] === '$') return false; // `$$…$$` on one line: always math
  const inner = source.slice(start + 1, end - 1);
  return /^\s|\s$/.test(inner) || /^[0-9]/.test(source[end] ?? '');
}

/** The source between the dollars, parsed again as ordinary phrasing, between literal `$`s. */
function asText(processor: Processor, node: InlineMath, inner: string): PhrasingContent[] {
  const plain: PhrasingContent[] = [{ type: 'text', value: `$${inner}$`, position: node.position }];
  if (!/[*_`[<{\\!~&]/.test(inner)) return plain;
  try {
    const root = processor.parse(inner) as Root;
    const [para] = root.children;
    if (root.children.length !== 1 || para?.type !== 'paragraph') return plain;
    const lead = /^\s*/.exec(inner)![0];
    const trail = /\s*$/.exec(inner)![0];
    // Positions in the page, not in `inner`: `kiln check` reports what is inside by them.
    const at = node.position?.start;
    if (at?.offset !== undefined) visit(para, (n) => void (n.position &&= { start: shift(n.position.start, at), end: shift(n.position.end, at) }));
    return [{ type: 'text', value: `$${lead}` }, ...para.children, { type: 'text', value: `${trail}$` }];
  } catch {
    return plain;
  }
}

/** A point of text parsed on its own, which starts just after the `$` at `dollar`, as a point of the page. */
function shift(point: Point, dollar: Point): Point {
  return {
    line: point.line + dollar.line - 1,
    column: point.line === 1 ? point.column + dollar.column : point.column,
    offset: point.offset === undefined ? undefined : point.offset + dollar.offset! + 1,
  };
}
