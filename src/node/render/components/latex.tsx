import type Katex from 'katex';
import { createRequire } from 'node:module';
import { Children, type ReactNode } from 'react';

const require = createRequire(import.meta.url);
/** Loaded by the first page that needs it (rare, and 30 ms of every start). */
let katex: typeof Katex | undefined;

/**
 * `<Latex>` whose content is only known at render time (`<Latex>{formula}</Latex>`). Literal
 * content never reaches this component: remark-latex turns it into math at compile time, which
 * also marks the page as needing the KaTeX stylesheet.
 */
export function Latex({ children, display }: { children?: ReactNode; display?: boolean | string }) {
  const tex = Children.toArray(children).filter((c) => typeof c === 'string' || typeof c === 'number').join('');
  const displayMode = display !== undefined && display !== false && display !== 'false';
  const html = (katex ??= require('katex') as typeof Katex).renderToString(tex, { displayMode, throwOnError: false, output: 'htmlAndMathml' });
  const Tag = displayMode ? 'div' : 'span';
  return <Tag className="latex" dangerouslySetInnerHTML={{ __html: html }} />;
}
