// Summarise a V8 .cpuprofile (node --cpu-prof): self time by package (node_modules package, Kiln
// stage folder under lib/, or Node internals) and the top functions. Frames in an esbuild bundle
// (lib/bundle/, what `kiln` runs) are mapped back to their source through the bundle's source maps,
// so a profile of the real build is charged to Kiln's modules and packages, not to chunk files.
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [top=25]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';

/** `url` → the source file and line its frame came from, when a source map sits beside it. */
function sourceMapper() {
  const consumers = new Map();
  const consumerOf = (url) => {
    if (!consumers.has(url)) {
      let c;
      const file = url.startsWith('file://') ? fileURLToPath(url) : undefined;
      if (file && existsSync(`${file}.map`)) c = { dir: path.dirname(file), map: new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) };
      consumers.set(url, c);
    }
    return consumers.get(url);
  };
  return (frame) => {
    const c = frame.url && consumerOf(frame.url);
    if (!c) return frame;
    const pos = c.map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber + 1 });
    if (!pos.source) return frame;
    return { ...frame, url: pathToFileURL(path.resolve(c.dir, pos.source)).href, lineNumber: pos.line - 1 };
  };
}

function owner(url) {
  if (!url) return '(native/vm)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const lib = /\/(?:lib|src)\/(node|cli|shared)\/([^/]+)/.exec(url);
  if (lib) return `kiln:${lib[1]}/${lib[2].replace(/\.js$/, '')}`;
  if (url.startsWith('node:')) return 'node:internals';
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

export function summariseProfile(file, top = 25) {
  const prof = JSON.parse(readFileSync(file, 'utf8'));
  const mapped = sourceMapper();
  for (const n of prof.nodes) n.callFrame = mapped(n.callFrame);
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byPkg = new Map();
  const byFn = new Map();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const special = /^\((program|garbage collector|idle|root)\)$/.test(functionName);
    const pkg = special ? functionName : owner(url);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
    const key = special ? functionName : `${functionName || '(anonymous)'} ${pkg}:${lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  // Inclusive: each sample charged to the innermost Kiln module on its stack (which stage pays).
  const parent = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map();
  const stage = (id) => {
    if (stageOf.has(id)) return stageOf.get(id);
    const n = byId.get(id);
    const m = /\/(?:lib|src)\/(node|cli)\/(.+)\.[jt]sx?$/.exec(n.callFrame.url);
    const v = m ? `kiln:${m[1]}/${m[2]}` : parent.has(id) ? stage(parent.get(id)) : '(outside Kiln)';
    stageOf.set(id, v);
    return v;
  };
  const byStage = new Map();
  for (const [id, us] of self) {
    const special = /^\((garbage collector|idle|program)\)$/.test(byId.get(id).callFrame.functionName);
    const k = special ? byId.get(id).callFrame.functionName : stage(id);
    byStage.set(k, (byStage.get(k) ?? 0) + us);
  }
  const fmt = (rows, n) => [...rows].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([k, us]) => `${(us / 1000).toFixed(0).padStart(7)} ms ${(us / total * 100).toFixed(1).padStart(5)}%  ${k}`).join('\n');
  return `total sampled ${(total / 1000).toFixed(0)} ms\nby package (self):\n${fmt(byPkg, 20)}\nby innermost Kiln module on the stack (inclusive of libraries it calls):\n${fmt(byStage, 20)}\ntop functions:\n${fmt(byFn, top)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(summariseProfile(process.argv[2], Number(process.argv[3] ?? 25)));
