/**
 * A page's head for search engines and social sites: canonical link, OpenGraph and Twitter tags,
 * and the URL of the default social card a build draws (seo/social-card.ts).
 */
import { createHash } from 'node:crypto';
import { canonicalPath, type ContentModel, type Page } from '../../content/pages.js';
import type { Settings } from '../../settings/types.js';
import { isoDate } from '../../content/git-dates.js';
import { absolute } from '../../../shared/urls.js';

/** Bumped when the drawing (seo/social-card.ts) changes, so the card's URL (and social sites' caches) change with it. */
const CARD_VERSION = 1;

/** Whether pages may need the card: the settings give no site-wide social image of their own. */
export function needsSocialCard(settings: Settings): boolean {
  return !settings.metadata?.['og:image'] && !settings.metadata?.['twitter:image'];
}

/** Site-wide description for the card: the settings' `og:description` or `description` meta tag. */
export function siteDescription(settings: Settings): string | undefined {
  return settings.metadata?.['og:description'] ?? settings.metadata?.description;
}

/**
 * The card's URL path, `/_kiln/social-card-<hash>.png`. The hash covers what the card is drawn
 * from in the settings, so pages (and the rebuild cache, keyed by the settings) agree on it without
 * drawing it, and a new name or colour gives social sites a new URL to fetch.
 */
export function socialCardUrl(settings: Settings): string {
  const inputs: unknown[] = [CARD_VERSION, settings.name, settings.colors.primary, settings.colors.background?.light, settings.logo?.light, siteDescription(settings), settings.siteUrl];
  // Only when set, so the cards of sites without them keep their URLs.
  if (settings.thumbnails) inputs.push(settings.thumbnails, settings.colors.background?.dark, settings.logo?.dark);
  return `/_kiln/social-card-${createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 10)}.png`;
}

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
