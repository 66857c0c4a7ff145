/**
 * `kiln build`'s main thread. The build runs on a worker thread (cli/build-thread.ts) and this
 * thread only waits for it and for signals. A signal handler runs only when its thread's event
 * loop is free, and a build stuck in a page's code (a loop in an `export const`, evaluated on the
 * build's thread) never frees it: Ctrl-C and SIGTERM did nothing until SIGKILL. Here they are
 * always heard: the build is asked to stop (its clean-up runs, node/interrupt.ts), and when it
 * has not stopped within GRACE_MS its thread is terminated (V8 stops it even inside a loop) and
 * this thread cleans up after it: the processes it started and its temporary folder. Exit code
 * 130 for Ctrl-C, 143 for SIGTERM.
 */
import { Worker } from 'node:worker_threads';
import { MAIN_THREAD_STACK_MB } from '../node/budgets.js';
import { exitCodeFor, killChildren, type StopSignal } from '../node/interrupt.js';
import { diag } from '../node/diagnostics/catalogue.js';
import { OutputWriter } from '../node/output/write.js';
import { printDiagnostics } from './report.js';
import { setV8Flags } from '../node/v8-flags.js';

/** How long a build has to stop by itself after a signal: its clean-up is a few synchronous calls. */
const GRACE_MS = 2000;

export function supervise(argv: string[]): void {
  setV8Flags();
  const worker = new Worker(new URL('./build-thread.js', import.meta.url), {
    workerData: { argv, tty: { stdout: process.stdout.isTTY === true, stderr: process.stderr.isTTY === true } },
    resourceLimits: { stackSizeMb: MAIN_THREAD_STACK_MB },
  });
  let outDir: string | undefined;
  let exitCode = 1;
  let stopping: StopSignal | undefined;
  worker.on('message', (m: { outDir?: string; exitCode?: number }) => {
    if (m.outDir !== undefined) outDir = m.outDir;
    if (m.exitCode !== undefined) exitCode = m.exitCode;
  });
  // main() catches what the build throws; this is only a thread that could not start.
  worker.on('error', (error) => {
    printDiagnostics([diag('internal/unexpected', { reason: error.message })], process.cwd());
  });
  worker.on('exit', () => {
    if (!stopping) {
      process.exitCode = exitCode;
      return;
    }
    // What a build that was terminated could not remove itself (its own clean-up did, if it ran).
    killChildren();
    if (outDir) new OutputWriter(outDir).abortSync();
    process.exit(exitCodeFor(stopping));
  });
  const terminate = () => {
    // Its child processes first, while their pipes are open (see killChildren).
    killChildren();
    void worker.terminate();
  };
  const stop = (signal: StopSignal) => {
    // A second Ctrl-C does not wait.
    if (stopping) return terminate();
    stopping = signal;
    worker.postMessage({ interrupt: signal });
    setTimeout(terminate, GRACE_MS);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
