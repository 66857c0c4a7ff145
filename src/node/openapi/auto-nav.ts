import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { normaliseEntry } from '../content/pages.js';
import type { NavigationEntry, NavigationGroup, Settings } from '../settings/types.js';
import { isUrl } from './fetch.js';
import { DEFAULT_DIRECTORY, mintlifyUrl, operationTitle, pageReference } from './pages.js';
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
  /** The URL Kiln gave it before it followed Mintlify's (a redirect is made from it). */
  legacy: string;
  /** `x-hidden`: the page is built but left out of the navigation. */
  hidden?: boolean;
  /**
   * The `openapi.directory` of the group it was generated for (its `openapiScope`): the same
   * document generated into two groups gives two placements for each entry, told apart by it.
   */
  scopeDirectory?: string;
}

/** A tag's group label: its `x-group`, else its name. */
function tagLabels(doc: ApiDocument): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of Array.isArray(doc.root.tags) ? doc.root.tags : []) {
    if (t && typeof t.name === 'string' && t.name.trim()) out.set(t.name.trim(), typeof t['x-group'] === 'string' && t['x-group'].trim() ? t['x-group'].trim() : t.name.trim());
  }
  return out;
}

/**
 * The groups of one document's operations: one per tag (in the order of the document's `tags`,
 * then of first use; labelled by the tag's `x-group` when it has one), untagged operations under
 * "Endpoints", untagged webhooks under "Webhooks". `x-excluded` operations get no page,
 * `x-hidden` ones a page outside the navigation. URLs are Mintlify's (./pages.ts), under
 * `directory`; `legacyPrefix` is where Kiln put them before.
 */
export function operationGroups(doc: ApiDocument, model: OpenApiModel, directory: string, placements: Placement[], legacyPrefix = directory, scopeDirectory?: string): NavigationGroup[] {
  const labels = tagLabels(doc);
  const byTag = new Map<string, Operation[]>([...labels.keys()].map((t) => [t, []]));
  for (const op of doc.operations) {
    if (op.op['x-excluded'] === true) continue;
    const tags: unknown[] = Array.isArray(op.op.tags) ? op.op.tags : [];
    const tag = typeof tags[0] === 'string' && tags[0].trim() ? tags[0].trim() : op.kind === 'webhook' ? 'Webhooks' : 'Endpoints';
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag)!.push(op);
  }
  const groups: NavigationGroup[] = [];
  for (const [tag, ops] of byTag) {
    const pages: string[] = [];
    for (const op of ops) {
      const entry = pageReference(model, op);
      const legacy = '/' + [legacyPrefix, slug(tag) || 'endpoints', slug(operationTitle(op)) || op.method].filter(Boolean).join('/');
      const hidden = op.op['x-hidden'] === true;
      placements.push({ entry, url: mintlifyUrl(op, directory), legacy, ...(hidden ? { hidden } : {}), ...(scopeDirectory !== undefined ? { scopeDirectory } : {}) });
      if (!hidden) pages.push(entry);
    }
    if (pages.length) groups.push({ group: labels.get(tag) ?? tag, pages });
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
    ...settings.tabs.map((t) => ({ kind: 'tab' as const, name: t.name, url: t.url, openapi: t.openapi, directory: t.openapiDirectory, version: t.version, division: t.division })),
    ...settings.anchors.map((a) => ({ kind: 'anchor' as const, name: a.name, url: a.url, openapi: a.openapi, directory: a.openapiDirectory, version: a.version, division: a.division })),
  ];
  // The classic layout's tabs own the pages under their URL: theirs go there. The newer layout's
  // go where Mintlify puts them.
  const v2 = settings.layout === 'v2';
  for (const o of owners) {
    if (!o.openapi || isUrl(o.url)) continue;
    const prefix = trimSlashes(o.url);
    const named = settings.navigation.some((g) => (o.division ? g.division === o.division || !!g.division?.startsWith(`${o.division}/`) : (o.kind === 'tab' ? g.tab : g.anchor) === o.name) && g.pages.length > 0);
    const underPrefix = prefix !== '' && listed.some((p) => p === prefix || p.startsWith(`${prefix}/`));
    if (named || underPrefix) continue;
    const doc = documentFor(o.openapi, model, root);
    if (!doc) continue;
    const legacy = prefix || slug(o.name);
    for (const g of operationGroups(doc, model, v2 ? (o.directory ?? DEFAULT_DIRECTORY) : legacy, placements, legacy)) {
      settings.navigation.push({ ...g, [o.kind]: o.name, ...(o.version ? { version: o.version } : {}), ...(o.division ? { division: o.division } : {}) });
    }
  }
  // Groups (docs.json) with an `openapi` and no pages: the operations become their pages.
  const fill = (groups: NavigationGroup[]) => {
    for (const g of groups) {
      if (g.openapi && g.pages.length === 0) {
        const doc = documentFor(g.openapi, model, root);
        if (!doc) continue;
        const inner = operationGroups(doc, model, g.openapiScope?.directory ?? DEFAULT_DIRECTORY, placements, slug(g.group), g.openapiScope?.directory);
        g.pages = inner.length === 1 ? inner[0]!.pages : inner;
      } else fill(g.pages.filter((e): e is NavigationGroup => typeof e !== 'string'));
    }
  };
  fill(settings.navigation);
  return placements;
}
