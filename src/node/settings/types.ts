/**
 * The normalised settings every later stage reads. Produced by `loadSettings` from docs.json
 * (or mint.json) with defaults applied; the raw file shapes live in ./schema/.
 */

import type { JsonPath, PathMap } from './locate.js';

/**
 * Where an object of the settings is written: its JSON path in the settings as read, `$ref`s
 * resolved (`Settings.positions` gives the file, line and column). Absent on what Kiln made itself
 * (groups of generated OpenAPI or AsyncAPI pages).
 */
export interface Written {
  settingsPath?: JsonPath;
}

export type IconType = 'brands' | 'duotone' | 'light' | 'sharp-solid' | 'solid' | 'thin' | 'regular';

/** An entry of a navigation group: a page path or a nested group. */
export type NavigationEntry = string | NavigationGroup;

/** A group's entries are at `settingsPath` + `pages` + their index, its root page at `settingsPath` + `root`. */
export interface NavigationGroup extends Written {
  group: string;
  pages: NavigationEntry[];
  icon?: string;
  iconType?: IconType;
  version?: string;
  /** docs.json (v2) only: name of the tab the group was listed under. */
  tab?: string;
  /** docs.json (v2) only: name of the anchor or dropdown the group was listed under. */
  anchor?: string;
  /** docs.json (v2) only: the group's OpenAPI file; with no pages, its operations become them (openapi/auto-nav.ts). */
  openapi?: string;
  /**
   * docs.json (v2) only: the OpenAPI file(s) its `METHOD /path` entries are looked up in first, and
   * the folder their pages go in: the group's own `openapi`, else the nearest one above it.
   */
  openapiScope?: { sources: string[]; directory?: string };
  /** docs.json (v2) only: key of the division (`Division.key`) the group was listed under. */
  division?: string;
  /** docs.json (v2) only: language code of the language division the group is under. */
  lang?: string;
  /** Badge next to the group name. */
  tag?: string;
  /** Page opened by the group's name (the group is a link as well as a folder). */
  root?: string;
  /** A nested group open from the start. */
  expanded?: boolean;
  /** Left out of the sidebar; its pages are built but treated as hidden pages (content/pages.ts). */
  hidden?: boolean;
  /** Listing of the group's pages below its root page's content (inherited down the navigation). */
  directory?: 'none' | 'accordion' | 'card';
  /** docs.json (v2) only: the group's AsyncAPI file(s); a page per channel is added after its own pages (asyncapi/navigation.ts). */
  asyncapi?: AsyncApiPlace;
}

/** An `asyncapi` of a navigation element: its files, and the folder of the channel pages (`api-reference` by default). */
export interface AsyncApiPlace {
  sources: string[];
  directory?: string;
}

/**
 * docs.json (v2): what readers choose between to reach a part of the site. Each kind is drawn as
 * its own switcher: tabs in the bar under the top bar (a tab's `menu` items in a drop-down of it),
 * anchors as links atop the sidebar, dropdowns, products and versions as drop-down menus atop the
 * sidebar, languages as a menu in the top bar.
 */
export type DivisionKind = 'language' | 'version' | 'product' | 'tab' | 'menu' | 'anchor' | 'dropdown';

export interface Division {
  kind: DivisionKind;
  /** What the switcher shows: the tab's, anchor's… name; for a language, its code. */
  name: string;
  /** Unique in the site: the kinds and names from the top (`version:v2/tab:Guides`). */
  key: string;
  icon?: string;
  iconType?: IconType;
  /** Under the name in a drop-down (dropdowns, products, menu items). */
  description?: string;
  /** Badge next to the name (versions). */
  tag?: string;
  color?: { light?: string; dark?: string };
  /** A link of its own: where it leads when it has no pages. */
  href?: string;
  /** Left out of its switcher unless the reader is inside it. */
  hidden?: boolean;
  /** The one chosen first among its siblings (versions, languages). */
  default?: boolean;
  /** Tabs: `end` puts the tab at the far side of the tab bar. */
  align?: 'start' | 'end';
  /** Languages: top bar links and button of that language's pages. */
  navbar?: { links: Link[]; cta?: CtaButton };
  /** Links shown in every section inside this division (its `global`), each with its kind's switcher. */
  global?: Division[];
  /** The divisions one level down. */
  children: Division[];
}

/** A language of the site (docs.json `languages`): its code and the folder its pages share. */
export interface Language {
  code: string;
  default: boolean;
  /** Longest folder shared by the language's pages (`fr`), '' when none. */
  prefix: string;
}

export interface Logo {
  light: string;
  dark: string;
  href: string;
}

export interface Colors {
  primary: string;
  light?: string;
  dark?: string;
  background?: { light?: string; dark?: string };
  anchors?: string | { from: string; to?: string };
}

export interface Link {
  name: string;
  url: string;
  /** A link drawn as the service's own (icon, and the repository name for GitHub) when it has no label. */
  type?: 'github' | 'discord';
  icon?: string;
}

export interface CtaButton {
  type: 'link' | 'github' | 'discord';
  url: string;
  name?: string;
  /** mint.json: `roundedRectangle` corners instead of the default pill. */
  style?: 'pill' | 'roundedRectangle';
  /** mint.json: an arrow after the text. */
  arrow?: boolean;
}

/** A classic `versions` entry written as an object: a link elsewhere, the default, or the locale of its pages. */
export interface VersionOption {
  name: string;
  /** The entry leads to another site (an older version hosted elsewhere). */
  url?: string;
  /** Language of the pages of this version (`<html lang>`). */
  locale?: string;
  default?: boolean;
}

export interface Anchor extends Written {
  name: string;
  url: string;
  icon?: string;
  iconType: IconType;
  color?: string | { from: string; to?: string };
  version?: string;
  isDefaultHidden: boolean;
  openapi?: string;
  /** docs.json (v2) only: `openapi.directory`, the folder of the pages generated from it. */
  openapiDirectory?: string;
  /** docs.json: key of the division this stands for (`Settings.divisions`). */
  division?: string;
  /** docs.json (v2) only: AsyncAPI file(s) whose channels become pages of the anchor. */
  asyncapi?: AsyncApiPlace;
}

export interface TopAnchor {
  name: string;
  icon: string;
  iconType: IconType;
}

export interface Tab extends Written {
  name: string;
  url: string;
  openapi?: string;
  /** docs.json (v2) only: `openapi.directory`, the folder of the pages generated from it. */
  openapiDirectory?: string;
  /** Shows the tab only when this docs version is selected. */
  version?: string;
  /** docs.json: key of the division this stands for (`Settings.divisions`). */
  division?: string;
  /** docs.json (v2) only: AsyncAPI file(s) whose channels become pages of the tab. */
  asyncapi?: AsyncApiPlace;
}

export interface ApiAuth {
  method?: 'bearer' | 'basic' | 'key' | 'cobo';
  name?: string;
  inputPrefix?: string;
}

export interface ApiSettings {
  baseUrl?: string[];
  auth?: ApiAuth;
  /** `auth` (docs.json `display: "auth"`): the playground is for signed-in readers only, so on a Kiln site for nobody. */
  playground: { mode: 'show' | 'simple' | 'hide' | 'auth' };
  maintainOrder?: boolean;
  /** `api.examples` (docs.json), `api.request.example` (mint.json): the generated request examples. */
  examples?: { languages?: string[]; defaults?: 'required' | 'all'; prefill?: boolean; autogenerate?: boolean };
  /** `api.params.expanded: "all"` (`api.paramFields.expanded` in mint.json): child attributes start open. */
  expandParams?: boolean;
  /** `api.url: "full"`: the base URL in every endpoint bar. */
  fullUrl?: boolean;
}

export type SocialPlatform =
  | 'website' | 'facebook' | 'x' | 'twitter' | 'discord' | 'slack' | 'github' | 'linkedin'
  | 'instagram' | 'hacker-news' | 'youtube' | 'medium' | string;

export interface Redirect {
  source: string;
  destination: string;
  permanent?: boolean;
}

export interface Settings {
  /** Absolute path of the settings file that was read. */
  file: string;
  /** Every file the settings were read from: `file`, then the files its `$ref`s name (settings/refs.ts). */
  sources?: string[];
  /**
   * Where each JSON path of the settings is written (file, line, column, frame), as parsed: for
   * findings about a value after loading (a navigation entry with no page, a version, a colour).
   * Positions are worked out only when asked for. Not enumerable (settings/load.ts): a copy made
   * by spreading the settings does not have it.
   */
  positions?: PathMap;
  /** Which file layout it was written in: classic (mint.json style) or the newer docs.json. */
  layout?: 'classic' | 'v2';
  name: string;
  navigation: NavigationGroup[];
  logo?: Logo;
  favicon?: string;
  colors: Colors;
  topbarLinks: Link[];
  topbarCtaButton?: CtaButton;
  versions: string[];
  /** Classic `versions` given as objects (`VersionOption`), in file order. */
  versionOptions?: VersionOption[];
  anchors: Anchor[];
  topAnchor: TopAnchor;
  tabs: Tab[];
  /** Name of the first tab, which holds every page no other tab claims (`primaryTab.name`). */
  primaryTab?: { name: string };
  api: ApiSettings;
  openapi: string[];
  /** Every AsyncAPI file the settings name (`api.asyncapi` and navigation elements; docs.json only). */
  asyncapi?: string[];
  /** `api.asyncapi.directory`: where navigation elements put channel pages when theirs names none. */
  asyncapiDirectory?: string;
  footerSocials: { type: SocialPlatform; url: string }[];
  /** `thumbsRating`: "Was this page helpful?" under each page. */
  feedback: { suggestEdit: boolean; raiseIssue: boolean; thumbsRating?: boolean };
  modeToggle: { default?: 'light' | 'dark'; isHidden: boolean };
  backgroundImage?: string;
  /**
   * What sits above a page's title (`styling.eyebrows` in docs.json): `section`, the name of the
   * group the page is in; `breadcrumbs`, every group down to the page. Unset: breadcrumbs.
   */
  eyebrows?: 'section' | 'breadcrumbs';
  /** Redirect rules (`redirects` in both layouts). */
  redirects?: Redirect[];
  /** Search options: `search.prompt` is the placeholder of the search box. */
  search?: { prompt?: string };
  /**
   * The site's public URL without a trailing slash, for canonical links, the sitemap and robots.txt:
   * `kiln build --site`, else the `canonical`/`og:url` meta tag the settings give.
   */
  siteUrl?: string;
  /** Extra `<meta>` tags on every page, name → content (`metadata`, or `seo.metatags` in docs.json). */
  metadata?: Record<string, string>;
  /** `metadata.timestamp` (docs.json): pages show their last-modified date (front matter `timestamp` overrides it). */
  timestamp?: boolean;
  /** `seo.indexHiddenPages` (or `seo.indexing: "all"`): pages outside the navigation go in the sitemap. */
  indexHiddenPages?: boolean;
  /** Analytics providers injected into built pages (`analytics`, or `integrations` in docs.json); absent when none. */
  analytics?: Analytics;
  /** The library icon names are looked up in first (`icons.library` in docs.json); Font Awesome when unset. */
  iconLibrary?: 'fontawesome' | 'lucide' | 'tabler';
  /** The theme and the styles chosen by the settings (render/layout/theme.ts); absent: the mint theme as it is. */
  look?: Look;
  /** The favicon in dark mode, when it differs (`favicon.dark`). */
  faviconDark?: string;
  /** The background image in dark mode, when it differs (`background.image.dark`). */
  backgroundImageDark?: string;
  /** Columns of links in the footer (`footer.links`). */
  footerLinks?: FooterColumn[];
  /** Leaves out the footer's "Built with Kiln" (mint.json `isWhiteLabeled`). */
  whiteLabeled?: boolean;
  /** A banner across the top of every page. */
  banner?: Banner;
  /** The page menu (`contextual.options`): what it offers, the first one as its button. */
  contextual?: ContextualOption[];
  /** The 404 page (`errors.404`). */
  notFound?: { redirect?: boolean; title?: string; description?: string };
  /** The social card (`thumbnails`). */
  thumbnails?: { appearance?: 'light' | 'dark'; background?: string };
  /**
   * docs.json: the navigation's divisions as a tree; groups name theirs (`NavigationGroup.division`).
   * The layout draws a site's sections from it; `tabs` and `anchors` then list every division as an
   * owner of pages, for the OpenAPI pages generated into one (openapi/auto-nav.ts).
   */
  divisions?: Division[];
  /** docs.json `navigation.global`: links shown in every section, each drawn with its kind's switcher. */
  globalLinks?: Division[];
  /** docs.json `languages`, when the site has more than its default one. */
  languages?: Language[];
  /** `variables`: `{{name}}` in pages, snippets and front matter is replaced by the value (content/variables.ts). */
  variables?: Record<string, string>;
}

export type ThemeName = 'mint' | 'maple' | 'palm' | 'willow' | 'linden' | 'almond' | 'aspen';

/** A font: a family name, or a font file (`source`: a project path or a URL, linked, never downloaded). */
export interface FontSpec {
  family: string;
  weight?: number;
  source?: string;
  format?: 'woff' | 'woff2';
}

export interface Look {
  /** The theme drawn: names Kiln does not draw are mapped to the nearest (schema/look.ts). */
  theme: ThemeName;
  fonts?: { heading?: FontSpec; body?: FontSpec };
  /** Decorative background. */
  decoration?: 'gradient' | 'grid' | 'windows';
  /** Code blocks stay dark in light mode. */
  codeBlocks?: 'dark';
  /** Square corners (mint.json `rounded: sharp`). */
  rounded?: 'sharp';
  /** How the sidebar's current link is drawn (mint.json `sidebar.items`); unset: the theme's way. */
  sidebarItems?: 'container' | 'card' | 'border' | 'undecorated';
  /** A primary-colour band behind the top bar (mint.json `topbar.style`). */
  topbar?: 'gradient';
  /** The sidebar as a solid panel (mint.json `layout: solidSidenav`). */
  sidebar?: 'solid';
}

export interface FooterColumn {
  header?: string;
  items: { label: string; href: string }[];
}

export interface Banner {
  /** Markdown: links, emphasis and code are drawn. */
  content: string;
  dismissible: boolean;
  type: 'info' | 'warning' | 'critical';
  color?: { light?: string; dark?: string };
}

/** Built-in page menu entries, or an author's link (`href` with `$page`/`$path` in its query values). */
export type ContextualOption =
  | 'copy' | 'view' | 'chatgpt' | 'claude' | 'perplexity' | 'grok' | 'aistudio'
  | { title: string; description?: string; icon?: string; href: string; query?: { key: string; value: string }[] };

/** One entry per configured provider; render/layout/analytics.ts writes each one's snippet. */
export interface Analytics {
  ga4?: { measurementId: string };
  gtm?: { tagId: string };
  posthog?: { apiKey: string; apiHost?: string };
  plausible?: { domain: string; server?: string };
  fathom?: { siteId: string };
  segment?: { key: string };
  mixpanel?: { projectToken: string };
  amplitude?: { apiKey: string };
  hotjar?: { hjid: number; hjsv?: number };
  heap?: { appId: string };
  clarity?: { projectId: string };
  pirsch?: { id: string };
  logrocket?: { appId: string };
}
