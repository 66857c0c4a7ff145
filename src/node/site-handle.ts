/**
 * The contract between a pipeline that can answer requests (the dev site) and the HTTP servers.
 * Servers know nothing of pages; the site knows nothing of sockets.
 */
export interface ServedFile {
  status: number;
  /** Content-Type header value. */
  type: string;
  /** Text or bytes; for large static files, `file` is given instead and streamed. */
  body?: string | Uint8Array;
  /** Absolute path of a file to stream (already checked to be inside the allowed root). */
  file?: string;
  headers?: Record<string, string>;
}

export interface SiteHandle {
  /** Absolute project root. */
  readonly root: string;
  /** Answer a decoded, normalised URL pathname (always starts with `/`), or null when nothing matches. */
  serve(pathname: string): Promise<ServedFile | null>;
  /** The 404 page for a pathname that matched nothing. */
  notFound(pathname: string): Promise<ServedFile>;
  /** Files under the root changed (absolute paths); drop what depends on them. */
  changed(files: string[]): Promise<void>;
}
