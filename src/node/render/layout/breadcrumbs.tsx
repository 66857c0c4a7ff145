import type { ContentModel, NavNode, Page } from '../../content/pages.js';
import { jsonInScript } from '../encode.js';
import { absolute } from '../../../shared/urls.js';

/** A group a page sits in, with the URL of its first page (groups have no page of their own). */
export interface Crumb {
  title: string;
  url: string;
}

const trails = new WeakMap<ContentModel, Map<string, Crumb[]>>();

/**
 * The navigation groups around a page, outermost first (`Core concepts`, `Reliability`); the first
 * place a page appears in the navigation wins. Computed once per content model, for every page.
 */
export function groupTrail(content: ContentModel, url: string): Crumb[] {
  let map = trails.get(content);
  if (!map) {
    const m = new Map<string, Crumb[]>();
    const firstUrl = (nodes: NavNode[]): string | undefined => {
      for (const n of nodes) {
        const u = n.kind === 'page' ? n.url : (n.root?.url ?? firstUrl(n.children));
        if (u) return u;
      }
      return undefined;
    };
    const walk = (nodes: NavNode[], trail: Crumb[]) => {
      for (const n of nodes) {
        if (n.kind === 'page') {
          if (!m.has(n.url)) m.set(n.url, trail);
        } else {
          const url = n.root?.url ?? firstUrl(n.children);
          // A group's root page is in the group's place: its trail is the group's parents.
          if (n.root && !m.has(n.root.url)) m.set(n.root.url, trail);
          // A group without a name (`"group": ""`) holds pages but is no crumb.
          walk(n.children, url && n.title.trim() ? [...trail, { title: n.title.trim(), url }] : trail);
        }
      }
    };
    walk(content.nav, []);
    trails.set(content, (map = m));
  }
  return map.get(url) ?? [];
}

/** The trail shown above a page's title; none on the home page or on pages outside the navigation. */
export function pageTrail(content: ContentModel, page: Page): Crumb[] {
  if (content.byUrl.get('/') === page || content.byUrl.get(page.url) !== page) return [];
  return groupTrail(content, page.url);
}

/**
 * "Guides › Deploying workers": the group names, then the page; or with `eyebrows: 'section'`
 * just "Guides". Groups are text, not links: a
 * group has no page, and linking its first page would surprise. The class `eyebrow` keeps it out
 * of the search index (search/index.ts).
 */
export function Breadcrumbs({ trail, page, eyebrows = 'breadcrumbs' }: { trail: Crumb[]; page: Page; eyebrows?: 'section' | 'breadcrumbs' }) {
  if (trail.length === 0) return null;
  // `styling.eyebrows: "section"`: only the group the page sits in, as Mintlify shows it.
  if (eyebrows === 'section') return <p className="eyebrow section-eyebrow">{trail[trail.length - 1]!.title}</p>;
  return (
    <nav className="eyebrow breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((c, i) => <li key={i}>{c.title}</li>)}
        <li aria-current="page">{page.navTitle}</li>
      </ol>
    </nav>
  );
}

/**
 * schema.org BreadcrumbList for search engines, when the site URL is known (items need absolute
 * URLs). Each group points at its first page. `<` is escaped so no text can close the script.
 */
export function breadcrumbJsonLd(siteUrl: string | undefined, trail: Crumb[], page: Page): string | undefined {
  if (!siteUrl || trail.length === 0) return undefined;
  const items = [...trail, { title: page.navTitle, url: page.url }].map((c, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: c.title,
    item: absolute(siteUrl, c.url),
  }));
  return jsonInScript({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items });
}
