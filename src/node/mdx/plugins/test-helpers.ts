import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createShikiHighlighter } from '../../highlight/shiki.js';
import { builtinComponents, builtinNames, missingComponent } from '../../render/components/index.js';
import { runCompiled } from '../../render/run.js';
import type { CompileOutput } from '../compiler.js';
import { createMdxjsCompiler } from '../mdxjs.js';

/** Compile and render MDX the way pages are, for the plugin tests (fixtures in ../fixtures). */
export const root = fileURLToPath(new URL('../fixtures/', import.meta.url));
const compiler = createMdxjsCompiler({ highlighter: createShikiHighlighter(), components: builtinNames });

export function compile(source: string, pageId = 'guides/page'): Promise<CompileOutput> {
  return compiler.compile({ source, file: path.join(root, `${pageId}.mdx`), root, pageId });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function components(out: CompileOutput): Promise<Record<string, ComponentType<any>>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const own: Record<string, ComponentType<any>> = Object.fromEntries(out.missing.map((n) => [n, missingComponent(n)]));
  for (const s of out.snippets) {
    const snippet = await compiler.compile({ source: readFileSync(s.file, 'utf8'), file: s.file, root, pageId: 'snippet' });
    const Content = await runCompiled(snippet.code!);
    const inner = { ...builtinComponents, ...(await components(snippet)) };
    own[s.name] = (props: Record<string, unknown>) => createElement(Content, { ...props, components: inner });
  }
  return own;
}

/** The page body as HTML (throws with the diagnostics when it does not compile). */
export async function html(source: string, pageId?: string): Promise<string> {
  const out = await compile(source, pageId);
  if (!out.code) throw new Error(out.diagnostics.map((d) => d.message).join('\n'));
  const Content = await runCompiled(out.code);
  return renderToStaticMarkup(createElement(Content, { components: { ...builtinComponents, ...(await components(out)) } }));
}
