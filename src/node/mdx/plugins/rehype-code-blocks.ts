import type {} from '../vfile-data.js';
import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { diag } from '../../diagnostics/catalogue.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Highlighter } from '../../highlight/highlighter.js';
import { parseCodeMeta } from '../code-meta.js';

export interface CodeBlocksOptions {
  highlighter: Highlighter;
}

/**
 * Highlights fenced code and wraps it in a `<CodeBlock>` component carrying the fence meta
 * (title, flags), so CodeGroup and friends can read titles from their children.
 */
export default function rehypeCodeBlocks(options: CodeBlocksOptions) {
  return async (tree: Root, file: VFile) => {
    const jobs: Promise<void>[] = [];
    const diagnostics: Diagnostic[] = (file.data.diagnostics ??= []);
    const warned = new Set<string>();

    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const classes = (code.properties?.className as string[] | undefined) ?? [];
      const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      if (lang === 'mermaid') return; // drawn by rehype-mermaid
      const meta = parseCodeMeta((code.data as { meta?: string } | undefined)?.meta);
      const text = collectText(code);
      const position = node.position?.start;

      jobs.push(
        options.highlighter.highlight({ code: text, lang, highlight: meta.highlight, focus: meta.focus }).then(({ html, known }) => {
          if (!known && lang && !warned.has(lang)) {
            warned.add(lang);
            diagnostics.push(diag('code/unknown-language', { lang }, { file: file.path, line: position?.line, column: position?.column }));
          }
          // The highlighted <pre> travels as one HTML string (see HighlightResult.html).
          const props: Record<string, string> = { language: lang || 'text', html };
          if (meta.title) props.title = meta.title;
          if (meta.icon) props.icon = meta.icon;
          if (meta.lineNumbers) props.numbers = 'true';
          if (meta.wrap) props.wrap = 'true';
          if (meta.expandable) props.expandable = 'true';
          if (!meta.copy) props.nocopy = 'true';
          parent.children[index] = { type: 'element', tagName: 'CodeBlock', properties: props, children: [], position: node.position };
        }),
      );
    });
    await Promise.all(jobs);
  };
}

function collectText(node: Element): string {
  let out = '';
  for (const c of node.children) {
    if (c.type === 'text') out += c.value;
    else if (c.type === 'element') out += collectText(c);
  }
  return out;
}
