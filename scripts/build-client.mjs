// Bundles the browser code (src/client) and the theme stylesheet into lib/client.
import { build } from 'esbuild';

const common = { bundle: true, minify: true, legalComments: 'none', logLevel: 'warning' };
await Promise.all([
  build({ ...common, entryPoints: ['src/client/main.ts'], outfile: 'lib/client/kiln.js', format: 'iife', target: 'es2020' }),
  // The search dialog: loaded by the search button on first use, not by every page.
  build({ ...common, entryPoints: ['src/client/search-dialog.ts'], outfile: 'lib/client/kiln-search.js', format: 'iife', target: 'es2020' }),
  // The API playground: loaded only by endpoint pages that show one.
  build({ ...common, entryPoints: ['src/client/playground/index.ts'], outfile: 'lib/client/kiln-playground.js', format: 'iife', target: 'es2020' }),
  build({ ...common, entryPoints: ['src/client/styles/kiln.css'], outfile: 'lib/client/kiln.css', target: ['chrome100', 'firefox100', 'safari15'] }),
]);
// The settings' JSON Schema, shipped as lib/docs.schema.json.
await import('./write-schema.mjs');
