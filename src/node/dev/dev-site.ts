import { promises as fs } from 'node:fs';
import path from 'node:path';
import { splitFrontMatter } from '../content/frontmatter.js';
import { cacheDir, isProjectAsset } from '../content/scan.js';
import { substituteVariables } from '../content/variables.js';
import { clientAssets } from '../client-assets.js';
import { vendorFileFor } from '../assets/vendor-assets.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { ownNotFound, renderNotFound, renderPageError, renderSettingsError } from '../render/not-found.js';
import { LIVE_RELOAD_SNIPPET } from '../server/livereload-client.js';
import { contentTypeFor } from '../server/http.js';
import { resolveDecodedInside } from '../server/safe-path.js';
import type { ServedFile, SiteHandle } from '../site-handle.js';
import { DevRoutes } from '../seo/dev-routes.js';
import { buildPage, createEngines, loadSite, mapCache, type Engines, type LoadedSite } from '../site/load.js';
import { DevPageAssets } from '../site/page-assets.js';
import { SCRIPT } from '../mdx/plugins/remark-imports.js';
import { DEFAULT_BUDGETS, type PageBudgets } from '../budgets.js';
import { WorkerPool } from '../build/workers.js';
import { linkTailwindSheet } from '../build/produce.js';
import type { Page } from '../content/pages.js';
import type { CompiledFiles, PageResult } from '../render/page.js';

const HTML = 'text/html; charset=utf-8';
const SETTINGS = new Set(['docs.json', 'mint.json', '.mintignore']);

export interface DevSiteOptions {
  root: string;
  /** Called with every diagnostic the first time it is produced, for the terminal. */
  report?: (diagnostics: Diagnostic[]) => void;
  /** What one page may take; default DEFAULT_BUDGETS. */
  budgets?: PageBudgets;
}

/**
 * The pipeline run per request: settings and page list are loaded once (and again when a
 * settings file or the set of files changes); each page is compiled when first asked for and
 * cached until its file (or a snippet) changes.
 */
export class DevSite implements SiteHandle {
  readonly root: string;
  private readonly engines: Engines;
  private readonly cache = mapCache();
  private loaded: Promise<{ site?: LoadedSite; diagnostics: Diagnostic[] }> | undefined;
  /** Work put off until a page has been answered (see `load`). */
  private afterPage: (() => void) | undefined;
  /** Tailwind stylesheets and island bundles, per page. */
  private readonly pageAssets = new DevPageAssets();
  /** Search bundle, Markdown pages, llms.txt: see seo/dev-routes.ts. */
  private readonly routes = new DevRoutes(async (site, page) => (await this.render(site, page)).html);
  /**
   * The worker that renders pages whose code must run (a loop in an `export const` must not stop
   * the server): started on the first such page, started again when the site loads again.
   */
  private sandboxPool: Promise<WorkerPool | undefined> | undefined;
  /** The project files a build would copy, per loaded site: the only ones served as they are. */
  private readonly published = new WeakMap<LoadedSite, Set<string>>();
  private realRoot: Promise<string> | undefined;

  constructor(private readonly options: DevSiteOptions) {
    this.root = path.resolve(options.root);
    this.engines = createEngines({ cacheDir: cacheDir(this.root) });
  }

  /**
   * Start loading the settings and pages now, not on the first request: the CLI calls this before
   * the file watcher starts, and the watcher's set-up (thousands of stat calls on the thread pool)
   * then overlaps the load instead of coming before it.
   */
  warm(): void {
    void this.load();
  }

  private render(site: LoadedSite, page: Page): Promise<PageResult> {
    return buildPage(site, page, this.engines, this.cache, (p, compiled) => this.sandbox(site, p, compiled));
  }

  private async sandbox(site: LoadedSite, page: Page, compiled?: CompiledFiles): Promise<PageResult> {
    this.sandboxPool ??= WorkerPool.start(
      1,
      { root: this.root, exclude: [], target: { base: '/' }, cacheDir: cacheDir(this.root), dev: { bodyEnd: LIVE_RELOAD_SNIPPET } },
      this.options.budgets ?? DEFAULT_BUDGETS,
    ).catch(() => undefined);
    const pool = await this.sandboxPool;
    if (!pool) throw new Error('no worker could be started');
    const result = await pool.render(page, true, compiled);
    // The worker links the Tailwind sheet through the build's placeholder: this server makes the sheet.
    if (result.html) {
      const extra = await site.context.pageAssets?.({ classes: result.classes ?? [], islands: result.islands ?? [] });
      result.html = linkTailwindSheet(result.html, extra?.styles?.[0]);
    }
    return result;
  }

  /** Stops the worker, if one was started. */
  async close(): Promise<void> {
    const pool = this.sandboxPool;
    this.sandboxPool = undefined;
    await (await pool)?.close();
  }

  /** The site loads again: the worker's copy of it is out of date. */
  private reload(): void {
    this.loaded = undefined;
    void this.close();
  }

  private load() {
    const loaded = (this.loaded ??= loadSite({ root: this.root, dev: true, bodyEnd: LIVE_RELOAD_SNIPPET, validateOpenApi: 'deferred', deferSettingsChecks: true }).then((r) => {
      this.options.report?.(r.diagnostics);
      if (r.site) this.pageAssets.attach(r.site);
      // Checks that can only warn run once the first page is answered (or after 2 s), not before
      // it: the settings' unknown keys and icons, and the OpenAPI and AsyncAPI checks, which
      // compile large JSON Schema validators. A newer load (an edit) makes them moot.
      const settingsChecks = r.later;
      const validateOpenApi = r.site?.context.openapi?.validate;
      const validateAsyncApi = r.site?.context.asyncapi?.validate;
      if (settingsChecks || validateOpenApi || validateAsyncApi) {
        const run = () => {
          clearTimeout(timer);
          if (this.afterPage === run) this.afterPage = undefined;
          if (this.loaded !== loaded) return;
          if (settingsChecks) this.options.report?.(settingsChecks());
          if (validateOpenApi) this.options.report?.(validateOpenApi());
          void validateAsyncApi?.().then((found) => {
            if (this.loaded === loaded) this.options.report?.(found);
          });
        };
        const timer = setTimeout(run, 2000).unref();
        this.afterPage = run;
      }
      return r;
    }));
    return loaded;
  }

  async serve(pathname: string): Promise<ServedFile | null> {
    const assets = clientAssets();
    for (const a of [assets.css, assets.js]) {
      if (pathname === a.url) return { status: 200, type: a.type, body: a.body, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } };
    }
    const own = await this.pageAssets.serve(pathname);
    if (own) return own;
    // KaTeX and Mermaid files, served from node_modules (see assets/vendor-assets.ts).
    const vendor = vendorFileFor(pathname);
    if (vendor) return { status: 200, type: contentTypeFor(vendor), file: vendor };
    const { site, diagnostics } = await this.load();
    if (!site) return { status: 500, type: HTML, body: renderSettingsError(this.root, diagnostics, assets.css.url, LIVE_RELOAD_SNIPPET) };

    const url = pathname.length > 1 ? pathname.replace(/\/+$/, '').replace(/\.html$/, '') : pathname;
    const page = site.content.byUrl.get(url);
    if (page) {
      const result = await this.render(site, page);
      this.options.report?.(result.diagnostics);
      if (this.afterPage) setImmediate(this.afterPage);
      if (result.html) return { status: 200, type: HTML, body: result.html };
      return { status: 500, type: HTML, body: renderPageError(site, page, result.diagnostics) };
    }
    const nav = pathname.startsWith('/_kiln/nav/') ? site.navFiles().find((f) => f.url === pathname) : undefined;
    if (nav) return { status: 200, type: HTML, body: nav.body };
    const generated = await this.routes.serve(site, pathname);
    if (generated) return generated;

    // Project files: exactly those a build copies (content/scan.ts), never the settings, page
    // sources, snippets, the output, hidden files or what a symbolic link leads to.
    const rel = pathname.slice(1);
    if (!this.publishedOf(site).has(rel)) return null;
    // Where the list says, with no link put in its way since: the real path is the listed one.
    const file = await resolveDecodedInside(this.root, pathname);
    this.realRoot ??= fs.realpath(this.root);
    if (!file || file !== path.join(await this.realRoot, ...rel.split('/'))) return null;
    return { status: 200, type: contentTypeFor(file), file };
  }

  private publishedOf(site: LoadedSite): Set<string> {
    let set = this.published.get(site);
    if (!set) this.published.set(site, (set = new Set(site.files.assets)));
    return set;
  }

  /** Whether a file was added to or removed from what a build publishes (the site must load again). */
  private async publishedChanged(files: string[]): Promise<boolean> {
    const site = this.loaded && (await this.loaded).site;
    if (!site) return false;
    const listed = this.publishedOf(site);
    for (const f of files) {
      const rel = path.relative(this.root, f).split(path.sep).join('/');
      if (rel.startsWith('../') || /\.mdx?$/i.test(rel)) continue;
      if ((await isProjectAsset(this.root, rel)) !== listed.has(rel)) return true;
    }
    return false;
  }

  async notFound(_pathname: string): Promise<ServedFile> {
    const { site, diagnostics } = await this.load();
    if (!site) return { status: 500, type: HTML, body: renderSettingsError(this.root, diagnostics, clientAssets().css.url, LIVE_RELOAD_SNIPPET) };
    const own = ownNotFound(site);
    if (own) {
      const result = await this.render(site, own);
      if (result.html) return { status: 404, type: HTML, body: result.html };
    }
    return { status: 404, type: HTML, body: renderNotFound(site) };
  }

  async changed(files: string[]): Promise<void> {
    // A folder created, removed or renamed: the watcher may name only the folder, not the pages,
    // snippets or OpenAPI files in it. Everything is made again.
    if (await this.anyFolder(files)) {
      this.cache.clear();
      this.reload();
      this.routes.changed();
      return;
    }
    // The model takes the new sources first and the compiled pages are dropped after: dropped
    // first, a request arriving while the file is read would compile the old body and cache it.
    // A file added or removed changes what is served and linked (the project's .css and .js).
    const patched = (await this.patchPages(files)) && !(await this.publishedChanged(files));
    for (const f of files) this.cache.delete(f);
    // An OpenAPI or AsyncAPI file (or a file one refers to) changed: the documents load again with the site.
    const context = this.loaded && (await this.loaded).site?.context;
    const specFiles = [context?.openapi?.model.files, context?.asyncapi?.model.files];
    if (files.some((f) => specFiles.some((s) => s?.has(path.resolve(f))))) {
      this.cache.clear();
      this.reload();
      return;
    }
    void this.sandboxPool?.then((pool) => pool?.forget(files));
    this.routes.changed();
    // A snippet: every page that imports it (those of the root's snippets folder, and code files anywhere).
    if (files.some((f) => isSnippetPath(path.relative(this.root, f)))) this.cache.clear();
    if (!patched) {
      this.reload();
      // A request may have compiled from the old model meanwhile.
      for (const f of files) this.cache.delete(f);
    }
  }

  /** Whether some path is a folder, or was one: it is gone and the loaded site had files under it. */
  private async anyFolder(files: string[]): Promise<boolean> {
    let site: LoadedSite | undefined;
    for (const f of files) {
      const stat = await fs.stat(f).catch(() => undefined);
      if (stat?.isDirectory()) return true;
      if (stat || !this.loaded) continue;
      site ??= (await this.loaded).site;
      if (!site) return false;
      const inside = path.relative(this.root, f).split(path.sep).join('/') + '/';
      if ([...site.files.pages, ...site.files.assets].some((rel) => rel.startsWith(inside))) return true;
    }
    return false;
  }

  /**
   * The common edit, a page's body, is patched into the loaded model; anything that can change
   * the navigation or the settings (a new, deleted or renamed page, a title, docs.json) reloads
   * the model. Returns false when a reload is needed.
   */
  private async patchPages(files: string[]): Promise<boolean> {
    if (!this.loaded) return true;
    const { site } = await this.loaded;
    if (!site) return false;
    for (const f of files) {
      const rel = path.relative(this.root, f);
      if (SETTINGS.has(rel) || site.settings.sources?.includes(path.resolve(f))) return false;
      if (!/\.mdx?$/i.test(f) || isSnippetPath(rel)) continue;
      const page = [...site.content.pages.values()].find((p) => p.file === f);
      let source: string;
      try {
        source = await fs.readFile(f, 'utf8');
      } catch {
        return false; // deleted or renamed
      }
      if (!page) return false;
      const split = splitFrontMatter(substituteVariables(source, site.settings.variables, f).text, f);
      const title = split.frontMatter.title ?? page.title;
      const navTitle = split.frontMatter.sidebarTitle ?? title;
      const fm = split.frontMatter;
      // What the sidebar or the site's indexes show of a page: a change needs the model made again.
      if (title !== page.title || navTitle !== page.navTitle || fm.icon !== page.frontMatter.icon || fm.tag !== page.frontMatter.tag || fm.hidden !== page.frontMatter.hidden || fm.noindex !== page.frontMatter.noindex || split.diagnostics.length) return false;
      // A missing translation shows this page too: both are made again.
      if ([...site.content.pages.values()].some((p) => p.fallbackOf === page.id)) return false;
      // Another AsyncAPI reference may need a file that is not loaded, and gives the page another badge.
      if (fm.asyncapi !== page.frontMatter.asyncapi) return false;
      page.frontMatter = split.frontMatter;
      page.frontMatterKeys = split.keys;
      page.body = split.body;
    }
    return true;
  }
}

/** Files only ever imported (content/scan.ts): under the root's snippets folder, or code that a page may import. */
function isSnippetPath(rel: string): boolean {
  return /^_?snippets[\\/]/.test(rel) || SCRIPT.test(rel);
}
