import { z } from 'zod';
import { text } from './common.js';

/** A version written as an object (Mintlify's mint.json accepts both forms). */
export const versionObject = z.object({
  /** Version name, shown in the version dropdown. */
  name: text,
  /** A version hosted elsewhere: choosing it opens this URL. */
  url: text.optional(),
  /** The version chosen first. */
  default: z.boolean().optional(),
  /** Language of the version's pages (`<html lang>`, search), e.g. `fr`. */
  locale: text.optional(),
});

/** Version names, or objects `{name, url, default, locale}`, for the version dropdown in the navigation bar. */
export const versions = z.array(z.union([text, versionObject], { error: 'a version name or an object `{name, url, default, locale}`' }));
