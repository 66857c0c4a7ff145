import type {} from '../vfile-data.js';
import type { Root } from 'hast';
import { EXIT, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

const MATH_CLASSES = ['language-math', 'math-inline', 'math-display'];

/**
 * Renders the math remark-math and remark-latex leave (and ```` ```math ```` fences) with KaTeX at
 * build time: HTML plus MathML for screen readers, no script in the browser. A formula KaTeX
 * cannot parse is shown as its source in red with the error as a tooltip. Pages with math need
 * the KaTeX stylesheet, so the `math` feature is set when there is any.
 * Runs before rehype-code-blocks, which would otherwise highlight ```` ```math ```` as code.
 */
export default function rehypeMath() {
  let katex: ((tree: Root, file: VFile) => void) | undefined;
  return async (tree: Root, file: VFile) => {
    // Math elements come from remark-math or remark-latex (which set the feature), or from a
    // ```` ```math ```` fence or markup written with a math class (the word is in the source).
    if (!file.data.features?.includes('math') && !String(file.value).includes('math')) return;
    let found = false;
    visit(tree, 'element', (node) => {
      const classes = node.properties?.className;
      if (Array.isArray(classes) && classes.some((c) => MATH_CLASSES.includes(String(c)))) {
        found = true;
        return EXIT;
      }
    });
    if (!found) return;
    // KaTeX is loaded by the first page with math: most sites have none (30 ms of every start).
    katex ??= (await import('rehype-katex')).default({ output: 'htmlAndMathml' }) as (tree: Root, file: VFile) => void;
    katex(tree, file);
    const features = (file.data.features ??= []);
    if (!features.includes('math')) features.push('math');
  };
}
