import { z } from 'zod';
import { opaqueObject, redirect, text } from './common.js';
import { backgroundDecoration } from './background.js';
import { analytics } from './analytics.js';

/**
 * Settings of Mintlify's classic `mint.json` that the spec does not list but real sites use.
 * They are accepted without a warning so a working site does not drown in noise; Kiln reads
 * `redirects`, `search.prompt`, `metadata`, `seo.indexHiddenPages` and `analytics`. Shapes are checked loosely: these are someone else's options.
 */
export const classicCompat = {
  /** URL of the JSON schema, for editors. */
  $schema: z.string().optional(),
  /** Mintlify theme name (e.g. `quill`, `venus`). */
  theme: text.optional(),
  /** Mintlify layout (`topnav`, `sidenav`, `solidSidenav`). */
  layout: text.optional(),
  /** Mintlify corner style (`default`, `sharp`). */
  rounded: text.optional(),
  /** Analytics providers (GA4, GTM, PostHog, Plausible…), injected into built pages. */
  analytics: analytics.optional(),
  /** Integrations (intercom, etc.), keyed by provider. */
  integrations: opaqueObject.optional(),
  /** Redirect rules. */
  redirects: z.array(redirect).optional(),
  /** Extra `<meta>` tags, name → content. */
  metadata: z.record(z.string(), z.string()).optional(),
  /** SEO options such as `indexHiddenPages`. */
  seo: opaqueObject.optional(),
  /** Search options such as `prompt`. */
  search: opaqueObject.optional(),
  /** Name of the first (implicit) tab. */
  primaryTab: z.object({ name: text }).optional(),
  /** Fonts of headings and body. */
  font: opaqueObject.optional(),
  /** Code block style. */
  codeBlock: opaqueObject.optional(),
  /** Sidebar style. */
  sidebar: opaqueObject.optional(),
  /** Top bar style. */
  topbar: opaqueObject.optional(),
  /** Background decoration. */
  background: backgroundDecoration.optional(),
  /** Mintlify's hosted-site options. */
  isWhiteLabeled: z.boolean().optional(),
};
