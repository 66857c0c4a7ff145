import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { diag } from '../node/diagnostics/catalogue.js';
import { KilnError, type Diagnostic } from '../node/diagnostics/diagnostic.js';
import { formatJson } from '../node/check/report.js';
import { PACKAGE_ROOT } from '../node/package-root.js';
import { setV8Flags } from '../node/v8-flags.js';
import { printDiagnostics } from './report.js';

type Options = NonNullable<ParseArgsConfig['options']>;
const serve: Options = { port: { type: 'string' }, host: { type: 'string' }, open: { type: 'boolean' } };
/** The page budgets (cli/serve-options.ts `budgetOptions`). */
const budgets: Options = { 'page-timeout': { type: 'string' }, 'page-memory': { type: 'string' } };
const BUDGETS = '[--page-timeout 30] [--page-memory 512]';

interface Command {
  summary: string;
  usage: string;
  options: Options;
  /** Arguments the command needs before the optional folder (`kiln rename <old> <new> [dir]`). */
  args?: number;
  run: () => Promise<{ default: (dir: string, values: Record<string, unknown>, args: string[]) => Promise<number> }>;
}

/** Each command loads its own modules only when it runs, so `--help` is instant. */
const COMMANDS: Record<string, Command> = {
  dev: { summary: 'Serve the docs with live reload', usage: `kiln dev [dir] [--port 3000] [--host 127.0.0.1] [--open] ${BUDGETS}`, options: { ...serve, ...budgets }, run: () => import('./commands/dev.js') },
  build: { summary: 'Write a static site', usage: `kiln build [dir] [--out dist] [--strict] [--site https://docs.example.com] [--base /docs/] [--report report.json] [--workers N] [--no-cache] ${BUDGETS}`, options: { ...budgets, out: { type: 'string' }, strict: { type: 'boolean' }, site: { type: 'string' }, base: { type: 'string' }, report: { type: 'string' }, workers: { type: 'string' }, 'no-cache': { type: 'boolean' } }, run: () => import('./commands/build.js') },
  preview: { summary: 'Serve a finished build', usage: 'kiln preview [dir] [--out dist] [--base /docs/] [--port 3000] [--host 127.0.0.1] [--open]', options: { ...serve, out: { type: 'string' }, base: { type: 'string' } }, run: () => import('./commands/preview.js') },
  check: { summary: 'Find mistakes without building (offline unless --external)', usage: `kiln check [dir] [--format text|json] [--strict] [--external] ${BUDGETS}`, options: { ...budgets, format: { type: 'string' }, strict: { type: 'boolean' }, external: { type: 'boolean' } }, run: () => import('./commands/check.js') },
  init: { summary: 'Write a starter docs folder (docs.json, pages, an OpenAPI file, a snippet)', usage: 'kiln init [dir]', options: {}, run: () => import('./commands/init.js') },
  migrate: { summary: 'Write a docs.json equivalent to the classic mint.json beside it', usage: 'kiln migrate [dir] [--force]', options: { force: { type: 'boolean' } }, run: () => import('./commands/migrate.js') },
  rename: { summary: 'Move a page; update the links, navigation and redirects that name it', usage: 'kiln rename <old> <new> [dir] [--dry-run]', options: { 'dry-run': { type: 'boolean' } }, args: 2, run: () => import('./commands/rename.js') },
  schema: { summary: 'Print the JSON Schema of docs.json', usage: 'kiln schema', options: {}, run: () => import('./commands/schema.js') },
};

function version(): string {
  return (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

function help(): string {
  const rows = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(9)} ${c.summary}\n            ${c.usage}`);
  return `Kiln ${version()}: documentation sites from docs.json and MDX.\n\nUsage: kiln <command> [dir] [options]\n\nCommands:\n${rows.join('\n')}\n\nOptions:\n  -h, --help     Show help\n  -v, --version  Show the version\n\n[dir] is the folder holding docs.json (or mint.json); it defaults to the current folder.\n`;
}

export async function main(argv: string[]): Promise<void> {
  setV8Flags();
  const [command, ...rest] = argv;
  if (!command || command === '-h' || command === '--help' || command === 'help') {
    process.stdout.write(help());
    return;
  }
  if (command === '-v' || command === '--version') {
    process.stdout.write(`${version()}\n`);
    return;
  }
  const spec = COMMANDS[command];
  if (!spec) return fail(diag('cli/unknown-command', { command }));
  // `kiln check --format json` prints JSON even about its command line.
  const json = command === 'check' && rest.some((a, i) => a === '--format=json' || (a === '--format' && rest[i + 1] === 'json'));
  const usage = (d: Diagnostic) => {
    if (json) process.stdout.write(formatJson({ root: process.cwd(), diagnostics: [d], pages: 0, ms: 0 }));
    else printDiagnostics([d], process.cwd());
    process.exitCode = 2;
  };

  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { ...spec.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    const flag = /'([^']+)'/.exec((error as Error).message)?.[1] ?? String(rest[0]);
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return usage(diag('cli/unknown-flag', { flag, command }));
    return usage(diag('cli/invalid-flag', { flag, reason: (error as Error).message.replace(/^.*?: /, '') }));
  }
  if (parsed.values.help) {
    process.stdout.write(`${spec.summary}.\n\nUsage: ${spec.usage}\n`);
    return;
  }
  const needed = spec.args ?? 0;
  if (parsed.positionals.length < needed) return usage(diag('cli/missing-argument', { command, usage: spec.usage }));
  if (parsed.positionals.length > needed + 1) return usage(diag('cli/invalid-flag', { flag: parsed.positionals[needed + 1]!, reason: 'only one folder can be given' }));

  try {
    const { default: run } = await spec.run();
    process.exitCode = await run(parsed.positionals[needed] ?? '.', parsed.values, parsed.positionals.slice(0, needed));
  } catch (error) {
    if (error instanceof KilnError) {
      printDiagnostics(error.diagnostics, process.cwd());
      process.exitCode = 2;
      return;
    }
    if (process.env.KILN_DEBUG) console.error(error);
    printDiagnostics([diag('internal/unexpected', { reason: (error as Error).message ?? String(error) })], process.cwd());
    process.exitCode = 1;
  }
}

function fail(d: Diagnostic): void {
  printDiagnostics([d], process.cwd());
  process.exitCode = 2;
}
