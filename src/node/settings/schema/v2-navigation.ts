import { z } from 'zod';
import { iconType, oneOrMany, text } from './common.js';

/**
 * `navigation` of the newer docs.json layout: an object whose divisions (languages, versions,
 * tabs, anchors, dropdowns, groups, pages) nest inside each other in any order.
 */

/** `icon` of a v2 item: a name, or `{name, style, library}`. */
export const v2Icon = z.union(
  [text, z.object({ name: text, style: iconType.optional(), library: z.enum(['fontawesome', 'lucide']).optional() })],
  { error: 'an icon name or an object `{name, style, library}`' },
);
type V2Icon = z.infer<typeof v2Icon>;

/** An OpenAPI reference: file(s), or `{source, directory}`. */
export const v2OpenApi = z.union([oneOrMany, z.object({ source: text, directory: text.optional() })], {
  error: 'an OpenAPI file path, an array of them, or an object `{source, directory}`',
});
export type V2OpenApi = z.infer<typeof v2OpenApi>;

export type V2Entry = string | V2Group;

export interface V2Group {
  group: string;
  pages?: V2Entry[];
  icon?: V2Icon;
  iconType?: z.infer<typeof iconType>;
  expanded?: boolean;
  tag?: string;
  root?: string;
  hidden?: boolean;
  public?: boolean;
  openapi?: V2OpenApi;
}

/** Divisions that may appear at any level of the navigation tree. */
export interface V2Divisions {
  languages?: V2Language[];
  versions?: V2Version[];
  tabs?: V2Tab[];
  anchors?: V2Anchor[];
  dropdowns?: V2Dropdown[];
  groups?: V2Group[];
  pages?: V2Entry[];
  menu?: V2MenuItem[];
}

/** Fields every division item (tab, anchor, …) may carry. */
interface V2ItemBase extends V2Divisions {
  icon?: V2Icon;
  iconType?: z.infer<typeof iconType>;
  hidden?: boolean;
  href?: string;
  openapi?: V2OpenApi;
}

export interface V2Tab extends V2ItemBase { tab: string }
export interface V2Anchor extends V2ItemBase { anchor: string; color?: { light?: string; dark?: string } }
export interface V2Dropdown extends V2ItemBase { dropdown: string; description?: string; color?: { light?: string; dark?: string } }
export interface V2Version extends V2ItemBase { version: string; default?: boolean; tag?: string }
export interface V2Language extends V2ItemBase { language: string; default?: boolean }
export interface V2MenuItem extends V2ItemBase { item: string; description?: string }

export interface V2Navigation extends V2Divisions {
  global?: Pick<V2Divisions, 'languages' | 'versions' | 'tabs' | 'anchors' | 'dropdowns'>;
}

/** Item colour (anchors, dropdowns): light and dark mode hex colours. */
const itemColor = z.object({ light: z.string().optional(), dark: z.string().optional() });

/** Shape of the nested divisions; a function so the lazy schemas below are initialised first. */
const divisions = () => ({
  /** Language variants of the docs; the `default` (else first) one is built. */
  languages: z.array(language).optional(),
  /** Docs versions; each has its own navigation. */
  versions: z.array(version).optional(),
  /** Top navigation tabs. */
  tabs: z.array(tab).optional(),
  /** Anchors above the sidebar. */
  anchors: z.array(anchor).optional(),
  /** Dropdown switcher above the sidebar. */
  dropdowns: z.array(dropdown).optional(),
  /** Sidebar groups. */
  groups: z.array(group).optional(),
  /** Pages without a group. */
  pages: z.array(entry).optional(),
  /** Menu items of a tab. */
  menu: z.array(menuItem).optional(),
});

const itemBase = () => ({
  ...divisions(),
  /** Icon of the item. */
  icon: v2Icon.optional(),
  /** Style of `icon`. */
  iconType: iconType.optional(),
  /** Hides the item from the navigation. */
  hidden: z.boolean().optional(),
  /** External link instead of own pages. */
  href: text.optional(),
  /** OpenAPI file(s) whose endpoints live in this item. */
  openapi: v2OpenApi.optional(),
});

export const group: z.ZodType<V2Group> = z.lazy(() =>
  z.object({
    /** Group name. */
    group: z.string({ error: 'a string (the group name)' }),
    /** Pages of the group: paths or nested groups. */
    pages: z.array(entry).optional(),
    /** Icon of the group. */
    icon: v2Icon.optional(),
    /** Style of `icon`. */
    iconType: iconType.optional(),
    /** Whether the group starts expanded. */
    expanded: z.boolean().optional(),
    /** Badge text next to the group name. */
    tag: text.optional(),
    /** Page opened by clicking the group name. */
    root: text.optional(),
    /** Hides the group from the navigation. */
    hidden: z.boolean().optional(),
    /** Whether the group is public on an authenticated site. */
    public: z.boolean().optional(),
    /** OpenAPI file(s) whose endpoints live in this group. */
    openapi: v2OpenApi.optional(),
  }),
);

export const entry = z.union([z.string(), group], {
  error: 'a page path (string) or a group object with `group` and `pages`',
});

export const tab: z.ZodType<V2Tab> = z.lazy(() => z.object({ /** Tab label. */ tab: text, ...itemBase() }));
export const anchor: z.ZodType<V2Anchor> = z.lazy(() =>
  z.object({ /** Anchor label. */ anchor: text, /** Icon colours. */ color: itemColor.optional(), ...itemBase() }),
);
export const dropdown: z.ZodType<V2Dropdown> = z.lazy(() =>
  z.object({
    /** Dropdown label. */
    dropdown: text,
    /** Text under the label. */
    description: z.string().optional(),
    /** Icon colours. */
    color: itemColor.optional(),
    ...itemBase(),
  }),
);
export const version: z.ZodType<V2Version> = z.lazy(() =>
  z.object({
    /** Version name. */
    version: text,
    /** Whether this version is shown first. */
    default: z.boolean().optional(),
    /** Badge text. */
    tag: text.optional(),
    ...itemBase(),
  }),
);
export const language: z.ZodType<V2Language> = z.lazy(() =>
  z.object({
    /** Language code, e.g. `en`. */
    language: text,
    /** Whether this language is shown first. */
    default: z.boolean().optional(),
    ...itemBase(),
  }),
);
export const menuItem: z.ZodType<V2MenuItem> = z.lazy(() =>
  z.object({ /** Menu item label. */ item: text, /** Text under the label. */ description: z.string().optional(), ...itemBase() }),
);

/** The navigation object. */
export const v2Navigation: z.ZodType<V2Navigation> = z.lazy(() =>
  z.object({
    ...divisions(),
    /** Items shown on every page regardless of the current section (usually external links). */
    global: z
      .object({
        languages: z.array(language).optional(),
        versions: z.array(version).optional(),
        tabs: z.array(tab).optional(),
        anchors: z.array(anchor).optional(),
        dropdowns: z.array(dropdown).optional(),
      })
      .optional(),
  }),
);
