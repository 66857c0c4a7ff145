import type { ContentModel, Page } from '../content/pages.js';
import type { Repository } from '../content/repository.js';
import type { SectionModel } from '../content/sections.js';
import type { IslandSource, TocEntry } from '../mdx/compiler.js';
import type { LoadedOpenApi } from '../openapi/load.js';
import type { LoadedAsyncApi } from '../asyncapi/load.js';
import type { Settings } from '../settings/types.js';

/** Everything the layout needs that is the same for every page of a site. */
export interface SiteContext {
  settings: Settings;
  content: ContentModel;
  /** Tabs and anchors: which sidebar each page shows. */
  sections: SectionModel;
  /** The GitHub repository of the docs, for the feedback links; absent when unknown. */
  repository?: Repository;
  /** URLs of the project's own stylesheets and scripts, included on every page. */
  custom?: { css: string[]; js: string[] };
  /** URLs of the theme stylesheet and the client script. */
  assets: { css: string; js: string };
  /** A page's own stylesheets and module scripts (Tailwind utilities, islands): see site/page-assets.ts. */
  pageAssets?: (used: { classes: string[]; islands: IslandSource[] }) => Promise<{ styles?: string[]; modules?: string[] }>;
  dev: boolean;
  /** Whether a page has an RSS feed (a changelog page: seo/rss.ts), so its head links it. */
  hasFeed?: (page: Page) => boolean;
  /** Extra HTML placed at the end of <body> (the dev server's live-reload client). */
  bodyEnd?: string;
  /** The site's OpenAPI documents, loaded once per build (endpoint pages). */
  openapi?: LoadedOpenApi;
  /** The site's AsyncAPI documents, loaded once per build (channel pages); absent when it has none. */
  asyncapi?: LoadedAsyncApi;
}

/** One page's rendered content, ready for the layout. */
export interface RenderedContent {
  html: string;
  toc: TocEntry[];
}
