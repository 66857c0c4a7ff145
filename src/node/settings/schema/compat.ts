import { z } from 'zod';
import { opaqueObject, redirect, text } from './common.js';
import { classicBackground, classicFont, classicFooter, classicSearch, codeBlock, layout, sidebar, theme, topbar } from './look.js';
import { analytics } from './analytics.js';

/**
 * Settings of Mintlify's classic `mint.json` that the spec does not list but real sites use. Kiln
 * reads `redirects`, `search.prompt`, `metadata`, `seo.indexHiddenPages`, `analytics` and the look
 * (./look.ts); what it does not draw is reported where it is written. `integrations` and `seo` are
 * checked loosely: these are someone else's options.
 */
export const classicCompat = {
  /** URL of the JSON schema, for editors. */
  $schema: z.string().optional(),
  /** Theme: mint.json's presets (`venus`, `quill`, `prism`) are drawn as the nearest docs.json theme. */
  theme: theme.optional(),
  /** `topnav` (default), `sidenav` (drawn as topnav) or `solidSidenav` (a sidebar panel). */
  layout: layout.optional(),
  /** Corner style: `default` or `sharp`. */
  rounded: z.enum(['default', 'sharp']).optional(),
  /** Analytics providers (GA4, GTM, PostHog, Plausible…), injected into built pages. */
  analytics: analytics.optional(),
  /** Integrations (intercom, etc.), keyed by provider. */
  integrations: opaqueObject.optional(),
  /** Redirect rules. */
  redirects: z.array(redirect).optional(),
  /** Extra `<meta>` tags, name → content. */
  metadata: z.record(z.string(), z.string()).optional(),
  /** SEO options such as `indexHiddenPages`. */
  seo: z
    .object({
      /** Pages outside the navigation go in the sitemap, search and llms.txt too. */
      indexHiddenPages: z.boolean().optional(),
    })
    .optional(),
  /** Search options: `prompt`, `location`. */
  search: classicSearch.optional(),
  /** Name of the first (implicit) tab. */
  primaryTab: z.object({ name: text }).optional(),
  /** Fonts of headings and body. */
  font: classicFont.optional(),
  /** Code block style: `dark` keeps code dark in light mode. */
  codeBlock: codeBlock.optional(),
  /** How the sidebar's links are drawn. */
  sidebar: sidebar.optional(),
  /** Top bar style. */
  topbar: topbar.optional(),
  /** Background decoration. */
  background: classicBackground.optional(),
  /** Footer: social links and columns of links. */
  footer: classicFooter.optional(),
  /** Leaves out the "Built with" line of the footer. */
  isWhiteLabeled: z.boolean().optional(),
};
