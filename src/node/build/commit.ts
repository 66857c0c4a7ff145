import type { FinishedSite } from './finish.js';
import type { MadePages } from './make-pages.js';
import type { BuildPlan } from './plan.js';

/**
 * The new output swapped in (output/write.ts), and what it holds recorded for the next build's
 * cache; or, with `strict` and any error or warning, the temporary folder removed and the previous
 * output left as it was. Returns whether the output was swapped in.
 */
export async function commitOutput(plan: BuildPlan, made: MadePages, finished: FinishedSite, strict: boolean): Promise<boolean> {
  const { writer, diagnostics, cache, setup } = plan;
  if (strict && diagnostics.some((d) => d.severity !== 'info')) {
    await writer.abort();
    return false;
  }
  const notRemoved = await setup.timings.time('commit', () => writer.commit());
  if (notRemoved) diagnostics.push(notRemoved);
  cache?.recordOutput(setup.outDir, setup.target.base, finished.tailwindUrl, made.search.kept);
  await cache?.save();
  return true;
}
