import { z } from 'zod';
import { text } from './common.js';

/** Separate light and dark mode logos. At least one of them must be given. */
export const logoObject = z
  .object({
    /** Path to the logo in light mode. */
    light: text.optional(),
    /** Path to the logo in dark mode. */
    dark: text.optional(),
    /** Where a click on the logo leads. Default `/`. */
    href: text.optional(),
  })
  .refine((l) => l.light !== undefined || l.dark !== undefined, {
    error: 'an object with at least one of `light` and `dark`',
  });

/** A path to one logo image, or an object with separate light and dark mode logos. */
export const logo = z.union([text, logoObject], {
  error: 'a logo path (string) or an object with `light` and `dark`',
});
