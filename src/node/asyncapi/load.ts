import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readProjectText, type ReadRefusal } from '../project-path.js';
import type { Settings } from '../settings/types.js';
import { fetchOpenApi, isUrl, MAX_OPENAPI_BYTES, MAX_OPENAPI_SIZE } from '../openapi/fetch.js';
import { locate, type Segment } from '../openapi/locate.js';
import { looksLikeAsyncApi, parseText } from '../openapi/parse.js';
import { externalRefs, RefResolver, refFile, splitRef } from '../openapi/refs.js';
import { channelsOf } from './model.js';
import { createAsyncApiModel } from './resolve.js';
import type { AsyncApiDocument, AsyncApiModel, Json } from './types.js';
import { hasScheme } from '../../shared/urls.js';

export interface LoadAsyncApiOptions {
  root: string;
  settings: Settings;
  /** Project-relative paths of the non-page files (for discovery). */
  assets: string[];
  /** The `asyncapi:` front matter of the pages: files they name are read, and the project's AsyncAPI files when one names none. */
  references: string[];
  fetch?: typeof fetch;
  /** As for OpenAPI: true checks now, false never (build workers), 'deferred' returns `validate`. */
  validate?: boolean | 'deferred';
}

export interface LoadedAsyncApi {
  model: AsyncApiModel;
  /** Resolves the `$ref`s the parser leaves in circular schemas, against the files read. */
  refs: RefResolver;
  diagnostics: Diagnostic[];
  /** With `validate: 'deferred'`: the parser's checks, left out of the load. */
  validate?: () => Promise<Diagnostic[]>;
}

/** At most this many of the parser's findings are listed per file. */
const MAX_FINDINGS = 20;

/** Every AsyncAPI file the settings name. */
export function asyncApiSources(settings: Settings): string[] {
  return [...new Set((settings.asyncapi ?? []).map((s) => s.trim()).filter(Boolean))];
}

/** The file token of a front matter reference (`asyncapi.yaml room` → `asyncapi.yaml`), when it names one. */
function referencedFile(reference: string): string | undefined {
  const m = /^(\S+)\s+\S/.exec(reference.trim());
  return m && (isUrl(m[1]!) || /\.(ya?ml|json)$/i.test(m[1]!)) ? m[1] : undefined;
}

interface Source {
  id: string;
  file: string;
  url?: string;
  text: string;
}

/** A `$ref` Kiln does not let the parser follow: its place in the file and why. */
interface Refusal {
  ref: string;
  path: Segment[];
  why: string;
}

const WHY: Record<ReadRefusal | 'remote' | 'url', string> = {
  missing: 'names a file that does not exist',
  outside: 'points outside the project folder (Kiln reads only files inside it)',
  'not-file': 'names something that is not a regular file',
  'too-large': `names a file larger than ${MAX_OPENAPI_SIZE}`,
  remote: 'is relative to a document fetched from a URL, and Kiln does not fetch referenced files',
  url: 'points at a URL, and Kiln does not fetch referenced URLs',
};

/**
 * Replace every `$ref` into a file that was not read (or a URL) by an empty object, in place, and
 * say where each was. The parser would otherwise fail the whole document on it, or read it itself.
 */
function cutRefused(value: Json, base: string, refused: (file: string) => keyof typeof WHY | undefined): Refusal[] {
  const out: Refusal[] = [];
  const seen = new Set<object>();
  const walk = (node: Json, at: Segment[]) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const entries: [Segment, Json][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [k, v] of entries) {
      if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.$ref === 'string') {
        const [file] = splitRef(v.$ref);
        const why = !file ? undefined : hasScheme(file) ? 'url' : refused(refFile(file, base));
        if (why) {
          out.push({ ref: v.$ref, path: [...at, k, '$ref'], why: WHY[why] });
          (node as Record<string | number, Json>)[k as never] = {};
          continue;
        }
      }
      walk(v, [...at, k]);
    }
  };
  walk(value, []);
  return out;
}

/**
 * Load every AsyncAPI document of the site once: read or fetch, parse, read the files their
 * `$ref`s name (inside the project, as OpenAPI files are), hand them to the parser, copy the
 * channels out. Never throws; problems are diagnostics.
 */
export async function loadAsyncApi(options: LoadAsyncApiOptions): Promise<LoadedAsyncApi> {
  const { root } = options;
  const diagnostics: Diagnostic[] = [];
  const named = asyncApiSources(options.settings);
  const byName = options.references.map(referencedFile).filter((f): f is string => !!f);
  const sources = [...new Set([...named, ...byName])];
  // A page may name a channel without its file (Mintlify finds it in the project's AsyncAPI files).
  if (options.references.some((r) => !referencedFile(r))) {
    for (const rel of options.assets) {
      if (!/\.(ya?ml|json)$/i.test(rel) || sources.some((s) => !isUrl(s) && path.resolve(root, s.replace(/^\/+/, '')) === path.join(root, rel))) continue;
      const got = await readProjectText(root, path.join(root, rel), MAX_OPENAPI_BYTES);
      if ('text' in got && looksLikeAsyncApi(got.text.slice(0, 4096))) sources.push(rel);
    }
  }
  const unavailable: string[] = [];
  const read = new Set<string>();

  const loaded: (Source | undefined)[] = await Promise.all(sources.map(async (source): Promise<Source | undefined> => {
    if (isUrl(source)) {
      const r = await fetchOpenApi(root, source, options.fetch, 'asyncapi');
      diagnostics.push(...r.diagnostics);
      if (r.text === undefined) {
        unavailable.push(source);
        return undefined;
      }
      return { id: source, url: source, file: r.file!, text: r.text };
    }
    const file = path.resolve(root, source.replace(/^\/+/, ''));
    const got = await readProjectText(root, file, MAX_OPENAPI_BYTES);
    if ('refused' in got) {
      // A file only a page names is reported where the page names it (no channel found).
      if (named.includes(source)) diagnostics.push(refusal(got.refused, source, options.settings.file));
      return undefined;
    }
    return { id: path.relative(root, file).split(path.sep).join('/'), file, text: got.text };
  }));

  // Every file read, parsed: the documents and the files their `$ref`s name.
  const values = new Map<string, Json>();
  const texts = new Map<string, string>();
  const docs: { doc: AsyncApiDocument; source: Source; value: Json }[] = [];
  for (const src of loaded) {
    if (!src || read.has(src.file)) continue;
    read.add(src.file);
    const parsed = parseText(src.text, src.file, 'asyncapi/parse-failed');
    diagnostics.push(...parsed.diagnostics);
    const value = parsed.value;
    if (parsed.diagnostics.length) continue;
    const version = value && typeof value === 'object' && !Array.isArray(value) ? String(value.asyncapi ?? '') : '';
    if (!/^[23]\./.test(version)) {
      const reason = version ? `version ${version} is not supported (2.x and 3.x are)` : 'it has no top-level `asyncapi` key';
      diagnostics.push(diag('asyncapi/invalid', { reason }, { file: src.file, line: 1, column: 1 }));
      continue;
    }
    values.set(src.file, value);
    texts.set(src.file, src.text);
    const title = typeof value.info?.title === 'string' && value.info.title.trim() ? value.info.title.trim() : undefined;
    docs.push({ doc: { id: src.id, file: src.file, url: src.url, version, title, channels: [] }, source: src, value });
  }

  // Referenced files, transitively: only files of the project, within the size limit; none for a
  // fetched document (its refs are relative to a URL).
  const refused = new Map<string, keyof typeof WHY>();
  const queue: { file: string; remote: boolean }[] = [];
  const enqueue = (value: Json, base: string, remote: boolean) => {
    for (const file of externalRefs(value, base)) queue.push({ file, remote });
  };
  for (const d of docs) enqueue(d.value, d.doc.file, d.doc.url !== undefined);
  while (queue.length) {
    const { file, remote } = queue.shift()!;
    if (values.has(file) || refused.has(file)) continue;
    if (remote) {
      refused.set(file, 'remote');
      continue;
    }
    const got = await readProjectText(root, file, MAX_OPENAPI_BYTES);
    read.add(file);
    if ('refused' in got) {
      refused.set(file, got.refused);
      continue;
    }
    const parsed = parseText(got.text, file, 'asyncapi/parse-failed');
    diagnostics.push(...parsed.diagnostics);
    if (parsed.value === undefined) {
      refused.set(file, 'missing');
      continue;
    }
    values.set(file, parsed.value);
    texts.set(file, got.text);
    enqueue(parsed.value, file, false);
  }

  // What the parser gets: each value with its refused `$ref`s cut, reported where they are written.
  const isRefused = (file: string) => refused.get(file);
  for (const [file, value] of values) {
    for (const r of cutRefused(value, file, isRefused)) {
      const at = locate(texts.get(file) ?? '', r.path);
      diagnostics.push(diag('asyncapi/ref-refused', { ref: r.ref, why: r.why }, { file, line: at.line, column: at.column, frame: at.frame }));
    }
  }
  const reader = (file: string) => {
    const v = values.get(path.resolve(file));
    return v === undefined ? '{}' : JSON.stringify(v);
  };

  const { parseDocument, checkDocument } = await import('./parser.js');
  const documents: AsyncApiDocument[] = [];
  for (const d of docs) {
    const out = await parseDocument(d.value, d.doc.file, reader);
    if (!out.document) {
      const first = out.diagnostics.find((x) => x.severity === 0) ?? out.diagnostics[0];
      const reason = first ? `${first.path?.length ? `\`${first.path.join('.')}\`: ` : ''}${first.message}` : 'the parser could not read it';
      // The parser read the value, not the text: the place is found from the path.
      const at = locate(d.source.text, first?.path ?? []);
      diagnostics.push(diag('asyncapi/invalid', { reason }, { file: d.doc.file, line: at.line, column: at.column, frame: at.frame }));
      continue;
    }
    d.doc.channels = channelsOf(out.document, d.doc);
    documents.push(d.doc);
  }

  const validate = async () => {
    const found: Diagnostic[] = [];
    for (const d of docs) {
      // One that the parser could not read is reported already, by its first error.
      if (!documents.includes(d.doc)) continue;
      const findings = (await checkDocument(d.source.text, d.doc.file, reader))
        // Errors and warnings of the core rules; a reference Kiln refused is reported already.
        .filter((x) => x.severity <= 1 && !(x.code === 'invalid-ref' && [...refused.keys()].some((f) => x.message.includes(f))) && (!x.source || path.resolve(x.source) === d.doc.file));
      for (const x of findings.slice(0, MAX_FINDINGS)) {
        // At the key, as OpenAPI findings are (the parser's range starts at the value).
        const at = locate(d.source.text, x.path);
        found.push(diag('asyncapi/finding', { path: x.path.join('.'), reason: x.message.replace(/\.$/, '') }, { file: d.doc.file, line: at.line, column: at.column, frame: at.frame }));
      }
      if (findings.length > MAX_FINDINGS) found.push(diag('asyncapi/more-findings', { count: findings.length - MAX_FINDINGS }, { file: d.doc.file }));
    }
    return found;
  };

  // The parser neither changes its input nor expands a circular `$ref`: those are looked up here.
  const refs = new RefResolver(values);
  const model = createAsyncApiModel(documents, read, unavailable);
  if (options.validate === 'deferred') return { model, refs, diagnostics, validate };
  if (options.validate !== false) diagnostics.push(...(await validate()));
  return { model, refs, diagnostics };
}

function refusal(reason: ReadRefusal, source: string, file: string): Diagnostic {
  if (reason === 'outside') return diag('asyncapi/outside-project', { source }, { file });
  if (reason === 'not-file') return diag('asyncapi/not-a-file', { source }, { file });
  if (reason === 'too-large') return diag('asyncapi/too-large', { source, limit: MAX_OPENAPI_SIZE }, { file });
  return diag('asyncapi/not-found', { source }, { file });
}
