import type { Root as HastRoot } from 'hast';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { IslandSource, PageFeature, SnippetImport, TocEntry } from './compiler.js';

/** What Kiln's plugins leave on `file.data` for the compiler to collect. */
declare module 'vfile' {
  interface DataMap {
    diagnostics: Diagnostic[];
    toc: TocEntry[];
    snippets: SnippetImport[];
    missing: string[];
    defined: string[];
    unresolvedImports: string[];
    features: PageFeature[];
    classes: string[];
    islands: IslandSource;
    staticTree: HastRoot;
    /** The page's id (`guides/setup`): relative URLs resolve against its folder (rehype-resolve-urls). */
    pageId: string;
    /** A snippet's compile: relative URLs stay as written (rehype-resolve-urls), `relativeUrls` says whether it had some. */
    snippet: boolean;
    relativeUrls: boolean;
  }
}
export {};
