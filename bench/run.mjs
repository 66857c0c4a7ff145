// `npm run bench [-- --pages 1000] [--pages 100,1000] [--seed 42] [--profile real|synthetic] [--cpu-prof] [--no-dev] [--no-rebuild]`
// `npm run bench -- --anchor starlight [--pages 1000] [--rounds 3]`: see bench/anchor.mjs.
// Generates a seeded synthetic site (bench/generate.mjs; `--profile real`, the default, is shaped on
// the corpus's pages, `synthetic` is the earlier generator) under bench/.sites/ (git-ignored), builds it
// with the real API in a child process (bench/build-once.mjs), and prints pages per second, time per
// stage, peak memory, output size, the gzip size of what a content page loads, a one-page rebuild,
// and the dev server's time to first page and save → changed response. Needs `npm run build:pkg`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { generateSite, PROFILES } from './generate.mjs';
import { summariseProfile } from './profile-summary.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const bin = path.join(repo, 'bin/kiln.js');

function parseArgs(argv) {
  const o = { pages: [100], seed: 42, profile: 'real', cpuProf: false, dev: true, rebuild: true, dir: path.join(here, '.sites') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--pages') o.pages = argv[++i].split(',').map(Number);
    else if (a.startsWith('--pages=')) o.pages = a.slice(8).split(',').map(Number);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--profile') o.profile = argv[++i];
    else if (a.startsWith('--profile=')) o.profile = a.slice(10);
    else if (a === '--cpu-prof') o.cpuProf = true;
    else if (a === '--no-dev') o.dev = false;
    else if (a === '--no-rebuild') o.rebuild = false;
    else if (a === '--dir') o.dir = path.resolve(argv[++i]);
    else throw new Error(`Unknown option ${a}`);
  }
  if (o.pages.some((n) => !Number.isInteger(n) || n < 10)) throw new Error('--pages takes whole numbers ≥ 10');
  if (!PROFILES.includes(o.profile)) throw new Error(`--profile takes ${PROFILES.join(' or ')} (the CPU profile is --cpu-prof)`);
  return o;
}

function run(args, { cwd = repo } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${args.join(' ')} exited ${code}\n${stderr}`))));
  });
}

async function buildOnce(site, out, extraNodeArgs = []) {
  const wall = performance.now();
  const stdout = await run([...extraNodeArgs, path.join(here, 'build-once.mjs'), site, out]);
  const r = JSON.parse(stdout.trim().split('\n').pop());
  r.wallMs = performance.now() - wall;
  return r;
}

function walk(dir, files = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) walk(f, files);
    else files.push(f);
  }
  return files;
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** What a content page links: external stylesheets and scripts (gzip each), inline ones, the HTML. */
export function pageWeight(out, rel) {
  const html = readFileSync(path.join(out, rel), 'utf8');
  const hrefs = (re) => [...html.matchAll(re)].map((m) => m[1]);
  const css = hrefs(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const js = [...hrefs(/<script[^>]*\ssrc="([^"]+)"/g), ...hrefs(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)];
  const inlineJs = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  const file = (u) => readFileSync(path.join(out, decodeURI(u.split(/[?#]/)[0])));
  const cssGz = css.reduce((n, u) => n + gz(file(u)), 0);
  const jsGz = js.reduce((n, u) => n + gz(file(u)), 0);
  return {
    htmlBytes: Buffer.byteLength(html), htmlGz: gz(Buffer.from(html)),
    css, js, cssGz, jsGz, inlineJsGz: inlineJs ? gz(Buffer.from(inlineJs)) : 0, inlineCssGz: inlineCss ? gz(Buffer.from(inlineCss)) : 0,
  };
}

function outputStats(out) {
  const files = walk(out);
  let total = 0, html = 0, htmlCount = 0, docsHtml = 0, docsCount = 0, apiHtml = 0, apiCount = 0, search = 0;
  for (const f of files) {
    const size = statSync(f).size;
    total += size;
    const rel = path.relative(out, f);
    if (rel.startsWith('_kiln/search')) search += size;
    if (!f.endsWith('.html')) continue;
    html += size; htmlCount++;
    if (rel.startsWith('docs/')) { docsHtml += size; docsCount++; }
    if (rel.startsWith('api-reference/')) { apiHtml += size; apiCount++; }
  }
  return { files: files.length, total, html, htmlCount, docsAvg: docsHtml / (docsCount || 1), apiAvg: apiHtml / (apiCount || 1), search };
}

async function fetchText(url) {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

/** `kiln dev`: time to first page, and from a save to a response that has the change. */
async function measureDev(site, pageRel, pageUrl) {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, 'dev', site, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`kiln dev did not start:\n${out}`)), 60_000);
      child.stderr.on('data', (d) => {
        out += d;
        const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) { clearTimeout(timer); resolve(m[1]); }
      });
      child.on('exit', (code) => reject(new Error(`kiln dev exited ${code}:\n${out}`)));
    });
    const listening = performance.now() - started;
    const first = await fetchText(url + pageUrl);
    const firstPage = performance.now() - started;
    if (first.status !== 200) throw new Error(`dev: ${pageUrl} answered ${first.status}`);
    const second = performance.now();
    await fetchText(url + pageUrl);
    const warmPage = performance.now() - second;
    // Save → response with the change (polls the page as a reloading browser would).
    const file = path.join(site, pageRel);
    const original = readFileSync(file, 'utf8');
    const marker = `bench-marker-${Date.now()}`;
    const saved = performance.now();
    writeFileSync(file, original + `\nEdited paragraph ${marker}.\n`);
    let saveToChange = NaN;
    try {
      for (;;) {
        const r = await fetchText(url + pageUrl);
        if (r.text.includes(marker)) { saveToChange = performance.now() - saved; break; }
        if (performance.now() - saved > 30_000) break;
        await new Promise((res) => setTimeout(res, 5));
      }
    } finally {
      writeFileSync(file, original);
    }
    return { listening, firstPage, warmPage, saveToChange };
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * Moves a previous run's output or cache into `<dir>/trash/` instead of removing it. This machine's
 * ext4 has no journal, and without one ext4 does not reuse an inode freed in the last minute (six
 * while its table block is unwritten): each new file first steps over every file removed lately,
 * in kernel time (`recently_deleted` in a `perf` profile). Removing the last output (3,000 files)
 * just before the build made each of the build's 3,300 new files cost 0.5 ms instead of 0.04 ms:
 * 1.5-2 s of a 1,000-page build that are the bench's housekeeping, not the build (a fresh clone or
 * a CI checkout has nothing removed). The trash is left for the user to remove
 * (`rm -rf bench/.sites/trash`) when no run follows.
 */
function setAside(dir, folder) {
  if (!existsSync(folder)) return;
  const trash = path.join(dir, 'trash', `${Date.now()}-${process.pid}`);
  mkdirSync(trash, { recursive: true });
  renameSync(folder, path.join(trash, path.basename(folder)));
}

function printRow(label, value, note = '') {
  console.log(`  ${label.padEnd(28)} ${String(value).padStart(12)}  ${note}`);
}

async function benchOne(n, o) {
  const site = path.join(o.dir, `site-${o.profile}-${n}`);
  const out = path.join(o.dir, `out-${o.profile}-${n}`);
  const g0 = performance.now();
  const gen = generateSite(site, n, o.seed, o.profile);
  const genMs = performance.now() - g0;
  setAside(o.dir, out);
  // A cold build starts without the rebuild cache a previous run left.
  setAside(o.dir, path.join(site, '.kiln'));

  const profDir = path.join(o.dir, 'profiles');
  const nodeArgs = o.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-name', `build-${o.profile}-${n}.cpuprofile`] : [];
  if (o.cpuProf) mkdirSync(profDir, { recursive: true });
  const cold = await buildOnce(site, out, nodeArgs);
  if (!cold.ok) throw new Error(`build failed: ${cold.errors.join('; ')}`);
  const stats = outputStats(out);
  const probe = 'docs/section-0/page-1.html';
  const weight = pageWeight(out, probe);
  const apiProbe = `${gen.apiPages[0]}.html`;
  const apiWeight = pageWeight(out, apiProbe);

  console.log(`\n== ${n} pages, profile ${o.profile} (seed ${o.seed}; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}) ==`);
  console.log(`  site generated in ${s(genMs)}: ${gen.contentPages.length} content + ${gen.apiPages.length} OpenAPI pages → ${path.relative(repo, site)}`);
  console.log('  cold build');
  printRow('pages written / failed', `${cold.pagesWritten} / ${cold.pagesFailed}`, `${cold.warnings} warnings`);
  printRow('build time (build())', s(cold.ms), `process wall ${s(cold.wallMs)}, module import ${s(cold.importMs)}`);
  printRow('pages per second', (cold.pagesWritten / (cold.ms / 1000)).toFixed(1), `${(cold.ms / cold.pagesWritten).toFixed(1)} ms/page`);
  printRow('CPU user + system', s(cold.cpuUserMs + cold.cpuSystemMs), `${((cold.cpuUserMs + cold.cpuSystemMs) / cold.wallMs * 100).toFixed(0)}% of one core`);
  if (cold.pagefindCpuMs !== undefined) printRow('Pagefind CPU (own process)', s(cold.pagefindCpuMs), 'beside the build process, not in the figure above');
  printRow('peak RSS (build process)', mb(cold.maxRssKb * 1024));
  console.log('  stages (ms; per-page stages are sums over the pages in flight at once, on every thread)');
  printRow('settings (alone)', cold.settingsMs.toFixed(1));
  for (const [k, v] of Object.entries(cold.stages)) printRow(k, v.toFixed(1), k === 'pages-total' ? 'wall time of the page loop' : '');
  console.log('  output');
  printRow('total', mb(stats.total), `${stats.files} files, search index ${mb(stats.search)}`);
  printRow('HTML', mb(stats.html), `${stats.htmlCount} files`);
  printRow('per-page HTML, content avg', kb(stats.docsAvg));
  printRow('per-page HTML, API avg', kb(stats.apiAvg));
  printRow(`probe ${probe}`, kb(weight.htmlBytes), `gzip ${kb(weight.htmlGz)}`);
  console.log('  what a content page loads (gzip -9)');
  printRow('JS (linked)', kb(weight.jsGz), `${weight.js.join(', ')} + inline ${kb(weight.inlineJsGz)} → ${kb(weight.jsGz + weight.inlineJsGz)} (budget 25 KB)`);
  printRow('CSS (linked)', kb(weight.cssGz), `${weight.css.join(', ')} + inline ${kb(weight.inlineCssGz)} → ${kb(weight.cssGz + weight.inlineCssGz)} (budget 20 KB)`);
  printRow('HTML', kb(weight.htmlGz));
  printRow(`API page JS / CSS`, `${kb(apiWeight.jsGz + apiWeight.inlineJsGz)} / ${kb(apiWeight.cssGz + apiWeight.inlineCssGz)}`, apiProbe);

  const result = { n, cold, stats, weight, apiWeight };
  if (o.rebuild) {
    const edited = path.join(site, `${gen.contentPages[0]}.mdx`);
    writeFileSync(edited, readFileSync(edited, 'utf8') + '\nAn edited paragraph.\n');
    const re = await buildOnce(site, out);
    printRow('rebuild after 1 edit', s(re.ms), `${re.pagesReused} of ${re.pagesWritten} pages from the rebuild cache; peak RSS ${mb(re.maxRssKb * 1024)}`);
    for (const [k, v] of Object.entries(re.stages)) printRow(`  ${k}`, v.toFixed(1));
    result.rebuild = re;
  }
  if (o.dev) {
    const dev = await measureDev(site, `${gen.contentPages[1]}.mdx`, '/' + gen.contentPages[1]);
    console.log('  dev server');
    printRow('listening', s(dev.listening));
    printRow('first page served', s(dev.firstPage), 'from spawn');
    printRow('same page again', `${dev.warmPage.toFixed(0)} ms`);
    printRow('save → changed response', `${dev.saveToChange.toFixed(0)} ms`, 'polling every 5 ms');
    result.dev = dev;
  }
  if (o.cpuProf) {
    const prof = path.join(profDir, `build-${o.profile}-${n}.cpuprofile`);
    if (existsSync(prof)) {
      console.log(`  CPU profile (${path.relative(repo, prof)}), self time`);
      console.log(summariseProfile(prof).replace(/^/gm, '  '));
    }
  }
  writeFileSync(path.join(o.dir, `result-${o.profile}-${n}.json`), JSON.stringify(result, null, 2));
  return result;
}

/** The sizes run, one column each: whether time, memory and output grow linearly with pages. */
function sideBySide(results) {
  if (results.length < 2) return;
  const base = results[0];
  console.log(`\n== side by side (profile ${results[0].profile}; per 1,000 pages in brackets) ==`);
  const row = (label, f, unit = (v) => v) => {
    const cells = results.map((r) => `${unit(f(r))} (${unit((f(r) / r.n) * 1000)})`.padStart(24));
    console.log(`  ${label.padEnd(22)}${cells.join('')}`);
  };
  console.log(`  ${''.padEnd(22)}${results.map((r) => `${r.n} pages`.padStart(24)).join('')}`);
  row('build time', (r) => r.cold.ms, s);
  row('process wall', (r) => r.cold.wallMs, s);
  row('CPU user + system', (r) => r.cold.cpuUserMs + r.cold.cpuSystemMs, s);
  if (results.every((r) => r.cold.pagefindCpuMs !== undefined)) row('Pagefind CPU', (r) => r.cold.pagefindCpuMs, s);
  console.log(`  ${'peak RSS'.padEnd(22)}${results.map((r) => mb(r.cold.maxRssKb * 1024).padStart(24)).join('')}`);
  row('output total', (r) => r.stats.total, mb);
  console.log(`  ${'growth vs first'.padEnd(22)}${results.map((r) => `time ×${(r.cold.ms / base.cold.ms).toFixed(1)}, RSS ×${(r.cold.maxRssKb / base.cold.maxRssKb).toFixed(1)}`.padStart(24)).join('')}`);
}

const argv = process.argv.slice(2);
if (argv.includes('--anchor')) {
  await import('./anchor.mjs').then((m) => m.main(argv));
} else {
  const o = parseArgs(argv);
  if (!existsSync(path.join(repo, 'lib/bundle/api.js'))) throw new Error('Run `npm run build:pkg` first.');
  mkdirSync(o.dir, { recursive: true });
  const results = [];
  for (const n of o.pages) results.push({ ...(await benchOne(n, o)), profile: o.profile });
  sideBySide(results);
}
const trash = path.join(here, '.sites', 'trash');
if (existsSync(trash)) console.log(`\nEarlier outputs and caches are in ${path.relative(process.cwd(), trash)} (see setAside in bench/run.mjs); remove it when no run follows.`);
