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

/**
 * A file the settings name (logo, favicon, background image) as a URL from the site root. Paths in
 * docs.json are relative to the project folder, so `logo.png` must not resolve against the page's
 * own URL (`/guides/logo.png` on a nested page). URLs and root-relative paths are kept.
 */
export function projectFileUrl(path: string): string {
  if (!path || /^[a-z][a-z0-9+.-]*:|^[/#?]/i.test(path)) return path;
  return '/' + path.replace(/^(\.\/)+/, '');
}

/** The longest folder every one of `paths` (`guides/setup`, `/guides/deploy`) is in; '' when none. */
export function sharedFolder(paths: Iterable<string>): string {
  let prefix: string[] | undefined;
  for (const p of paths) {
    const folders = p.replace(/^\/+/, '').split('/').slice(0, -1);
    if (!prefix) prefix = folders;
    else {
      let i = 0;
      while (i < prefix.length && i < folders.length && prefix[i] === folders[i]) i++;
      prefix = prefix.slice(0, i);
    }
    if (prefix.length === 0) break;
  }
  return (prefix ?? []).join('/');
}
