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

export interface OpenApiModel {
  documents: ApiDocument[];
  /** Find the operation a front matter or navigation reference names. */
  find(reference: string): Operation | undefined;
  /** Up to `n` operations whose labels are closest to a reference that matched nothing. */
  closest(reference: string, n?: number): string[];
  /** Absolute paths of every file read (documents and the files they reference), for the dev server. */
  files: Set<string>;
}
