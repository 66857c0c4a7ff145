/** URL helpers shared by Node and browser code. */

/** Page id → clean URL: `guides/setup` → `/guides/setup`, `index` → `/`, `guides/index` → `/guides`. */
export function pageUrl(id: string): string {
  if (id === 'index') return '/';
  return '/' + id.replace(/\/index$/, '');
}

/** The file a clean URL is written to in the build: `/` → `index.html`, `/a/b` → `a/b.html`. */
export function outputPathForUrl(url: string): string {
  if (url === '/') return 'index.html';
  return url.slice(1) + '.html';
}

/** `getting-started` → `Getting Started`, for pages without a title. */
export function titleFromId(id: string): string {
  const base = id.split('/').pop() ?? id;
  const name = base === 'index' && id.includes('/') ? id.split('/').slice(-2, -1)[0]! : base;
  return name
    .replace(/[-_]+/g, ' ')
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}
