import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { normaliseEntry } from '../content/pages.js';
import type { NavigationEntry, NavigationGroup, Settings } from '../settings/types.js';
import { isUrl } from './fetch.js';
import type { ApiDocument, OpenApiModel, Operation } from './types.js';

/**
 * A tab, anchor or group that names an `openapi` file but lists no page gets one page for every
 * operation of that file, grouped by tag, in its own navigation (what existing sites rely on:
 * `{ "name": "API Reference", "url": "api-reference", "openapi": "openapi.json" }`). Places that
 * list pages keep exactly those.
 */

const OPERATION = /^(?:\S+\s+)?(?:get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;
const slug = (s: string) => new GithubSlugger().slug(s);
const trimSlashes = (s: string) => s.replace(/^\/+|\/+$/g, '');

/** Every page path an entry list names (operation entries left out). */
function pagePaths(entries: NavigationEntry[], out: string[] = []): string[] {
  for (const e of entries) {
    if (typeof e !== 'string') pagePaths(e.pages, out);
    else if (!OPERATION.test(e)) out.push(normaliseEntry(e));
  }
  return out;
}

/** The document an `openapi` setting names. */
export function documentFor(source: string, model: OpenApiModel, root: string): ApiDocument | undefined {
  const s = source.trim();
  if (isUrl(s)) return model.documents.find((d) => d.url === s);
  const file = path.resolve(root, s.replace(/^\/+/, ''));
  return model.documents.find((d) => d.file === file);
}

/** A generated page's place: its URL (before clashes are settled) for the entry that names it. */
export interface Placement {
  entry: string;
  url: string;
}

function operationTitle(op: Operation): string {
  const summary = typeof op.op.summary === 'string' ? op.op.summary.trim() : '';
  return summary || (typeof op.op.operationId === 'string' ? op.op.operationId : op.label);
}

/**
 * The groups of one document's operations: one per tag (in the order of the document's `tags`,
 * then of first use), untagged operations under "Endpoints", untagged webhooks under "Webhooks".
 * URLs are `/<prefix>/<tag>/<summary>`.
 */
export function operationGroups(doc: ApiDocument, model: OpenApiModel, prefix: string, placements: Placement[]): NavigationGroup[] {
  const declared: string[] = Array.isArray(doc.root.tags) ? doc.root.tags.map((t: { name?: unknown }) => (typeof t?.name === 'string' ? t.name : '')).filter(Boolean) : [];
  const byTag = new Map<string, Operation[]>(declared.map((t) => [t, []]));
  for (const op of doc.operations) {
    const tags: unknown[] = Array.isArray(op.op.tags) ? op.op.tags : [];
    const tag = typeof tags[0] === 'string' && tags[0].trim() ? tags[0].trim() : op.kind === 'webhook' ? 'Webhooks' : 'Endpoints';
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag)!.push(op);
  }
  const groups: NavigationGroup[] = [];
  for (const [tag, ops] of byTag) {
    if (!ops.length) continue;
    const pages = ops.map((op) => {
      const entry = model.documents.length > 1 ? `${doc.id} ${op.label}` : op.label;
      const segments = [prefix, slug(tag) || 'endpoints', slug(operationTitle(op)) || op.method].filter(Boolean);
      placements.push({ entry, url: `/${segments.join('/')}` });
      return entry;
    });
    groups.push({ group: tag, pages });
  }
  return groups;
}

/**
 * Adds the generated groups to `settings.navigation` (sections and the sidebar read it) and
 * returns where each generated page goes. Runs once the documents are loaded, before the
 * navigation is resolved.
 */
export function generateNavigation(settings: Settings, model: OpenApiModel, root: string): Placement[] {
  const placements: Placement[] = [];
  const listed = pagePaths(settings.navigation.flatMap((g) => g.pages));
  const owners = [
    ...settings.tabs.map((t) => ({ kind: 'tab' as const, name: t.name, url: t.url, openapi: t.openapi, version: t.version })),
    ...settings.anchors.map((a) => ({ kind: 'anchor' as const, name: a.name, url: a.url, openapi: a.openapi, version: a.version })),
  ];
  for (const o of owners) {
    if (!o.openapi || isUrl(o.url)) continue;
    const prefix = trimSlashes(o.url);
    const named = settings.navigation.some((g) => (o.kind === 'tab' ? g.tab : g.anchor) === o.name && g.pages.length > 0);
    const underPrefix = prefix !== '' && listed.some((p) => p === prefix || p.startsWith(`${prefix}/`));
    if (named || underPrefix) continue;
    const doc = documentFor(o.openapi, model, root);
    if (!doc) continue;
    for (const g of operationGroups(doc, model, prefix || slug(o.name), placements)) {
      settings.navigation.push({ ...g, [o.kind]: o.name, ...(o.version ? { version: o.version } : {}) });
    }
  }
  // Groups (docs.json) with an `openapi` and no pages: the operations become their pages.
  const fill = (groups: NavigationGroup[]) => {
    for (const g of groups) {
      if (g.openapi && g.pages.length === 0) {
        const doc = documentFor(g.openapi, model, root);
        if (!doc) continue;
        const inner = operationGroups(doc, model, slug(g.group), placements);
        g.pages = inner.length === 1 ? inner[0]!.pages : inner;
      } else fill(g.pages.filter((e): e is NavigationGroup => typeof e !== 'string'));
    }
  };
  fill(settings.navigation);
  return placements;
}
