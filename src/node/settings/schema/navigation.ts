import { z } from 'zod';
import { iconType, text } from './common.js';

/** A navigation group as written in the file: pages are paths or nested groups, to any depth. */
export interface NavigationGroupInput {
  group: string;
  pages: (string | NavigationGroupInput)[];
  icon?: string;
  iconType?: z.infer<typeof iconType>;
  version?: string;
}

export const navigationGroup: z.ZodType<NavigationGroupInput> = z.lazy(() =>
  z.object({
    /** Name of the group, shown as its heading in the sidebar. */
    group: z.string({ error: 'a string (the group name)' }),
    /** Relative paths (without extension) of the group's pages, or nested groups. */
    pages: z.array(navigationEntry),
    /** Icon shown next to the group name. */
    icon: text.optional(),
    /** Style of `icon`. */
    iconType: iconType.optional(),
    /** Shows the group only when this docs version is selected. */
    version: text.optional(),
  }),
);

/** A page path or a nested group. */
export const navigationEntry = z.union([z.string(), navigationGroup], {
  error: 'a page path (string) or a group object with `group` and `pages`',
});

/** Top-level `navigation`: the groups of the sidebar. */
export const navigation = z.array(navigationGroup);
