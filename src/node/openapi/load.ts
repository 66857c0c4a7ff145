import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Settings } from '../settings/types.js';
import { readProjectText, type ReadRefusal } from '../project-path.js';
import { fetchOpenApi, isUrl, MAX_OPENAPI_BYTES, MAX_OPENAPI_SIZE } from './fetch.js';
import { indexOperations } from './operations.js';
import { localCopy } from './local-copy.js';
import { createModel } from './resolve.js';
import { looksLikeOpenApi, parseText } from './parse.js';
import { validateOpenApi } from './validate.js';
import { externalRefs, RefResolver } from './refs.js';
import type { ApiDocument, Json, OpenApiModel } from './types.js';

const require = createRequire(import.meta.url);

export interface LoadOpenApiOptions {
  root: string;
  settings: Settings;
  /** Project-relative paths of the non-page files (for discovery). */
  assets: string[];
  /**
   * Whether some page or navigation entry names an operation: only then are OpenAPI files
   * looked for in the project when the settings name none.
   */
  referenced: boolean;
  fetch?: typeof fetch;
  /**
   * Check the documents against the OpenAPI schema and rules (./validate.ts); default true. Build
   * workers skip it; `kiln dev` defers it (`LoadedOpenApi.validate`) so the first page need not wait.
   */
  validate?: boolean | 'deferred';
}

export interface LoadedOpenApi {
  model: OpenApiModel;
  /** Shared by every document: resolves `$ref`s across the files read. */
  refs: RefResolver;
  diagnostics: Diagnostic[];
  /** With `validate: 'deferred'`: runs the checks that were left out (the schema validator takes a while to compile). */
  validate?: () => Diagnostic[];
}

/** Every `openapi` the settings name: top level, tabs and anchors; duplicates once. */
export function openApiSources(settings: Settings): string[] {
  const all = [...settings.openapi, ...settings.tabs.map((t) => t.openapi), ...settings.anchors.map((a) => a.openapi)];
  return [...new Set(all.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim()))];
}

/** Files of the project whose top level has an `openapi` or `swagger` key. */
export async function discoverOpenApi(root: string, assets: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const rel of assets) {
    if (!/\.(ya?ml|json)$/i.test(rel) || /(^|\/)(package(-lock)?|tsconfig|vercel|manifest)\.json$/i.test(rel)) continue;
    const file = path.join(root, rel);
    const handle = await fs.open(file, 'r').catch(() => undefined);
    if (!handle) continue;
    try {
      const buf = Buffer.alloc(4096);
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      if (looksLikeOpenApi(buf.subarray(0, bytesRead).toString('utf8'))) found.push(rel);
    } finally {
      await handle.close();
    }
  }
  return found;
}

/** Swagger 2.0 → OpenAPI 3.0 (swagger2openapi, patching small mistakes instead of failing). */
async function upgradeSwagger(doc: Json): Promise<Json> {
  const s2o = require('swagger2openapi') as { convertObj(o: Json, opts: Record<string, unknown>): Promise<{ openapi: Json }> };
  const out = await s2o.convertObj(doc, { patch: true, warnOnly: true, resolve: false, direct: false });
  return out.openapi;
}

/**
 * Load every OpenAPI document of the site once: read or fetch, parse, upgrade Swagger 2.0, read
 * the files they reference, index operations. Never throws; problems are diagnostics.
 */
export async function loadOpenApi(options: LoadOpenApiOptions): Promise<LoadedOpenApi> {
  const { root } = options;
  const diagnostics: Diagnostic[] = [];
  const files = new Map<string, Json>();
  const refs = new RefResolver(files);
  const documents: ApiDocument[] = [];
  const read = new Set<string>();
  // What the checks need: each file as written (Swagger 2.0 before its upgrade) and its text.
  const sources: { file: string; text: string; value: Json; version?: string }[] = [];

  const named = openApiSources(options.settings);
  // Mintlify reads every OpenAPI file of the project: a reference may name one the settings do not.
  const namedFiles = new Set(named.filter((s) => !isUrl(s)).map((s) => path.resolve(root, s.replace(/^\/+/, ''))));
  const discovered = options.referenced ? (await discoverOpenApi(root, options.assets)).filter((rel) => !namedFiles.has(path.resolve(root, rel))) : [];

  // Read at once; each source's findings are reported in the settings' order, not as reads finish.
  const results = await Promise.all([...named, ...discovered].map(async (source, i): Promise<{ found: Diagnostic[]; unavailable?: string; src?: { id: string; url?: string; file: string; text: string; discovered?: true } }> => {
    if (isUrl(source)) {
      const r = await fetchOpenApi(root, source, options.fetch);
      const copy = r.text === undefined ? await localCopy(root, source, options.assets, (file) => readProjectText(root, file, MAX_OPENAPI_BYTES)) : undefined;
      if (copy) return { found: [diag('openapi/fetch-local-copy', { url: source, reason: r.reason ?? '', copy: copy.rel })], src: { id: source, url: source, file: copy.file, text: copy.text } };
      if (r.text === undefined) return { found: r.diagnostics, unavailable: source };
      return { found: r.diagnostics, src: { id: source, url: source, file: r.file!, text: r.text } };
    }
    if (i >= named.length) {
      // Found, not named: read under the same rules, and left alone when they refuse it.
      const file = path.join(root, source);
      const found = await readProjectText(root, file, MAX_OPENAPI_BYTES);
      return { found: [], src: 'refused' in found ? undefined : { id: source, file, text: found.text, discovered: true } };
    }
    const file = path.resolve(root, source.replace(/^\/+/, ''));
    const read = await readProjectText(root, file, MAX_OPENAPI_BYTES);
    if ('refused' in read) return { found: [refusal(read.refused, source, await settingsEntry(options.settings.file, source))] };
    return { found: [], src: { id: path.relative(root, file).split(path.sep).join('/'), file, text: read.text } };
  }));
  for (const r of results) diagnostics.push(...r.found);
  const unavailable = results.flatMap((r) => (r.unavailable ? [r.unavailable] : []));
  const loaded = results.map((r) => r.src);

  for (const src of loaded) {
    // A discovered file may be the copy a URL fell back to: read once.
    if (!src || read.has(src.file)) continue;
    read.add(src.file);
    const parsed = parseText(src.text, src.file);
    diagnostics.push(...parsed.diagnostics);
    let root = parsed.value;
    if (parsed.diagnostics.length) continue;
    if (!root || typeof root !== 'object' || Array.isArray(root)) {
      diagnostics.push(diag('openapi/invalid', { reason: 'the file holds no object' }, at(src.file, src.text, 0)));
      continue;
    }
    const version = String(root.openapi ?? root.swagger ?? '');
    if (!/^(2\.0|3\.[01])/.test(version)) {
      diagnostics.push(diag('openapi/invalid', { reason: version ? `version ${version} is not supported (2.0, 3.0 and 3.1 are)` : 'it has no top-level `openapi` or `swagger` key' }, at(src.file, src.text, keyOffset(src.text, ['openapi', 'swagger']))));
      continue;
    }
    if (version.startsWith('2')) {
      try {
        root = await upgradeSwagger(root);
      } catch (error) {
        diagnostics.push(diag('openapi/invalid', { reason: `Swagger 2.0 could not be upgraded: ${(error as Error).message}` }, at(src.file, src.text, keyOffset(src.text, ['swagger']))));
        continue;
      }
    }
    if (!root.paths && !root.webhooks && !root['x-webhooks']) {
      diagnostics.push(diag('openapi/invalid', { reason: 'it has neither `paths` nor `webhooks`' }, at(src.file, src.text, keyOffset(src.text, ['openapi', 'swagger']))));
      continue;
    }
    files.set(src.file, root);
    sources.push({ file: src.file, text: src.text, value: parsed.value, version });
    const doc: ApiDocument = { id: src.id, file: src.file, url: src.url, root, version, operations: [], ...('discovered' in src ? { discovered: true } : {}) };
    documents.push(doc);
  }

  // Files referenced from the documents (and from those files, transitively): only files of the
  // project, each read within the size limit. A ref in a fetched document is relative to its URL
  // and is not fetched; one that leads out of the project is reported where it is written
  // (validate.ts, refFindings).
  const textOf = new Map(sources.map((s) => [s.file, s.text]));
  const queue = documents.flatMap((d) => externalRefs(d.root, d.file).map((file) => ({ file, remote: d.url !== undefined, from: d.file })));
  while (queue.length) {
    const { file, remote, from } = queue.shift()!;
    if (files.has(file) || read.has(file) || refs.refused.has(file)) continue;
    if (remote) {
      refs.refused.set(file, 'remote');
      continue;
    }
    const got = await readProjectText(root, file, MAX_OPENAPI_BYTES);
    // The model's files are the ones `kiln dev` reloads the documents for: a missing one too.
    if (!('refused' in got) || got.refused === 'missing') read.add(file);
    if ('refused' in got) {
      if (got.refused !== 'missing') refs.refused.set(file, got.refused);
      if (got.refused !== 'outside') diagnostics.push(refusal(got.refused, path.relative(root, file), refWhere(from, textOf.get(from), file)));
      continue;
    }
    const { text } = got;
    const parsed = parseText(text, file);
    diagnostics.push(...parsed.diagnostics);
    if (parsed.value === undefined) continue;
    files.set(file, parsed.value);
    sources.push({ file, text, value: parsed.value });
    textOf.set(file, text);
    queue.push(...externalRefs(parsed.value, file).map((f) => ({ file: f, remote: false, from: file })));
  }

  for (const doc of documents) doc.operations = indexOperations(doc, refs);
  const validate = () => sources.flatMap((s) => validateOpenApi({ ...s, refs }));
  const model = createModel(documents, read, unavailable);
  if (options.validate === 'deferred') return { model, refs, diagnostics, validate };
  if (options.validate !== false) diagnostics.push(...validate());
  return { model, refs, diagnostics };
}

/** A position in `text` (the file's), with its code frame. */
function at(file: string, text: string, offset: number): { file: string; line: number; column: number; frame: string } {
  const { line, column } = offsetToLineColumn(text, offset);
  return { file, line, column, frame: codeFrame(text, line, column) };
}

/** Where the first of `keys` is written at the top of a YAML or JSON document (its start when none is). */
function keyOffset(text: string, keys: string[]): number {
  const m = new RegExp(`^[ \\t{]*["']?(?:${keys.join('|')})["']?\\s*:`, 'm').exec(text);
  return m ? m.index + m[0].search(/["']?[a-z]/) : 0;
}

/** Where the settings name an OpenAPI file: the first `"source"` string in them (the file alone when absent). */
async function settingsEntry(settingsFile: string, source: string): Promise<{ file: string; line?: number; column?: number; frame?: string }> {
  const text = await fs.readFile(settingsFile, 'utf8').catch(() => '');
  const i = text.indexOf(JSON.stringify(source));
  return i < 0 ? { file: settingsFile } : at(settingsFile, text, i);
}

/** Where `from` refers to `target`: the first `$ref` naming its file name (`from` alone when not found). */
function refWhere(from: string, text: string | undefined, target: string): { file: string; line?: number; column?: number; frame?: string } {
  if (text === undefined) return { file: from };
  const name = path.basename(target);
  const m = new RegExp(`\\$ref["']?\\s*:\\s*["']?[^"'\\n]*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).exec(text);
  return m ? at(from, text, m.index) : { file: from };
}

/** The diagnostic for an OpenAPI file that was not read. */
function refusal(reason: ReadRefusal, source: string, where: { file?: string } = {}): Diagnostic {
  if (reason === 'outside') return diag('openapi/outside-project', { source }, where);
  if (reason === 'not-file') return diag('openapi/not-a-file', { source }, where);
  if (reason === 'too-large') return diag('openapi/too-large', { source, limit: MAX_OPENAPI_SIZE }, where);
  return diag('openapi/not-found', { source }, where);
}
