import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IslandSource } from '../mdx/compiler.js';
import { SCOPE_NAMES } from '../mdx/plugins/recma-islands.js';
import { PACKAGE_ROOT } from '../package-root.js';
import type { AssetFile } from './client-assets.js';

/**
 * Browser bundles for stateful `export const` components (islands). Each page with islands gets
 * one entry module: React, react-dom/client, the page's (and its snippets') declarations as
 * written, and a few lines that hydrate every `<div data-kiln-island>` the server rendered
 * (render/islands.tsx). Entries are built together with code splitting, so React is one shared
 * chunk that a reader downloads once for all such pages. Pages without islands load none of it.
 */

export const ISLANDS_PATH = '/_kiln/islands/';

/** The Kiln package folder: `react` and `react-dom` resolve from its node_modules (same from src/ and lib/). */
const PACKAGE_DIR = PACKAGE_ROOT + path.sep;
const require = createRequire(import.meta.url);
const REACT_VERSION = (JSON.parse(readFileSync(require.resolve('react/package.json'), 'utf8')) as { version: string }).version;
/** Bump when the generated code below changes, so cached entry modules are not reused. */
const FORMAT = 1;

/** The hydration runtime, shared by all entries (it ends up in the shared chunk). */
const RUNTIME = `
import * as React from 'react';
import { hydrateRoot } from 'react-dom/client';
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
    try {
      const props = revive(JSON.parse(el.dataset.props || '{}'));
      hydrateRoot(el, React.createElement(C, props), { onRecoverableError: (e) => console.warn('[kiln] island ' + el.dataset.kilnIsland, e) });
      el.setAttribute('data-hydrated', '');
    } catch (e) {
      console.error('[kiln] island ' + el.dataset.kilnIsland, e);
    }
  }
}
`;

/** The entry module of a page: each source in its own block, so names never clash between them. */
function entrySource(islands: IslandSource[]): string {
  const blocks = islands.map((s) => `{\n${s.source}\n;__sources[${JSON.stringify(s.id)}] = { ${s.names.join(', ')} };\n}`);
  return [
    `import * as React from 'react';`,
    `import { hydrate } from 'kiln:islands-runtime';`,
    `const { ${SCOPE_NAMES.filter((n) => n !== 'React').join(', ')} } = React;`,
    `const __sources = {};`,
    ...blocks,
    `hydrate(__sources);`,
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
  for (const e of entries) if (e.length) byName.set(islandsEntryName(e), e);
  if (byName.size === 0) return [];
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
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    absWorkingDir: PACKAGE_DIR,
    plugins: [{
      name: 'kiln-islands',
      setup(build) {
        build.onResolve({ filter: /^kiln-entry:|^kiln:islands-runtime$/ }, (args) => ({ path: args.path, namespace: 'kiln' }));
        build.onLoad({ filter: /.*/, namespace: 'kiln' }, (args) => {
          if (args.path === 'kiln:islands-runtime') return { contents: RUNTIME, loader: 'js', resolveDir: PACKAGE_DIR };
          const islands = byName.get(args.path.slice('kiln-entry:'.length))!;
          return { contents: entrySource(islands), loader: 'jsx', resolveDir: PACKAGE_DIR };
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
