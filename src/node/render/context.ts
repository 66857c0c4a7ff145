import type { ContentModel } from '../content/pages.js';
import type { SectionModel } from '../content/sections.js';
import type { TocEntry } from '../mdx/compiler.js';
import type { Settings } from '../settings/types.js';

/** Everything the layout needs that is the same for every page of a site. */
export interface SiteContext {
  settings: Settings;
  content: ContentModel;
  /** Tabs and anchors: which sidebar each page shows. */
  sections: SectionModel;
  /** URLs of the theme stylesheet and the client script. */
  assets: { css: string; js: string };
  dev: boolean;
  /** Extra HTML placed at the end of <body> (the dev server's live-reload client). */
  bodyEnd?: string;
}

/** One page's rendered content, ready for the layout. */
export interface RenderedContent {
  html: string;
  toc: TocEntry[];
}
