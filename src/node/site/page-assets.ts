import type { AssetFile } from '../client-assets.js';
import { bundleIslands, islandsEntryUrl, ISLANDS_PATH } from '../assets/islands.js';
import { tailwindAsset } from '../assets/tailwind.js';
import type { IslandSource } from '../mdx/compiler.js';
import type { ServedFile } from '../site-handle.js';
import type { LoadedSite } from './load.js';

/**
 * A page's own assets beyond the theme's: the Tailwind utilities its classes need and the module
 * that hydrates its islands. The build makes one stylesheet for the whole site (the union of every
 * page's classes, so readers download it once) and one island bundle with a shared React chunk
 * (build/build.ts, build/produce.ts); the dev server makes both per page, on request, so an edit
 * regenerates them.
 */

/** Dev: per page, made when the page is rendered (Tailwind) or when the browser asks (islands). */
export class DevPageAssets {
  private readonly files = new Map<string, AssetFile>();
  private readonly stylesheets = new Map<string, Promise<AssetFile | undefined>>();
  private readonly entries = new Map<string, IslandSource[]>();
  private readonly bundles = new Map<string, Promise<void>>();

  attach(site: LoadedSite): void {
    site.context.pageAssets = async ({ classes, islands }) => {
      const key = [...classes].sort().join(' ');
      let sheet = this.stylesheets.get(key);
      if (!sheet) {
        if (this.stylesheets.size > 500) this.stylesheets.clear();
        this.stylesheets.set(key, (sheet = tailwindAsset(classes).then((a) => (a && this.files.set(a.url, a), a))));
      }
      const css = await sheet;
      if (islands.length) this.entries.set(islandsEntryUrl(islands), islands);
      return { styles: css ? [css.url] : undefined, modules: islands.length ? [islandsEntryUrl(islands)] : undefined };
    };
  }

  async serve(pathname: string): Promise<ServedFile | null> {
    if (!pathname.startsWith('/_kiln/')) return null;
    const islands = this.entries.get(pathname);
    if (islands && !this.files.has(pathname)) {
      let job = this.bundles.get(pathname);
      if (!job) {
        this.bundles.set(pathname, (job = bundleIslands([islands]).then((out) => { for (const f of out) this.files.set(f.url, f); })));
        job.catch(() => this.bundles.delete(pathname));
      }
      try {
        await job;
      } catch (error) {
        return { status: 500, type: 'text/plain; charset=utf-8', body: `Kiln could not bundle the islands of this page: ${(error as Error).message}` };
      }
    }
    const file = this.files.get(pathname);
    if (!file) return null;
    const immutable = pathname.startsWith(ISLANDS_PATH) ? 'no-cache' : 'public, max-age=31536000, immutable';
    return { status: 200, type: file.type, body: file.body, headers: { 'Cache-Control': immutable } };
  }
}
