import { z } from 'zod';
import { opaqueObject, text } from './common.js';

/**
 * Analytics providers, as Mintlify sites configure them: `analytics` in the classic layout,
 * `integrations` in docs.json. Each is injected into the built pages only (render/layout/analytics.ts).
 */

/** An http(s) URL (a self-hosted or proxied analytics server). */
const httpUrl = z.string().regex(/^https?:\/\/[^\s"'<>\\]+$/i, { error: 'an http(s) URL such as "https://eu.i.posthog.com"' });
/** A host name or an http(s) URL. */
const hostOrUrl = z.string().regex(/^(?:https?:\/\/)?[\w.-]+(?::\d+)?(?:\/[^\s"'<>\\]*)?$/i, { error: 'a host name or an http(s) URL such as "plausible.example.com"' });
/** Hotjar's ids are numbers; a numeric string is accepted too. */
const integer = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)], { error: 'a whole number' });

export const analytics = z.object({
  /** Google Analytics 4. */
  ga4: z.object({ /** `G-XXXXXXX`. */ measurementId: text }).optional(),
  /** Google Tag Manager. */
  gtm: z.object({ /** `GTM-XXXXXXX`. */ tagId: text }).optional(),
  /** PostHog. */
  posthog: z.object({ apiKey: text, /** Default `https://us.i.posthog.com`. */ apiHost: httpUrl.optional() }).optional(),
  /** Plausible. */
  plausible: z.object({ /** The site's domain as registered in Plausible. */ domain: text, /** A self-hosted server; default `plausible.io`. */ server: hostOrUrl.optional() }).optional(),
  /** Fathom. */
  fathom: z.object({ siteId: text }).optional(),
  /** Segment. */
  segment: z.object({ /** The write key. */ key: text }).optional(),
  /** Mixpanel. */
  mixpanel: z.object({ projectToken: text }).optional(),
  /** Amplitude. */
  amplitude: z.object({ apiKey: text }).optional(),
  /** Hotjar. */
  hotjar: z.object({ hjid: integer, /** Snippet version; default 6. */ hjsv: integer.optional() }).optional(),
  /** Heap. */
  heap: z.object({ appId: text }).optional(),
  /** Microsoft Clarity. */
  clarity: z.object({ projectId: text }).optional(),
  /** Pirsch. */
  pirsch: z.object({ /** The identification code. */ id: text }).optional(),
  /** LogRocket. */
  logrocket: z.object({ /** `org/app`. */ appId: text }).optional(),
});
export type AnalyticsInput = z.infer<typeof analytics>;

/** docs.json `integrations`: the analytics providers, and others Kiln accepts without using. */
export const integrations = analytics.extend({
  /** Chat, consent and other widgets. Accepted, not used. */
  intercom: opaqueObject.optional(),
  frontchat: opaqueObject.optional(),
  osano: opaqueObject.optional(),
  cookies: opaqueObject.optional(),
  telemetry: opaqueObject.optional(),
  koala: opaqueObject.optional(),
  clearbit: opaqueObject.optional(),
  hightouch: opaqueObject.optional(),
});
