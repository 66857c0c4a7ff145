import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Page } from '../content/pages.js';
import { parseReference } from './operations.js';
import type { Json, OpenApiModel, Operation } from './types.js';

/**
 * Pages generated for operations: navigation entries that name one (`"POST /api/generate"` in a
 * v2 docs.json), and every operation of a tab, anchor or group that names an OpenAPI file and
 * lists no pages (./auto-nav.ts).
 *
 * URLs are the ones Mintlify gives them, so links written for a Mintlify site land on the page:
 * `/<directory>/<first tag>/<summary>`, each part through Mintlify's file-name rule
 * (`mintlifySlug`), the directory `api-reference` unless the `openapi` setting gives one; an
 * operation without a summary is `<method>-<path>`; `x-mint.href` replaces it all. A URL already
 * taken gets `-1`, `-2`… The URL Kiln gave the page before (the operation's path, `/jobs/jobid`)
 * redirects to it.
 */

/** Mintlify's `prepareStringToBeValidFilename`: spaces to dashes, path parameters and punctuation out, lower case. */
export function mintlifySlug(s: unknown): string | undefined {
  if (typeof s !== 'string' || !s) return undefined;
  return s
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll(/--/g, '-')
    // Not in Mintlify's rule: characters that would end or break a URL path.
    .replace(/[?#%\\"<>|*:\s]/g, '')
    .toLowerCase();
}

export const DEFAULT_DIRECTORY = 'api-reference';

/** `x-mint` of an operation, when it is an object. */
export function xMint(op: Operation): Json {
  const x = op.op['x-mint'];
  return x && typeof x === 'object' && !Array.isArray(x) ? x : {};
}

/** The URL Mintlify makes for an operation, before a clash with another page is settled. */
export function mintlifyUrl(op: Operation, directory: string = DEFAULT_DIRECTORY): string {
  const href = xMint(op).href;
  if (typeof href === 'string' && href.trim()) return '/' + href.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  const tags: unknown[] = Array.isArray(op.op.tags) ? op.op.tags : [];
  const name = mintlifySlug(op.op.summary) || (op.kind === 'webhook' ? mintlifySlug(op.path) : `${op.method}-${mintlifySlug(op.path) ?? ''}`) || op.method;
  return '/' + path.posix.join(directory.replace(/^\/+/, ''), mintlifySlug(tags[0]) ?? '', name).replace(/\/+$/, '');
}

/** `url`, or `url-1`, `url-2`… whichever no page has (as Mintlify numbers clashing file names). */
export function freeUrl(url: string, taken: (url: string) => boolean): string {
  if (!taken(url)) return url;
  for (let i = 1; ; i++) if (!taken(`${url}-${i}`)) return `${url}-${i}`;
}

/** The URL Kiln gave a navigation entry's page before it followed Mintlify: the path, braces dropped, each segment slugged. */
export function legacyUrl(op: Operation): string {
  const slug = (s: string) => new GithubSlugger().slug(s) || 'endpoint';
  const segments = op.kind === 'webhook' ? ['webhooks', slug(op.path)] : op.path.split('/').filter(Boolean).map((s) => slug(s.replace(/[{}]/g, '')));
  return '/' + (segments.length ? segments.join('/') : op.method);
}

/** The page title: `x-mint.metadata.title`, the summary, the operationId, else the label. */
export function operationTitle(op: Operation): string {
  const meta = xMint(op).metadata;
  if (meta && typeof meta.title === 'string' && meta.title.trim()) return meta.title.trim();
  const summary = typeof op.op.summary === 'string' ? op.op.summary.trim() : '';
  return summary || (typeof op.op.operationId === 'string' && op.op.operationId.trim() ? op.op.operationId.trim() : op.label);
}

/** Front matter keys `x-mint.metadata` may not set: the reference itself. */
const RESERVED = new Set(['openapi', 'api', 'asyncapi']);

/** `x-mint.metadata` as front matter values (strings, numbers and booleans; `openapi` left out). */
function metadataOf(op: Operation): Record<string, unknown> {
  const meta = xMint(op).metadata;
  const out: Record<string, unknown> = {};
  if (!meta || typeof meta !== 'object') return out;
  for (const [k, v] of Object.entries<unknown>(meta)) {
    if (RESERVED.has(k)) continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))) out[k] = v;
  }
  return out;
}

/** The reference a generated page carries: with the document's id when there are several, so it finds the same one again. */
export function pageReference(model: OpenApiModel, op: Operation): string {
  return model.documents.length > 1 || model.unavailable.length ? `${op.doc.id} ${op.label}` : op.label;
}

/** The Page of an operation. `url` is final (clashes settled). */
export function operationPage(model: OpenApiModel, op: Operation, url: string, inNav = false): Page {
  const meta = metadataOf(op);
  const title = operationTitle(op);
  const reference = pageReference(model, op);
  const navTitle = typeof meta.sidebarTitle === 'string' && meta.sidebarTitle.trim() ? meta.sidebarTitle.trim() : title;
  const data: Record<string, unknown> = { ...(op.op.deprecated === true ? { deprecated: true } : {}), ...meta, openapi: reference, title };
  const text = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : undefined);
  const frontMatter: Page['frontMatter'] = { title, openapi: reference, data };
  for (const k of ['description', 'sidebarTitle', 'icon', 'iconType'] as const) if (text(k) !== undefined) frontMatter[k] = text(k);
  return {
    id: url.slice(1),
    // Not a real file: a unique key for the compile cache and a readable name in diagnostics.
    file: `${op.doc.file}#${op.label}`,
    relPath: `${op.doc.id}#${op.label}`,
    url,
    frontMatter,
    body: '',
    title,
    navTitle,
    inNav,
  };
}

/**
 * The page of a navigation entry whose OpenAPI file could not be read: the reader is told so on
 * the page (render/api). Its URL is the one an operation without a summary or tag gets.
 */
export function unavailablePage(entry: string, unavailable: string[], url: string): Page {
  const ref = parseReference(entry)!;
  const label = ref.webhook ? `webhook ${ref.path}` : `${ref.method!.toUpperCase()} ${ref.path}`;
  const reference = `${unavailable[0]} ${label}`;
  return {
    id: url.slice(1),
    file: `${unavailable[0]}#${label}`,
    relPath: `${unavailable[0]}#${label}`,
    url,
    frontMatter: { openapi: reference, title: label, data: { openapi: reference, title: label } },
    body: '',
    title: label,
    navTitle: label,
    inNav: false,
  };
}

/** The URL of an entry whose spec could not be read: Mintlify's rule with what the entry tells (no summary, no tag). */
export function unavailableUrl(entry: string, directory: string = DEFAULT_DIRECTORY): string {
  const ref = parseReference(entry)!;
  const name = ref.webhook ? mintlifySlug(ref.path) : `${ref.method}-${mintlifySlug(ref.path) ?? ''}`;
  return '/' + path.posix.join(directory.replace(/^\/+/, ''), name || 'endpoint');
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
