/**
 * The page front end: a page's source parsed once, with the one parser set-up every reader uses
 * (MDX, GFM, Kiln's remark-math with its rule for prices; satteri's parser where its tree is
 * micromark's), into a `PageDocument`. The compile, the Markdown export, RSS and `kiln check` all
 * read it. A thread keeps a page's document until the page is made (`releaseDocument`), so each
 * page is parsed once per build in the thread that makes it.
 *
 * The tree is never changed: a reader that changes trees (the compile, the export) works on
 * `copyTree`, which costs about a tenth of parsing (positions shared, everything else copied).
 */
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { sourceOverLimits } from './bounds.js';
import { nativeParserAvailable, remarkNativeParse } from './native-parse.js';
import remarkMath from './plugins/remark-math.js';

export type Parser = 'native' | 'js';

/** A page's source as Kiln reads it: parsed, refused before parsing (too large or deep), or not parseable. */
export type PageDocument =
  | { kind: 'parsed'; source: string; tree: Root }
  /** Over the bounds of mdx/bounds.ts: not parsed, `diagnostic` says why. */
  | { kind: 'refused'; source: string; diagnostic: Diagnostic }
  /** A syntax error: the compile reports `error` with its position (mdxjs.ts `compileError`). */
  | { kind: 'failed'; source: string; error: unknown };

/** The parser a reader uses when not told: satteri's when it loads, unless KILN_MDX_PARSER=js. */
export function defaultParser(): Parser {
  return process.env.KILN_MDX_PARSER === 'js' || !nativeParserAvailable ? 'js' : 'native';
}

/** How many parser set-ups were made and sources parsed in this thread (the one-parse test reads them). */
export const frontEndCounts = { setups: 0, parses: 0, byFile: new Map<string, number>() };

const processors = new Map<Parser, ReturnType<typeof setUp>>();
function setUp(parser: Parser) {
  frontEndCounts.setups++;
  const p = unified().use(remarkParse).use(remarkMdx);
  return (parser === 'native' ? p.use(remarkNativeParse) : p).use(remarkGfm).use(remarkMath).freeze();
}

/** The one parser set-up, made once per thread and parser. */
function processor(parser: Parser) {
  let p = processors.get(parser);
  if (!p) processors.set(parser, (p = setUp(parser)));
  return p;
}

/**
 * A tree parsed from `source`, with Kiln's syntax transform (math that reads as prices goes back to
 * text); throws on a syntax error. `file` names the source in the parser's messages.
 */
export function parseTree(source: string, file?: string, parser: Parser = defaultParser()): Root {
  frontEndCounts.parses++;
  if (file !== undefined) frontEndCounts.byFile.set(file, (frontEndCounts.byFile.get(file) ?? 0) + 1);
  const p = processor(parser);
  const vfile = new VFile({ value: source, path: file });
  return p.runSync(p.parse(vfile), vfile) as Root;
}

/** `source` as a document, parsed now (see `pageDocument` for the kept one). */
export function parseDocument(source: string, file: string, parser: Parser = defaultParser()): PageDocument {
  const refused = sourceOverLimits(source, file);
  if (refused) return { kind: 'refused', source, diagnostic: refused };
  try {
    return { kind: 'parsed', source, tree: parseTree(source, file, parser) };
  } catch (error) {
    return { kind: 'failed', source, error };
  }
}

/** Documents kept in this thread, by parser and file; bounded, as `kiln dev` and `kiln check` release none. */
const kept = new Map<string, PageDocument>();
const MAX_KEPT = 400;

/**
 * The document of `file` whose source is `source`: the one kept since it was first asked for with
 * that source, or parsed now and kept. Snippets stay (pages share them); a page's is released once
 * the page is made.
 */
export function pageDocument(file: string, source: string, parser: Parser = defaultParser()): PageDocument {
  const key = `${parser}\0${file}`;
  const known = kept.get(key);
  if (known && known.source === source) return known;
  const doc = parseDocument(source, file, parser);
  // The longest kept goes first: a page's own document is asked for again soon after it is made.
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, doc);
  return doc;
}

/** Forgets `file`'s documents: its page is made, nothing in this thread reads it again. */
export function releaseDocument(file: string): void {
  for (const parser of ['native', 'js'] as const) kept.delete(`${parser}\0${file}`);
}

/**
 * A copy of a tree to change. Positions are shared (nothing changes one in place, and the export
 * copies source text by them); with `estree: 'share'` the ESTree programs of expressions are too,
 * for a reader that only reads them; by default they are copied, since the compile builds its
 * JavaScript out of them.
 */
export function copyTree<T>(value: T, options: { estree?: 'copy' | 'share' } = {}): T {
  const share = options.estree === 'share';
  const copy = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(copy);
    if (v === null || typeof v !== 'object' || v instanceof RegExp) return v;
    const out: Record<string, unknown> = {};
    for (const k in v) {
      const x = (v as Record<string, unknown>)[k];
      out[k] = k === 'position' || (share && k === 'estree') ? x : copy(x);
    }
    return out;
  };
  return copy(value) as T;
}
