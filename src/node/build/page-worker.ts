/**
 * A build worker thread: loads the site itself (settings, pages, OpenAPI: cheap next to compiling),
 * creates its own compiler and highlighter once, then makes the pages it is sent, one message
 * each: whole (`produce`, for the pages of a big build) or rendered only (`render`, for a page
 * whose code must run where it can be stopped: build, check and dev send those). See workers.ts
 * for the other side, which watches each page's time and this thread's heap (../budgets.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FrontMatter } from '../content/frontmatter.js';
import { flushHighlightStores } from '../highlight/store.js';
import { buildPage, createEngines, loadSite, mapCache } from '../site/load.js';
import { applyOverrides, createPageProducer, overridesFor, type BuildTarget, type PageProducer, type ProducedPage } from './produce.js';
import type { CompiledFiles, PageResult } from '../render/page.js';

export interface WorkerInput {
  root: string;
  /** The project's `.kiln/cache`, for highlighted blocks kept between builds; absent with `--no-cache`. */
  cacheDir?: string;
  exclude: string[];
  /** Started before the build has loaded the site, the worker works out the same overrides from it. */
  target: BuildTarget;
  /** The dev server's: pages as it serves them (its live reload snippet at the end of the body). */
  dev?: { bodyEnd: string };
}
/** A page to make. `render`: only rendered (a `PageResult`), with `body` and `frontMatter` as the sender has them when given. */
export interface PageRequest {
  seq: number;
  /**
   * The page's id: unique, where its file need not be (an OpenAPI operation generated into
   * several folders is one "file" and several pages).
   */
  id: string;
  render?: boolean;
  body?: string;
  frontMatter?: FrontMatter;
  /** With `render`: the page's compile output and its snippets' that the sender has; the rest is compiled here. */
  compiled?: CompiledFiles;
}
/**
 * A page to make; `forget`: these files changed, drop what was compiled from them; `close`: the
 * pool is about to stop this thread (blocks waiting for the highlight store go out first).
 */
export type WorkerRequest = PageRequest | { forget: string[] } | { close: true };
export type WorkerReply =
  | { ready: true }
  | { failed: string }
  | { closed: true }
  | { seq: number; started: true }
  | { seq: number; page?: ProducedPage | PageResult; error?: string };

const input = workerData as WorkerInput;
const port = parentPort!;

async function start(): Promise<void> {
  // The findings are the main thread's to report: the checks that can only warn are left undone
  // (deferred, never run), as the OpenAPI ones are.
  const { site } = await loadSite({ root: input.root, dev: !!input.dev, bodyEnd: input.dev?.bodyEnd, exclude: input.exclude, validateOpenApi: false, deferSettingsChecks: true });
  if (!site) {
    port.postMessage({ failed: 'the settings could not be loaded' } satisfies WorkerReply);
    return;
  }
  applyOverrides(site, overridesFor(site.settings, input.target));
  const engines = createEngines({ cacheDir: input.cacheDir });
  const producer: PageProducer = createPageProducer(site, engines);
  // Rendered pages too link the Tailwind sheet through the placeholder createPageProducer sets:
  // the sender knows the sheet's URL (build, dev) or has no use for it (check).
  const renderCache = mapCache();
  // One page at a time, in the order sent. Made all at once, the pages queued here finished
  // together and the worker then waited for the next ones, which the main thread sends only
  // between pages of its own: a profile of the 1,000-page build showed this thread idle 40-60% of
  // the page loop. One by one, replies go back steadily and the queue drains gradually. In order,
  // the pool knows which page a stopped worker was making.
  const queue: PageRequest[] = [];
  let running = false;
  const run = async () => {
    running = true;
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { seq, id } = next;
      const page = site.content.pages.get(id);
      port.postMessage({ seq, started: true } satisfies WorkerReply);
      try {
        if (!page) throw new Error(`no page ${id} in this worker's copy of the site`);
        if (next.body !== undefined) page.body = next.body;
        if (next.frontMatter) page.frontMatter = next.frontMatter;
        if (next.render) {
          for (const [file, out] of next.compiled ?? []) if (file === page.file || !renderCache.get(file)) renderCache.set(file, Promise.resolve(out));
          const result = await buildPage(site, page, engines, renderCache);
          // Compiled again next time: the sender may have changed the body.
          renderCache.delete(page.file);
          port.postMessage({ seq, page: result } satisfies WorkerReply);
        } else port.postMessage({ seq, page: await producer.produce(page) } satisfies WorkerReply);
      } catch (error) {
        port.postMessage({ seq, error: (error as Error).message } satisfies WorkerReply);
      }
    }
    running = false;
  };
  port.on('message', (request: WorkerRequest) => {
    if ('close' in request) {
      flushHighlightStores();
      port.postMessage({ closed: true } satisfies WorkerReply);
      return;
    }
    if ('forget' in request) {
      renderCache.clear();
      return;
    }
    queue.push(request);
    if (!running) void run();
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}

start().catch((error: unknown) => port.postMessage({ failed: (error as Error).message } satisfies WorkerReply));
