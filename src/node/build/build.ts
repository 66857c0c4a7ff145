import path from 'node:path';
import { clientAssets } from '../assets/client-assets.js';
import { vendorFiles } from '../assets/vendor-assets.js';
import type { PageFeature } from '../mdx/compiler.js';
import { diag } from '../diagnostics/catalogue.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { OutputWriter } from '../output/write.js';
import { outputPathForUrl } from '../../shared/urls.js';
import { buildPage, createEngines, loadSite, mapCache } from '../site/load.js';
import { prepareBuildAssets } from '../site/page-assets.js';
import { renderNotFound } from '../render/not-found.js';
import { siteOutputs } from '../seo/outputs.js';
import { llmsPages } from '../markdown/llms.js';
import { pageMarkdown } from '../markdown/export.js';
import { closeSearch, isNeededSearchFile, isSearchable, SearchIndex, SEARCH_PATH } from '../search/index.js';
import { BuildTimings } from './timings.js';

export interface BuildOptions {
  root: string;
  outDir: string;
  /** Any page error fails the build. */
  strict?: boolean;
  /** Public URL of the site (`--site`): canonical links, sitemap.xml, robots.txt. Overrides the settings. */
  site?: string;
  onProgress?: (done: number, total: number) => void;
  /** Stage timers, filled in as the build runs (`npm run bench`). */
  timings?: BuildTimings;
}

export interface BuildSummary {
  ok: boolean;
  pagesWritten: number;
  pagesFailed: number;
  assetsCopied: number;
  diagnostics: Diagnostic[];
  ms: number;
}

/**
 * The whole pipeline once: settings → pages and navigation → compile → render → assets → write.
 * Pages that fail are reported and left out; settings errors (or any error with `strict`) stop
 * the build before the previous output is touched.
 */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir);
  const summary = (ok: boolean, diagnostics: Diagnostic[], pagesWritten = 0, pagesFailed = 0, assetsCopied = 0): BuildSummary =>
    ({ ok, pagesWritten, pagesFailed, assetsCopied, diagnostics, ms: Math.round(performance.now() - started) });

  const t = options.timings ?? new BuildTimings();
  const { site, diagnostics } = await t.time('settings+content', () => loadSite({ root, dev: false, exclude: [outDir] }));
  if (!site) return summary(false, diagnostics);
  if (options.site) site.settings.siteUrl = options.site.replace(/\/+$/, '');

  const writer = new OutputWriter(outDir);
  const onSignal = () => {
    writer.abortSync();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await writer.begin();
    const engines = createEngines();
    const cache = mapCache();
    // Tailwind needs every page's classes before the first page links the stylesheet.
    // Each page's Markdown (`<url>.md`, llms-full.txt) is made from the tree its compile parsed.
    const markdown = new Map<string, string>();
    const exported = new Set(llmsPages(site.content));
    const pageAssets = await t.time('compile+tailwind', () =>
      prepareBuildAssets(site, engines, cache, async (page, tree) => {
        if (exported.has(page)) markdown.set(page.url, await pageMarkdown(page, { root }, tree));
      }),
    );
    const pagesStarted = performance.now();
    const pages = [...site.content.pages.values()];
    let written = 0;
    let failed = 0;
    let done = 0;
    const features = new Set<PageFeature>();
    const search = new SearchIndex();
    // Compilation is CPU-bound; a small window overlaps the file writes without piling up memory.
    const queue = [...pages];
    const worker = async () => {
      for (let page = queue.shift(); page; page = queue.shift()) {
        const result = await t.time('render', () => buildPage(site, page, engines, cache));
        diagnostics.push(...result.diagnostics);
        for (const f of result.features ?? []) features.add(f);
        if (result.html) {
          await t.time('write', () => writer.write(outputPathForUrl(page.url), result.html!));
          if (isSearchable(page)) await t.time('search-add', () => search.add(page.url, result.html!));
          if (site.content.byUrl.get('/') === page && page.url !== '/') await writer.write('index.html', result.html);
          written++;
        } else failed++;
        options.onProgress?.(++done, pages.length);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    t.add('pages-total', performance.now() - pagesStarted);
    let mark = performance.now();

    for (const rel of site.files.assets) await writer.copy(path.join(root, rel), rel);
    const assets = clientAssets();
    for (const a of [assets.css, assets.js]) await writer.write(a.url.slice(1), a.body);
    await writer.write('404.html', renderNotFound(site));
    // Navigation of sections too large to inline whole in every page (layout/sidebar.tsx).
    for (const f of site.navFiles()) await writer.write(f.url.slice(1), f.body);
    // KaTeX and Mermaid files, only when some page uses them (see assets/vendor-assets.ts).
    for (const f of features) for (const v of vendorFiles(f)) await writer.copy(v.file, v.url.slice(1));
    // The Tailwind stylesheet and the islands' bundles, when some page needs them (site/page-assets.ts).
    const extra = await pageAssets.files();
    t.add('static-assets', performance.now() - mark);
    diagnostics.push(...extra.diagnostics);
    for (const a of extra.files) await writer.write(a.url.slice(1), a.body);
    // The search bundle (Pagefind) under /_kiln/search/.
    mark = performance.now();
    for (const f of await search.files()) if (isNeededSearchFile(f.path)) await writer.write(SEARCH_PATH.slice(1) + f.path, f.content);
    diagnostics.push(...search.diagnostics());
    t.add('search-index', performance.now() - mark);
    mark = performance.now();
    // Markdown pages, llms.txt, redirects, sitemap and robots.txt (see seo/outputs.ts). Project files win.
    const projectFiles = new Set(site.files.assets);
    for (const f of await siteOutputs(site, { markdown })) if (!projectFiles.has(f.path.slice(1))) await writer.write(f.path.slice(1), f.body);
    t.add('post-build', performance.now() - mark);

    if (options.strict && hasErrors(diagnostics)) {
      await writer.abort();
      return summary(false, diagnostics, 0, failed);
    }
    await t.time('commit', () => writer.commit());
    return summary(true, diagnostics, written, failed, site.files.assets.length);
  } catch (error) {
    await writer.abort();
    diagnostics.push(diag('build/write-failed', { reason: (error as Error).message }));
    return summary(false, diagnostics);
  } finally {
    await closeSearch();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
