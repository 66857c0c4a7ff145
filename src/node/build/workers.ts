import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import { DEFAULT_BUDGETS, MAIN_THREAD_STACK_MB, type PageBudgets } from '../budgets.js';
import { PACKAGE_ROOT, RUNS_FROM } from '../package-root.js';
import type { CompiledFiles, PageResult } from '../render/page.js';
import type { PageProducer, ProducedPage } from './produce.js';
import type { PageRequest, WorkerInput, WorkerReply, WorkerRequest } from './page-worker.js';

/** Sites smaller than this are built in one thread: starting a worker costs about a second. */
export const MIN_PAGES_FOR_WORKERS = 150;

/**
 * Worker threads for a build of `pages` pages: one per core beyond the first (the main thread makes
 * pages too), at most 3; none for small sites.
 */
export function defaultWorkers(pages: number): number {
  if (pages < MIN_PAGES_FOR_WORKERS) return 0;
  return Math.min(3, Math.max(1, availableParallelism() - 1));
}

/**
 * The worker script: beside this file in lib/, its own entry in the bundle; from src/ (unit tests
 * through vite) Node cannot start a .ts worker, so the compiled one in lib/ is used.
 */
function workerUrl(): URL {
  if (RUNS_FROM === 'src') return pathToFileURL(path.join(PACKAGE_ROOT, 'lib/node/build/page-worker.js'));
  if (RUNS_FROM === 'bundle') return pathToFileURL(path.join(PACKAGE_ROOT, 'lib/bundle/page-worker.js'));
  return new URL('./page-worker.js', import.meta.url);
}

/** A page sent to a worker and not answered yet. */
interface Job {
  request: PageRequest;
  page: Page;
  resolve: (p: ProducedPage) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  dead?: boolean;
  /** In the order sent, which is the order the worker makes them (one at a time). */
  pending: Map<number, Job>;
  /** The page the worker is making now, and the timer of its time budget. */
  current?: { seq: number; timer: NodeJS.Timeout };
  /** Why the worker was stopped, when the pool stopped it over a page's budget. */
  overrun?: 'time' | 'memory';
  /** Called when the worker answers `close`. */
  closed?: () => void;
}

/** How long a worker may take to answer `close` before it is stopped anyway. */
const CLOSE_WAIT_MS = 2000;

/** A page that was stopped: no HTML, one error saying why. */
function stoppedPage(page: Page, overrun: Slot['overrun'] | 'crash', budgets: PageBudgets, reason?: string): ProducedPage {
  const where = { file: page.file };
  const d =
    overrun === 'time'
      ? diag('page/over-time-budget', { seconds: budgets.timeMs / 1000 }, where)
      : overrun === 'memory'
        ? diag('page/over-memory-budget', { megabytes: budgets.memoryMb }, where)
        : diag('page/worker-stopped', { reason: reason ?? 'unknown' }, where);
  return { kind: 'failed', diagnostics: [d], features: [], classes: [], islands: [], deps: [] };
}

/**
 * Makes pages on `count` worker threads, each with its own copy of the site, compiler and
 * highlighter; a page goes to the worker with the fewest pages in flight. Profile that led here:
 * a 1,000-page build spent 21 of 26 s compiling and rendering on one core while the second ran
 * only Pagefind.
 *
 * Each page is made under the budgets (../budgets.ts): a worker has a heap limit, and a timer runs
 * while it makes a page. A worker over either is stopped (V8 stops it even inside a loop); that
 * page comes back failed with the budget it went over, and the pages queued behind it go to a new
 * worker. A worker that fails to start rejects its pages (the build makes them in its own thread).
 */
export class WorkerPool implements PageProducer {
  private readonly slots: Slot[] = [];
  private seq = 0;
  private closing = false;
  /** Workers starting in place of stopped ones: pages asked for meanwhile wait for them. */
  private readonly replacing = new Set<Promise<unknown>>();

  private constructor(
    private readonly input: WorkerInput,
    readonly budgets: PageBudgets,
  ) {}

  static async start(count: number, input: WorkerInput, budgets: PageBudgets = DEFAULT_BUDGETS): Promise<WorkerPool> {
    const pool = new WorkerPool(input, budgets);
    const starting = Array.from({ length: count }, () => pool.spawn());
    const started = await Promise.allSettled(starting);
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.worker.terminate() : undefined)));
      throw failed.reason;
    }
    pool.slots.push(...started.map((s) => (s as PromiseFulfilledResult<Slot>).value));
    return pool;
  }

  /** A worker, resolved once it has loaded the site. */
  private spawn(): Promise<Slot> {
    const worker = new Worker(workerUrl(), {
      workerData: this.input,
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
      resourceLimits: { maxOldGenerationSizeMb: this.budgets.memoryMb, stackSizeMb: MAIN_THREAD_STACK_MB },
    });
    const slot: Slot = { worker, pending: new Map() };
    return new Promise<Slot>((resolve, reject) => {
      let ready = false;
      let error: Error | undefined;
      worker.on('message', (m: WorkerReply) => {
        if ('ready' in m) {
          ready = true;
          return resolve(slot);
        }
        if ('closed' in m) return slot.closed?.();
        if ('failed' in m) {
          error = new Error(m.failed);
          return void worker.terminate();
        }
        if ('started' in m) return this.arm(slot, m.seq);
        const job = slot.pending.get(m.seq);
        slot.pending.delete(m.seq);
        if (slot.current?.seq === m.seq) this.disarm(slot);
        if (m.page) job?.resolve(m.page as ProducedPage);
        else job?.reject(new Error(m.error ?? 'the worker gave no page'));
      });
      worker.on('error', (e: Error & { code?: string }) => {
        // A heap over its limit: Node stops the worker and says so here, before `exit`.
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') slot.overrun ??= 'memory';
        error ??= e;
      });
      worker.on('exit', (code) => {
        this.disarm(slot);
        slot.dead = true;
        if (!ready) {
          reject(error ?? new Error(`a build worker stopped (exit code ${code})`));
          return;
        }
        this.lost(slot, error?.message ?? `exit code ${code}`);
      });
    });
  }

  private arm(slot: Slot, seq: number): void {
    this.disarm(slot);
    const timer = setTimeout(() => {
      slot.overrun = 'time';
      void slot.worker.terminate();
    }, this.budgets.timeMs);
    slot.current = { seq, timer };
  }

  private disarm(slot: Slot): void {
    if (slot.current) clearTimeout(slot.current.timer);
    slot.current = undefined;
  }

  /**
   * A worker that was ready stopped: over a budget, or it crashed. The page it was making fails
   * with the reason; the pages queued behind it go to a new worker in its place.
   */
  private lost(slot: Slot, reason: string): void {
    const jobs = [...slot.pending.values()];
    slot.pending.clear();
    const [first, ...rest] = jobs;
    if (this.closing) {
      for (const job of jobs) job.reject(new Error('the build workers were closed'));
      return;
    }
    // The worker makes its pages in the order sent: the first still pending was being made.
    if (first) first.resolve(stoppedPage(first.page, slot.overrun ?? 'crash', this.budgets, reason));
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    const replacement = this.spawn();
    const settled = replacement.then(
      () => undefined,
      () => undefined,
    );
    this.replacing.add(settled);
    void settled.then(() => this.replacing.delete(settled));
    replacement.then(
      (fresh) => {
        if (this.closing) {
          for (const job of rest) job.reject(new Error('the build workers were closed'));
          void fresh.worker.terminate();
          return;
        }
        this.slots[index] = fresh;
        for (const job of rest) this.send(fresh, job);
      },
      (error: Error) => {
        for (const job of rest) job.reject(error);
      },
    );
  }

  private send(slot: Slot, job: Job): void {
    slot.pending.set(job.request.seq, job);
    try {
      slot.worker.postMessage(job.request satisfies WorkerRequest);
    } catch (error) {
      // A compile output that cannot be copied to another thread: the worker compiles the page itself.
      if (!job.request.compiled) throw error;
      delete job.request.compiled;
      slot.worker.postMessage(job.request satisfies WorkerRequest);
    }
  }

  private async dispatch<T>(page: Page, request: Omit<PageRequest, 'seq'>): Promise<T> {
    let live = this.slots.filter((s) => !s.dead);
    while (live.length === 0 && this.replacing.size && !this.closing) {
      await Promise.race(this.replacing);
      live = this.slots.filter((s) => !s.dead);
    }
    if (live.length === 0) throw new Error('no build worker is running');
    const slot = live.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const seq = ++this.seq;
    return new Promise<T>((resolve, reject) => this.send(slot, { request: { ...request, seq }, page, resolve: resolve as (p: ProducedPage) => void, reject }));
  }

  /** The page made whole on a worker: HTML, Markdown, search text (build/produce.ts). */
  produce(page: Page): Promise<ProducedPage> {
    return this.dispatch<ProducedPage>(page, { id: page.id });
  }

  /**
   * The page rendered on a worker (render/page.tsx): for a page whose code must run where it can
   * be stopped. `current` gives the worker the page's body and front matter as this thread has
   * them (the dev server patches edited pages into its model); `compiled`, what this thread compiled
   * for the page (the worker compiles the rest).
   */
  render(page: Page, current = false, compiled?: CompiledFiles): Promise<PageResult> {
    return this.dispatch<PageResult>(page, { id: page.id, render: true, ...(current ? { body: page.body, frontMatter: page.frontMatter } : {}), ...(compiled ? { compiled } : {}) });
  }

  /** Tells the workers that files changed: what they compiled from them is dropped. */
  forget(files: string[]): void {
    for (const s of this.slots) if (!s.dead) s.worker.postMessage({ forget: files } satisfies WorkerRequest);
  }

  get size(): number {
    return this.slots.length;
  }

  /** Pages sent and not yet back. */
  get inFlight(): number {
    let n = 0;
    for (const s of this.slots) if (!s.dead) n += s.pending.size;
    return n;
  }

  /** Stops the workers, once each has written what waits for the highlight store (or after CLOSE_WAIT_MS). */
  async close(): Promise<void> {
    this.closing = true;
    const live = this.slots.filter((s) => !s.dead);
    for (const s of this.slots) s.dead = true;
    await Promise.all(
      live.map(
        (s) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, CLOSE_WAIT_MS);
            s.closed = () => {
              clearTimeout(timer);
              resolve();
            };
            s.worker.once('exit', s.closed);
            s.worker.postMessage({ close: true } satisfies WorkerRequest);
          }),
      ),
    );
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }
}
