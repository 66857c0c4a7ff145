import { z } from 'zod';
import { iconType, oneOrMany, opaqueObject, text, unsupported } from './common.js';
import { v2Icon, v2Navbar, type V2NavbarInput } from './navbar.js';

export { v2Icon };

/**
 * `navigation` of the newer docs.json layout: an object whose divisions (languages, versions,
 * products, tabs, menus, anchors, dropdowns, groups, pages) nest inside each other in any order.
 */

type V2Icon = z.infer<typeof v2Icon>;
type IconStyle = z.infer<typeof iconType>;
type Directory = 'none' | 'accordion' | 'card';

/** An OpenAPI reference: file(s), or `{source, directory}`. */
export const v2OpenApi = z.union([oneOrMany, z.object({ source: text, directory: text.optional() })], {
  error: 'an OpenAPI file path, an array of them, or an object `{source, directory}`',
});
export type V2OpenApi = z.infer<typeof v2OpenApi>;

/** An AsyncAPI reference: file(s), or `{source, directory}`; one page per channel. */
export const v2AsyncApi = z.union([oneOrMany, z.object({ source: text, directory: text.optional() })], {
  error: 'an AsyncAPI file path, an array of them, or an object `{source, directory}`',
});

export type V2Entry = string | V2Group;

export interface V2Group {
  group: string;
  pages?: V2Entry[];
  icon?: V2Icon;
  iconType?: IconStyle;
  expanded?: boolean;
  tag?: string;
  root?: string;
  hidden?: boolean;
  public?: boolean;
  openapi?: V2OpenApi;
  directory?: Directory;
  asyncapi?: V2OpenApi;
}

/** Divisions that may appear at any level of the navigation tree. */
export interface V2Divisions {
  languages?: V2Language[];
  versions?: V2Version[];
  products?: V2Product[];
  tabs?: V2Tab[];
  menu?: V2MenuItem[];
  anchors?: V2Anchor[];
  dropdowns?: V2Dropdown[];
  groups?: V2Group[];
  pages?: V2Entry[];
  directory?: Directory;
}

/** Fields every division item (tab, anchor, …) may carry. */
interface V2ItemBase extends V2Divisions {
  global?: V2Global;
  icon?: V2Icon;
  iconType?: IconStyle;
  hidden?: boolean;
  href?: string;
  openapi?: V2OpenApi;
  asyncapi?: V2OpenApi;
}

type ItemColor = { light?: string; dark?: string };
export interface V2Tab extends V2ItemBase { tab: string; align?: 'start' | 'end'; tag?: string }
export interface V2Anchor extends V2ItemBase { anchor: string; color?: ItemColor }
export interface V2Dropdown extends V2ItemBase { dropdown: string; description?: string; color?: ItemColor }
export interface V2Product extends V2ItemBase { product: string; name?: string; description?: string; color?: ItemColor }
export interface V2Version extends V2ItemBase { version: string; default?: boolean; tag?: string }
export interface V2Language extends V2ItemBase { language: string; default?: boolean; navbar?: V2NavbarInput }
export interface V2MenuItem extends V2ItemBase { item: string; description?: string }

/** `navigation.global`: links shown in every section (only `href`, no pages of their own). */
export type V2GlobalItem = Partial<V2Tab & V2Anchor & V2Dropdown & V2Product & V2Version & V2Language>;
export interface V2Global {
  languages?: V2Language[];
  versions?: V2Version[];
  products?: V2Product[];
  tabs?: V2Tab[];
  anchors?: V2Anchor[];
  dropdowns?: V2Dropdown[];
}

export interface V2Navigation extends V2Divisions {
  global?: V2Global;
}

/** Item colour (anchors, dropdowns, products): light and dark mode hex colours. */
const itemColor = z.object({ light: z.string().optional(), dark: z.string().optional() });

const directory = z.enum(['none', 'accordion', 'card']);

/**
 * Shape of the nested divisions; a function so the lazy schemas below are initialised first, made
 * once and shared by every kind of item (one schema instance each: the JSON Schema generator then
 * writes each once).
 */
let divisionShape: ReturnType<typeof makeDivisions> | undefined;
const divisions = () => (divisionShape ??= makeDivisions());
const makeDivisions = () => ({
  /** Language variants of the docs: a language switcher, each with its own navigation. */
  languages: z.array(language).optional(),
  /** Docs versions: a version switcher, each with its own navigation. */
  versions: z.array(version).optional(),
  /** Products: a product switcher atop the sidebar. */
  products: z.array(product).optional(),
  /** Top navigation tabs. */
  tabs: z.array(tab).optional(),
  /** Menu items of a tab: a drop-down of the tab, each with its own navigation. */
  menu: z.array(menuItem).optional(),
  /** Anchors atop the sidebar. */
  anchors: z.array(anchor).optional(),
  /** Dropdown switcher atop the sidebar. */
  dropdowns: z.array(dropdown).optional(),
  /** Sidebar groups. */
  groups: z.array(group).optional(),
  /** Pages without a group. */
  pages: z.array(entry).optional(),
  /** Listing of child pages below each group root page in here: `none`, `accordion` or `card`. */
  directory: directory.optional(),
});

/** What a division item carries besides its name: icon, link, visibility, OpenAPI (made once, as `divisions`). */
let itemShape: ReturnType<typeof makeItemFields> | undefined;
const itemFields = () => (itemShape ??= makeItemFields());
const makeItemFields = () => ({
  /** Icon of the item. */
  icon: v2Icon.optional(),
  /** Style of `icon`. */
  iconType: iconType.optional(),
  /** Left out of its switcher unless the reader is in it. */
  hidden: z.boolean().optional(),
  /** A link: where the item leads when it has no pages of its own. */
  href: text.optional(),
  /** OpenAPI file(s) whose endpoints live in this item. */
  openapi: v2OpenApi.optional(),
  /** AsyncAPI file(s) whose channels become pages of this item. */
  asyncapi: v2AsyncApi.optional(),
  /** Links shown in every section inside this item. */
  global: z.lazy(() => globalLinks).optional(),
});

const itemBase = () => ({ ...divisions(), ...itemFields() });

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
    /** Whether a nested group starts open. */
    expanded: z.boolean().optional(),
    /** Badge text next to the group name. */
    tag: text.optional(),
    /** Page opened by clicking the group name. */
    root: text.optional(),
    /** Left out of the sidebar; its pages are hidden pages. */
    hidden: z.boolean().optional(),
    /** Whether the group is public on a site behind authentication: every Kiln site is public. */
    public: z.boolean().optional(),
    /** OpenAPI file(s) whose endpoints live in this group. */
    openapi: v2OpenApi.optional(),
    /** Listing of child pages below the root page: `none`, `accordion` or `card`. */
    directory: directory.optional(),
    /** AsyncAPI file(s) whose channels become pages of this group, after the pages it lists. */
    asyncapi: v2AsyncApi.optional(),
    boost: unsupported(z.number().optional(), 'rank search results by group'),
    searchable: unsupported(z.boolean().optional(), 'leave a group out of search by this setting (front matter `noindex: true` does)'),
  }),
);

export const entry = z.union([z.string(), group], {
  error: 'a page path (string) or a group object with `group` and `pages`',
});

export const tab: z.ZodType<V2Tab> = z.lazy(() =>
  z.object({
    /** Tab label. */
    tab: text,
    /** `end` puts the tab at the far side of the bar. */
    align: z.enum(['start', 'end']).optional(),
    /** Badge text next to the tab name. */
    tag: text.optional(),
    ...itemBase(),
  }),
);
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
export const product: z.ZodType<V2Product> = z.lazy(() =>
  z.object({
    /** Product label. */
    product: text,
    /** Name shown in place of `product`. */
    name: text.optional(),
    /** Text under the name. */
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
    /** Badge text next to the version in the switcher. */
    tag: text.optional(),
    ...itemBase(),
  }),
);
export const language: z.ZodType<V2Language> = z.lazy(() =>
  z.object({
    /** Language code, e.g. `en`, `fr`, `pt-BR`. */
    language: text,
    /** Whether this language is shown first. */
    default: z.boolean().optional(),
    /** Top bar links and button of this language. */
    navbar: v2Navbar.optional(),
    banner: unsupported(opaqueObject.optional(), 'show a different banner per language'),
    footer: unsupported(opaqueObject.optional(), 'show a different footer per language'),
    ...itemBase(),
  }),
);
export const menuItem: z.ZodType<V2MenuItem> = z.lazy(() =>
  z.object({ /** Menu item label. */ item: text, /** Text under the label. */ description: z.string().optional(), ...itemBase() }),
);

/** A `navigation.global` item: a link with a label, no pages of its own. */
const globalItem = <K extends string>(label: K, extra: Record<string, z.ZodType> = {}) =>
  z.object({
    [label]: text,
    ...extra,
    /** Icon of the link. */
    icon: v2Icon.optional(),
    /** Style of `icon`. */
    iconType: iconType.optional(),
    /** Not shown. */
    hidden: z.boolean().optional(),
    /** Where the link leads. */
    href: text.optional(),
  } as Record<K, typeof text>);

/** Links shown in every section, whatever the reader has chosen (usually external links). */
const globalLinks: z.ZodType<V2Global> = z.lazy(() =>
  z.object({
    languages: z.array(globalItem('language', { default: z.boolean().optional() })).optional(),
    versions: z.array(globalItem('version', { default: z.boolean().optional(), tag: text.optional() })).optional(),
    products: z.array(globalItem('product', { name: text.optional(), description: z.string().optional(), color: itemColor.optional() })).optional(),
    tabs: z.array(globalItem('tab', { align: z.enum(['start', 'end']).optional(), tag: text.optional() })).optional(),
    anchors: z.array(globalItem('anchor', { color: itemColor.optional() })).optional(),
    dropdowns: z.array(globalItem('dropdown', { description: z.string().optional(), color: itemColor.optional() })).optional(),
  }),
) as z.ZodType<V2Global>;

/** The navigation object. */
export const v2Navigation: z.ZodType<V2Navigation> = z.lazy(() =>
  z.object({
    ...divisions(),
    /** Links shown in every section, whatever the reader has chosen (usually external links). */
    global: globalLinks.optional(),
  }),
) as z.ZodType<V2Navigation>;
