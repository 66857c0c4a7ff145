import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageFeature } from '../mdx/compiler.js';
import { KATEX_CSS_URL, MERMAID_JS_URL } from '../../shared/vendor-urls.js';

/** A third-party file served as is: `url` in the site, `file` in node_modules. */
export interface VendorFile {
  url: string;
  file: string;
}

const require = createRequire(import.meta.url);
const cache = new Map<PageFeature, VendorFile[]>();

/**
 * The files a feature needs in the browser: KaTeX's stylesheet and fonts for math (at
 * `/_kiln/katex/`, so the stylesheet's relative `fonts/…` URLs resolve), Mermaid's bundle for
 * diagrams (at `/_kiln/vendor/`). The build copies them when some page uses the feature; the dev
 * server serves them from node_modules.
 */
export function vendorFiles(feature: PageFeature): VendorFile[] {
  let files = cache.get(feature);
  if (files) return files;
  if (feature === 'math') {
    const dist = path.dirname(require.resolve('katex')); // …/katex/dist/katex.js
    const fontsUrl = path.posix.join(path.posix.dirname(KATEX_CSS_URL), 'fonts');
    files = [
      { url: KATEX_CSS_URL, file: path.join(dist, 'katex.min.css') },
      ...readdirSync(path.join(dist, 'fonts')).map((f) => ({ url: `${fontsUrl}/${f}`, file: path.join(dist, 'fonts', f) })),
    ];
  } else {
    files = [{ url: MERMAID_JS_URL, file: require.resolve('mermaid/dist/mermaid.min.js') }];
  }
  cache.set(feature, files);
  return files;
}

/** The node_modules file behind a vendor URL, for the dev server; null for any other path. */
export function vendorFileFor(pathname: string): string | null {
  if (!pathname.startsWith('/_kiln/katex/') && !pathname.startsWith('/_kiln/vendor/')) return null;
  for (const feature of ['math', 'mermaid'] as const) {
    const hit = vendorFiles(feature).find((v) => v.url === pathname);
    if (hit) return hit.file;
  }
  return null;
}
