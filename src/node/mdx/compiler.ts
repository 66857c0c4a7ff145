import type { Root as HastRoot } from 'hast';
import type { RawSourceMap } from 'source-map-js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/**
 * The MDX compiler seam. Compiling is most of a build's cost and faster compilers exist, so the
 * pipeline only sees this interface; `mdxjs.ts` is the reference implementation.
 */
export interface CompileInput {
  /** MDX source, positions matching `file`. */
  source: string;
  /** Absolute path, for messages and for resolving relative URLs and imports. */
  file: string;
  /** Project root, for root-relative imports. */
  root: string;
  /** URL of the page the content is shown at (relative links are resolved against its file). */
  pageId: string;
  /**
   * A snippet, compiled once for every page that renders it: its relative URLs are left as written
   * (`CompileOutput.relativeUrls` says it has some) and resolve against the page that renders it,
   * as the snippet's text would inside that page (render/relative-urls.ts).
   */
  snippet?: boolean;
  /** Compile to code (never a static tree) with a source map (`CompileOutput.map`): to locate an error thrown while it runs. */
  sourceMap?: boolean;
}

export interface TocEntry {
  depth: 2 | 3;
  id: string;
  text: string;
  /** In a tab or view that is not shown when the page opens: listed once it is. */
  hidden?: boolean;
}

export interface SnippetImport {
  /** Local name bound in the page (`Install` in `import Install from '/snippets/install.mdx'`). */
  name: string;
  /** Absolute path of the snippet file. */
  file: string;
  /**
   * A named export of the snippet (`import { Button } from '/snippets/ui.mdx'`), `default` for a
   * script's default export, `*` for all of them (`import * as ui`); absent for an MDX file's content.
   */
  export?: string;
}

/** Page features that need an extra asset (the KaTeX stylesheet, the Mermaid script). */
export type PageFeature = 'math' | 'mermaid';

/** What every compile returns, whatever it made. */
interface CompiledParts {
  toc: TocEntry[];
  /** Snippet files the page imports; compiled separately and passed in as components. */
  snippets: SnippetImport[];
  /** Component names the page uses that nothing defines; rendered as placeholders. */
  missing: string[];
  diagnostics: Diagnostic[];
  /** Features the page uses that need an asset only such pages load; absent means none. */
  features?: PageFeature[];
  /** Class names written in `className`/`class` (Tailwind candidates); absent means none. */
  classes?: string[];
  /** The file's own code for the browser (its islands, and what other files' islands import from it); absent when it has none. */
  islands?: IslandSource;
  /** A snippet's relative URLs, left as written (`CompileInput.snippet`): true when it has some. */
  relativeUrls?: boolean;
}

/**
 * A script snippet (.jsx, .tsx, .js, .ts) as a CommonJS function body of `(_kilnScope, require,
 * module, exports)`, run by render/run.ts; `requires` maps its `require()` specifiers to files,
 * `defaults` names the default import of each that resolves to nothing (for its placeholder).
 */
export interface ScriptModule {
  code: string;
  requires: Record<string, string | null>;
  defaults?: Record<string, string>;
}

/**
 * What a compile made: code (a function body, run with `run()` from the runtime module), the
 * final tree of a static page (no `export`, every expression a literal: rendered without running
 * code, render/run.ts), a script snippet's module, or nothing (`failed`: the diagnostics say why).
 * With `sourceMap`, code comes with `map`: where each part of it comes from in the source.
 */
export type CompileOutput =
  | (CompiledParts & { kind: 'code'; code: string; map?: RawSourceMap })
  | (CompiledParts & { kind: 'static'; hast: HastRoot })
  | (CompiledParts & { kind: 'script'; script: ScriptModule; map?: RawSourceMap })
  | (CompiledParts & { kind: 'failed' });

/** A compile that made nothing, with why. */
export function failedCompile(diagnostics: Diagnostic[]): CompileOutput {
  return { kind: 'failed', toc: [], snippets: [], missing: [], diagnostics };
}

/**
 * A file's own code for the browser: an MDX file's top-level declarations (its `export const`
 * components and data), or a script snippet (.jsx, .tsx, .js, .ts) whole. Bundled for a page when
 * some component it renders is an island; the modules its islands import come along.
 */
export interface IslandSource {
  /** Short hash of everything below: names this code in the page's markup and in the bundle. */
  id: string;
  /** The absolute path of the file: other modules' imports name it. */
  file: string;
  /** The exported components rendered as islands (hydrated by the browser); may be none. */
  names: string[];
  /** Of `names`, those the browser renders from scratch rather than hydrates (see mdx/island-analysis.ts). */
  client?: string[];
  /** The code as written (JSX; TypeScript for .ts/.tsx). An MDX file's declarations lose their `export`. */
  source: string;
  /** How esbuild reads `source`. */
  loader: 'jsx' | 'tsx' | 'ts';
  /** The names `source` declares and exports (an MDX file's are exported by the bundle). */
  exports: string[];
  /** Names it uses from Kiln's scope (React's hooks, `user`, built-ins): imported by the bundle. */
  scope: string[];
  /** Script snippets: each import specifier written in `source` → the file it resolves to (null: nothing). */
  imports: Record<string, string | null>;
  /** MDX: the names it imports from snippets (their import statements were taken out of `source`). */
  bindings: SnippetImport[];
}

/** Whether the compile succeeded: the output can be rendered. */
export function compiled(out: CompileOutput): out is Exclude<CompileOutput, { kind: 'failed' }> {
  return out.kind !== 'failed';
}

export interface MdxCompiler {
  compile(input: CompileInput): Promise<CompileOutput>;
}
