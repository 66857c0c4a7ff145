// Bundles Kiln's Node code (lib/, from tsc) into lib/bundle/: one file per entry plus shared chunks.
// Loading ~700 small modules took 0.8 s of every `kiln` start and of every build worker's; the
// bundle loads in about half that. Packages that read their own files at run time, load code by
// computed names, or ship native binaries stay external and resolve from node_modules as before.
import { readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

/**
 * unist-util-visit-parents (6.1, the latest) names a function after every node it visits, for
 * stack traces (`Object.defineProperty(visit, 'name', …)`). Every remark/rehype plugin walks the
 * tree with it, and V8 makes that naming slow: producing 350 benchmark pages took 4.1-4.4 s of CPU
 * without it against 4.8-5.3 s with it (3 interleaved runs). The bundle leaves the naming out; the
 * walk is otherwise the package's own. Should a new version change the code, the build stops here.
 */
const NAMING = /\n    if \(typeof value\.type === 'string'\) \{\n      const name =[\s\S]*?Object\.defineProperty\(visit, 'name', \{[\s\S]*?\n      \}\)\n    \}\n/;
const unnamedVisits = {
  name: 'unnamed-visits',
  setup(b) {
    b.onLoad({ filter: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      if (!NAMING.test(code)) throw new Error(`${args.path}: the per-node function naming to leave out was not found; check the new version (scripts/bundle-node.mjs)`);
      return { contents: code.replace(NAMING, '\n'), loader: 'js' };
    });
  },
};

const external = [
  // native binaries
  'esbuild', 'pagefind', '@resvg/resvg-js', 'satteri', 'fsevents', 'lightningcss', '@parcel/watcher',
  // files read or modules loaded by computed path at run time
  'shiki', '@shikijs/*', '@arborium/*', 'tailwindcss', '@tailwindcss/*', 'katex', 'mermaid', '@fortawesome/*', '@readme/openapi-parser', 'jsonc-parser',
  // test-only
  'playwright-core',
];

// Chunks are named by hash: old ones would pile up (and count in kilnIdentity).
await rm('lib/bundle', { recursive: true, force: true });

await build({
  entryPoints: {
    cli: 'lib/cli/index.js',
    // `kiln build`: the main thread that only waits for signals, and the build's own thread (cli/supervise.ts).
    supervise: 'lib/cli/supervise.js',
    'build-thread': 'lib/cli/build-thread.js',
    'page-worker': 'lib/node/build/page-worker.js',
    // What bench/ and scripts import: the build itself, its timings, the settings loader.
    api: 'lib/node/api.js',
  },
  outdir: 'lib/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  chunkNames: 'chunks/[name]-[hash]',
  // React and others pick their production build from NODE_ENV at run time; `kiln` always runs it.
  define: { 'process.env.NODE_ENV': '"production"' },
  // CommonJS dependencies call require(); ESM output has none of its own.
  banner: { js: "import { createRequire as __kilnCreateRequire } from 'node:module'; const require = __kilnCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [unnamedVisits],
});
