/**
 * Where the third-party browser assets a page may need are served from (copied from node_modules
 * by the build, served from there by the dev server; see src/node/assets/vendor-assets.ts). Only
 * pages that use them load them: the KaTeX stylesheet on pages with math (a <link> in the head),
 * Mermaid on pages with a diagram (loaded by the client script when it finds one).
 */
export const KATEX_CSS_URL = '/_kiln/katex/katex.min.css';
export const MERMAID_JS_URL = '/_kiln/vendor/mermaid.min.js';
