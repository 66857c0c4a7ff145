// One build of a site with the real API (lib/bundle/, as `kiln` runs it), in its own process so that peak memory (maxRSS) is
// the build's own. Prints one JSON line: the summary, stage timings and resource usage.
// Usage: node bench/build-once.mjs <site> <out>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
process.env.NODE_ENV ??= 'production';
const [root, outDir] = process.argv.slice(2);
const t0 = performance.now();
const { build, BuildTimings, loadSettings, setV8Flags } = await import('../lib/bundle/api.js');
setV8Flags();
const importMs = performance.now() - t0;
// Settings alone, to split the `settings+content` stage (a second, separate read; cheap).
const s0 = performance.now();
await loadSettings(root);
const settingsMs = performance.now() - s0;
const timings = new BuildTimings();
const pagefind = watchPagefind();
const result = await build({ root, outDir, timings });
const usage = process.resourceUsage();
const pagefindCpuMs = pagefind.stop();
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
  pagefindCpuMs,
}) + '\n');

/**
 * CPU time of Pagefind's process (a child of this one, stopped by the build before it returns, so
 * it is read while it lives): the last reading of each, from /proc every 50 ms. Linux only
 * (undefined elsewhere); it can miss up to 50 ms of the end.
 */
function watchPagefind() {
  if (!existsSync('/proc/self/task')) return { stop: () => undefined };
  const ticks = new Map();
  const read = () => {
    for (const task of readdirSync('/proc/self/task')) {
      let children = '';
      try {
        children = readFileSync(`/proc/self/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const pid of children.split(' ').filter(Boolean)) {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          if (!/\(pagefind/.test(stat)) continue;
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          ticks.set(pid, Number(f[11]) + Number(f[12]));
        } catch {
          /* ended meanwhile */
        }
      }
    }
  };
  const timer = setInterval(read, 50);
  return {
    stop() {
      clearInterval(timer);
      let sum = 0;
      for (const t of ticks.values()) sum += t;
      return (sum * 1000) / 100;
    },
  };
}
