import { z } from 'zod';

/** The icon libraries Mintlify offers (`icons.library`); Kiln ships each as an npm package. */
export const ICON_LIBRARY_NAMES = ['fontawesome', 'lucide', 'tabler'] as const;

/** `icons` in docs.json: which library icon names come from. */
export const icons = z.object({
  /** `fontawesome` (the default when `icons` is absent), `lucide` or `tabler`. */
  library: z.enum(ICON_LIBRARY_NAMES),
});
