import path from 'node:path';
import type { OperationPages, Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import type { NavigationEntry, Settings } from '../settings/types.js';
import { loadOpenApi, type LoadedOpenApi } from './load.js';
import { generateNavigation } from './auto-nav.js';
import { generatedPage, titleFromOperation } from './pages.js';

const OPERATION = /^(?:\S+\s+)?(get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;

function navNamesOperation(entries: NavigationEntry[]): boolean {
  return entries.some((e) => (typeof e === 'string' ? OPERATION.test(e) && !e.includes('.mdx') : navNamesOperation(e.pages)));
}

/**
 * The OpenAPI step of `loadContent`: once the pages are read, load the documents (only looking
 * for files in the project when some page or entry names an operation), give endpoint pages
 * without a title the operation's summary, and make pages for navigation entries.
 */
export function openApiStep(root: string, settings: Settings, assets: string[], done: (api: LoadedOpenApi) => void, options: { validate?: boolean | 'deferred' } = {}) {
  return async (pages: Map<string, Page>): Promise<OperationPages> => {
    const referenced = [...pages.values()].some((p) => !!p.frontMatter.openapi) || settings.navigation.some((g) => navNamesOperation(g.pages));
    const api = await loadOpenApi({ root, settings, assets, referenced, validate: options.validate });
    done(api);
    for (const p of pages.values()) titleFromOperation(p, api.model);
    // Tabs, anchors and groups with an `openapi` and no pages: one page per operation.
    const placed = new Map(generateNavigation(settings, api.model, root).map((p) => [p.entry, p.url]));
    const made = new Map<string, Page>();
    return {
      page(entry, taken) {
        const op = api.model.find(entry);
        if (!op) {
          return diag('openapi/operation-not-found', { reference: entry, page: `navigation of ${path.basename(settings.file)}`, closest: api.model.closest(entry) });
        }
        const key = `${op.doc.file}#${op.label}`;
        let page = made.get(key);
        if (!page) made.set(key, (page = generatedPage(api.model, entry, taken, placed.get(entry))!));
        return page;
      },
    };
  };
}
