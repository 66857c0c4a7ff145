// One build of a site with the real API (lib/bundle/, as `kiln` runs it), in its own process so that peak memory (maxRSS) is
// the build's own. Prints one JSON line: the summary, stage timings and resource usage.
// Usage: node bench/build-once.mjs <site> <out>
process.env.NODE_ENV ??= 'production';
const [root, outDir] = process.argv.slice(2);
const t0 = performance.now();
const { build, BuildTimings, loadSettings } = await import('../lib/bundle/api.js');
const importMs = performance.now() - t0;
// Settings alone, to split the `settings+content` stage (a second, separate read; cheap).
const s0 = performance.now();
await loadSettings(root);
const settingsMs = performance.now() - s0;
const timings = new BuildTimings();
const result = await build({ root, outDir, timings });
const usage = process.resourceUsage();
process.stdout.write(JSON.stringify({
  ok: result.ok,
  pagesWritten: result.pagesWritten,
  pagesFailed: result.pagesFailed,
  pagesReused: result.pagesReused,
  errors: result.diagnostics.filter((d) => d.severity === 'error').slice(0, 5).map((d) => `${d.code}: ${d.message}`),
  warnings: result.diagnostics.filter((d) => d.severity === 'warning').length,
  ms: result.ms,
  importMs,
  settingsMs,
  stages: timings.toJSON(),
  maxRssKb: usage.maxRSS,
  cpuUserMs: usage.userCPUTime / 1000,
  cpuSystemMs: usage.systemCPUTime / 1000,
}) + '\n');
