/**
 * A build worker thread: loads the site itself (settings, pages, OpenAPI: cheap next to compiling),
 * creates its own compiler and highlighter once, then produces the pages it is sent, one message
 * each. See workers.ts for the other side.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { flushHighlightStores } from '../highlight/store.js';
import { createEngines, loadSite } from '../site/load.js';
import { applyOverrides, createPageProducer, overridesFor, type BuildTarget, type PageProducer } from './produce.js';

export interface WorkerInput {
  root: string;
  /** The project's `.kiln/cache`, for highlighted blocks kept between builds; absent with `--no-cache`. */
  cacheDir?: string;
  exclude: string[];
  /** Started before the build has loaded the site, the worker works out the same overrides from it. */
  target: BuildTarget;
}
/** A page to make, or `close`: the pool is about to stop this thread (blocks waiting for the store go out first). */
export type WorkerRequest = { seq: number; file: string } | { close: true };
export type WorkerReply = { ready: true } | { failed: string } | { closed: true } | { seq: number; page?: import('./produce.js').ProducedPage; error?: string };

const input = workerData as WorkerInput;
const port = parentPort!;

async function start(): Promise<void> {
  const { site } = await loadSite({ root: input.root, dev: false, exclude: input.exclude, validateOpenApi: false });
  if (!site) {
    port.postMessage({ failed: 'the settings could not be loaded' } satisfies WorkerReply);
    return;
  }
  applyOverrides(site, overridesFor(site.settings, input.target));
  const byFile = new Map([...site.content.pages.values()].map((p) => [p.file, p]));
  const producer: PageProducer = createPageProducer(site, createEngines({ cacheDir: input.cacheDir }));
  // One page at a time, in the order sent. Made all at once, the pages queued here finished
  // together and the worker then waited for the next ones, which the main thread sends only
  // between pages of its own: a profile of the 1,000-page build showed this thread idle 40-60% of
  // the page loop. One by one, replies go back steadily and the queue drains gradually.
  const queue: { seq: number; file: string }[] = [];
  let running = false;
  const run = async () => {
    running = true;
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { seq, file } = next;
      const page = byFile.get(file);
      try {
        if (!page) throw new Error(`no page ${file} in this worker's copy of the site`);
        port.postMessage({ seq, page: await producer.produce(page) } satisfies WorkerReply);
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
    queue.push(request);
    if (!running) void run();
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}

start().catch((error: unknown) => port.postMessage({ failed: (error as Error).message } satisfies WorkerReply));
