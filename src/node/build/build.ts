import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clientAssets } from '../client-assets.js';
import { vendorFiles } from '../assets/vendor-assets.js';
import type { PageFeature } from '../mdx/compiler.js';
import { diag } from '../diagnostics/catalogue.js';
import { compareDiagnostics, KilnError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { OutputWriter, recoverInterrupted, type OutputState } from '../output/write.js';
import { outputRefusal } from '../output/guard.js';
import { announceOutput, exitCodeFor, killChildren, onInterrupt } from '../interrupt.js';
import { RebasingWriter } from '../output/base-path.js';
import { markdownPath, outputPathForUrl } from '../../shared/urls.js';
import { createEngines, loadSite } from '../site/load.js';
import { cacheDir, type ProjectFiles } from '../content/scan.js';
import { bundleIslands, islandsEntryName } from '../assets/islands.js';
import { tailwindAsset } from '../assets/tailwind.js';
import type { Page } from '../content/pages.js';
import type { IslandSource } from '../mdx/compiler.js';
import { applyOverrides, createPageProducer, linkTailwindSheet, overridesFor, TAILWIND_PLACEHOLDER, type BuildTarget, type PageProducer, type ProducedPage } from './produce.js';
import { PageCache, type KeptPage } from './cache.js';
import { defaultWorkers, WorkerPool } from './workers.js';
import { ownNotFound, renderNotFound } from '../render/not-found.js';
import { siteOutputs } from '../seo/outputs.js';
import { closeSearch, SEARCH_PATH, searchInput } from '../search/index.js';
import { searchInputHash, SiteSearch } from '../search/incremental.js';
import { BuildTimings } from './timings.js';
import { DEFAULT_BUDGETS, type PageBudgets } from '../budgets.js';

export interface BuildOptions {
  root: string;
  outDir: string;
  /** Any error or warning fails the build: the output is left as it was. */
  strict?: boolean;
  /** Public URL of the site (`--site`): canonical links, sitemap.xml, robots.txt. Overrides the settings. */
  site?: string;
  /** The path the site is hosted under (`--base /docs/`, normalised): every URL written is rebased (output/base-path.ts). */
  base?: string;
  onProgress?: (done: number, total: number) => void;
  /** Reuse pages from the last build when nothing they came from changed (`<root>/.kiln/cache`). Default true. */
  cache?: boolean;
  /** Worker threads making pages (0: this thread only). Default: `defaultWorkers` (none below 150 pages). */
  workers?: number;
  /** Whether this thread makes pages beside the workers. Default true; tests turn it off to know the workers made every page. */
  mainThreadMakesPages?: boolean;
  /** Pages' HTML held in memory for the end of the build, in bytes (default HOLD_BYTES; tests set 0 to write each page as made). */
  holdHtmlBytes?: number;
  /** Pages whose Markdown export waits for the end of the build, at most (default: see LATER_MARKDOWN; tests set 0). */
  laterMarkdownPages?: number;
  /** Stage timers, filled in as the build runs (`npm run bench`). */
  timings?: BuildTimings;
  /** What one page may take (`--page-timeout`, `--page-memory`); default DEFAULT_BUDGETS. */
  budgets?: PageBudgets;
}

/** A page left out of the build, with the errors that stopped it. */
export interface FailedPage {
  url: string;
  file: string;
  errors: Diagnostic[];
}

/**
 * Pages each worker has queued (see `make`). With 3, a profile of the 1,000-page build showed the
 * worker idle 20-30% of the page loop, waiting for this thread to finish a page of its own before
 * it could send more; with 8-10 it idles under 3%, and takes half the pages instead of 40%.
 */
const WORKER_QUEUE = 8;

/**
 * Pages' HTML held in memory as they are made and written only once the last page has gone to
 * Pagefind, while Pagefind builds the index in its own process and this thread would otherwise wait
 * (0.8 s of a 1,000-page build; writing those pages took 0.45 s of this thread's page loop).
 * Bounded, so a big site writes the rest as made and its memory stays flat. Held as the file's
 * UTF-8 bytes, outside the JavaScript heap: as strings (two bytes a character once a page has any
 * character beyond Latin-1) the 10,000-page build peaked at 1,276 MB against 1,096 MB.
 */
const HOLD_BYTES = 64 * 1024 * 1024;

/**
 * Pages whose Markdown export this thread puts off until Pagefind builds the index (see
 * HOLD_BYTES), among the last pages made: this thread is otherwise idle then. Pagefind takes about
 * 0.9 ms a page there and an export 1 ms, after 0.3 s of other work (1,000-page bench), so a third
 * of the pages fits; bounded, as each waits with its parsed tree.
 */
const LATER_MARKDOWN = 512;
const laterMarkdownFor = (pages: number) => Math.min(LATER_MARKDOWN, Math.floor(pages / 3));


export interface BuildSummary {
  /** Whether the new output was put in place (pages that failed are left out of it). */
  ok: boolean;
  /** The output folder was refused (output/guard.ts): nothing was done. */
  refused?: boolean;
  /** What became of the output folder. */
  output: OutputState;
  pagesWritten: number;
  pagesFailed: number;
  /** Pages taken unchanged from the rebuild cache (counted in `pagesWritten` too). */
  pagesReused: number;
  /** Pages made on worker threads (the rest were made on this thread or reused). */
  pagesOnWorkers: number;
  failedPages: FailedPage[];
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
  const failedPages: FailedPage[] = [];
  let pagesReused = 0;
  let pagesOnWorkers = 0;
  let output: OutputState = 'untouched';
  // Pages finish in any order (threads, the page-budget worker): what they reported is sorted.
  const summary = (ok: boolean, diagnostics: Diagnostic[], pagesWritten = 0, pagesFailed = 0, assetsCopied = 0): BuildSummary => ({
    ok,
    output,
    pagesWritten,
    pagesFailed,
    pagesReused,
    pagesOnWorkers,
    failedPages: failedPages.sort((a, b) => a.url.localeCompare(b.url)),
    assetsCopied,
    diagnostics: [...diagnostics].sort(compareDiagnostics),
    ms: Math.round(performance.now() - started),
  });

  // The output folder is replaced whole: refused before anything is done when that could destroy
  // what is not a Kiln output. Then what killed builds left beside it is cleaned up.
  const refusal = outputRefusal(root, outDir);
  if (refusal) return { ...summary(false, [refusal]), refused: true };
  const recovered = recoverInterrupted(outDir);
  announceOutput(outDir);

  const t = options.timings ?? new BuildTimings();
  const base = options.base ?? '/';
  const target: BuildTarget = { site: options.site, base };
  // A build with no rebuild cache makes every page: its workers start as soon as the files are
  // counted, and load the site beside this thread instead of after it (0.2 s of the 1,000-page
  // build). With a cache, how many pages are left to make is known only once the site is loaded.
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const startWorkers = (count: number, blocks: string | undefined) => WorkerPool.start(count, { root, exclude: [outDir], target, cacheDir: blocks }, budgets);
  let early: { count: number; pool: Promise<WorkerPool | undefined> } | undefined;
  const startEarly = (files: ProjectFiles) => {
    const count = options.workers ?? (options.cache === false || !PageCache.exists(root) ? defaultWorkers(files.pages.length) : 0);
    if (count > 0) early = { count, pool: startWorkers(count, options.cache === false ? undefined : cacheDir(root)).catch(() => undefined) };
  };
  const stopEarly = () => early?.pool.then((p) => p?.close());
  const { site, diagnostics } = await t
    .time('settings+content', () => loadSite({ root, dev: false, exclude: [outDir], validateOpenApi: 'deferred', onFiles: startEarly }))
    .catch(async (error: unknown) => {
      await stopEarly();
      throw error;
    });
  diagnostics.unshift(...recovered);
  if (!site) {
    await stopEarly();
    return summary(false, diagnostics);
  }
  const overrides = overridesFor(site.settings, target);
  applyOverrides(site, overrides);

  const writer = base === '/' ? new OutputWriter(outDir) : new RebasingWriter(outDir, base);
  // Ctrl-C or SIGTERM: the temporary folder goes (synchronously: see OutputWriter), then the
  // processes this build started (Pagefind, esbuild), before their pipes close with this process.
  const stopInterrupt = onInterrupt((signal) => {
    writer.abortSync();
    killChildren();
    process.exit(exitCodeFor(signal));
  });
  let pool: WorkerPool | undefined;
  let starting: Promise<unknown> | undefined;
  /** The worker that renders pages with code when no pool makes pages (small sites): started on the first such page. */
  let sandboxPool: Promise<WorkerPool | undefined> | undefined;
  /** The search bundle being written, alongside the site-wide outputs (see below). */
  let searchWritten: Promise<void> | undefined;
  try {
    await writer.begin();
    const pages = [...site.content.pages.values()];
    // Pages whose last build still holds are taken from the rebuild cache (build/cache.ts).
    const cache = options.cache === false ? undefined : await t.time('cache-check', () => PageCache.open(site, overrides));
    // Highlighted code blocks are kept between builds too (highlight/store.ts), unless the page cache is off.
    const blocks = cache ? cacheDir(root) : undefined;
    // A kept page's files are the last build's in the output folder: only pages whose files are
    // all as that build left them are kept.
    const previous = cache?.previousOutput(outDir, base);
    const htmlFiles = (page: Page) => (site.content.byUrl.get('/') === page && page.url !== '/' ? [outputPathForUrl(page.url), 'index.html'] : [outputPathForUrl(page.url)]);
    const filesOf = (page: Page, k: KeptPage) => (k.markdown ? [...htmlFiles(page), markdownPath(page.url).slice(1)] : htmlFiles(page));
    const kept = new Map<Page, KeptPage>();
    if (cache && previous) {
      await t.time('cache-check', async () => {
        for (const page of pages) {
          const k = await cache.kept(page);
          if (k && filesOf(page, k).every((f) => previous.has(f))) kept.set(page, k);
        }
      });
    }
    const workers = early?.count ?? options.workers ?? defaultWorkers(pages.length - kept.size);
    // Worker threads when the site is big enough to repay starting them. This thread makes pages
    // too: all of them while the workers start (they load the site and warm up for a second or
    // two), then one at a time beside them. Should the workers fail to start, it makes them all.
    starting = (early ? early.pool : workers > 0 ? startWorkers(workers, blocks) : undefined)?.then(
      (p) => (pool = p),
      () => undefined,
    );
    // The OpenAPI checks compile a large JSON Schema validator (0.3 s): done here, once the workers
    // are starting, rather than before them.
    const validate = site.context.openapi?.validate;
    if (validate) await t.time('openapi-checks', async () => diagnostics.push(...(cache ? await cache.siteMemo('openapi-checks', validate) : validate())));
    // The AsyncAPI parser's checks (about 1 s a document), likewise.
    const validateAsync = site.context.asyncapi?.validate;
    if (validateAsync) await t.time('asyncapi-checks', async () => diagnostics.push(...(cache ? await cache.siteMemo('asyncapi-checks', validateAsync) : await validateAsync())));
    let local: PageProducer | undefined;
    let localBusy = 0;
    /** Markdown exports put off (LATER_MARKDOWN), by page URL. */
    const laterMarkdown = new Map<string, () => Promise<string>>();
    let queueLeft = Infinity;
    const laterCap = options.laterMarkdownPages ?? laterMarkdownFor(pages.length - kept.size);
    const later = () => queueLeft < 2 * laterCap && laterMarkdown.size < laterCap;
    // A page whose code must run (its own, or a snippet's) is rendered on a worker, under the page
    // budgets: on the pool's when there is one, else on one started for them.
    const sandbox = async (page: Page) => {
      if (starting) await starting;
      const p = pool ?? (await (sandboxPool ??= startWorkers(1, blocks).catch(() => undefined)));
      if (!p) throw new Error('no worker could be started');
      return p.render(page);
    };
    const here = () => (local ??= createPageProducer(site, createEngines({ cacheDir: blocks }), { later, sandbox }));
    const makeHere = async (page: Page) => {
      localBusy++;
      try {
        return await here().produce(page);
      } finally {
        localBusy--;
      }
    };
    const mainToo = options.mainThreadMakesPages !== false || workers === 0;
    const onWorker = async (p: WorkerPool, page: Page) => {
      const made = await p.produce(page);
      pagesOnWorkers++;
      return made;
    };
    // Each worker is kept WORKER_QUEUE pages ahead (it makes them one by one), and this thread makes
    // a page only when they all are. Workers are fed only when this thread reaches its event loop,
    // between its own pages; sending a page to whichever side was free instead left the worker
    // idle 40-90% of the page loop (profiles of the 1,000-page build).
    // The workers' replies are events: a page made here, written and indexed resolves only promises,
    // so this thread first lets the event loop take them in (otherwise it made page after page
    // while replies waited: 84 of 1,000 pages on the worker).
    const make = async (page: Page): Promise<ProducedPage> => {
      if (!mainToo && !pool) await starting;
      // Also while the workers start: their `ready` is an event too, and pages made here, written
      // and indexed can run for a long time on promises alone (a profile of the 1,000-page build
      // showed the ready worker idle 0.4 s while this thread made OpenAPI pages).
      if (mainToo && (pool || starting)) await new Promise(setImmediate);
      const p = pool;
      if (p && (!mainToo || localBusy > 0 || p.inFlight < p.size * WORKER_QUEUE)) return onWorker(p, page).catch(() => makeHere(page));
      return makeHere(page);
    };

    const pagesStarted = performance.now();
    let written = 0;
    let failed = 0;
    let done = 0;
    const features = new Set<PageFeature>();
    const classes = new Set<string>();
    const islands = new Map<string, IslandSource[]>();
    const markdown = new Map<string, string>();
    /** Pages that link the Tailwind sheet, whose URL is known once every page is made. */
    const linkTailwind: string[] = [];
    // The search index the last output holds is kept only while its files are as that build left
    // them: a page whose input the base holds is not indexed again, so a base found unusable only
    // once the pages are made would be made again from pages read back (see `inputOf` below). A
    // build without the cache (`--no-cache`) in between replaced them all.
    const searchBase = cache?.searchBase;
    const search = new SiteSearch(previous && searchBase?.files.every((f) => previous.has(SEARCH_PATH.slice(1) + f)) ? searchBase : undefined, pages.length, cache !== undefined);
    /** What every page adds to the site-wide outputs, made now or kept. */
    const collect = (page: Page, made: Pick<ProducedPage, 'diagnostics' | 'features' | 'classes' | 'islands'>) => {
      diagnostics.push(...made.diagnostics);
      for (const f of made.features) features.add(f);
      for (const c of made.classes) classes.add(c);
      if (made.islands.length) islands.set(islandsEntryName(made.islands), made.islands);
    };
    /**
     * HTML not written yet, by output path (see HOLD_BYTES): the file's bytes, or the page's text
     * while it waits for the Tailwind sheet's URL.
     */
    const held = new Map<string, Uint8Array | string>();
    const holdBytes = options.holdHtmlBytes ?? HOLD_BYTES;
    let heldBytes = 0;
    const writePage = async (page: Page, result: Pick<ProducedPage, 'html' | 'markdown' | 'markdownLater'>) => {
      if (result.markdown !== undefined) markdown.set(page.url, result.markdown);
      if (result.markdownLater) laterMarkdown.set(page.url, result.markdownLater);
      const html = result.html!;
      const sheet = html.includes(TAILWIND_PLACEHOLDER);
      for (const file of htmlFiles(page)) {
        // A UTF-8 file has at least as many bytes as its text has characters.
        if (heldBytes + html.length <= holdBytes) {
          const data = sheet ? html : Buffer.from(writer.finalText(file, html));
          held.set(file, data);
          heldBytes += typeof data === 'string' ? html.length * 2 : data.length;
        } else await t.time('write', () => writer.write(file, html));
        if (sheet) linkTailwind.push(file);
        cache?.wrote(file);
      }
    };
    /** Pages taken from the last build: their files are linked, or written from the cache, once the Tailwind sheet is known. */
    const reused: Page[] = [];
    const queue = [...pages];
    const worker = async () => {
      for (let page = queue.shift(); page; page = queue.shift()) {
        queueLeft = queue.length;
        const keep = kept.get(page);
        if (keep) {
          pagesReused++;
          collect(page, keep);
          reused.push(page);
          // Changed since the search base was made (by an earlier rebuild): indexed from the page as written.
          if (keep.search && search.keep(page.url, keep.search)) await search.add(page.url, searchInput(previous!.read(htmlFiles(page)[0]!)), keep.search);
          written++;
          options.onProgress?.(++done, pages.length);
          continue;
        }
        const result = await t.time('produce', () => make(page));
        await cache?.set(page, result, result.search === undefined ? undefined : searchInputHash(result.search));
        collect(page, result);
        if (result.html) {
          await writePage(page, result);
          if (result.search) await t.time('search-add', () => search.add(page.url, result.search!));
          written++;
        } else {
          failed++;
          failedPages.push({ url: page.url, file: page.file, errors: result.diagnostics.filter((d) => d.severity === 'error') });
        }
        options.onProgress?.(++done, pages.length);
      }
    };
    // Enough pages in flight to keep every worker busy while this thread makes, writes and indexes.
    await Promise.all(Array.from({ length: workers * (WORKER_QUEUE + 1) + 2 }, worker));
    t.add('pages-total', performance.now() - pagesStarted);

    // The search bundle (Pagefind) under /_kiln/search/: only what changed since the kept index, when one is kept.
    // Started first: Pagefind builds the index in its own process (0.7 s for 1,000 pages) while this
    // thread does the rest below; waited for before anything is committed or aborted.
    const searchStarted = performance.now();
    searchWritten = search
      .write(
        {
          write: async (rel, data, lasting) => {
            await writer.write(rel, data);
            if (lasting) cache?.wrote(rel);
          },
          take: async (rel) => (previous?.has(rel) ? (await previous.take(rel, writer), true) : false),
          remove: (rel) => writer.remove(rel),
        },
        // Pages whose input the base held, should it have to be made again after all: read back
        // from the last output (kept pages) or from this one (held, or written).
        async (url) => {
          const page = site.content.byUrl.get(url);
          if (!page) return undefined;
          const file = htmlFiles(page)[0]!;
          if (kept.has(page)) return searchInput(previous!.read(file));
          const html = held.get(file);
          if (html !== undefined) return searchInput(typeof html === 'string' ? html : Buffer.from(html).toString('utf8'));
          try {
            return searchInput(readFileSync(path.join(writer.tmp, file), 'utf8'));
          } catch {
            return undefined;
          }
        },
      )
      .finally(() => t.add('search-index', performance.now() - searchStarted));
    // Awaited below; a failure is handled there, not reported as unhandled meanwhile.
    searchWritten.catch(() => undefined);
    // The workers stop (each writes out its highlight store first) while Pagefind works.
    await starting;
    await pool?.close();
    pool = undefined;
    await (await sandboxPool)?.close();
    sandboxPool = undefined;

    let mark = performance.now();
    // The Tailwind sheet holds every page's classes (readers download it once); its hashed URL goes
    // into the pages that use it, or their link goes when no class was a utility.
    const tailwind = await tailwindAsset(classes);
    const tailwindUrl = tailwind?.url ?? '';
    t.add('tailwind', performance.now() - mark);

    // Kept pages: the last build's files, linked. Pages that link the Tailwind sheet get the new
    // sheet's URL when it changed (the URL is outside what the base path rebases: written as is),
    // or are made again in the rare case their last build had no sheet to link.
    mark = performance.now();
    /** Markdown files of kept pages, taken as they are after `siteOutputs` below. */
    const keptMarkdown = new Set<string>();
    for (const page of reused) {
      const k = kept.get(page)!;
      for (const f of htmlFiles(page)) {
        if (!k.classes.length || previous!.tailwind === tailwindUrl) await previous!.take(f, writer);
        else if (previous!.tailwind) {
          await writer.writeAsIs(f, previous!.read(f).replaceAll(previous!.tailwind, TAILWIND_PLACEHOLDER));
          linkTailwind.push(f);
          cache?.wrote(f);
        } else {
          await writePage(page, await makeHere(page));
          break;
        }
      }
      if (k.markdown && !markdown.has(page.url)) {
        const md = markdownPath(page.url).slice(1);
        markdown.set(page.url, previous!.read(md));
        keptMarkdown.add(md);
      }
    }
    t.add('reuse', performance.now() - mark);

    mark = performance.now();
    const linkSheet = (html: string) => linkTailwindSheet(html, tailwind?.url);
    for (const file of linkTailwind) {
      const html = held.get(file);
      if (html === undefined) await writer.rewrite(file, linkSheet);
      else held.set(file, Buffer.from(writer.finalText(file, linkSheet(html as string))));
    }
    if (tailwind) await writer.write(tailwind.url.slice(1), tailwind.body);
    t.add('tailwind', performance.now() - mark);

    mark = performance.now();
    for (const [file, data] of held) await writer.writeAsIs(file, data);
    held.clear();
    t.add('write', performance.now() - mark);

    mark = performance.now();
    for (const rel of site.files.assets) await writer.copy(path.join(root, rel), rel);
    const assets = clientAssets();
    for (const a of [assets.css, assets.js]) await writer.write(a.url.slice(1), a.body);
    // A project's own 404.mdx was written as 404.html with the pages: it wins over Kiln's.
    if (!ownNotFound(site)) await writer.write('404.html', renderNotFound(site));
    // Navigation of sections too large to inline whole in every page (layout/sidebar.tsx).
    for (const f of site.navFiles()) await writer.write(f.url.slice(1), f.body);
    // KaTeX and Mermaid files, only when some page uses them (see assets/vendor-assets.ts).
    for (const f of features) for (const v of vendorFiles(f)) await writer.copy(v.file, v.url.slice(1));
    // The islands' bundles, one entry per page that has islands and a shared React chunk.
    try {
      for (const a of await bundleIslands([...islands.values()])) await writer.write(a.url.slice(1), a.body);
    } catch (error) {
      diagnostics.push(diag('islands/bundle-failed', { reason: (error as Error).message.split('\n')[0]! }));
    }
    t.add('static-assets', performance.now() - mark);
    const searchDiagnosticsAt = diagnostics.length;
    if (laterMarkdown.size) {
      mark = performance.now();
      for (const [url, make] of laterMarkdown) markdown.set(url, await make());
      laterMarkdown.clear();
      t.add('markdown-later', performance.now() - mark);
    }
    mark = performance.now();
    // Markdown pages, llms.txt, redirects, sitemap and robots.txt (see seo/outputs.ts). Project files win.
    const projectFiles = new Set(site.files.assets);
    for (const f of await siteOutputs(site, { markdown, diagnostics })) {
      const rel = f.path.slice(1);
      if (projectFiles.has(rel)) continue;
      if (keptMarkdown.has(rel)) {
        await previous!.take(rel, writer);
        continue;
      }
      await writer.write(rel, f.body);
      if (rel.endsWith('.md')) cache?.wrote(rel);
    }
    t.add('post-build', performance.now() - mark);
    await searchWritten;
    diagnostics.splice(searchDiagnosticsAt, 0, ...search.diagnostics());

    if (options.strict && diagnostics.some((d) => d.severity !== 'info')) {
      await writer.abort();
      return summary(false, diagnostics, 0, failed);
    }
    const notRemoved = await t.time('commit', () => writer.commit());
    output = writer.state;
    if (notRemoved) diagnostics.push(notRemoved);
    cache?.recordOutput(outDir, base, tailwindUrl, search.kept);
    await cache?.save();
    return summary(true, diagnostics, written, failed, site.files.assets.length);
  } catch (error) {
    // Nothing may write into the temporary folder once it is removed.
    await searchWritten?.catch(() => undefined);
    await writer.abort();
    output = writer.state;
    if (error instanceof KilnError) diagnostics.push(...error.diagnostics);
    else diagnostics.push(diag('build/write-failed', { reason: (error as Error).message }));
    return summary(false, diagnostics);
  } finally {
    await starting;
    await pool?.close();
    await (await sandboxPool)?.close();
    await closeSearch();
    stopInterrupt();
  }
}
