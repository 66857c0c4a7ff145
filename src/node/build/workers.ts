import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Page } from '../content/pages.js';
import { PACKAGE_ROOT, RUNS_FROM } from '../package-root.js';
import type { PageProducer, ProducedPage } from './produce.js';
import type { WorkerInput, WorkerReply, WorkerRequest } from './page-worker.js';

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

interface Slot {
  worker: Worker;
  dead?: boolean;
  pending: Map<number, { resolve: (p: ProducedPage) => void; reject: (e: Error) => void }>;
  /** Called when the worker answers `close`. */
  closed?: () => void;
}

/** How long a worker may take to answer `close` before it is stopped anyway. */
const CLOSE_WAIT_MS = 2000;

/**
 * Produces pages on `count` worker threads, each with its own copy of the site, compiler and
 * highlighter; a page goes to the worker with the fewest pages in flight. Profile that led here:
 * a 1,000-page build spent 21 of 26 s compiling and rendering on one core while the second ran
 * only Pagefind. If a worker fails to start or dies, its pages are rejected and the build makes
 * them in its own thread (build.ts).
 */
export class WorkerPool implements PageProducer {
  private readonly slots: Slot[] = [];
  private seq = 0;

  private constructor() {}

  static async start(count: number, input: WorkerInput): Promise<WorkerPool> {
    const pool = new WorkerPool();
    const workers: Worker[] = [];
    const starting = Array.from({ length: count }, () => {
      const worker = new Worker(workerUrl(), { workerData: input, env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } });
      workers.push(worker);
      const slot: Slot = { worker, pending: new Map() };
      return new Promise<Slot>((resolve, reject) => {
        const fail = (error: Error) => {
          slot.dead = true;
          for (const p of slot.pending.values()) p.reject(error);
          slot.pending.clear();
          reject(error);
        };
        worker.on('message', (m: WorkerReply) => {
          if ('ready' in m) return resolve(slot);
          if ('closed' in m) return slot.closed?.();
          if ('failed' in m) return fail(new Error(m.failed));
          const p = slot.pending.get(m.seq);
          slot.pending.delete(m.seq);
          if (m.page) p?.resolve(m.page);
          else p?.reject(new Error(m.error ?? 'the worker gave no page'));
        });
        worker.on('error', fail);
        worker.on('exit', (code) => fail(new Error(`a build worker stopped (exit code ${code})`)));
      });
    });
    try {
      pool.slots.push(...(await Promise.all(starting)));
    } catch (error) {
      await Promise.all(workers.map((w) => w.terminate()));
      throw error;
    }
    return pool;
  }

  produce(page: Page): Promise<ProducedPage> {
    const live = this.slots.filter((s) => !s.dead);
    if (live.length === 0) return Promise.reject(new Error('no build worker is running'));
    const slot = live.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      slot.pending.set(seq, { resolve, reject });
      slot.worker.postMessage({ seq, file: page.file });
    });
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
