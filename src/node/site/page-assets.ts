import { promises as fs } from 'node:fs';
import type { AssetFile } from '../assets/client-assets.js';
import { bundleIslands, islandsEntryName, islandsEntryUrl, ISLANDS_PATH } from '../assets/islands.js';
import { tailwindAsset } from '../assets/tailwind.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Root } from 'mdast';
import type { Page } from '../content/pages.js';
import type { CompileOutput, IslandSource } from '../mdx/compiler.js';
import { compileSnippet, type CompileCache, type Deps } from '../render/page.js';
import type { ServedFile } from '../site-handle.js';
import type { Engines, LoadedSite } from './load.js';

/**
 * A page's own assets beyond the theme's: the Tailwind utilities its classes need and the module
 * that hydrates its islands. The build makes one stylesheet for the whole site (the union of every
 * page's classes, so readers download it once) and one island bundle with a shared React chunk;
 * the dev server makes both per page, on request, so an edit regenerates them.
 */

function deps(site: LoadedSite, engines: Engines, cache: CompileCache): Deps {
  return { compiler: engines.compiler, cache, root: site.root, readFile: (f) => fs.readFile(f, 'utf8') };
}

/**
 * Build: compiles every page and snippet up front (the cache keeps the results for the render).
 * `onTree` receives each page's parsed Markdown tree, once, for the Markdown export; the cache
 * does not keep it.
 */
export async function prepareBuildAssets(site: LoadedSite, engines: Engines, cache: CompileCache, onTree?: (page: Page, tree: Root) => Promise<void>) {
  const d = deps(site, engines, cache);
  const classes = new Set<string>();
  const seen = new Set<string>();
  const collect = async (out: CompileOutput): Promise<void> => {
    for (const c of out.classes ?? []) classes.add(c);
    for (const s of out.snippets) {
      if (seen.has(s.file)) continue;
      seen.add(s.file);
      await collect(await compileSnippet(s.file, d).catch(() => ({ toc: [], snippets: [], missing: [], diagnostics: [] })));
    }
  };
  for (const page of site.content.pages.values()) {
    let compiled = cache.get(page.file);
    if (!compiled) {
      compiled = engines.compiler.compile({ source: page.body, file: page.file, root: site.root, pageId: page.id, keepTree: !!onTree });
      cache.set(page.file, compiled);
    }
    const out = await compiled;
    if (out.tree) {
      const tree = out.tree;
      delete out.tree;
      await onTree?.(page, tree);
    }
    await collect(out);
  }
  const tailwind = await tailwindAsset(classes);
  const entries = new Map<string, IslandSource[]>();
  site.context.pageAssets = async ({ islands }) => {
    if (islands.length) entries.set(islandsEntryName(islands), islands);
    return { styles: tailwind ? [tailwind.url] : undefined, modules: islands.length ? [islandsEntryUrl(islands)] : undefined };
  };
  return {
    /** The files to write once every page is rendered, and any problem making them. */
    async files(): Promise<{ files: AssetFile[]; diagnostics: Diagnostic[] }> {
      const files = tailwind ? [tailwind] : [];
      try {
        files.push(...(await bundleIslands([...entries.values()])));
        return { files, diagnostics: [] };
      } catch (error) {
        return { files, diagnostics: [diag('islands/bundle-failed', { reason: (error as Error).message.split('\n')[0]! })] };
      }
    },
  };
}

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
