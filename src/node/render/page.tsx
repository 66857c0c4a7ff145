import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SourceMapConsumer } from 'source-map-js';
import { frontMatterBody } from '../content/frontmatter.js';
import type { Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';
import { pageIconDiagnostics } from '../icons/diagnostics.js';
import { collectIconIssues, withIconLibrary } from '../icons/resolve.js';
import type { MDXContent } from 'mdx/types';
import { compiled as isCompiled, type CompileOutput, type IslandSource, type MdxCompiler, type PageFeature, type SnippetImport } from '../mdx/compiler.js';
import type { Highlighter } from '../highlight/highlighter.js';
import { endpointPage } from './api/index.js';
import { withApiExamples, withRuntimeCode } from './components/code.js';
import { withParamFields } from './components/fields.js';
import { builtinComponents, missingComponent, placeholders, withMissingBoxes, withPageRender } from './components/index.js';
import type { SiteContext } from './context.js';
import { renderDocument } from './layout/document.js';
import { island, takeIslandFailures } from './islands.js';
import { resolveRelativeUrls } from './relative-urls.js';
import { contentOf, errorOrigin, runCompiledModule, runScript } from './run.js';
import { deepestPoint } from '../mdx/bounds.js';

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
  /** Tailwind candidates and island code of the page and its snippets (the build makes their assets). */
  classes?: string[];
  islands?: IslandSource[];
}

export interface Deps {
  compiler: MdxCompiler;
  cache: CompileCache;
  readFile(file: string): Promise<string>;
  root: string;
  /** Highlights the generated examples of endpoint pages. */
  highlighter?: Highlighter;
  /**
   * Renders a page whose code (its own or a snippet's) must run where it can be stopped: a worker
   * thread under the page budgets (build/workers.ts). Undefined: rendered here.
   */
  sandbox?: Sandbox;
}

/** Compile outputs by file: a page's and those of the snippets it imports that are compiled already. */
export type CompiledFiles = [file: string, out: CompileOutput][];

/**
 * Renders a page elsewhere. `compiled` is what this thread compiled for it, so that the worker
 * does not compile it again (its code blocks highlighted again, in grammars it may not have loaded).
 */
export type Sandbox = (page: Page, compiled?: CompiledFiles) => Promise<PageResult>;

/** What one render of a page shares between the modules it loads (the page's and its snippets'). */
interface Loading {
  deps: Deps;
  diagnostics: Diagnostic[];
  features: Set<PageFeature>;
  used: Used;
  /** Snippet modules by file, each evaluated once per render. */
  modules: Map<string, Promise<LoadedModule>>;
  /** Whether a snippet rendered left relative URLs to resolve against the page (`resolveRelativeUrls`). */
  relativeUrls?: boolean;
}

interface LoadedModule {
  /** What the module exports (`export const links`, `export const Button`). */
  exports: Record<string, unknown>;
  /** An MDX snippet's content, with the built-ins and the snippet's own imports in scope. */
  Content?: ComponentType<Record<string, unknown>>;
  /** The module's islands: its exports that are rendered as such where they are imported. */
  islands?: IslandSource;
}

/**
 * The values of the names a module imports: for each snippet import, the snippet's content (a
 * default import of an .mdx file) or the export it names. `components` is what MDX content looks
 * JSX names up in (only components; a placeholder for anything else), `scope` what the module's
 * code reads (recma-module-scope.ts): data exports too. `stack` stops import cycles.
 */
async function importsOf(out: CompileOutput, loading: Loading, stack: string[]): Promise<{ components: Components; scope: Record<string, unknown> }> {
  const components: Components = {};
  const scope: Record<string, unknown> = {};
  // Stand-ins for names nothing provides (a dotted name's object holds them; a built-in keeps its members).
  const standIns = placeholders(out.missing, builtinComponents);
  Object.assign(components, standIns);
  Object.assign(scope, standIns);
  for (const s of out.snippets) {
    const value = stack.includes(s.file) ? undefined : await importValue(s, loading, stack);
    components[s.name] = typeof value === 'function' ? (value as Components[string]) : missingComponent(s.name);
    scope[s.name] = value === undefined ? components[s.name] : value;
  }
  return { components, scope };
}

async function importValue(s: SnippetImport, loading: Loading, stack: string[]): Promise<unknown> {
  let module = loading.modules.get(s.file);
  if (!module) {
    module = compileSnippet(s.file, loading.deps).then((snippet) => {
      loading.diagnostics.push(...snippet.diagnostics);
      for (const f of snippet.features ?? []) loading.features.add(f);
      loading.used.add(snippet);
      if (snippet.relativeUrls) loading.relativeUrls = true;
      return isCompiled(snippet) ? loadModule(snippet, loading, [...stack, s.file]) : { exports: {} };
    });
    loading.modules.set(s.file, module);
  }
  const { exports, Content, islands } = await module;
  if (!s.export) return Content;
  if (s.export === '*') return exports;
  const value = exports[s.export];
  // A stateful component of the snippet, rendered by this module: an island of the snippet's code.
  if (typeof value === 'function' && islands?.names.includes(s.export)) return island(s.export, value as Components[string], islands.id, !!islands.client?.includes(s.export));
  return value;
}

/** Runs a compiled snippet with its own imports in scope. */
async function loadModule(out: CompileOutput, loading: Loading, stack: string[]): Promise<LoadedModule> {
  const { components, scope } = await importsOf(out, loading, stack);
  if (out.kind === 'script') {
    // What its `require()`s return: the modules loaded for its imports (not those still loading: a cycle).
    const loaded = new Map<string, LoadedModule>();
    for (const file of Object.values(out.script.requires)) {
      const module = file && !stack.includes(file) ? loading.modules.get(file) : undefined;
      if (module) loaded.set(file!, await module);
    }
    const exports = runScript(out.script, scope, (specifier) => {
      const file = out.script.requires[specifier];
      const module = file ? loaded.get(file) : undefined;
      // An MDX snippet's default is its content, with its scope.
      return module && (module.Content ? { __esModule: true, ...module.exports, default: module.Content } : module.exports);
    }, stack.at(-1));
    return { exports, islands: out.islands };
  }
  // A static snippet exports nothing.
  const exports: Record<string, unknown> = out.kind === 'code' ? await runCompiledModule(out.code, scope, stack.at(-1)) : {};
  const Inner = out.kind === 'code' ? (exports.default as MDXContent) : await contentOf(out);
  const inner = { ...builtinComponents, ...components };
  const Content = (props: Record<string, unknown>) => <Inner {...props} components={{ ...inner, ...(props.components as Components | undefined) }} />;
  return { exports, Content, islands: out.islands };
}

/**
 * Whether rendering a compiled page runs code its author wrote: its own (an `export`, an
 * expression) or that of a snippet it imports, at any depth. A static page (plugins/rehype-static-content.ts)
 * runs only Kiln's components. The snippets are compiled here (cached for the render).
 */
export async function runsCode(out: CompileOutput, deps: Deps, seen = new Set<string>()): Promise<boolean> {
  if (out.kind === 'code' || out.kind === 'script') return true;
  for (const s of out.snippets) {
    if (seen.has(s.file)) continue;
    seen.add(s.file);
    if (await runsCode(await compileSnippet(s.file, deps), deps, seen)) return true;
  }
  return false;
}

/** `out` as `file`'s, and the outputs in `cache` of the snippets it imports, at any depth. */
async function compiledFiles(file: string, out: CompileOutput, cache: CompileCache): Promise<CompiledFiles> {
  const files: CompiledFiles = [[file, out]];
  const seen = new Set([file]);
  for (let i = 0; i < files.length; i++) {
    for (const s of files[i]![1].snippets) {
      const pending = seen.has(s.file) ? undefined : cache.get(s.file);
      seen.add(s.file);
      // One that failed is compiled again on the worker, which reports why.
      const got = await pending?.catch(() => undefined);
      if (got) files.push([s.file, got]);
    }
  }
  return files;
}

/** Compiles a snippet file (once: the result is cached like a page's). */
export function compileSnippet(file: string, deps: Deps): Promise<CompileOutput> {
  let compiled = deps.cache.get(file);
  if (!compiled) {
    compiled = deps.readFile(file).then((source) => deps.compiler.compile({ source: frontMatterBody(source), file, root: deps.root, pageId: snippetId(file, deps.root), snippet: true }));
    deps.cache.set(file, compiled);
  }
  return compiled;
}

/** Tailwind classes and browser code of a page and the snippets it renders. */
class Used {
  readonly classes = new Set<string>();
  private readonly modules: IslandSource[] = [];
  add(out: CompileOutput): void {
    for (const c of out.classes ?? []) this.classes.add(c);
    if (out.islands && !this.modules.some((i) => i.id === out.islands!.id)) this.modules.push(out.islands);
  }
  /** The code the page's islands need: every module, when one has an island (the bundler drops what no island uses); none otherwise. */
  islands(): IslandSource[] {
    return this.modules.some((m) => m.names.length) ? this.modules : [];
  }
}

/** Where a component is first written on the page (`<Name`), for messages about it. */
function usePosition(page: Page, name: string): { file: string; line?: number; column?: number } {
  const i = page.body.search(new RegExp(`<${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
  return i < 0 ? { file: page.file } : { file: page.file, ...offsetToLineColumn(page.body, i) };
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
  if (!isCompiled(out)) return { diagnostics };
  // Never here instead: code that never ends would stop this thread with it.
  if (deps.sandbox && (await runsCode(out, deps))) {
    return deps.sandbox(page, await compiledFiles(page.file, out, deps.cache)).catch((error: unknown) => ({ diagnostics: [...diagnostics, diag('page/worker-stopped', { reason: (error as Error).message }, { file: page.file })] }));
  }
  /** Renders the body again with other components: to find which one threw (see `culprit`). */
  let again: { render: (components: Components) => unknown; components: Components } | undefined;
  try {
    const features = new Set(out.features);
    const used = new Used();
    used.add(out);
    // A page that another page imports may have been compiled as that page's snippet first (one
    // compile per file): its relative URLs, left as written, then resolve here against itself.
    const loading: Loading = { deps, diagnostics, features, used, modules: new Map(), relativeUrls: out.relativeUrls };
    const imports = await importsOf(out, loading, [page.file]);
    const Content = await contentOf(out, imports.scope, page.file);
    const components = { ...builtinComponents, ...imports.components };
    const endpoint = await endpointPage(site, page, diagnostics, deps.readFile);
    // Icons resolve during the render, in the site's library; the names that did not resolve as
    // asked are located in the source after it.
    // Request/response examples go to the side column (components/code.tsx).
    // ParamFields of `api:` pages are collected too (render/api/mdx.ts lays them out).
    const library = site.settings.iconLibrary;
    // `<CodeBlock>`s whose code is known only while rendering are highlighted and rendered again
    // (components/code.tsx); the islands that failed are those of the last pass, taken as it ends.
    // Unknown components are boxes in `kiln dev` only; `<Mention page>` names pages by their titles.
    let islandFailures: ReturnType<typeof takeIslandFailures> = [];
    const renderBody = (with_: Components) => collectIconIssues(() => withIconLibrary(library, () => withParamFields(!!endpoint?.captureParams, () => withApiExamples(page.frontMatter.mode !== 'custom', () => renderToStaticMarkup(<Content components={with_} />)))));
    const render = () => {
      takeIslandFailures();
      const rendered = renderBody(components);
      islandFailures = takeIslandFailures();
      return rendered;
    };
    const titleOf = (url: string) => site.content.byUrl.get(url)?.title;
    const inPage = <T,>(body: () => T) => withPageRender({ titleOf, panels: !PANELLESS_MODES.has(page.frontMatter.mode ?? '') }, () => withMissingBoxes(site.dev, body));
    again = { render: (with_) => inPage(() => renderBody(with_)), components };
    const { value: { value: rendered, params }, ...iconIssues } = await withRuntimeCode(deps.highlighter, () => inPage(render));
    // Snippets' relative URLs resolve against this page, as they would written in it.
    const { html: bodyHtml, aside: bodyAside } = loading.relativeUrls ? { html: resolveRelativeUrls(rendered.html, page.id), aside: rendered.aside && resolveRelativeUrls(rendered.aside, page.id) } : rendered;
    for (const { name, reason } of islandFailures) diagnostics.push(diag('islands/rendered-in-browser', { name, reason }, usePosition(page, name)));
    // The Tailwind stylesheet and the islands' script (build and dev decide the URLs: site/page-assets.ts).
    const extra = await site.pageAssets?.({ classes: [...used.classes], islands: used.islands() });
    diagnostics.push(...(await pageIconDiagnostics(page, iconIssues, out.snippets.map((s) => s.file), deps.readFile, library)));
    // Endpoint pages (render/api/): parameters and schemas around the body, generated examples in the side column.
    const { html: contentHtml, aside: asideHtml } = endpoint ? await endpoint.render(bodyHtml, bodyAside, deps.highlighter, params) : { html: bodyHtml, aside: bodyAside };
    const html = renderDocument({ site, page, contentHtml, sidebarHtml, toc: endpoint ? [] : out.toc, features: [...features], asideHtml, styles: extra?.styles, modules: extra?.modules });
    return { html, diagnostics, features: [...features], classes: [...used.classes], islands: used.islands() };
  } catch (error) {
    // React's renderer recurses once per element: markup nested about a thousand levels deep
    // exhausts the stack before it. The deepest point of the markup is marked, as for a compile.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      const { line, column } = offsetToLineColumn(page.body, deepestPoint(page.body));
      diagnostics.push(diag('page/render-failed', { reason: 'the markup is nested too deeply (a thousand levels or more) to render' }, { file: page.file, line, column, frame: codeFrame(page.body, line, column) }));
      return { diagnostics };
    }
    const reason = error instanceof Error ? error.message : String(error);
    const where = (await errorPosition(error, page, deps)) ?? elementPosition(error, page, again);
    diagnostics.push(diag('page/render-failed', { reason: reason.split('\n')[0]! }, where));
    return { diagnostics };
  }
}

/**
 * Where on the page the element is whose component threw, when the error came from no code of the
 * page (a built-in component given a value it cannot take, a name nothing defines): the component
 * is found by rendering again with each one wrapped, and its element is the one of that name
 * rendered when it threw, counted in the source in document order (the order SSR renders in).
 */
function elementPosition(error: unknown, page: Page, again: { render: (components: Components) => unknown; components: Components } | undefined): { file: string; line?: number; column?: number; frame?: string } {
  const undefinedName = /^Expected component `([^`]+)` to be defined/.exec(error instanceof Error ? error.message : '')?.[1];
  const found = undefinedName ? { name: undefinedName, nth: 0 } : again && culprit(again.render, again.components);
  if (!found) return { file: page.file };
  const re = new RegExp(`<${found.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s/>])`, 'g');
  const matches = [...page.body.matchAll(re)];
  const m = matches[Math.min(found.nth, matches.length - 1)];
  if (!m) return { file: page.file };
  const { line, column } = offsetToLineColumn(page.body, m.index);
  return { file: page.file, line, column, frame: codeFrame(page.body, line, column) };
}

/** The component that throws when the body is rendered with `components`, and how many of its name rendered before. */
function culprit(render: (components: Components) => unknown, components: Components): { name: string; nth: number } | undefined {
  const counts = new Map<string, number>();
  let found: { name: string; nth: number } | undefined;
  const wrap = (name: string, C: Components[string]): Components[string] => {
    if (typeof C !== 'function' || (C.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent) return C;
    const wrapped = (props: Record<string, unknown>) => {
      const nth = counts.get(name) ?? 0;
      counts.set(name, nth + 1);
      try {
        return (C as (p: Record<string, unknown>) => unknown)(props);
      } catch (error) {
        found ??= { name, nth };
        throw error;
      }
    };
    // Members (`Tabs.Tab`, `Tree.Folder`) stay reachable, wrapped too.
    for (const [key, value] of Object.entries(C)) (wrapped as unknown as Record<string, unknown>)[key] = typeof value === 'function' ? wrap(`${name}.${key}`, value as Components[string]) : value;
    return wrapped as Components[string];
  };
  try {
    render(Object.fromEntries(Object.entries(components).map(([name, C]) => [name, wrap(name, C)])));
  } catch {
    // Expected: it throws again.
  }
  return found;
}

/**
 * Where the page or one of its snippets threw, in its source: the code is compiled again with a
 * source map (only for a page that failed) and the error's first frame in it is looked up.
 */
async function errorPosition(error: unknown, page: Page, deps: Deps): Promise<{ file: string; line: number; column: number; frame: string } | undefined> {
  const origin = errorOrigin(error);
  if (!origin) return undefined;
  try {
    const source = origin.file === page.file ? page.body : frontMatterBody(await deps.readFile(origin.file));
    const pageId = origin.file === page.file ? page.id : snippetId(origin.file, deps.root);
    const out = await deps.compiler.compile({ source, file: origin.file, root: deps.root, pageId, sourceMap: true, snippet: origin.file !== page.file });
    const map = out.kind === 'code' || out.kind === 'script' ? out.map : undefined;
    if (!map) return undefined;
    // V8 reports where the expression starts (`new` of `new Error`), which the map may not name:
    // the nearest mapped token after it on that line (`Error`) is the same expression.
    const consumer = new SourceMapConsumer(map);
    const position = { line: origin.line, column: Math.max(0, origin.column - 1) };
    let at = consumer.originalPositionFor(position);
    if (at.line === null || at.line === undefined) at = consumer.originalPositionFor({ ...position, bias: SourceMapConsumer.LEAST_UPPER_BOUND });
    if (at.line === null || at.line === undefined) return undefined;
    const column = (at.column ?? 0) + 1;
    return { file: origin.file, line: at.line, column, frame: codeFrame(source, at.line, column) };
  } catch {
    // Best effort: the failure is reported without a position.
    return undefined;
  }
}

/** Mintlify's page modes without a table of contents: they hide `<Panel>`s too (components/code.tsx). */
const PANELLESS_MODES = new Set(['wide', 'center', 'custom']);

/** A snippet's page id: relative links in it resolve against its own folder. */
const snippetId = (file: string, root: string) => file.slice(root.length + 1).replace(/\.mdx?$/i, '');
