import path from 'node:path';
import { DEFAULT_BUDGETS, type PageBudgets } from '../budgets.js';
import { diag } from '../diagnostics/catalogue.js';
import { compareDiagnostics, KilnError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { announceOutput, exitCodeFor, killChildren, onInterrupt } from '../interrupt.js';
import { RebasingWriter } from '../output/base-path.js';
import { outputRefusal } from '../output/guard.js';
import { OutputWriter, recoverInterrupted, type OutputState } from '../output/write.js';
import { closeSearch } from '../search/index.js';
import { commitOutput } from './commit.js';
import { finishSite } from './finish.js';
import { producePages, type FailedPage, type PageTally } from './make-pages.js';
import { checkApiDocuments, loadForBuild, planPages, type BuildSetup } from './plan.js';
import { PageQueue, type QueueSetup } from './queue.js';
import { PageSink, type SinkSetup } from './sink.js';
import { BuildTimings } from './timings.js';

export type { FailedPage } from './make-pages.js';

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
  /** Tests' switches for where pages are made (queue.ts). */
  queue?: Pick<QueueSetup, 'mainThreadMakesPages'>;
  /** Tests' switches for what is held until the end of the build (sink.ts). */
  sink?: Pick<SinkSetup, 'holdBytes' | 'laterMarkdownPages'>;
  /** Stage timers, filled in as the build runs (`npm run bench`). */
  timings?: BuildTimings;
  /** What one page may take (`--page-timeout`, `--page-memory`); default DEFAULT_BUDGETS. */
  budgets?: PageBudgets;
}

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
 * The whole pipeline once, as its phases: plan (settings, content, which pages the cache keeps),
 * produce pages (queue.ts decides where, sink.ts where they go), finish the site (everything that
 * needs every page), commit (the output swapped in). Pages that fail are reported and left out;
 * settings errors (or any error with `strict`) stop the build before the previous output is touched.
 */
export async function build(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const outDir = path.resolve(root, options.outDir);
  const tally: PageTally = { written: 0, failed: 0, failedPages: [], reused: [] };
  let output: OutputState = 'untouched';
  const summary = (ok: boolean, diagnostics: Diagnostic[], counted = { written: 0, failed: 0, assets: 0 }) =>
    summarize({ ok, output, tally, pagesOnWorkers: queue.pagesOnWorkers, diagnostics, ...counted, started });

  // The output folder is replaced whole: refused before anything is done when that could destroy
  // what is not a Kiln output. Then what killed builds left beside it is cleaned up.
  const refusal = outputRefusal(root, outDir);
  const setup: BuildSetup = { root, outDir, target: { site: options.site, base: options.base ?? '/' }, cache: options.cache !== false, timings: options.timings ?? new BuildTimings() };
  const queue = new PageQueue({ root, outDir, target: setup.target, budgets: options.budgets ?? DEFAULT_BUDGETS, cache: setup.cache, workers: options.workers, ...options.queue });
  if (refusal) return { ...summary(false, [refusal]), refused: true };
  const recovered = recoverInterrupted(outDir);
  announceOutput(outDir);

  const { loaded, diagnostics } = await loadForBuild(setup, queue);
  diagnostics.unshift(...recovered);
  if (!loaded) return summary(false, diagnostics);

  const base = setup.target.base;
  const writer = base === '/' ? new OutputWriter(outDir) : new RebasingWriter(outDir, base);
  // Ctrl-C or SIGTERM: the processes this build started (Pagefind, esbuild) are killed, before
  // their pipes close with this process and before the temporary folder goes (synchronously: see
  // OutputWriter), as Pagefind writes its index into that folder itself.
  const stopInterrupt = onInterrupt((signal) => {
    killChildren();
    writer.abortSync();
    process.exit(exitCodeFor(signal));
  });
  let sink: PageSink | undefined;
  try {
    await writer.begin();
    const plan = await planPages(setup, loaded, writer);
    const toMake = plan.pages.length - plan.kept.size;
    sink = new PageSink({ site: plan.site, writer, cache: plan.cache, timings: setup.timings, toMake, ...options.sink });
    queue.start({ site: plan.site, toMake, kept: plan.kept.size, blocks: plan.blocks, later: sink.later });
    await checkApiDocuments(plan);
    const made = await producePages(plan, queue, sink, tally, options.onProgress);
    const finished = await finishSite(plan, made, tally, queue, sink);
    if (!(await commitOutput(plan, made, finished, options.strict === true))) return summary(false, diagnostics, { written: 0, failed: tally.failed, assets: 0 });
    output = writer.state;
    return summary(true, diagnostics, { written: tally.written, failed: tally.failed, assets: plan.site.files.assets.length });
  } catch (error) {
    await writer.abort();
    output = writer.state;
    if (error instanceof KilnError) diagnostics.push(...error.diagnostics);
    else diagnostics.push(diag('build/write-failed', { reason: (error as Error).message }));
    return summary(false, diagnostics);
  } finally {
    sink?.markdown.close();
    await queue.close();
    await closeSearch();
    stopInterrupt();
  }
}

/** Pages finish in any order (threads, the page-budget worker): what they reported is sorted. */
function summarize(s: {
  ok: boolean;
  output: OutputState;
  tally: PageTally;
  pagesOnWorkers: number;
  diagnostics: Diagnostic[];
  written: number;
  failed: number;
  assets: number;
  started: number;
}): BuildSummary {
  return {
    ok: s.ok,
    output: s.output,
    pagesWritten: s.written,
    pagesFailed: s.failed,
    pagesReused: s.tally.reused.length,
    pagesOnWorkers: s.pagesOnWorkers,
    failedPages: s.tally.failedPages.sort((a, b) => a.url.localeCompare(b.url)),
    assetsCopied: s.assets,
    diagnostics: [...s.diagnostics].sort(compareDiagnostics),
    ms: Math.round(performance.now() - s.started),
  };
}
