import { z } from 'zod';

/** Dark/light mode toggle settings. */
export const modeToggle = z.object({
  /** Mode shown to new users; follows the operating system when unset. */
  default: z.enum(['light', 'dark']).optional(),
  /** Hides the toggle; with `default` it forces one mode. Default `false`. */
  isHidden: z.boolean().optional(),
});
