/** URL rules shared by Node and browser code: what is external, how a page's links resolve. */

/** A URL with a scheme (`https:`, `mailto:`, `data:`, `javascript:`), not a path of the site. */
export function hasScheme(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url);
}

/** A URL that leaves the site's paths: one with a scheme, or protocol-relative (`//cdn.example.com/x`). */
export function isExternalUrl(url: string): boolean {
  return hasScheme(url) || url.startsWith('//');
}

/** An absolute http(s) URL with a host: one that can be fetched or asked whether it answers. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^/\s]/i.test(url);
}

/** An http(s) or protocol-relative URL: one a browser loads from another host. */
export function isWebUrl(url: string): boolean {
  return /^(?:https?:)?\/\//i.test(url);
}

/**
 * Where a path written in page `fromId` (`guides/setup`) points from the site root: relative to the
 * page's folder, `.` and `..` resolved. For a link, `.md`/`.mdx` and a last `/index` are dropped, so
 * it names the page's clean URL. A trailing slash is kept.
 */
export function resolveSitePath(value: string, fromId: string, isLink: boolean): string {
  let p = value;
  if (!p.startsWith('/')) {
    const dir = fromId.includes('/') ? fromId.slice(0, fromId.lastIndexOf('/')) : '';
    p = '/' + (dir ? dir + '/' : '') + p;
  }
  const out: string[] = [];
  for (const segment of p.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  p = '/' + out.join('/') + (out.length > 0 && p.endsWith('/') ? '/' : '');
  if (isLink) p = p.replace(/\.mdx?$/i, '').replace(/\/index$/, '') || '/';
  return p;
}

/** `/guides/` → `/guides`, `/a/?q#h` → `/a?q#h`; `/` stays. */
export function trimTrailingSlash(url: string): string {
  return url.replace(/^([^?#]*?[^/?#])\/+(?=[?#]|$)/, '$1');
}

/** A path that depends on where it is written: `../x`, `./x.png`, `setup` (not `/x`, `#x`, `?x` or a URL). */
export function isRelativeUrl(value: string): boolean {
  return value !== '' && !isExternalUrl(value) && !/^[/#?]/.test(value);
}

/**
 * A URL as written in page `fromId`, made root-relative (`resolveSitePath`), its query and hash
 * kept. External URLs, same-page anchors and empty values are returned as they are.
 */
export function resolveLink(value: string, fromId: string, isLink: boolean): string {
  if (!value || isExternalUrl(value) || value.startsWith('#')) return value;
  const m = /^([^?#]*)(.*)$/s.exec(value)!;
  if (!m[1]) return value;
  return resolveSitePath(m[1], fromId, isLink) + m[2];
}

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
  if (!path || hasScheme(path) || /^[/#?]/.test(path)) return path;
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

/** `https://docs.example.com` + `/guides/setup` → absolute URL; a path without a site URL stays a path. */
export function absolute(siteUrl: string | undefined, pathOrUrl: string): string {
  if (isExternalUrl(pathOrUrl)) return pathOrUrl;
  const p = pathOrUrl.startsWith('/') ? pathOrUrl : '/' + pathOrUrl;
  return siteUrl ? siteUrl.replace(/\/+$/, '') + p : p;
}

/** Where a page's Markdown is published: `/guides/setup.md`; the home page also at `/index.md`. */
export function markdownPath(url: string): string {
  return url === '/' ? '/index.md' : url + '.md';
}

/** Where the feed of the page at `url` is published. */
export function feedPath(url: string): string {
  return url === '/' ? '/rss.xml' : `${url}/rss.xml`;
}

/** An absolute http(s) URL without a trailing slash, or undefined when `value` is not one. */
export function normaliseSiteUrl(value: string): string | undefined {
  try {
    const u = new URL(value.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return (u.origin + u.pathname).replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/**
 * A link or image of page `fromId` as the Markdown export and the feeds write it: as `resolveLink`
 * makes it, without a trailing slash (`/guides/#x` → `/guides#x`); external URLs and anchors kept.
 */
export function resolveCleanLink(value: string, fromId: string, isLink: boolean): string {
  if (!value || isExternalUrl(value) || value.startsWith('#')) return value;
  return trimTrailingSlash(resolveLink(value, fromId, isLink));
}
