import path from 'node:path';
import { clientAssets } from '../assets/client-assets.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { renderNotFound, renderPageError, renderSettingsError } from '../render/not-found.js';
import { LIVE_RELOAD_SNIPPET } from '../server/livereload-client.js';
import { contentTypeFor } from '../server/http.js';
import { resolveDecodedInside } from '../server/safe-path.js';
import type { ServedFile, SiteHandle } from '../site-handle.js';
import { buildPage, createEngines, loadSite, mapCache, type LoadedSite } from '../site/load.js';

const HTML = 'text/html; charset=utf-8';
const SETTINGS = new Set(['docs.json', 'mint.json']);

export interface DevSiteOptions {
  root: string;
  /** Called with every diagnostic the first time it is produced, for the terminal. */
  report?: (diagnostics: Diagnostic[]) => void;
}

/**
 * The pipeline run per request: settings and page list are loaded once (and again when a
 * settings file or the set of files changes); each page is compiled when first asked for and
 * cached until its file (or a snippet) changes.
 */
export class DevSite implements SiteHandle {
  readonly root: string;
  private readonly engines = createEngines();
  private readonly cache = mapCache();
  private loaded: Promise<{ site?: LoadedSite; diagnostics: Diagnostic[] }> | undefined;

  constructor(private readonly options: DevSiteOptions) {
    this.root = path.resolve(options.root);
  }

  private load() {
    return (this.loaded ??= loadSite({ root: this.root, dev: true, bodyEnd: LIVE_RELOAD_SNIPPET }).then((r) => {
      this.options.report?.(r.diagnostics);
      return r;
    }));
  }

  async serve(pathname: string): Promise<ServedFile | null> {
    const assets = clientAssets();
    for (const a of [assets.css, assets.js]) {
      if (pathname === a.url) return { status: 200, type: a.type, body: a.body, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } };
    }
    const { site, diagnostics } = await this.load();
    if (!site) return { status: 500, type: HTML, body: renderSettingsError(this.root, diagnostics, assets.css.url, LIVE_RELOAD_SNIPPET) };

    const url = pathname.length > 1 ? pathname.replace(/\/+$/, '').replace(/\.html$/, '') : pathname;
    const page = site.content.byUrl.get(url);
    if (page) {
      const result = await buildPage(site, page, this.engines, this.cache);
      this.options.report?.(result.diagnostics);
      if (result.html) return { status: 200, type: HTML, body: result.html };
      return { status: 500, type: HTML, body: renderPageError(site, page, result.diagnostics) };
    }

    // Project files: never hidden files (.git, .env) or dependencies, and settings only by name.
    const segments = pathname.split('/');
    if (segments.some((s) => s.startsWith('.') || s === 'node_modules')) return null;
    const file = await resolveDecodedInside(this.root, pathname);
    if (!file) return null;
    return { status: 200, type: contentTypeFor(file), file };
  }

  async notFound(_pathname: string): Promise<ServedFile> {
    const { site, diagnostics } = await this.load();
    if (!site) return { status: 500, type: HTML, body: renderSettingsError(this.root, diagnostics, clientAssets().css.url, LIVE_RELOAD_SNIPPET) };
    return { status: 404, type: HTML, body: renderNotFound(site) };
  }

  async changed(files: string[]): Promise<void> {
    const structural = files.some((f) => {
      const rel = path.relative(this.root, f);
      return SETTINGS.has(rel) || /\.mdx?$/i.test(f);
    });
    for (const f of files) this.cache.delete(f);
    // A page's title, front matter or existence feeds the navigation of every page, and a
    // snippet may be used anywhere: reload the model and drop compiled pages that import it.
    if (structural) {
      this.loaded = undefined;
      if (files.some((f) => /(^|[\\/])_?snippets[\\/]/.test(path.relative(this.root, f)))) this.cache.clear();
    }
  }
}
