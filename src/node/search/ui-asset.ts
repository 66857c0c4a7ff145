import { clientChunk, type AssetFile } from '../assets/client-assets.js';

/**
 * The search dialog's script (src/client/search-dialog.ts), a separate bundle the search button
 * loads on first use.
 */
export function searchUiAsset(): AssetFile {
  return clientChunk('kiln-search.js');
}
