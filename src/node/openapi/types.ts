/**
 * The OpenAPI model the render stage reads: every document of the site, loaded once per build
 * (see ./load.ts), with its operations indexed. Documents keep their `$ref`s; schemas are
 * resolved lazily (./refs.ts), so circular schemas cost nothing until rendered to a depth.
 */

/** Any JSON value of a parsed OpenAPI file. Untrusted: every string in it is user text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiDocument {
  /** How settings or pages name it: the project-relative path (`openapi.yaml`) or the URL. */
  id: string;
  /** Absolute path of the file read (for URLs, the cached copy). */
  file: string;
  /** The URL it came from, when fetched. */
  url?: string;
  /** Parsed document, Swagger 2.0 already upgraded to OpenAPI 3. */
  root: Json;
  /** `2.0`, `3.0.x` or `3.1.x` as written in the file. */
  version: string;
  operations: Operation[];
  /**
   * Named by the settings (`openapi` anywhere in them), or only found in the project: references
   * are looked up in the named documents first (./resolve.ts). Absent means named.
   */
  discovered?: boolean;
}

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type Method = (typeof METHODS)[number];

export interface Operation {
  doc: ApiDocument;
  kind: 'path' | 'webhook';
  method: Method;
  /** The path template (`/jobs/{jobId}`), or the webhook name. */
  path: string;
  /** The operation object (refs of the path item already followed). */
  op: Json;
  /** Path-item-level parameters and servers. */
  pathItem: Json;
  /** `GET /jobs/{jobId}` or `webhook jobCompleted`: how a page names it. */
  label: string;
}

/** What a reference found (./resolve.ts). */
export interface Lookup {
  op?: Operation;
  /** Operations of the same method and path in other documents at the same rank: the reference is ambiguous. */
  others: Operation[];
  /** No document read defines it, but these OpenAPI URLs could not be read and might. */
  unavailable: string[];
}

/** Where a navigation entry sits: the OpenAPI file(s) of its group (its own or the nearest above), looked in first. */
export interface OpenApiScope {
  sources: string[];
  /** Folder of the pages generated for its operations (`openapi.directory`). */
  directory?: string;
}

export interface OpenApiModel {
  documents: ApiDocument[];
  /** OpenAPI URLs named by the settings that could not be fetched (nor found cached or copied in the project). */
  unavailable: string[];
  /** Find the operation a front matter or navigation reference names. */
  find(reference: string): Operation | undefined;
  /** The same, with what else matched or could have: scoped documents, then named ones, then the rest. */
  lookup(reference: string, scope?: OpenApiScope): Lookup;
  /** Up to `n` operations whose labels are closest to a reference that matched nothing. */
  closest(reference: string, n?: number): string[];
  /** Absolute paths of every file read (documents and the files they reference), for the dev server. */
  files: Set<string>;
}
