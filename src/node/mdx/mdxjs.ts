import './vfile-data.js';
import { createProcessor, type ProcessorOptions } from '@mdx-js/mdx';
import { SourceMapGenerator, type RawSourceMap } from 'source-map-js';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import type { VFileMessage } from 'vfile-message';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';
import { deepestPoint, sourceOverLimits } from './bounds.js';
import type { Highlighter } from '../highlight/highlighter.js';
import { failedCompile, type CompileInput, type CompileOutput, type MdxCompiler } from './compiler.js';
import recmaIslands from './plugins/recma-islands.js';
import recmaModuleScope from './plugins/recma-module-scope.js';
import recmaPropsAsVariables from './plugins/recma-props-as-variables.js';
import remarkClasses from './plugins/remark-classes.js';
import remarkCodeBlockElement from './plugins/remark-code-block-element.js';
import remarkUpdateToc from './plugins/remark-update-toc.js';
import remarkHeadingIds from './plugins/remark-heading-ids.js';
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
import { copyTree, defaultParser, pageDocument } from './page-document.js';
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

export { defaultParser };

/** The reference compiler: `@mdx-js/mdx` 3 with GFM and Kiln's plugins. */
export function createMdxjsCompiler(options: MdxjsOptions): MdxCompiler {
  const parser = options.parser ?? defaultParser();
  const staticContent = options.staticContent ?? process.env.KILN_MDX_STATIC !== '0';
  // One processor per project root, made once: creating and freezing one per page (every plugin's
  // attacher, micromark's extensions combined again) cost 0.2 ms a page. What differs per page
  // travels on the file (`pageId`). Pages are parsed by the front end (page-document.ts), whose
  // document the export, RSS and `kiln check` read too; the processor only runs on a copy of it.
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
          remarkGfm,
          // Again on the document's tree (which it leaves as it is): it marks the page as using math.
          remarkMath,
          remarkCodeBlockElement,
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
        recmaPlugins: [[recmaIslands, { components: options.components, root }], [recmaModuleScope, { components: options.components }], recmaPropsAsVariables],
        rehypePlugins: [rehypeResolveUrls, rehypeMermaid, rehypeMath, rehypeTaskListLabels, rehypeScrollableTables, [rehypeCodeBlocks, { highlighter: options.highlighter }], [rehypeStaticContent, { enabled: staticContent && !mapped }]],
      });
      processors.set(mapped ? `${root}\0map` : root, p);
    }
    return p;
  };
  return {
    async compile(input: CompileInput): Promise<CompileOutput> {
      // Snippets that are code (Mintlify's React components) have their own compiler.
      if (SCRIPT.test(input.file)) {
        const refused = sourceOverLimits(input.source, input.file);
        return refused ? failedCompile([refused]) : compileScript(input, options.components);
      }
      const doc = pageDocument(input.file, input.source, parser);
      if (doc.kind === 'refused') return failedCompile([doc.diagnostic]);
      const file = new VFile({ value: input.source, path: input.file });
      file.data.pageId = input.pageId;
      if (input.snippet) file.data.snippet = true;
      const parts = () => ({
        toc: file.data.toc ?? [],
        snippets: file.data.snippets ?? [],
        missing: file.data.missing ?? [],
        diagnostics: file.data.diagnostics ?? [],
        features: file.data.features,
        classes: file.data.classes,
        islands: file.data.islands,
        ...(file.data.relativeUrls ? { relativeUrls: true } : {}),
      });
      try {
        if (doc.kind === 'failed') throw doc.error;
        const p = processorFor(input.root, input.sourceMap);
        // The processor's plugins change the tree they run on: the document's stays as parsed.
        const tree = await p.run(copyTree(doc.tree) as never, file);
        const code = String(p.stringify(tree, file));
        return { kind: 'code', code, ...parts(), ...(file.map ? { map: file.map as unknown as RawSourceMap } : {}) };
      } catch (error) {
        if (error === STATIC_CONTENT && file.data.staticTree) return { kind: 'static', hast: file.data.staticTree, ...parts() };
        return failedCompile([...(file.data.diagnostics ?? []), compileError(error, input)]);
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
