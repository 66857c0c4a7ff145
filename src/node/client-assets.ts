/**
 * Kiln's own browser files (the bundles of src/client in lib/client) with content-hashed URLs:
 * every stage that links or serves one reads them here.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.js';

export interface AssetFile {
  /** URL path the asset is served at. */
  url: string;
  type: string;
  body: string;
}

export interface ClientAssets {
  css: AssetFile;
  js: AssetFile;
}

/** lib/client holds the bundles `npm run build:pkg` makes; the same path from src/ and lib/. */
const CLIENT_DIR = path.join(PACKAGE_ROOT, 'lib', 'client') + path.sep;

function load(name: string, type: string): AssetFile {
  const body = readFileSync(CLIENT_DIR + name, 'utf8');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
  const [base, ext] = name.split('.');
  return { url: `/_kiln/assets/${base}.${hash}.${ext}`, type, body };
}

let cached: ClientAssets | undefined;

/** The theme stylesheet and client script, with content-hashed URLs (cacheable forever). */
export function clientAssets(): ClientAssets {
  return (cached ??= { css: load('kiln.css', 'text/css; charset=utf-8'), js: load('kiln.js', 'text/javascript; charset=utf-8') });
}

const chunks = new Map<string, AssetFile>();

/** A client bundle loaded on demand (the search dialog, the API playground), content-hashed too. */
export function clientChunk(name: string): AssetFile {
  let chunk = chunks.get(name);
  if (!chunk) chunks.set(name, (chunk = load(name, 'text/javascript; charset=utf-8')));
  return chunk;
}

/**
 * The search dialog's script (src/client/search-dialog.ts), a separate bundle the search button
 * loads on first use.
 */
export function searchUiAsset(): AssetFile {
  return clientChunk('kiln-search.js');
}

/** The API playground's client chunk (src/client/playground/index.ts), loaded only by a page that has a playground. */
export function playgroundAsset(): AssetFile {
  return clientChunk('kiln-playground.js');
}
