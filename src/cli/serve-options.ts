import { spawn } from 'node:child_process';
import { diag } from '../node/diagnostics/catalogue.js';
import { KilnError } from '../node/diagnostics/diagnostic.js';
import { normaliseBase } from '../node/output/base-path.js';
import { DEFAULT_BUDGETS, MIN_MEMORY_MB, MIN_TIME_S, type PageBudgets } from '../node/budgets.js';

export function serveOptions(values: Record<string, unknown>): { host: string; port: number; open: boolean } {
  const port = values.port === undefined ? 3000 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new KilnError([diag('cli/invalid-flag', { flag: '--port', reason: `"${String(values.port)}" is not a port number (0-65535)` })]);
  return { host: (values.host as string | undefined) ?? '127.0.0.1', port, open: Boolean(values.open) };
}

/** `--base /docs/` (build and preview): the path the site is hosted under, normalised; `/` without the flag. */
export function baseOption(values: Record<string, unknown>): string {
  const raw = values.base as string | undefined;
  if (raw === undefined) return '/';
  const base = normaliseBase(raw);
  if (!base) throw new KilnError([diag('cli/invalid-flag', { flag: '--base', reason: `"${raw}" is not a path such as /docs/` })]);
  return base;
}

/** Open a URL in the default browser; best effort, never fails the command. */
export function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    spawn(cmd, [url], { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
  } catch {
    /* no browser available */
  }
}

export function announcePort(requested: number, actual: number): string {
  return requested !== 0 && requested !== actual ? `Port ${requested} is busy, using ${actual}.\n` : '';
}

/**
 * The page budgets (build, check, dev): `--page-timeout <seconds>` and `--page-memory <MB>`, else
 * KILN_PAGE_TIMEOUT and KILN_PAGE_MEMORY from the environment (CI settings), else the defaults.
 */
export function budgetOptions(values: Record<string, unknown>, env: NodeJS.ProcessEnv = process.env): PageBudgets {
  const read = (flag: string, variable: string, min: number, unit: string): number | undefined => {
    const raw = (values[flag] as string | undefined) ?? env[variable];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) {
      const from = values[flag] !== undefined ? `--${flag}` : variable;
      throw new KilnError([diag('cli/invalid-flag', { flag: from, reason: `"${raw}" is not a number of ${unit} of at least ${min}` })]);
    }
    return n;
  };
  const seconds = read('page-timeout', 'KILN_PAGE_TIMEOUT', MIN_TIME_S, 'seconds');
  const memory = read('page-memory', 'KILN_PAGE_MEMORY', MIN_MEMORY_MB, 'megabytes');
  return { timeMs: seconds === undefined ? DEFAULT_BUDGETS.timeMs : Math.round(seconds * 1000), memoryMb: memory === undefined ? DEFAULT_BUDGETS.memoryMb : Math.round(memory) };
}

