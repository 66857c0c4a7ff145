import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { unknownIconDiagnostics } from '../icons/diagnostics.js';
import { collectIconIssues } from '../icons/resolve.js';
import type { CompileOutput, MdxCompiler, PageFeature } from '../mdx/compiler.js';
import { builtinComponents, missingComponent } from './components/index.js';
import type { SiteContext } from './context.js';
import { renderDocument } from './layout/document.js';
import { runCompiled } from './run.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Components = Record<string, ComponentType<any>>;

/** Compiled pages and snippets, kept between renders (the dev server drops entries on change). */
export interface CompileCache {
  get(file: string): Promise<CompileOutput> | undefined;
  set(file: string, value: Promise<CompileOutput>): void;
}

export interface PageResult {
  /** The full HTML document, or undefined when the page failed. */
  html?: string;
  diagnostics: Diagnostic[];
  /** Features of the page and its snippets that need extra assets (written by the build when used). */
  features?: PageFeature[];
}

interface Deps {
  compiler: MdxCompiler;
  cache: CompileCache;
  readFile(file: string): Promise<string>;
  root: string;
}

/**
 * Compiles a snippet and wraps it so the built-ins (and the snippet's own imports) are in scope
 * inside it, as they are on a page. `stack` stops import cycles.
 */
async function snippetComponents(out: CompileOutput, deps: Deps, diagnostics: Diagnostic[], stack: string[], features: Set<PageFeature>): Promise<Components> {
  const components: Components = {};
  for (const name of out.missing) components[name] = missingComponent(name);
  for (const s of out.snippets) {
    if (stack.includes(s.file)) {
      components[s.name] = missingComponent(s.name);
      continue;
    }
    let compiled = deps.cache.get(s.file);
    if (!compiled) {
      const source = await deps.readFile(s.file);
      const id = s.file.slice(deps.root.length + 1).replace(/\.mdx?$/i, '');
      compiled = deps.compiler.compile({ source: source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (m) => m.replace(/[^\n]/g, '')), file: s.file, root: deps.root, pageId: id });
      deps.cache.set(s.file, compiled);
    }
    const snippet = await compiled;
    diagnostics.push(...snippet.diagnostics);
    for (const f of snippet.features ?? []) features.add(f);
    if (!snippet.code) {
      components[s.name] = missingComponent(s.name);
      continue;
    }
    const Content = await runCompiled(snippet.code);
    const inner = { ...builtinComponents, ...(await snippetComponents(snippet, deps, diagnostics, [...stack, s.file], features)) };
    const Snippet = (props: Record<string, unknown>) => <Content {...props} components={{ ...inner, ...(props.components as Components | undefined) }} />;
    components[s.name] = Snippet;
  }
  return components;
}

/** Compile, run and lay out one page. Never throws: failures come back as diagnostics. */
export async function renderPage(site: SiteContext, page: Page, sidebarHtml: string, deps: Deps): Promise<PageResult> {
  let compiled = deps.cache.get(page.file);
  if (!compiled) {
    compiled = deps.compiler.compile({ source: page.body, file: page.file, root: deps.root, pageId: page.id });
    deps.cache.set(page.file, compiled);
  }
  const out = await compiled;
  const diagnostics = [...out.diagnostics];
  if (!out.code) return { diagnostics };
  try {
    const Content = await runCompiled(out.code);
    const features = new Set(out.features);
    const components = { ...builtinComponents, ...(await snippetComponents(out, deps, diagnostics, [page.file], features)) };
    // Icons resolve during the render; the names that did not are located in the source after it.
    const { value: contentHtml, unknown } = collectIconIssues(() => renderToStaticMarkup(<Content components={components} />));
    diagnostics.push(...(await unknownIconDiagnostics(page, unknown, out.snippets.map((s) => s.file), deps.readFile)));
    const html = renderDocument({ site, page, contentHtml, sidebarHtml, toc: out.toc, features: [...features] });
    return { html, diagnostics, features: [...features] };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    diagnostics.push(diag('page/render-failed', { reason: reason.split('\n')[0]! }, { file: page.file }));
    return { diagnostics };
  }
}
