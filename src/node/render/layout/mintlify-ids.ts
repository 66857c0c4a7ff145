/**
 * Mintlify's identifiers for the parts of its layout ("Identifiers" in its custom scripts guide,
 * customize/custom-scripts), which authors' CSS and scripts select: `#navbar`, `#content-area`,
 * `#search-bar-entry`. Kiln's equivalents carry them. Its selectors (`.nav-logo`, `.toc-item`) are
 * classes written beside Kiln's own where each element is drawn; tests/e2e/mintlify-selectors.test.ts
 * lists which of both Kiln draws.
 */
/** Ids of the top bar and the chrome around every page of a section (rendered once per section). */
const CHROME_IDS = ['navbar', 'banner', 'search-bar-entry', 'search-bar-entry-mobile', 'topbar-cta-button', 'footer'] as const;

export const LAYOUT_IDS = [
  ...CHROME_IDS,
  // The page's own parts.
  'body-content', 'sidebar-content', 'navigation-items', 'content-area', 'header', 'page-title', 'page-context-menu', 'page-context-menu-button',
  'table-of-contents', 'table-of-contents-content', 'pagination', 'feedback-thumbs-up', 'feedback-thumbs-down',
  // The side column's first request and response examples (an API page's, or `<RequestExample>`'s).
  'request-example', 'response-example',
] as const;
export type LayoutId = (typeof LAYOUT_IDS)[number];

/** Gives a layout part its id, or none when the page's content has that id. */
export type LayoutIds = (id: LayoutId) => LayoutId | undefined;

/**
 * The layout ids a page can use: those its content (and side column) does not have. A heading
 * "Pagination" is `#pagination`; the layout's part then goes without, so that a link to
 * `#pagination` keeps going to the heading and no id is on the page twice.
 */
export function layoutIds(...html: (string | undefined)[]): { ids: LayoutIds; taken: ReadonlySet<LayoutId> } {
  const taken = new Set<LayoutId>();
  for (const h of html) {
    if (!h) continue;
    for (const id of LAYOUT_IDS) if (h.includes(` id="${id}"`)) taken.add(id);
  }
  return { ids: (id) => (taken.has(id) ? undefined : id), taken };
}

/** Shared chrome's markup without the ids the page's content took. */
export function withoutTakenIds(html: string, taken: ReadonlySet<LayoutId>): string {
  for (const id of CHROME_IDS) if (taken.has(id)) html = html.replace(` id="${id}"`, '');
  return html;
}

/** The side column with Mintlify's ids on its first request and response examples. */
export function withExampleIds(aside: string, ids: LayoutIds): string {
  for (const kind of ['request', 'response'] as const) {
    const id = ids(`${kind}-example`);
    if (id) aside = aside.replace(`<div class="api-example ${id}`, `<div id="${id}" class="api-example ${id}`);
  }
  return aside;
}

/**
 * The article with the layout's ids taken off its parts (an element of the content keeps its own):
 * Pagefind lists every element with an id as an anchor of the page, and the title would be a
 * search result of its own. Each part is found by the markup document.tsx writes it with.
 */
export function withoutLayoutIds(article: string): string {
  return article
    .replace(/(<(?:article|header|div|a|nav) class="(?:article|page-header|page-menu|page-menu-main|prev-next)") id="(?:content-area|header|page-context-menu|page-context-menu-button|pagination)"/g, '$1')
    .replace('<h1 id="page-title" data-pagefind-meta="title">', '<h1 data-pagefind-meta="title">')
    .replace(/<div id="(?:request|response)-example" class="api-example /g, '<div class="api-example ')
    .replace('<form class="pg-form" id="api-playground-input"', '<form class="pg-form"');
}
