import './vfile-data.js';
import { createProcessor, type ProcessorOptions } from '@mdx-js/mdx';
import { SourceMapGenerator, type RawSourceMap } from 'source-map-js';
import remarkGfm from 'remark-gfm';
import type { Root as HastRoot } from 'hast';
import { VFile } from 'vfile';
import type { VFileMessage } from 'vfile-message';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';
import { deepestPoint, sourceOverLimits } from './bounds.js';
import type { Highlighter } from '../highlight/highlighter.js';
import type { CompileInput, CompileOutput, MdxCompiler, SnippetImport, TocEntry } from './compiler.js';
import recmaIslands from './plugins/recma-islands.js';
import recmaModuleScope from './plugins/recma-module-scope.js';
import recmaPropsAsVariables from './plugins/recma-props-as-variables.js';
import remarkClasses from './plugins/remark-classes.js';
import remarkCodeBlockElement from './plugins/remark-code-block-element.js';
import remarkUpdateToc from './plugins/remark-update-toc.js';
import remarkHeadingIds from './plugins/remark-heading-ids.js';
import remarkKeepTree from './plugins/remark-keep-tree.js';
import remarkImports, { SCRIPT } from './plugins/remark-imports.js';
import remarkHtmlStructure from './plugins/remark-html-structure.js';
import { compileScript } from './script.js';
import remarkJsxAttributes from './plugins/remark-jsx-attributes.js';
import remarkMissingComponents from './plugins/remark-missing-components.js';
import rehypeCodeBlocks from './plugins/rehype-code-blocks.js';
import rehypeResolveUrls from './plugins/rehype-resolve-urls.js';
import rehypeScrollableTables from './plugins/rehype-scrollable-tables.js';
import rehypeTaskListLabels from './plugins/rehype-task-list-labels.js';
import rehypeMath from './plugins/rehype-math.js';
import rehypeMermaid from './plugins/rehype-mermaid.js';
import remarkImageNoZoom from './plugins/remark-image-no-zoom.js';
import remarkLatex from './plugins/remark-latex.js';
import remarkMath from './plugins/remark-math.js';
import { nativeParserAvailable, remarkNativeParse } from './native-parse.js';
import remarkSnippetElement from './plugins/remark-snippet-element.js';
import rehypeStaticContent, { STATIC_CONTENT } from './plugins/rehype-static-content.js';

export interface MdxjsOptions {
  highlighter: Highlighter;
  /** Component names the renderer provides. */
  components: ReadonlySet<string>;
  /**
   * Markdown parser: satteri's (native: 0.3 against 5 ms a page, and only where its tree is the JS
   * parser's, see native-parse.ts) or micromark's. Default: native when it loads, unless
   * KILN_MDX_PARSER=js.
   */
  parser?: 'native' | 'js';
  /**
   * Static pages come out as their final tree (`CompileOutput.hast`) instead of code
   * (plugins/rehype-static-content.ts). Default: on, unless KILN_MDX_STATIC=0.
   */
  staticContent?: boolean;
}

/** The parser a compiler uses when not told. */
export function defaultParser(): 'native' | 'js' {
  return process.env.KILN_MDX_PARSER === 'js' || !nativeParserAvailable ? 'js' : 'native';
}

/** The reference compiler: `@mdx-js/mdx` 3 with GFM and Kiln's plugins. */
export function createMdxjsCompiler(options: MdxjsOptions): MdxCompiler {
  const native = (options.parser ?? defaultParser()) === 'native';
  const staticContent = options.staticContent ?? process.env.KILN_MDX_STATIC !== '0';
  // One processor per project root, made once: creating and freezing one per page (every plugin's
  // attacher, micromark's extensions combined again) cost 0.2 ms a page. What differs per page
  // travels on the file (`pageId`, `keepTree`).
  const processors = new Map<string, ReturnType<typeof createProcessor>>();
  // `mapped`: code with a source map (to locate an error thrown while the page runs), never a static tree.
  const processorFor = (root: string, mapped = false) => {
    let p = processors.get(mapped ? `${root}\0map` : root);
    if (!p) {
      p = createProcessor({
        SourceMapGenerator: mapped ? (SourceMapGenerator as unknown as ProcessorOptions['SourceMapGenerator']) : undefined,
        outputFormat: 'function-body',
        development: false,
        format: 'mdx',
        remarkPlugins: [
          ...(native ? [remarkNativeParse] : []),
          remarkGfm,
          remarkMath,
          remarkCodeBlockElement,
          remarkKeepTree,
          remarkHeadingIds,
          remarkUpdateToc,
          remarkClasses,
          remarkImageNoZoom,
          remarkJsxAttributes,
          remarkHtmlStructure,
          [remarkImports, { root }],
          [remarkSnippetElement, { root }],
          remarkLatex,
          [remarkMissingComponents, { known: options.components }],
        ],
        recmaPlugins: [[recmaIslands, { components: options.components }], [recmaModuleScope, { components: options.components }], recmaPropsAsVariables],
        rehypePlugins: [rehypeResolveUrls, rehypeMermaid, rehypeMath, rehypeTaskListLabels, rehypeScrollableTables, [rehypeCodeBlocks, { highlighter: options.highlighter }], [rehypeStaticContent, { enabled: staticContent && !mapped }]],
      });
      processors.set(mapped ? `${root}\0map` : root, p);
    }
    return p;
  };
  return {
    async compile(input: CompileInput): Promise<CompileOutput> {
      const refused = sourceOverLimits(input.source, input.file);
      if (refused) return { toc: [], snippets: [], missing: [], diagnostics: [refused] };
      // Snippets that are code (Mintlify's React components) have their own compiler.
      if (SCRIPT.test(input.file)) return compileScript(input, options.components);
      const file = new VFile({ value: input.source, path: input.file });
      file.data.pageId = input.pageId;
      file.data.keepTree = !!input.keepTree;
      const output = (content: { code: string } | { hast: HastRoot }): CompileOutput => ({
        ...content,
        toc: (file.data.toc as TocEntry[] | undefined) ?? [],
        snippets: (file.data.snippets as SnippetImport[] | undefined) ?? [],
        missing: (file.data.missing as string[] | undefined) ?? [],
        diagnostics: (file.data.diagnostics as Diagnostic[] | undefined) ?? [],
        features: file.data.features,
        classes: file.data.classes,
        islands: file.data.islands,
        tree: file.data.tree,
      });
      try {
        const result = await processorFor(input.root, input.sourceMap).process(file);
        return { ...output({ code: String(result.value) }), ...(result.map ? { map: result.map as unknown as RawSourceMap } : {}) };
      } catch (error) {
        if (error === STATIC_CONTENT && file.data.staticTree) return output({ hast: file.data.staticTree });
        return { toc: [], snippets: [], missing: [], diagnostics: [...((file.data.diagnostics as Diagnostic[] | undefined) ?? []), compileError(error, input)] };
      }
    },
  };
}

/** Turns a compiler exception into a catalogued diagnostic with position and code frame. */
export function compileError(error: unknown, input: CompileInput): Diagnostic {
  const m = error as Partial<VFileMessage> & { message?: string };
  const place = m.place as { line?: number; column?: number; start?: { line: number; column: number } } | undefined;
  let reason = (m.reason ?? m.message ?? String(error)).replace(/\s+/g, ' ').trim();
  // The compiler's passes recurse once per level of nesting.
  const overflow = error instanceof RangeError && /call stack/i.test(reason);
  if (overflow) reason = 'the markup is nested too deeply (thousands of levels) to compile';
  let line = place?.start?.line ?? place?.line ?? m.line ?? undefined;
  let column = place?.start?.column ?? place?.column ?? m.column ?? undefined;
  // The stack ran out somewhere in the compiler's passes: the deepest point of the markup is marked.
  if (overflow && line === undefined) ({ line, column } = offsetToLineColumn(input.source, deepestPoint(input.source)));
  // Some mdast-util-mdx-jsx messages carry their position only in the text: "… (745:3-745:31)".
  const inText = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(reason);
  if (inText && line === undefined) {
    line = Number(inText[1]);
    column = Number(inText[2]);
    reason = reason.slice(0, inText.index);
  }
  return diag('page/compile-failed', { reason }, {
    file: input.file,
    line: line ?? undefined,
    column: column ?? undefined,
    frame: line ? codeFrame(input.source, line, column ?? 1) : undefined,
  });
}
