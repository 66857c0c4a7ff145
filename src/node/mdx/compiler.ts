import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
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
  /** Also return the parsed Markdown tree (`CompileOutput.tree`), so the Markdown export need not parse again. */
  keepTree?: boolean;
}

export interface TocEntry {
  depth: 2 | 3;
  id: string;
  text: string;
}

export interface SnippetImport {
  /** Local name bound in the page (`Install` in `import Install from '/snippets/install.mdx'`). */
  name: string;
  /** Absolute path of the snippet file. */
  file: string;
  /** A named export of the snippet (`import { Button } from '/snippets/ui.mdx'`); absent for its content. */
  export?: string;
}

/** Page features that need an extra asset (the KaTeX stylesheet, the Mermaid script). */
export type PageFeature = 'math' | 'mermaid';

export interface CompileOutput {
  /**
   * Function body, run with `run()` from the runtime module. A compiled page has this or `hast`;
   * neither when compilation failed (see `compiled`).
   */
  code?: string;
  /**
   * The final tree of a static page (no `export`, every expression a literal), rendered without
   * running code (render/run.ts). Set instead of `code`.
   */
  hast?: HastRoot;
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
  /** Exported components that need the browser (hooks, event handlers); absent means none. */
  islands?: IslandSource;
  /**
   * With `keepTree`: the Markdown tree as parsed (math, GFM and MDX syntax), before any of Kiln's
   * transforms; a copy the caller owns. The build turns it into the page's `.md` and drops it.
   */
  tree?: MdastRoot;
}

/** The page's own `export` code, bundled for the browser when some component in it is stateful. */
export interface IslandSource {
  /** Short hash of `source`: names this code in the page's markup and in the bundle. */
  id: string;
  /** The exported components rendered as islands. */
  names: string[];
  /** The page's top-level declarations, as written (JSX), in order. */
  source: string;
}

/** Whether the compile succeeded: the output can be rendered. */
export function compiled(out: CompileOutput): boolean {
  return out.code !== undefined || out.hast !== undefined;
}

export interface MdxCompiler {
  compile(input: CompileInput): Promise<CompileOutput>;
}
