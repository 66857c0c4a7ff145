import type { ContentModel, Page } from '../content/pages.js';
import type { Settings } from '../settings/types.js';
import { isoDate } from '../content/git-dates.js';
import { needsSocialCard, socialCardUrl } from './social-card.js';
import { absolute } from '../../shared/urls.js';
import { canonicalPath } from '../content/pages.js';

export interface MetaTag {
  /** `property` for OpenGraph (`og:*`, `article:*`), `name` for the rest. */
  attr: 'name' | 'property';
  key: string;
  content: string;
}

export interface SeoHead {
  /** Absolute canonical URL, when the site URL is known and the page is indexable. */
  canonical?: string;
  tags: MetaTag[];
}

const RASTER = /\.(png|jpe?g|webp|gif)(\?.*)?$/i;
const attrOf = (key: string): MetaTag['attr'] => (/^(og|article|fb|book|profile):/.test(key) ? 'property' : 'name');
/** Tags the layout writes itself: not repeated from the settings. */
const OWN = new Set(['description', 'robots', 'viewport', 'generator', 'canonical', 'charset']);

/**
 * The social image of pages that set none: the card the settings give (`metadata` `og:image` or
 * `twitter:image`), else the card a build draws (`social-card.ts`, with `socialCard`). Without it
 * (`kiln dev` draws none) a raster logo or favicon (social sites do not show SVG), else the logo.
 */
export function defaultImage(settings: Settings, options: { socialCard?: boolean } = {}): string | undefined {
  const m = settings.metadata;
  if (options.socialCard && needsSocialCard(settings)) return socialCardUrl(settings);
  const candidates = [m?.['og:image'], m?.['twitter:image'], settings.logo?.light, settings.logo?.dark, settings.favicon].filter((x): x is string => !!x);
  return candidates.find((c) => RASTER.test(c)) ?? candidates[0];
}

/**
 * Canonical link, OpenGraph and Twitter tags of a page. Precedence: the page's front matter
 * (`og:*`, `twitter:*`) over what Kiln derives (title, description, URL, site name, image) over the
 * site-wide `metadata`. `socialCard`: the build writes the default card, pages may point at it.
 */
export function seoHead(settings: Settings, content: ContentModel, page: Page, options: { socialCard?: boolean } = {}): SeoHead {
  const fm = page.frontMatter;
  const siteUrl = settings.siteUrl;
  const path = canonicalPath(content, page);
  const url = siteUrl ? absolute(siteUrl, path) : undefined;
  const tags = new Map<string, string>();
  for (const [k, v] of Object.entries(settings.metadata ?? {})) if (!OWN.has(k) && k !== 'og:url' && k !== 'twitter:url') tags.set(k, v);

  const description = fm.description ?? settings.metadata?.['og:description'] ?? settings.metadata?.description;
  const image = defaultImage(settings, options);
  const derived: Record<string, string | undefined> = {
    // The home page is the site; every other page is an article of it.
    'og:type': path === '/' ? 'website' : 'article',
    'og:site_name': settings.name,
    'og:title': page.title,
    'og:description': description,
    'og:url': url,
    'og:image': image && absolute(siteUrl, image),
    'twitter:card': image && RASTER.test(image) ? 'summary_large_image' : 'summary',
    'twitter:title': page.title,
    'twitter:description': description,
    'twitter:image': image && absolute(siteUrl, image),
    // When git dated the page (content/git-dates.ts).
    'article:modified_time': page.lastModified && isoDate(page.lastModified),
  };
  for (const [k, v] of Object.entries(derived)) if (v !== undefined && !(tags.has(k) && k === 'og:site_name')) tags.set(k, v);
  // Front matter overrides: any og:* or twitter:* key with a text value.
  for (const [k, v] of Object.entries(fm.data)) {
    if (/^(og|twitter):[\w:.-]+$/.test(k) && (typeof v === 'string' || typeof v === 'number')) {
      const text = String(v);
      tags.set(k, k.endsWith(':image') || k.endsWith(':url') ? absolute(siteUrl, text) : text);
    }
  }
  if (tags.get('og:image') && !fm.data['twitter:image'] && fm.data['og:image']) tags.set('twitter:image', tags.get('og:image')!);

  return {
    canonical: url && !fm.noindex ? url : undefined,
    tags: [...tags].map(([key, value]) => ({ attr: attrOf(key), key, content: value })),
  };
}
