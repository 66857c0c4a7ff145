import GithubSlugger from 'github-slugger';
import type { Page } from '../content/pages.js';
import type { OpenApiModel, Operation } from './types.js';

/**
 * Pages generated for navigation entries that name an operation (`"POST /api/generate"` in a v2
 * docs.json). URL: the operation's path with parameter braces dropped and each segment slugged
 * (`POST /api/generate` → `/api/generate`, `GET /jobs/{jobId}` → `/jobs/jobid`); webhooks live
 * under `/webhooks/<name>`. When that URL is taken (a page file, or another method of the same
 * path) the method is appended (`/jobs/jobid-delete`), then a number.
 */
export function operationUrl(op: Operation, taken: (url: string) => boolean): string {
  const slug = (s: string) => new GithubSlugger().slug(s) || 'endpoint';
  const segments = op.kind === 'webhook' ? ['webhooks', slug(op.path)] : op.path.split('/').filter(Boolean).map((s) => slug(s.replace(/[{}]/g, '')));
  const baseUrl = '/' + (segments.length ? segments.join('/') : op.method);
  if (!taken(baseUrl)) return baseUrl;
  const withMethod = `${baseUrl}-${op.method}`;
  if (!taken(withMethod)) return withMethod;
  for (let i = 2; ; i++) if (!taken(`${withMethod}-${i}`)) return `${withMethod}-${i}`;
}

/** `preferred` (a generated tab's `/api/pets/list-pets`), or the first of its variants nothing else uses. */
function freeUrl(preferred: string, op: Operation, taken: (url: string) => boolean): string {
  if (!taken(preferred)) return preferred;
  const withMethod = `${preferred}-${op.method}`;
  if (!taken(withMethod)) return withMethod;
  for (let i = 2; ; i++) if (!taken(`${withMethod}-${i}`)) return `${withMethod}-${i}`;
}

/** The Page of a navigation entry naming an operation, or undefined when nothing matches. */
export function generatedPage(model: OpenApiModel, entry: string, taken: (url: string) => boolean, preferred?: string): Page | undefined {
  const op = model.find(entry);
  if (!op) return undefined;
  const url = preferred ? freeUrl(preferred, op, taken) : operationUrl(op, taken);
  const title = typeof op.op.summary === 'string' && op.op.summary.trim() ? op.op.summary.trim() : typeof op.op.operationId === 'string' ? op.op.operationId : op.label;
  const reference = model.documents.length > 1 ? `${op.doc.id} ${op.label}` : op.label;
  return {
    id: url.slice(1),
    // Not a real file: a unique key for the compile cache and a readable name in diagnostics.
    file: `${op.doc.file}#${op.label}`,
    relPath: `${op.doc.id}#${op.label}`,
    url,
    frontMatter: { openapi: reference, data: { openapi: reference } },
    body: '',
    title,
    navTitle: title,
    inNav: false,
  };
}

/** Pages whose front matter names an operation but no title: the operation's summary becomes it. */
export function titleFromOperation(page: Page, model: OpenApiModel): void {
  if (!page.frontMatter.openapi || page.frontMatter.title) return;
  const op = model.find(page.frontMatter.openapi);
  const summary = op && typeof op.op.summary === 'string' ? op.op.summary.trim() : '';
  if (!summary) return;
  page.title = summary;
  if (!page.frontMatter.sidebarTitle) page.navTitle = summary;
}
