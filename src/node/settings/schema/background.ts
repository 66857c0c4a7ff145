import { z } from 'zod';
import { text } from './common.js';

/** Background image displayed behind every page. */
export const backgroundImage = text;

/** Mintlify's classic `background` decoration. Accepted, not used. */
export const backgroundDecoration = z.object({
  /** Decoration style. */
  style: z.enum(['gradient', 'grid', 'windows']).optional(),
});
