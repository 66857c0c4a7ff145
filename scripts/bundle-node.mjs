// Bundles Kiln's Node code (lib/, from tsc) into lib/bundle/: one file per entry plus shared chunks.
// Loading ~700 small modules took 0.8 s of every `kiln` start and of every build worker's; the
// bundle loads in about half that. Packages that read their own files at run time, load code by
// computed names, or ship native binaries stay external and resolve from node_modules as before.
import { build } from 'esbuild';

const external = [
  // native binaries
  'esbuild', 'pagefind', '@resvg/resvg-js', 'satteri', 'fsevents', 'lightningcss',
  // files read or modules loaded by computed path at run time
  'shiki', '@shikijs/*', 'tailwindcss', '@tailwindcss/*', 'katex', 'mermaid', '@fortawesome/*', '@readme/openapi-parser', 'jsonc-parser',
  // test-only
  'playwright-core',
];

await build({
  entryPoints: {
    cli: 'lib/cli/index.js',
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
});
