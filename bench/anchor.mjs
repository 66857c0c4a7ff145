// `npm run bench -- --anchor starlight [--pages 1000[,10000]] [--rounds 3] [--seed 42]`
// Kiln beside an established builder on the same Markdown site, cold, in one run: the site is
// `../shared/perf/gen.mjs N` (plain Markdown every builder reads), laid out for Kiln by
// `kiln-site.mjs` and for the anchor by `anchor-site.sh`; each round builds with Kiln, then with the
// anchor, so both see the same machine. Prints each build and the medians: wall time, CPU (user +
// system of the whole process tree, GNU time), peak RSS (the largest process), and the anchor's
// time over Kiln's. The anchor is installed once by `setup-anchors.sh` (Starlight and the Node 22 it
// needs, from the npm registry) under $KILN_PERF_DIR (default $TMPDIR/kiln-perf), outside the
// repository; the sites and outputs go there too. Not part of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const ANCHORS = ['starlight', 'docusaurus', 'vitepress'];

function parseArgs(argv) {
  const o = { anchor: 'starlight', pages: [1000], rounds: 3, seed: 42 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--anchor') o.anchor = argv[++i];
    else if (a === '--pages') o.pages = argv[++i].split(',').map(Number);
    else if (a === '--rounds') o.rounds = Number(argv[++i]);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--no-dev' || a === '--no-rebuild') continue;
    else throw new Error(`Unknown option ${a} with --anchor (takes --pages, --rounds, --seed)`);
  }
  if (!ANCHORS.includes(o.anchor)) throw new Error(`--anchor takes ${ANCHORS.join(', ')}`);
  if (o.pages.some((n) => !Number.isInteger(n) || n < 10)) throw new Error('--pages takes whole numbers ≥ 10');
  if (!Number.isInteger(o.rounds) || o.rounds < 1) throw new Error('--rounds takes a whole number ≥ 1');
  return o;
}

const workDir = () => process.env.KILN_PERF_DIR ?? path.join(process.env.TMPDIR ?? os.tmpdir(), 'kiln-perf');
/** The shared anchor scripts: ../shared/perf beside the repository, or KILN_PERF_SCRIPTS. */
const scriptsDir = () => process.env.KILN_PERF_SCRIPTS ?? path.resolve(repo, '../shared/perf');

function must(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts, env: { ...process.env, KILN_PERF_DIR: workDir(), ...opts.env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Runs `cmd` under GNU time: wall, CPU of it and its children, peak RSS of the largest process. */
function timed(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'KILN-TIME %e %U %S %M', cmd, ...args], { ...opts, env: { ...process.env, NO_COLOR: '1', ...opts.env } });
    let err = '';
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /KILN-TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(err);
      if (code !== 0 || !m) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${out.slice(-2000)}\n${err.slice(-2000)}`));
      resolve({ wall: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMb: Number(m[4]) / 1024 });
    });
  });
}

/** Moves a folder out of the way (see `setAside` in run.mjs: removing thousands of files just before a build slows its file creation). */
function setAside(w, folder) {
  if (!existsSync(folder)) return;
  const trash = path.join(w, 'trash', `${Date.now()}-${process.pid}`);
  mkdirSync(trash, { recursive: true });
  renameSync(folder, path.join(trash, path.basename(folder)));
}

/**
 * What each anchor's build script (anchor-build.sh) removes before it builds: its output and cache.
 * They are set aside first, so that the script finds nothing to remove. Removed, the last round's
 * thousands of files slowed the file creation of the builds after it (both the anchor's and the
 * next round's Kiln build, run within the minute) on a file system like this machine's.
 */
const ANCHOR_OUTPUTS = { starlight: ['dist', '.astro'], docusaurus: ['build', '.docusaurus'], vitepress: ['.vitepress/dist', '.vitepress/cache'] };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (r) => `${r.wall.toFixed(1).padStart(6)} s wall ${r.cpu.toFixed(1).padStart(6)} s CPU ${r.rssMb.toFixed(0).padStart(6)} MB`;

export async function main(argv) {
  const o = parseArgs(argv);
  const w = workDir();
  const scripts = scriptsDir();
  if (!existsSync(path.join(scripts, 'gen.mjs'))) throw new Error(`The anchor scripts are not in ${scripts} (set KILN_PERF_SCRIPTS)`);
  if (!existsSync(path.join(repo, 'lib/bundle/api.js'))) throw new Error('Run `npm run build:pkg` first.');
  const installed = { starlight: 'starlight/node_modules/astro', docusaurus: 'docusaurus/node_modules/@docusaurus/core', vitepress: 'vitepress/node_modules/vitepress' }[o.anchor];
  if (!existsSync(path.join(w, installed))) {
    console.log(`installing the anchors into ${w} (setup-anchors.sh, once)…`);
    must('bash', [path.join(scripts, 'setup-anchors.sh'), w]);
  }
  mkdirSync(w, { recursive: true });
  const cores = os.cpus().length;
  console.log(`Kiln beside ${o.anchor}, cold builds in turn, ${o.rounds} round(s); ${cores} cores, ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const summary = [];
  for (const n of o.pages) {
    const corpus = path.join(w, `gen-${n}-${o.seed}`);
    if (!existsSync(path.join(corpus, 'index.md'))) must(process.execPath, [path.join(scripts, 'gen.mjs'), String(n), corpus, String(o.seed)]);
    const kilnSite = path.join(w, 'kiln', `n${n}-${o.seed}`);
    setAside(w, kilnSite);
    must(process.execPath, [path.join(scripts, 'kiln-site.mjs'), corpus, kilnSite]);
    // anchor-site.sh removes the folder it lays the site out in: the last run's is set aside first.
    setAside(w, path.join(w, o.anchor, `n${n}-${o.seed}`));
    const anchorSite = must('bash', [path.join(scripts, 'anchor-site.sh'), o.anchor, corpus, `n${n}-${o.seed}`]).trim().split('\n').pop();
    const out = path.join(w, 'kiln-out', `n${n}`);
    const runs = { kiln: [], anchor: [] };
    console.log(`\n== ${n} pages (gen.mjs ${n}, seed ${o.seed}) ==`);
    for (let round = 1; round <= o.rounds; round++) {
      // Cold: no rebuild cache or highlight store from the round before, a fresh output folder.
      setAside(w, path.join(kilnSite, '.kiln'));
      setAside(w, out);
      const k = await timed(process.execPath, [path.join(repo, 'bin/kiln.js'), 'build', kilnSite, '--out', out], { cwd: kilnSite });
      runs.kiln.push(k);
      console.log(`  round ${round}  kiln       ${fmt(k)}`);
      for (const f of ANCHOR_OUTPUTS[o.anchor]) setAside(w, path.join(anchorSite, f));
      const a = await timed('bash', [path.join(scripts, 'anchor-build.sh'), o.anchor, anchorSite]);
      runs.anchor.push(a);
      console.log(`  round ${round}  ${o.anchor.padEnd(10)} ${fmt(a)}`);
    }
    const med = (rs) => ({ wall: median(rs.map((r) => r.wall)), cpu: median(rs.map((r) => r.cpu)), rssMb: median(rs.map((r) => r.rssMb)) });
    const mk = med(runs.kiln);
    const ma = med(runs.anchor);
    console.log(`  median    kiln       ${fmt(mk)}`);
    console.log(`  median    ${o.anchor.padEnd(10)} ${fmt(ma)}`);
    console.log(`  ${o.anchor} / kiln: ×${(ma.wall / mk.wall).toFixed(2)} wall, ×${(ma.cpu / mk.cpu).toFixed(2)} CPU, ×${(ma.rssMb / mk.rssMb).toFixed(2)} peak RSS`);
    summary.push({ n, kiln: mk, anchor: ma });
  }
  if (summary.length > 1) {
    console.log(`\n== side by side (medians) ==`);
    for (const s of summary) console.log(`  ${String(s.n).padStart(6)} pages  kiln ${fmt(s.kiln)}   ${o.anchor} ${fmt(s.anchor)}   ×${(s.anchor.wall / s.kiln.wall).toFixed(2)} wall`);
  }
  console.log(`\nSites, outputs and set-aside trash are under ${w}.`);
}
