import type { Page } from '../content/pages.js';
import { DevSearch } from '../search/dev-search.js';
import { isSearchable, SEARCH_PATH, searchFileType } from '../search/index.js';
import type { ServedFile } from '../site-handle.js';
import type { LoadedSite } from '../site/load.js';
import { generatedFile } from './outputs.js';

/**
 * What the build writes besides the pages, answered per request in `kiln dev`: the search bundle
 * (built in memory on first use), each page as Markdown, llms.txt, llms-full.txt and the page list
 * of the 404 page. Sitemap, robots.txt and redirects are build-only (they need the site URL or
 * are host configuration).
 */
export class DevRoutes {
  private site: LoadedSite | undefined;
  private readonly search: DevSearch;

  /** `render` gives a page's full HTML, as the dev server serves it (cached by the caller). */
  constructor(private readonly render: (site: LoadedSite, page: Page) => Promise<string | undefined>) {
    this.search = new DevSearch(async (index) => {
      const site = this.site;
      if (!site) return;
      for (const page of site.content.pages.values()) {
        if (!isSearchable(page, site.content, site.settings)) continue;
        const html = await this.render(site, page);
        if (html) await index.add(page.url, html);
      }
    });
  }

  /** A response for `pathname`, or null when it is not one of these files. */
  async serve(site: LoadedSite, pathname: string): Promise<ServedFile | null> {
    this.site = site;
    if (pathname.startsWith(SEARCH_PATH)) {
      const file = await this.search.file(pathname.slice(SEARCH_PATH.length));
      if (!file) return null;
      return { status: 200, type: searchFileType(file.path), body: file.content, headers: { 'Cache-Control': 'no-cache' } };
    }
    const generated = await generatedFile(site, pathname);
    return generated ? { status: 200, type: generated.type, body: generated.body, headers: { 'Cache-Control': 'no-cache' } } : null;
  }

  /** Files changed: rebuild what depends on pages when next asked for. */
  changed(): void {
    this.search.invalidate();
  }
}
