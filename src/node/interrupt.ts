/**
 * Ctrl-C and SIGTERM. A build installs its clean-up here (`onInterrupt`); the handler runs on the
 * thread that runs the build. `kiln build` runs the build on a thread of its own (cli/supervise.ts):
 * the main thread only receives signals, so a build stuck in a page's code (a loop in an
 * `export const`) still stops. It sends each signal here (`interrupt`), and terminates the thread
 * when the build does not stop by itself soon after. The build tells it where its output goes
 * (`announceOutput`), so the temporary folder is removed either way.
 */
import { readdirSync, readFileSync } from 'node:fs';

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit code of a command stopped by `signal`, as a shell reports it (128 + the signal's number). */
export const exitCodeFor = (signal: StopSignal) => (signal === 'SIGINT' ? 130 : 143);

const handlers = new Set<(signal: StopSignal) => void>();

/** Where the build thread tells the main thread what it needs to clean up after it (see cli/supervise.ts). */
let supervisor: { postMessage(message: unknown): void } | undefined;

/** Called once by the build thread (cli/build-thread.ts). */
export function setSupervisor(port: { postMessage(message: unknown): void }): void {
  supervisor = port;
}

/** Runs `handler` on Ctrl-C or SIGTERM, received by this thread or passed on to it; returns what removes it. */
export function onInterrupt(handler: (signal: StopSignal) => void): () => void {
  const int = () => handler('SIGINT');
  const term = () => handler('SIGTERM');
  process.once('SIGINT', int);
  process.once('SIGTERM', term);
  handlers.add(handler);
  return () => {
    process.off('SIGINT', int);
    process.off('SIGTERM', term);
    handlers.delete(handler);
  };
}

/** A signal the main thread received, for this thread's handlers; false when there is none. */
export function interrupt(signal: StopSignal): boolean {
  const now = [...handlers];
  handlers.clear();
  for (const h of now) h(signal);
  return now.length > 0;
}

/** The output folder the build writes into, for the main thread to clean up after a build it had to terminate. */
export function announceOutput(outDir: string): void {
  supervisor?.postMessage({ outDir });
}

/** Processes started by Pagefind's service and the like, for systems without /proc. */
const started = new Set<number>();

/** Records a child process this one started, to be killed with the others (`killChildren`). */
export function registerChild(pid: number | undefined): void {
  if (pid !== undefined) started.add(pid);
}

/**
 * Kills (SIGKILL) every process this one started that still runs: Pagefind's indexer, esbuild's
 * service. Before this process exits on a signal, and before their pipes close: esbuild's Go
 * service, left with a request half-answered and its input closed, prints a raw "all goroutines
 * are asleep - deadlock!" to the terminal. On Linux they are found in /proc, whoever started them.
 */
export function killChildren(): void {
  const pids = new Set(started);
  if (process.platform === 'linux') {
    let entries: string[] = [];
    try {
      entries = readdirSync('/proc');
    } catch {
      // no /proc: the registered ones
    }
    for (const e of entries) {
      if (!/^\d+$/.test(e)) continue;
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        // `pid (name) state ppid …`: the name may hold spaces and parentheses.
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === process.pid) pids.add(Number(e));
      } catch {
        // gone meanwhile
      }
    }
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended already
    }
  }
  started.clear();
}
