// `node bench/highlight-engines.mjs [--blocks corpus,synthetic] [--engines shiki,hybrid] [--rounds 3] [--every 1] [--langs] [--per-site]`
// The highlighter alone, cold, per engine: each round is a fresh process that makes a highlighter
// (no highlight store, nothing loaded) and highlights every fenced block a build highlights (not
// Mermaid diagrams) of the corpus (../shared/corpus, 29,526 blocks) or of the synthetic site
// (../shared/perf/gen.mjs 1000, 2,482 blocks), in page order. What counts is CPU time
// (process.cpuUsage: user + system of every thread, WebAssembly compilation included), not wall
// time: the machine is shared. Prints each round, the median CPU per block and each engine's ratio
// to the first listed (`shiki`: Kiln's highlighter without tree-sitter). `--langs` adds the CPU per
// block of the costliest languages (reading the clock per block adds to every figure). `--every N`
// takes one block in N (a quick look; cold costs then weigh more). `--per-site`: the corpus's blocks
// one site at a time, a fresh process per site and engine, as a build of that site starts (the
// first use of each grammar paid per site, not once for all 40); engines in turn per site and round,
// each site's median over the rounds, and the ratio of the sums of those medians. `ENGINE@DIR` runs that engine from another checkout's build (DIR/lib/bundle,
// as its `kiln` loads the highlighter) on this checkout's blocks: a reference that does not move when
// this checkout's Shiki path gets faster (`shiki@../kiln-f69eaab`, the highlighter before tree-sitter).
// Each engine runs with the V8 settings its checkout's `kiln` sets (lib/node/v8-flags.js).
// Needs `npm run build:pkg` (it runs the highlighter from lib/bundle, as `kiln` does).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusBlocks, corpusRoot, corpusSites, fencedBlocks, isHighlighted, pageFiles } from './corpus-blocks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');

/** The highlighter options each engine name stands for (createShikiHighlighter in src/node/highlight/shiki.ts). */
export const ENGINES = {
  shiki: { engine: 'shiki' },
  'shiki-oniguruma': { engine: 'shiki', regexEngine: 'oniguruma' },
  hybrid: { engine: 'hybrid' },
  // The hybrid as it runs when tree-sitter's native bindings do not load (native-grammars.ts).
  'hybrid-no-native': { engine: 'hybrid', loadNative: () => { throw new Error('not loaded'); } },
  'hybrid-oniguruma': { engine: 'hybrid', regexEngine: 'oniguruma' },
};

/** The synthetic site's folder: gen.mjs 1000 (seed 42) under the temporary folder, made once. */
function syntheticSite() {
  const dir = path.join(process.env.KILN_PERF_DIR ?? path.join(os.tmpdir(), 'kiln-perf'), 'gen-1000-42');
  if (!existsSync(path.join(dir, 'index.md'))) {
    const gen = path.resolve(process.env.KILN_PERF_SCRIPTS ?? path.join(repo, '../shared/perf'), 'gen.mjs');
    const r = spawnSync(process.execPath, [gen, '1000', dir, '42'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`gen.mjs failed: ${r.stderr}`);
  }
  return dir;
}

export function blocksOf(which) {
  if (which === 'corpus') return corpusBlocks(corpusRoot(repo)).filter(isHighlighted);
  if (which.startsWith('site:')) return corpusBlocks(corpusRoot(repo), [which.slice(5)]).filter(isHighlighted);
  if (which === 'synthetic') return pageFiles(syntheticSite()).flatMap((f) => fencedBlocks(readFileSync(f, 'utf8'))).filter(isHighlighted);
  throw new Error(`--blocks takes corpus or synthetic, not ${which}`);
}

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** One cold round in this process: prints {blocks, cpuMs, langs} as JSON. */
async function child(engine, which, every, perLanguage) {
  const blocks = blocksOf(which).filter((_, i) => i % every === 0);
  const [name, dir] = engine.split('@');
  // The V8 settings `kiln` runs with, as that checkout's `kiln` set them (none before v8-flags.js).
  const flags = path.join(dir ? path.resolve(dir) : repo, 'lib/node/v8-flags.js');
  if (existsSync(flags)) (await import(flags)).setV8Flags();
  const t0 = cpuMs();
  const { createShikiHighlighter } = await import(highlighterModule(dir));
  const hl = createShikiHighlighter(ENGINES[name]);
  const langs = {};
  for (const b of blocks) {
    // Reading the CPU clock per block costs a system call each: only when the languages are asked for.
    const a = perLanguage ? cpuMs() : 0;
    await hl.highlight({ code: b.code, lang: b.lang });
    if (!perLanguage) continue;
    const l = (langs[b.lang.toLowerCase() || '(none)'] ??= [0, 0]);
    l[0]++;
    l[1] += cpuMs() - a;
  }
  console.log(JSON.stringify({ blocks: blocks.length, cpuMs: cpuMs() - t0, langs }));
}

/**
 * The highlighter module of this checkout, or of the one in `dir`, as `kiln` loads it: the bundle's
 * chunk (scripts/bundle-node.mjs), whose loading a cold process pays too; tsc's build without one.
 */
function highlighterModule(dir) {
  const root = dir ? path.resolve(dir) : repo;
  const chunks = path.join(root, 'lib/bundle/chunks');
  const chunk = existsSync(chunks) ? readdirSync(chunks).find((f) => /^shiki-\w+\.js$/.test(f)) : undefined;
  return chunk ? path.join(chunks, chunk) : path.join(root, 'lib/node/highlight/shiki.js');
}

function round(engine, which, every, langs) {
  return new Promise((resolve, reject) => {
    const args = [fileURLToPath(import.meta.url), '--child', engine, '--blocks', which, '--every', String(every), ...(langs ? ['--langs'] : [])];
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop())) : reject(new Error(`${engine} on ${which} exited ${code}`))));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(argv) {
  const o = { blocks: ['corpus', 'synthetic'], engines: ['shiki', 'hybrid'], rounds: 3, every: 1, langs: false, perSite: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--child') return child(argv[++i], argv[argv.indexOf('--blocks') + 1], Number(argv[argv.indexOf('--every') + 1]), argv.includes('--langs'));
    if (a === '--blocks') o.blocks = argv[++i].split(',');
    else if (a === '--engines') o.engines = argv[++i].split(',');
    else if (a === '--rounds') o.rounds = Number(argv[++i]);
    else if (a === '--every') o.every = Number(argv[++i]);
    else if (a === '--langs') o.langs = true;
    else if (a === '--per-site') o.perSite = true;
    else throw new Error(`Unknown option ${a}`);
  }
  for (const e of o.engines) {
    const [name, dir] = e.split('@');
    if (!ENGINES[name]) throw new Error(`--engines takes ${Object.keys(ENGINES).join(', ')}, each optionally @ another checkout's folder`);
    if (!existsSync(highlighterModule(dir))) throw new Error(`${highlighterModule(dir)} is missing: run \`npm run build:pkg\` ${dir ? `in ${dir}` : 'first'}.`);
  }
  console.log(`highlighting alone, cold, CPU time; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (o.perSite) return perSite(o.engines, o.rounds);
  for (const which of o.blocks) {
    const runs = Object.fromEntries(o.engines.map((e) => [e, []]));
    // Engines in turn within each round, so that each sees the same machine.
    for (let r = 1; r <= o.rounds; r++) {
      for (const e of o.engines) {
        const res = await round(e, which, o.every, o.langs);
        runs[e].push(res);
        console.log(`  ${which} round ${r} ${e.padEnd(17)} ${(res.cpuMs / 1000).toFixed(2).padStart(7)} s CPU  ${(res.cpuMs / res.blocks).toFixed(3)} ms/block (${res.blocks} blocks)`);
      }
    }
    const perBlock = (e) => median(runs[e].map((r) => r.cpuMs / r.blocks));
    const [reference] = o.engines;
    console.log(`== ${which}: median CPU per block over ${o.rounds} round(s) ==`);
    for (const e of o.engines) console.log(`  ${e.padEnd(17)} ${perBlock(e).toFixed(3)} ms/block  ×${(perBlock(reference) / perBlock(e)).toFixed(2)} less than ${reference}`);
    if (o.langs) {
      const first = runs[o.engines[0]][0].langs;
      const top = Object.entries(first).sort((a, b) => b[1][1] - a[1][1]).slice(0, 15).map(([l]) => l);
      console.log(`  ${'language (blocks)'.padEnd(24)}${o.engines.map((e) => e.padStart(18)).join('')}   ms/block, first round`);
      for (const l of top) console.log(`  ${`${l} (${first[l][0]})`.padEnd(24)}${o.engines.map((e) => { const v = runs[e][0].langs[l]; return (v ? (v[1] / v[0]).toFixed(3) : '-').padStart(18); }).join('')}`);
    }
  }
}

/**
 * Each corpus site cold, in a process of its own per engine and round (engines in turn, so that
 * each sees the same machine); a site's figure is its median over the rounds, which keeps a burst
 * of load on the machine out of the totals. Prints each site and the ratio of the totals.
 */
async function perSite(engines, rounds) {
  const totals = Object.fromEntries(engines.map((e) => [e, 0]));
  let blocks = 0;
  console.log(`  ${'site'.padEnd(36)} ${'blocks'.padStart(6)}${engines.map((e) => `${e} ms`.padStart(14)).join('')}   median of ${rounds} round(s)`);
  for (const site of corpusSites(corpusRoot(repo))) {
    const runs = Object.fromEntries(engines.map((e) => [e, []]));
    let count = 0;
    for (let r = 0; r < rounds; r++) {
      for (const e of engines) {
        const res = await round(e, `site:${site}`, 1, false);
        runs[e].push(res.cpuMs);
        count = res.blocks;
      }
    }
    const row = engines.map((e) => median(runs[e]));
    engines.forEach((e, i) => (totals[e] += row[i]));
    blocks += count;
    console.log(`  ${site.padEnd(36)} ${String(count).padStart(6)}${row.map((ms) => ms.toFixed(0).padStart(14)).join('')}`);
  }
  console.log(`== corpus, one site at a time: ${blocks} blocks, each site's median of ${rounds} round(s) ==`);
  const [reference] = engines;
  for (const e of engines) console.log(`  ${e.padEnd(17)} ${(totals[e] / 1000).toFixed(1)} s CPU  ${(totals[e] / blocks).toFixed(3)} ms/block  ×${(totals[reference] / totals[e]).toFixed(2)} less than ${reference}`);
}

await main(process.argv.slice(2));
