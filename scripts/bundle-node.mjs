// Bundles Kiln's Node code (lib/, from tsc) into lib/bundle/: one file per entry plus shared chunks.
// Loading ~700 small modules took 0.8 s of every `kiln` start and of every build worker's; the
// bundle loads in about half that. Packages that read their own files at run time, load code by
// computed names, or ship native binaries stay external and resolve from node_modules as before.
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
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

/**
 * Code every `kiln` start parses and never runs (V8 parses all of a module before running it;
 * `kiln dev` on a 675-page site spent ~150 ms of its ~950 ms before the first page compiling the
 * bundle's modules). 1.1 MB of the startup chunks was:
 * - `react-dom/server` for Node pulls in both renderers; Kiln renders with `renderToStaticMarkup`,
 *   which is the legacy one's. Only that renderer is bundled; importing anything else from
 *   `react-dom/server` fails this build ("No matching export").
 * - acorn twice: `acorn-jsx` `require`s the CommonJS build, everything else imports the ESM one.
 *   Both name the same package version; one copy also means one set of token types.
 * - zod's 45 message locales (366 KB) behind `z.locales`, which Kiln never reads: zod sets its
 *   English messages itself (classic/schemas.js imports `locales/en.js` directly).
 */
const leanDependencies = {
  name: 'lean-dependencies',
  setup(b) {
    const req = createRequire(import.meta.url);
    b.onResolve({ filter: /^react-dom\/server$/ }, () => ({ path: 'react-dom/server', namespace: 'kiln-lean' }));
    b.onLoad({ filter: /^react-dom\/server$/, namespace: 'kiln-lean' }, () => ({
      contents: `import legacy from ${JSON.stringify(path.join(path.dirname(req.resolve('react-dom/package.json')), 'cjs/react-dom-server-legacy.node.production.js'))};
export const renderToStaticMarkup = legacy.renderToStaticMarkup;
export const renderToString = legacy.renderToString;
export const version = legacy.version;`,
      loader: 'js',
      resolveDir: process.cwd(),
    }));
    b.onResolve({ filter: /^acorn$/ }, (args) => (args.kind === 'require-call' ? { path: req.resolve('acorn').replace(/acorn\.js$/, 'acorn.mjs') } : undefined));
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: 'export { default as en } from "./en.js";', loader: 'js' }));
  },
};

const external = [
  // native binaries
  'esbuild', 'pagefind', '@resvg/resvg-js', 'satteri', 'fsevents', 'lightningcss', '@parcel/watcher', 'kiln-tree-sitter', 'tree-sitter-*', '@tree-sitter-grammars/*',
  // files read or modules loaded by computed path at run time
  '@arborium/*', 'tailwindcss', '@tailwindcss/*', 'katex', 'mermaid', '@fortawesome/*', '@readme/openapi-parser', 'jsonc-parser',
  // Shiki's grammars and themes, each a module its code imports by name when first used, and its
  // Oniguruma engine's WebAssembly (an option Kiln's highlighter has, 0.6 MB): data, left where
  // npm put them. Shiki's code is bundled: with its ~80 modules loaded one by one (its own copy of
  // hast-util-to-html among them), importing the highlighter took 83-107 ms of each process that
  // highlights, against 32-47 ms bundled.
  '@shikijs/langs', '@shikijs/langs/*', '@shikijs/themes', '@shikijs/themes/*', 'shiki/wasm',
  // test-only
  'playwright-core',
];

/**
 * The grammar tables (grammar-tables.ts) serve the regular-expression conversion of the versions
 * that made them. The bundle holds its own copy of those packages, whatever node_modules has later,
 * so it reports their versions (all packageVersions() names but the grammars, which stay external).
 */
const { packageVersions } = await import('../lib/node/highlight/grammar-tables.js');
const { '@shikijs/langs': _grammars, ...bundledVersions } = packageVersions();
if (Object.values(bundledVersions).includes('missing')) throw new Error(`bundle: a package the grammar tables depend on is missing: ${JSON.stringify(bundledVersions)}`);

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
  define: { 'process.env.NODE_ENV': '"production"', KILN_BUNDLED_VERSIONS: JSON.stringify(JSON.stringify(bundledVersions)) },
  // CommonJS dependencies call require(); ESM output has none of its own.
  banner: { js: "import { createRequire as __kilnCreateRequire } from 'node:module'; const require = __kilnCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [unnamedVisits, leanDependencies],
});
