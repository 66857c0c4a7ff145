import katex from 'katex';
import { Children, type ReactNode } from 'react';

/**
 * `<Latex>` whose content is only known at render time (`<Latex>{formula}</Latex>`). Literal
 * content never reaches this component: remark-latex turns it into math at compile time, which
 * also marks the page as needing the KaTeX stylesheet.
 */
export function Latex({ children, display }: { children?: ReactNode; display?: boolean | string }) {
  const tex = Children.toArray(children).filter((c) => typeof c === 'string' || typeof c === 'number').join('');
  const displayMode = display !== undefined && display !== false && display !== 'false';
  const html = katex.renderToString(tex, { displayMode, throwOnError: false, output: 'htmlAndMathml' });
  const Tag = displayMode ? 'div' : 'span';
  return <Tag className="latex" dangerouslySetInnerHTML={{ __html: html }} />;
}
