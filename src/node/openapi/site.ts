import path from 'node:path';
import type { OperationPages, Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import type { NavigationEntry, Redirect, Settings } from '../settings/types.js';
import { loadOpenApi, type LoadedOpenApi } from './load.js';
import { generateNavigation, type Placement } from './auto-nav.js';
import { freeUrl, legacyUrl, mintlifyUrl, operationPage, titleFromOperation, unavailablePage, unavailableUrl } from './pages.js';

const OPERATION = /^(?:\S+\s+)?(get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;

function navNamesOperation(entries: NavigationEntry[]): boolean {
  return entries.some((e) => (typeof e === 'string' ? OPERATION.test(e) && !e.includes('.mdx') : navNamesOperation(e.pages)));
}

/**
 * The OpenAPI step of `loadContent`: once the pages are read, load the documents (only looking
 * for files in the project when some page or entry names an operation), give endpoint pages
 * without a title the operation's summary, and make pages for navigation entries: the operation
 * found in the entry's scope (./resolve.ts), or, when its OpenAPI URL could not be read, a page
 * that says so. Each generated page's former Kiln URL redirects to it.
 */
export function openApiStep(root: string, settings: Settings, assets: string[], done: (api: LoadedOpenApi) => void, options: { validate?: boolean | 'deferred' } = {}) {
  return async (pages: Map<string, Page>): Promise<OperationPages> => {
    const referenced = [...pages.values()].some((p) => !!p.frontMatter.openapi) || settings.navigation.some((g) => navNamesOperation(g.pages));
    const api = await loadOpenApi({ root, settings, assets, referenced, validate: options.validate });
    if (settings.api.playground.mode === 'auth') api.diagnostics.push(diag('openapi/playground-auth', {}, { file: settings.file }));
    done(api);
    for (const p of pages.values()) titleFromOperation(p, api.model);
    // Tabs, anchors and groups with an `openapi` and no pages: one page per operation.
    const placements = generateNavigation(settings, api.model, root);
    const placed = new Map<string, Placement[]>();
    for (const p of placements) placed.set(p.entry, [...(placed.get(p.entry) ?? []), p]);
    // The placement made for the group an entry is in (its `openapi.directory`); a document
    // generated into one place only has one.
    const placeOf = (entry: string, directory: string | undefined) => {
      const candidates = placed.get(entry);
      return candidates?.find((p) => p.scopeDirectory === directory) ?? candidates?.[0];
    };
    const made = new Map<string, Page>();
    const redirects: Redirect[] = [];
    const redirected = new Set((settings.redirects ?? []).map((r) => r.source));
    const redirect = (from: string, to: string) => {
      if (from === to || redirected.has(from)) return;
      redirected.add(from);
      redirects.push({ source: from, destination: to, permanent: true });
    };
    const navName = `navigation of ${path.basename(settings.file)}`;
    const result: OperationPages = {
      page(entry, taken, scope) {
        const found = api.model.lookup(entry, scope);
        const op = found.op;
        if (!op) {
          if (!found.unavailable.length) {
            return { diagnostic: diag('openapi/operation-not-found', { reference: entry, page: navName, closest: api.model.closest(entry) }) };
          }
          // The spec could not be read (reported once, for the file): the page says so to the reader.
          const url = unavailableUrl(entry, scope?.directory);
          const key = `${found.unavailable[0]}#${entry.trim()}#${scope?.directory ?? ''}`;
          let page = made.get(key);
          if (!page) made.set(key, (page = unavailablePage(entry, found.unavailable, freeUrl(url, taken))));
          return { page };
        }
        if (op.op['x-excluded'] === true && !placed.has(entry)) return { diagnostic: diag('openapi/excluded-entry', { reference: entry }) };
        const place = placeOf(entry, scope?.directory);
        const key = `${op.doc.file}#${op.label}#${place ? `@${place.url}` : (scope?.directory ?? '')}`;
        let page = made.get(key);
        if (!page) {
          const url = freeUrl(place?.url ?? mintlifyUrl(op, scope?.directory), taken);
          made.set(key, (page = operationPage(api.model, op, url)));
          redirect(place?.legacy ?? legacyUrl(op), url);
        }
        const others = found.others.map((o) => o.doc.id);
        return { page, diagnostic: others.length ? diag('openapi/ambiguous-operation', { reference: entry, page: navName, used: op.doc.id, others }) : undefined };
      },
      extra(taken) {
        // `x-hidden` operations of generated sections: built, linked from nowhere.
        const out: Page[] = [];
        for (const p of placements) {
          if (!p.hidden) continue;
          const op = api.model.find(p.entry);
          if (!op) continue;
          const page = operationPage(api.model, op, freeUrl(p.url, taken));
          out.push(page);
          redirect(p.legacy, page.url);
        }
        return out;
      },
      finish(taken) {
        // A former URL that is a page now (another page took it) stays that page.
        const kept = redirects.filter((r) => !taken(r.source));
        if (kept.length) settings.redirects = [...(settings.redirects ?? []), ...kept];
      },
    };
    return result;
  };
}
