import { z } from 'zod';
import { text } from './common.js';

/** A link in the top bar. */
export const topbarLink = z.object({
  /** Name of the button. */
  name: text,
  /** Address opened on click. */
  url: text,
});

/** Links shown in the top bar. */
export const topbarLinks = z.array(topbarLink);

/** Call-to-action button in the top bar. */
export const topbarCtaButton = z
  .object({
    /** `link` shows a button; `github` shows repository information from `url`. Default `link`. */
    type: z.enum(['link', 'github']).optional(),
    /** Target of the button, or the GitHub repository when `type` is `github`. */
    url: text,
    /** Button text; required when `type` is `link`. */
    name: text.optional(),
    /** `pill` (round ends, the default) or `roundedRectangle`. */
    style: z.enum(['pill', 'roundedRectangle']).optional(),
    /** Shows an arrow after the text. */
    arrow: z.boolean().optional(),
  })
  .refine((b) => b.type === 'github' || b.name !== undefined, {
    error: 'a string (the button text; required unless `type` is "github")',
    path: ['name'],
  });
