import { z } from 'zod';
import { text } from './common.js';

/**
 * Social platforms accepted as `footerSocials` keys: the spec's list plus the ones real sites
 * use. Any other key is reported as an unknown setting (a warning) and dropped.
 */
export const SOCIAL_PLATFORMS = [
  'website', 'facebook', 'x', 'twitter', 'discord', 'slack', 'github', 'linkedin', 'instagram',
  'hacker-news', 'youtube', 'medium', 'telegram', 'bluesky', 'threads', 'reddit', 'podcast',
  'x-twitter', 'earth-americas',
] as const;

/** Platform → account URL. */
export const socialsObject = z.object(
  Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, text.optional()])) as Record<
    (typeof SOCIAL_PLATFORMS)[number],
    z.ZodOptional<typeof text>
  >,
);

/** Social media links in the footer: an object platform → URL, or the older `[{type, url}]`. */
export const footerSocials = z.union(
  [
    socialsObject,
    z.array(
      z.object({
        /** Platform name. */
        type: text,
        /** Account URL. */
        url: text,
      }),
    ),
  ],
  { error: 'an object mapping platform names to URLs' },
);
