import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createShikiHighlighter } from '../../highlight/shiki.js';
import { builtinComponents, builtinNames, placeholders } from '../../render/components/index.js';
import { contentOf } from '../../render/run.js';
import { compiled, type CompileOutput, type MdxCompiler } from '../compiler.js';
import { createMdxjsCompiler } from '../mdxjs.js';

/** Compile and render MDX the way pages are, for the plugin tests (fixtures in ../fixtures). */
export const root = fileURLToPath(new URL('../fixtures/', import.meta.url));
const highlighter = createShikiHighlighter();
const compiler = createMdxjsCompiler({ highlighter, components: builtinNames });
/** Every page as code, never as a static tree: `html` renders both ways and they must agree. */
const codeOnly = createMdxjsCompiler({ highlighter, components: builtinNames, staticContent: false });

export function compile(source: string, pageId = 'guides/page', using: MdxCompiler = compiler): Promise<CompileOutput> {
  return using.compile({ source, file: path.join(root, `${pageId}.mdx`), root, pageId });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function components(out: CompileOutput, using: MdxCompiler): Promise<Record<string, ComponentType<any>>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const own: Record<string, ComponentType<any>> = placeholders(out.missing, builtinComponents);
  for (const s of out.snippets) {
    const snippet = await using.compile({ source: readFileSync(s.file, 'utf8'), file: s.file, root, pageId: 'snippet' });
    const Content = await contentOf(snippet);
    const inner = { ...builtinComponents, ...(await components(snippet, using)) };
    own[s.name] = (props: Record<string, unknown>) => createElement(Content, { ...props, components: inner });
  }
  return own;
}

/**
 * The page body as HTML (throws with the diagnostics when it does not compile). Rendered from the
 * static tree where the page has one and from code, and the two must be the same.
 */
export async function html(source: string, pageId?: string): Promise<string> {
  const render = async (using: MdxCompiler) => {
    const out = await compile(source, pageId, using);
    if (!compiled(out)) throw new Error(out.diagnostics.map((d) => d.message).join('\n'));
    const Content = await contentOf(out);
    return renderToStaticMarkup(createElement(Content, { components: { ...builtinComponents, ...(await components(out, using)) } }));
  };
  const out = await render(compiler);
  if ((await render(codeOnly)) !== out) throw new Error('the static tree and the compiled code render differently');
  return out;
}
