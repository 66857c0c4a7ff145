import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { AsyncAPIDocumentInterface, Diagnostic as ParserDiagnostic, Parser } from '@asyncapi/parser';

const require = createRequire(import.meta.url);

/**
 * @asyncapi/parser, loaded on first use: its module graph (Spectral, ajv, the AsyncAPI JSON
 * schemas) takes 0.6-0.8 s of CPU to load, which only sites with AsyncAPI files pay. Required
 * rather than bundled: its ESM build does not load in Node, the CommonJS one does.
 */
type ParserModule = typeof import('@asyncapi/parser');
let parserModule: ParserModule | undefined;
const load = (): ParserModule => (parserModule ??= require('@asyncapi/parser') as ParserModule);

/**
 * The model is read with no rules at all (0.3 s for the first document, milliseconds after): build
 * workers read it too, and every thread must see the same channels, so what a document holds never
 * depends on whether it passed the checks. The checks (the parser's core ruleset: the AsyncAPI
 * JSON schema, references, unique ids; about 1 s a document, its validators being compiled) run
 * once, on the main thread, for the messages; the "recommended" style rules (contact, license,
 * tags…) are left out. A parser is made per call, as its `$ref` reader belongs to one load.
 */

/** Where a `$ref`'s file is read from: the text to parse for it (`{}` when it was refused). */
export type RefReader = (file: string) => string;

function resolverOptions(read: RefReader) {
  // Ordered before the parser's own file and http readers, and always answering, so they are
  // never reached: no file outside what Kiln read under its rules, no URL, is ever opened.
  const file = (uri: { scheme(): string; toString(): string; path(): string }) => read(uri.scheme() === 'file' ? fileURLToPath(uri.toString()) : uri.path());
  const remote = () => '{}';
  return { cache: false, resolvers: [{ schema: 'file', order: 1, read: file }, { schema: 'http', order: 1, read: remote }, { schema: 'https', order: 1, read: remote }] };
}

/** The parser's document for `input` (the document's value, its refused `$ref`s already replaced), or why not. */
export async function parseDocument(input: object, source: string, read: RefReader): Promise<{ document?: AsyncAPIDocumentInterface; diagnostics: ParserDiagnostic[] }> {
  const { Parser } = load();
  const parser: Parser = new Parser({ ruleset: { core: false, recommended: false }, __unstable: { resolver: resolverOptions(read) } });
  const out = await parser.parse(input as never, { source, applyTraits: true });
  return { document: out.document, diagnostics: out.diagnostics };
}

/** The core ruleset's findings on the document's text (positions are the text's). */
export async function checkDocument(text: string, source: string, read: RefReader): Promise<ParserDiagnostic[]> {
  const { Parser } = load();
  const parser: Parser = new Parser({ ruleset: { recommended: false }, __unstable: { resolver: resolverOptions(read) } });
  return parser.validate(text, { source });
}

export type { AsyncAPIDocumentInterface, ParserDiagnostic };
