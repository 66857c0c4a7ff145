import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageBudgets } from '../budgets.js';
import { FenceTracker } from '../content/fences.js';
import { cacheDir, type ProjectFiles } from '../content/scan.js';
import type { Page } from '../content/pages.js';
import type { CompiledFiles } from '../render/page.js';
import { createEngines, type LoadedSite } from '../site/load.js';
import { PageCache } from './cache.js';
import { createPageProducer, type BuildTarget, type PageProducer, type ProducedPage } from './produce.js';
import { defaultWorkers, WorkerPool } from './workers.js';

/**
 * Pages each worker has queued (see `PageQueue.make`). With 3, a profile of the 1,000-page build
 * showed the worker idle 20-30% of the page loop, waiting for this thread to finish a page of its
 * own before it could send more; with 8-10 it idles under 3%, and takes half the pages instead of 40%.
 */
const WORKER_QUEUE = 8;

export interface QueueSetup {
  root: string;
  outDir: string;
  target: BuildTarget;
  budgets: PageBudgets;
  /** Whether the rebuild cache is on (`--no-cache` turns it off). */
  cache: boolean;
  /** Worker threads asked for (`--workers`); default `defaultWorkers` of the pages to make. */
  workers?: number;
  /** Whether this thread makes pages beside the workers. Default true; tests turn it off to know the workers made every page. */
  mainThreadMakesPages?: boolean;
}

/** What the queue needs once the site is loaded and the pages to make are known. */
export interface QueueStart {
  site: LoadedSite;
  /** Pages that will be made (not taken from the rebuild cache). */
  toMake: number;
  /** Pages taken from the rebuild cache. */
  kept: number;
  /** Where highlighted blocks are kept between builds (highlight/store.ts), when the cache is on. */
  blocks: string | undefined;
  /** Asked for each exported page made on this thread: true puts its Markdown off (see PageSink). */
  later: () => boolean;
}

/** A line of a page or snippet that makes it run code: an `export` of JavaScript, or an import of a script snippet. */
const RUNS_CODE = /^export\s+(?:const|let|var|function|class|default|async|\{)|^import\s.*\.[cm]?[jt]sx?['"]/;

/**
 * Whether an MDX source has such a line outside its code blocks, whose lines are the example's
 * (`export NAME=…` in a shell block, imports in a JavaScript one).
 */
export function runsCode(source: string): boolean {
  const fences = new FenceTracker();
  return source.split('\n').some((line) => !fences.code(line) && RUNS_CODE.test(line));
}

/** Whether a page of the site, or another of its Markdown files (snippets), has such a line. */
function hasCode(site: LoadedSite): boolean {
  const pages = [...site.content.pages.values()];
  if (pages.some((p) => runsCode(p.body))) return true;
  const pageFiles = new Set(pages.map((p) => p.file));
  return site.files.pages.some((rel) => {
    const file = path.join(site.root, rel);
    if (pageFiles.has(file)) return false;
    try {
      return runsCode(readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  });
}

/**
 * Where each page is made: on worker threads when the site is big enough to repay starting them,
 * on this thread otherwise and beside them. This thread makes all pages while the workers start
 * (they load the site and warm up for a second or two), then one at a time beside them; should the
 * workers fail to start, it makes them all. A page whose code must run is rendered on a worker in
 * any case, under the page budgets.
 */
export class PageQueue {
  /** Pages made on worker threads so far. */
  pagesOnWorkers = 0;
  private early: { count: number; pool: Promise<WorkerPool | undefined> } | undefined;
  private workers = 0;
  private pool: WorkerPool | undefined;
  private starting: Promise<unknown> | undefined;
  /** The worker that renders pages with code when no pool makes pages (small sites): started on the first such page. */
  private sandboxPool: Promise<WorkerPool | undefined> | undefined;
  private local: PageProducer | undefined;
  private localBusy = 0;
  private startArgs: QueueStart | undefined;

  constructor(private readonly setup: QueueSetup) {}

  private startWorkers(count: number, blocks: string | undefined): Promise<WorkerPool> {
    const { root, outDir, target, budgets } = this.setup;
    return WorkerPool.start(count, { root, exclude: [outDir], target, cacheDir: blocks }, budgets);
  }

  /**
   * Called once the project's files are counted. A build with no rebuild cache makes every page:
   * its workers start now, and load the site beside this thread instead of after it (0.2 s of the
   * 1,000-page build). With a cache, how many pages are left to make is known only once the site is loaded.
   */
  startEarly(files: ProjectFiles): void {
    const { root, cache, workers } = this.setup;
    const count = workers ?? (!cache || !PageCache.exists(root) ? defaultWorkers(files.pages.length) : 0);
    if (count > 0) this.early = { count, pool: this.startWorkers(count, cache ? cacheDir(root) : undefined).catch(() => undefined) };
  }

  /** Stops workers started early, when the build stops before making pages. */
  async stopEarly(): Promise<void> {
    await this.early?.pool.then((p) => p?.close());
  }

  /**
   * The workers start (unless they did early) and this thread gets its producer. With no workers,
   * a build that makes every page starts the one for pages with code now when a page or snippet
   * exports JavaScript or imports a script (it runs code): started at the first such page, as
   * otherwise, it loaded the site while this thread, its other pages made, waited (0.1-0.2 s of the
   * example's build). Pages that run code only through expressions still start it there.
   */
  start(args: QueueStart): void {
    this.startArgs = args;
    this.workers = this.early?.count ?? this.setup.workers ?? defaultWorkers(args.toMake);
    const pool = this.early ? this.early.pool : this.workers > 0 ? this.startWorkers(this.workers, args.blocks) : undefined;
    this.starting = pool?.then(
      (p) => (this.pool = p),
      () => undefined,
    );
    if (!pool && args.kept === 0 && hasCode(args.site)) this.sandboxPool = this.startWorkers(1, args.blocks).catch(() => undefined);
  }

  /** Pages in flight at once: enough to keep every worker busy while this thread makes, writes and indexes. */
  get concurrency(): number {
    return this.workers * (WORKER_QUEUE + 1) + 2;
  }

  private get mainToo(): boolean {
    return this.setup.mainThreadMakesPages !== false || this.workers === 0;
  }

  /**
   * Each worker is kept WORKER_QUEUE pages ahead (it makes them one by one), and this thread makes
   * a page only when they all are. Workers are fed only when this thread reaches its event loop,
   * between its own pages; sending a page to whichever side was free instead left the worker idle
   * 40-90% of the page loop (profiles of the 1,000-page build). The workers' replies are events: a
   * page made here, written and indexed resolves only promises, so this thread first lets the event
   * loop take them in (otherwise it made page after page while replies waited: 84 of 1,000 pages on
   * the worker).
   */
  async make(page: Page): Promise<ProducedPage> {
    const mainToo = this.mainToo;
    if (!mainToo && !this.pool) await this.starting;
    // Also while the workers start: their `ready` is an event too, and pages made here, written
    // and indexed can run for a long time on promises alone (a profile of the 1,000-page build
    // showed the ready worker idle 0.4 s while this thread made OpenAPI pages).
    if (mainToo && (this.pool || this.starting)) await new Promise(setImmediate);
    const p = this.pool;
    if (p && (!mainToo || this.localBusy > 0 || p.inFlight < p.size * WORKER_QUEUE)) return this.onWorker(p, page).catch(() => this.makeHere(page));
    return this.makeHere(page);
  }

  private async onWorker(p: WorkerPool, page: Page): Promise<ProducedPage> {
    const made = await p.produce(page);
    this.pagesOnWorkers++;
    return made;
  }

  /** Makes the page on this thread. */
  async makeHere(page: Page): Promise<ProducedPage> {
    this.localBusy++;
    try {
      return await this.here().produce(page);
    } finally {
      this.localBusy--;
    }
  }

  private here(): PageProducer {
    const args = this.startArgs;
    if (!args) throw new Error('the page queue was not started');
    return (this.local ??= createPageProducer(args.site, createEngines({ cacheDir: args.blocks }), { later: args.later, sandbox: (page, compiled) => this.sandbox(page, compiled) }));
  }

  /** A page whose code must run is rendered on a worker: the pool's when there is one, else one started for them. */
  private async sandbox(page: Page, compiled?: CompiledFiles) {
    if (this.starting) await this.starting;
    const p = this.pool ?? (await (this.sandboxPool ??= this.startWorkers(1, this.startArgs?.blocks).catch(() => undefined)));
    if (!p) throw new Error('no worker could be started');
    // While the worker renders it (behind the pages queued there), this thread is free to make
    // others: counted as busy, it sent every page to the workers and waited, idle, for this one
    // (2.6 s of a 6 s build of mage-ai, whose 117 pages with code are all rendered this way).
    this.localBusy--;
    try {
      return await p.render(page, false, compiled);
    } finally {
      this.localBusy++;
    }
  }

  /** Stops every worker (each writes out its highlight store first). Safe to call more than once. */
  async close(): Promise<void> {
    // Workers started early and never handed their pages (the build stopped before making them).
    if (!this.starting) await this.stopEarly();
    await this.starting;
    await this.pool?.close();
    this.pool = undefined;
    await (await this.sandboxPool)?.close();
    this.sandboxPool = undefined;
  }
}
