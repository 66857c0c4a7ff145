import path from 'node:path';
import { DevSite } from '../../node/dev/dev-site.js';
import type { Diagnostic } from '../../node/diagnostics/diagnostic.js';
import { startDevServer } from '../../node/server/dev.js';
import { printDiagnostics, paint } from '../report.js';
import { announcePort, budgetOptions, openBrowser, serveOptions } from '../serve-options.js';

export default async function run(dir: string, values: Record<string, unknown>): Promise<number> {
  const root = path.resolve(dir);
  const { host, port, open } = serveOptions(values);
  // The same finding is reported once, not on every request of the page.
  const seen = new Set<string>();
  const report = (diagnostics: Diagnostic[]) => {
    const fresh = diagnostics.filter((d) => {
      const key = `${d.code}|${d.file}|${d.line}|${d.column}|${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    printDiagnostics(fresh, root);
  };
  const site = new DevSite({ root, report, budgets: budgetOptions(values) });
  site.warm();
  const server = await startDevServer(site, {
    host,
    port,
    onReload: (files) => {
      for (const f of files) for (const key of seen) if (key.includes(`|${f}|`)) seen.delete(key);
      process.stderr.write(paint('gray', `↻ ${files.map((f) => path.relative(root, f)).join(', ')}`) + '\n');
    },
  });
  process.stderr.write(announcePort(port, server.port));
  process.stderr.write(`Kiln dev server for ${root}\n  ${paint('cyan', server.url)}\n`);
  if (open) openBrowser(server.url);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await site.close();
  return 0;
}
