import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IslandSource } from '../mdx/compiler.js';
import { SCOPE_NAMES } from '../mdx/plugins/recma-islands.js';
import { IMPORT_META } from '../mdx/plugins/recma-module-scope.js';
import { PACKAGE_ROOT } from '../package-root.js';
import type { AssetFile } from '../client-assets.js';

/**
 * Browser bundles for islands (stateful components of pages and snippets). Each page with islands
 * gets one entry module that imports the modules of its islands (render/islands.tsx renders each
 * as `<div data-kiln-island>`) and hydrates them. A module is a file's own code (IslandSource):
 * an MDX file's declarations as written, or a script snippet whole; its imports of other snippets
 * are the modules of those files, React is Kiln's, and the names it uses from Kiln's scope (hooks
 * without importing them, `user`) come from a generated module. Entries are built together with
 * code splitting, so React is one shared chunk that a reader downloads once for all such pages.
 * Pages without islands load none of it.
 */

export const ISLANDS_PATH = '/_kiln/islands/';

/** The Kiln package folder: `react` and `react-dom` resolve from its node_modules (same from src/ and lib/). */
const PACKAGE_DIR = PACKAGE_ROOT + path.sep;
const require = createRequire(import.meta.url);
const REACT_VERSION = (JSON.parse(readFileSync(require.resolve('react/package.json'), 'utf8')) as { version: string }).version;
/** Bump when the generated code below changes, so cached entry modules are not reused. */
const FORMAT = 2;

/**
 * The hydration runtime, shared by all entries (it ends up in the shared chunk). An island whose
 * browser render throws (it renders a component only the server has) keeps the HTML the server
 * gave it. `data-kiln-client` islands are rendered from scratch: their server HTML is a fallback.
 */
const RUNTIME = `
import * as React from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
function revive(v) {
  if (Array.isArray(v)) return v.map(revive);
  if (v && typeof v === 'object') {
    if (typeof v.$el === 'string') return React.createElement(v.$el, revive(v.props || {}));
    const o = {};
    for (const k in v) o[k] = revive(v[k]);
    return o;
  }
  return v;
}
export function hydrate(sources) {
  for (const el of document.querySelectorAll('[data-kiln-island]')) {
    if (el.parentElement && el.parentElement.closest('[data-kiln-island]')) continue;
    const C = (sources[el.dataset.kilnSource] || {})[el.dataset.kilnIsland];
    if (!C) continue;
    const html = el.innerHTML;
    const name = el.dataset.kilnIsland;
    const keep = (e) => {
      console.warn('[kiln] island ' + name + ' keeps its server HTML:', e);
      queueMicrotask(() => { el.innerHTML = html; el.setAttribute('data-kiln-static', ''); });
    };
    try {
      const props = revive(JSON.parse(el.dataset.props || '{}'));
      const element = React.createElement(C, props);
      if (el.hasAttribute('data-kiln-client')) createRoot(el, { onUncaughtError: keep }).render(element);
      else hydrateRoot(el, element, { onUncaughtError: keep, onRecoverableError: (e) => console.warn('[kiln] island ' + name, e) });
      el.setAttribute('data-hydrated', '');
    } catch (e) {
      console.error('[kiln] island ' + name, e);
    }
  }
}
`;

/** Built-in components in the browser: Kiln renders them on the server only (the island then keeps its server HTML). */
const SERVER_ONLY = `
export function __kilnServerOnly(name) {
  const C = () => { throw new Error('<' + name + '> is rendered by the server only'); };
  C.displayName = name;
  return C;
}
`;

/** The module that gives island code the names it uses from Kiln's scope. */
function scopeSource(names: Set<string>): string {
  const react = SCOPE_NAMES.filter((n) => n !== 'React' && names.has(n));
  return [
    `import * as React from 'react';`,
    `import { __kilnServerOnly } from 'kiln:server-only';`,
    `export { React };`,
    react.length ? `export const { ${react.join(', ')} } = React;` : '',
    `export const user = {};`,
    ...[...names].filter((n) => n !== 'React' && n !== 'user' && !react.includes(n as (typeof SCOPE_NAMES)[number])).map((n) => `export const ${n} = __kilnServerOnly(${JSON.stringify(n)});`),
  ].join('\n');
}

/** A module's code as the bundle reads it: its scope and snippet imports above what the author wrote. */
function moduleSource(m: IslandSource, modules: Map<string, IslandSource>, name: (file: string) => string): string {
  const lines: string[] = [];
  if (m.scope.length) lines.push(`import { ${m.scope.join(', ')} } from 'kiln:scope';`);
  for (const b of m.bindings) {
    const target = modules.get(b.file);
    const from = JSON.stringify(`kiln-module:${name(b.file)}`);
    if (b.export === '*' && target) lines.push(`import * as ${b.name} from ${from};`);
    else if (target && b.export && target.exports.includes(b.export)) lines.push(`import { ${b.export} as ${b.name} } from ${from};`);
    // An MDX snippet's content, or a name the snippet does not export: nothing the browser can render.
    else lines.push(`const ${b.name} = __kilnServerOnly(${JSON.stringify(b.name)});`);
  }
  if (lines.some((l) => l.includes('__kilnServerOnly('))) lines.unshift(`import { __kilnServerOnly } from 'kiln:server-only';`);
  lines.push(m.source);
  // An MDX file's declarations lost their `export`.
  if (/\.mdx?$/i.test(m.file) && m.exports.length) lines.push(`;export { ${m.exports.join(', ')} };`);
  return lines.join('\n');
}

/** The entry module of a page: every module with islands, hydrated. */
function entrySource(islands: IslandSource[], name: (file: string) => string): string {
  const roots = islands.filter((m) => m.names.length);
  return [
    `import { hydrate } from 'kiln:islands-runtime';`,
    ...roots.map((m, i) => `import * as m${i} from ${JSON.stringify(`kiln-module:${name(m.file)}`)};`),
    `hydrate({ ${roots.map((m, i) => `${JSON.stringify(m.id)}: m${i}`).join(', ')} });`,
  ].join('\n');
}

/** The URL of a page's entry module: named by its content, so it can be linked before it is built. */
export function islandsEntryName(islands: IslandSource[]): string {
  const ids = islands.map((i) => i.id).sort().join(',');
  return 'page-' + createHash('sha256').update(`${FORMAT}:${REACT_VERSION}:${ids}`).digest('hex').slice(0, 12);
}

export function islandsEntryUrl(islands: IslandSource[]): string {
  return `${ISLANDS_PATH}${islandsEntryName(islands)}.js`;
}

/**
 * Bundles the entries (one per distinct set of islands) with esbuild: entry modules named as
 * `islandsEntryUrl` says, plus shared chunks. esbuild is loaded only when some page needs it.
 */
export async function bundleIslands(entries: IslandSource[][]): Promise<AssetFile[]> {
  const byName = new Map<string, IslandSource[]>();
  for (const e of entries) if (e.some((m) => m.names.length)) byName.set(islandsEntryName(e), e);
  if (byName.size === 0) return [];
  // One build has one version of each file.
  const modules = new Map<string, IslandSource>();
  for (const e of byName.values()) for (const m of e) modules.set(m.file, m);
  const scope = new Set<string>([...modules.values()].flatMap((m) => m.scope));
  // Modules are named to esbuild by their path from the folder that holds them all: the names go
  // into the shared chunks' hashes, which would otherwise change with where the project is.
  const base = commonFolder([...modules.keys()]);
  const name = (file: string) => path.relative(base, file).split(path.sep).join('/');
  const named = new Map([...modules.values()].map((m) => [name(m.file), m]));
  const esbuild = await import('esbuild');
  const outdir = path.join(PACKAGE_DIR, '.kiln-islands-out');
  const result = await esbuild.build({
    entryPoints: Object.fromEntries([...byName.keys()].map((name) => [name, `kiln-entry:${name}`])),
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    minify: true,
    legalComments: 'none',
    target: 'es2020',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': JSON.stringify(IMPORT_META.env) },
    logLevel: 'silent',
    absWorkingDir: PACKAGE_DIR,
    plugins: [{
      name: 'kiln-islands',
      setup(build) {
        build.onResolve({ filter: /^kiln-entry:|^kiln:(islands-runtime|scope|server-only)$/ }, (args) => ({ path: args.path, namespace: 'kiln' }));
        build.onResolve({ filter: /^kiln-module:/ }, (args) => ({ path: args.path.slice('kiln-module:'.length), namespace: 'kiln-module' }));
        // React is Kiln's, whatever folder the snippet is in.
        build.onResolve({ filter: /^react(-dom)?(\/.*)?$/, namespace: 'kiln-module' }, (args) => build.resolve(args.path, { kind: args.kind, resolveDir: PACKAGE_DIR }));
        // A script snippet's own imports: other snippets' modules; anything else is not there.
        build.onResolve({ filter: /.*/, namespace: 'kiln-module' }, (args) => {
          const file = named.get(args.importer)?.imports[args.path];
          return file && modules.has(file) ? { path: name(file), namespace: 'kiln-module' } : { path: args.path, namespace: 'kiln-missing' };
        });
        build.onLoad({ filter: /.*/, namespace: 'kiln-missing' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
        build.onLoad({ filter: /.*/, namespace: 'kiln-module' }, (args) => {
          const m = named.get(args.path)!;
          return { contents: moduleSource(m, modules, name), loader: m.loader, resolveDir: path.dirname(m.file) };
        });
        build.onLoad({ filter: /.*/, namespace: 'kiln' }, (args) => {
          if (args.path === 'kiln:islands-runtime') return { contents: RUNTIME, loader: 'js', resolveDir: PACKAGE_DIR };
          if (args.path === 'kiln:server-only') return { contents: SERVER_ONLY, loader: 'js', resolveDir: PACKAGE_DIR };
          if (args.path === 'kiln:scope') return { contents: scopeSource(scope), loader: 'js', resolveDir: PACKAGE_DIR };
          const islands = byName.get(args.path.slice('kiln-entry:'.length))!;
          return { contents: entrySource(islands, name), loader: 'js', resolveDir: PACKAGE_DIR };
        });
      },
    }],
  });
  return result.outputFiles.map((f) => ({
    url: ISLANDS_PATH + path.relative(outdir, f.path).split(path.sep).join('/'),
    type: 'text/javascript; charset=utf-8',
    body: f.text,
  }));
}

/** The deepest folder holding every one of `files` (absolute paths). */
function commonFolder(files: string[]): string {
  let base = path.dirname(files[0] ?? path.sep);
  const outside = (f: string) => {
    const rel = path.relative(base, f);
    return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
  };
  for (const f of files) while (outside(f) && path.dirname(base) !== base) base = path.dirname(base);
  return base;
}
