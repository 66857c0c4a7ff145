import type { ReactNode } from 'react';
import { renderMarkdown } from '../../openapi/markdown.js';

/** One paragraph: its content, to sit inline; more: the blocks. */
export function markdownHtml(text: string): { html: string; inline: boolean } {
  const html = renderMarkdown(text);
  const m = /^<p>([\s\S]*)<\/p>$/.exec(html);
  return m && !m[1]!.includes('<p>') ? { html: m[1]!, inline: true } : { html, inline: false };
}

/**
 * A text prop that may hold Markdown (`caption="See the [guide](/guide)"`, a colour row's
 * `**title**`), rendered as Mintlify renders it: links, emphasis, code. Through the same
 * allow-list as OpenAPI descriptions, so no attribute value can inject markup. JSX passed instead
 * of a string is rendered as it is.
 */
export function InlineMarkdown({ text, className }: { text: ReactNode; className?: string }) {
  if (typeof text !== 'string') return <span className={className}>{text}</span>;
  const { html, inline } = markdownHtml(text);
  return inline ? <span className={className} dangerouslySetInnerHTML={{ __html: html }} /> : <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
