import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AssetFile } from '../assets/client-assets.js';

/** lib/client holds the bundles `npm run build:pkg` makes; the same path from src/ and lib/. */
const FILE = fileURLToPath(new URL('../../../lib/client/kiln-search.js', import.meta.url));

let cached: AssetFile | undefined;

/**
 * The search dialog's script (src/client/search-dialog.ts), a separate bundle the search button
 * loads on first use; content-hashed like the other client assets.
 */
export function searchUiAsset(): AssetFile {
  if (!cached) {
    const body = readFileSync(FILE, 'utf8');
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
    cached = { url: `/_kiln/assets/kiln-search.${hash}.js`, type: 'text/javascript; charset=utf-8', body };
  }
  return cached;
}
