/**
 * `kiln build` on the thread cli/supervise.ts starts: the CLI as it runs on the main thread for the
 * other commands, with signals passed on by the main thread (node/interrupt.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { exitCodeFor, interrupt, setSupervisor, type StopSignal } from '../node/interrupt.js';

const { argv, tty } = workerData as { argv: string[]; tty: { stdout: boolean; stderr: boolean } };
const port = parentPort!;

// A worker's stdout and stderr are pipes to the main thread's: progress and colours (util.styleText
// asks stdout) follow the real ones.
if (tty.stdout) Object.defineProperty(process.stdout, 'isTTY', { value: true });
if (tty.stderr) Object.defineProperty(process.stderr, 'isTTY', { value: true });
setSupervisor(port);
port.on('message', (m: { interrupt?: StopSignal }) => {
  if (!m.interrupt) return;
  // Before the build has installed its clean-up there is nothing to clean up.
  if (!interrupt(m.interrupt)) process.exit(exitCodeFor(m.interrupt));
});
// Signals come as messages, but the port must not keep the thread alive once the build is done.
port.unref();

// After the TTY fix-up: report.ts decides on colours when it loads.
const { main } = await import('./index.js');
await main(argv);
port.postMessage({ exitCode: Number(process.exitCode ?? 0) });
