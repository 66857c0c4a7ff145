import { existsSync } from 'node:fs';
import path from 'node:path';
import { diag } from '../../node/diagnostics/catalogue.js';
import { isKilnOutput } from '../../node/output/guard.js';
import { startPreviewServer } from '../../node/server/preview.js';
import { paint, printDiagnostics } from '../report.js';
import { announcePort, baseOption, openBrowser, serveOptions } from '../serve-options.js';

export default async function run(dir: string, values: Record<string, unknown>): Promise<number> {
  const root = path.resolve(dir);
  const outDir = path.resolve(root, (values.out as string | undefined) ?? 'dist');
  const { host, port, open } = serveOptions(values);
  const base = baseOption(values);
  // Only what a build wrote: `--out` naming another folder (the project's parent) would publish it.
  if (!existsSync(path.join(outDir, 'index.html')) || !isKilnOutput(outDir)) {
    printDiagnostics([diag('preview/no-build', { dir: outDir })], root);
    return 2;
  }
  const server = await startPreviewServer(outDir, { host, port, base });
  const url = server.url + base;
  process.stderr.write(announcePort(port, server.port));
  process.stderr.write(`Previewing ${outDir}\n  ${paint('cyan', url)}\n`);
  if (open) openBrowser(url);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await server.close();
  return 0;
}
