import { sharedFolder } from '../../shared/urls.js';
import type { ContentModel, NavNode } from './pages.js';

/** The pages of one version: their URLs, the folder they share, and the first one. */
export interface VersionPages {
  name: string;
  urls: Set<string>;
  /** Folder of the version's page files (`v2`), '' when they share none. */
  folder: string;
  first?: string;
}

/** Every page URL of a navigation tree, group roots included. */
export function navUrls(nodes: NavNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    if (n.kind === 'page') out.push(n.url);
    else {
      if (n.root) out.push(n.root.url);
      navUrls(n.children, out);
    }
  }
  return out;
}

/** The first page a reader is sent to in a navigation tree (hidden entries skipped). */
export function firstNavUrl(nodes: NavNode[]): string | undefined {
  for (const n of nodes) {
    if (n.hidden) continue;
    if (n.kind === 'page') return n.url;
    const inner = n.root?.url ?? firstNavUrl(n.children);
    if (inner) return inner;
  }
  return undefined;
}

export function versionPages(name: string, nodes: NavNode[], content: Pick<ContentModel, 'byUrl'>): VersionPages {
  const urls = navUrls(nodes);
  const folder = sharedFolder(urls.map((u) => content.byUrl.get(u)?.id ?? u.replace(/^\/+/, '')));
  return { name, urls: new Set(urls), folder, first: firstNavUrl(nodes) };
}

const swapFolder = (url: string, from: string, to: string) =>
  from && to && (url === `/${from}` || url.startsWith(`/${from}/`)) ? `/${to}${url.slice(from.length + 1)}` : undefined;

/** `url` with the path segment that names the version (`/docs/v2/setup`) naming the other one. */
function swapSegment(url: string, from: string, to: string): string | undefined {
  const segments = url.split('/');
  const at = segments.indexOf(from);
  if (at < 1 || !to || /[/?#]/.test(to)) return undefined;
  segments[at] = to;
  return segments.join('/');
}

/**
 * Where choosing version `to` leads a reader of `url` (a page of version `from`, if any), as
 * Mintlify's version menu does: the same page in that version (its URL with the version's folder,
 * or the segment naming the version, swapped; or the same URL when both versions list it), else
 * that version's first page.
 */
export function counterpartUrl(url: string, from: VersionPages | undefined, to: VersionPages): string | undefined {
  if (to.urls.has(url)) return url;
  const candidates = from ? [swapFolder(url, from.folder, to.folder), swapSegment(url, from.name, to.name)] : [];
  return candidates.find((c) => c !== undefined && to.urls.has(c)) ?? to.first;
}

/**
 * mint.json versions: each version's pages are those of the top-level groups marked with it. A
 * page's version is the version of the first group that lists it.
 */
export function classicVersions(content: Pick<ContentModel, 'nav' | 'byUrl'>, versions: string[]): { pages: Map<string, VersionPages>; versionOf(url: string): string | undefined } {
  const pages = new Map(versions.map((v) => [v, versionPages(v, content.nav.filter((g) => g.version === v), content)]));
  const owner = new Map<string, string | undefined>();
  for (const g of content.nav) for (const u of navUrls([g])) if (!owner.has(u)) owner.set(u, g.version);
  return { pages, versionOf: (url) => owner.get(url) };
}
