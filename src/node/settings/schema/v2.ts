import { z } from 'zod';
import { hexColor, opaqueObject, oneOrMany, redirect, text, unsupported } from './common.js';
import { logo } from './logo.js';
import { banner, contextual, errors, fonts, perMode, styling, theme, thumbnails, v2Background, v2Footer } from './look.js';
import { feedback } from './feedback.js';
import { v2AsyncApi, v2Navigation, v2OpenApi } from './v2-navigation.js';
import { v2Navbar } from './navbar.js';
import { integrations } from './analytics.js';
import { icons } from './icons.js';

export { v2Navbar };

/**
 * The newer Mintlify `docs.json` layout (navigation is an object, `theme` is set). Only what
 * Kiln maps onto `Settings` is typed closely; presentation-only areas are accepted loosely.
 */

export const v2Colors = z.object({
  /** Primary colour. Required. */
  primary: hexColor,
  /** Primary colour in dark mode. */
  light: hexColor.optional(),
  /** Colour of buttons and hovers. */
  dark: hexColor.optional(),
});

export const v2Api = z.object({
  /** OpenAPI file(s) for the API reference. */
  openapi: v2OpenApi.optional(),
  /** AsyncAPI file(s) `asyncapi:` front matter may name; `directory` is where navigation elements put the channel pages they generate. */
  asyncapi: v2AsyncApi.optional(),
  /** Parameter display options. */
  params: z
    .object({
      /** `all` opens every parameter's child attributes; `closed` (default) leaves them folded. */
      expanded: z.enum(['all', 'closed']).optional(),
    })
    .optional(),
  /** `full` shows the base URL in every endpoint bar (by default only when there are several). */
  url: z.enum(['full']).optional(),
  /** Playground settings. */
  playground: z
    .object({
      /** `interactive` (default), `simple`, `none`, or `auth` (only for signed-in readers: Kiln sites have none, so nobody). */
      display: z.enum(['interactive', 'simple', 'none', 'auth']).optional(),
      /** Whether requests go through a proxy. Kiln sites have none: the browser calls the API. Accepted, not used. */
      proxy: z.boolean().optional(),
      /** Send the browser's cookies with requests. Accepted, not used: Kiln never sends the docs site's cookies. */
      credentials: z.boolean().optional(),
    })
    .optional(),
  /** Generated request examples. */
  examples: z
    .object({
      /** Languages of the generated examples, in order (`curl`, `python`, `javascript`, `node`, `go`, `ruby`, `php`, `java`, `csharp`, `rust`…). */
      languages: z.array(text).optional(),
      /** `all` (default): optional parameters in the examples too; `required`: only required ones. */
      defaults: z.enum(['required', 'all']).optional(),
      /** Fill the playground's fields with the examples of the OpenAPI file (default false: shown as placeholders). */
      prefill: z.boolean().optional(),
      /** Generate examples (default true); false keeps only the file's `x-codeSamples` and the page's own. */
      autogenerate: z.boolean().optional(),
    })
    .optional(),
  /** Settings of API pages written in MDX. */
  mdx: z
    .object({
      /** Base URL(s) of the API. */
      server: oneOrMany.optional(),
      /** Authentication of the playground. */
      auth: z
        .object({
          /** Authentication strategy. */
          method: z.enum(['bearer', 'basic', 'key', 'cobo']).optional(),
          /** Name of the authentication parameter. */
          name: text.optional(),
        })
        .optional(),
    })
    .optional(),
});

export const v2Shape = {
  /** URL of the JSON schema, for editors. */
  $schema: z.string().optional(),
  /** Layout theme: mint, maple, palm, willow, linden, almond or aspen (sequoia and luma are drawn as the nearest). */
  theme: theme.optional(),
  /** Project name; used for the global title. */
  name: text,
  /** Site description for SEO. */
  description: z.string().optional(),
  /** Theme colours. */
  colors: v2Colors.optional(),
  /** Logo path, or light/dark logos with `href`. */
  logo: logo.optional(),
  /** Favicon path, or light/dark favicons. */
  favicon: perMode('a favicon').optional(),
  /** The navigation tree. */
  navigation: v2Navigation,
  /** Top bar links and primary button. */
  navbar: v2Navbar.optional(),
  /** Footer socials and links. */
  footer: v2Footer.optional(),
  /** Light/dark mode: `default` mode, `strict` hides the toggle. */
  appearance: z
    .object({
      /** Mode shown to new users. */
      default: z.enum(['system', 'light', 'dark']).optional(),
      /** Hides the toggle, forcing the default mode. */
      strict: z.boolean().optional(),
    })
    .optional(),
  /** Background image, decoration and colours. */
  background: v2Background.optional(),
  /** API reference settings. */
  api: v2Api.optional(),
  /** Redirect rules. */
  redirects: z.array(redirect).optional(),
  /** The page menu: copy the page, view it as Markdown, open it in an AI tool. */
  contextual: contextual.optional(),
  /** SEO: extra meta tags, and which pages are indexed. */
  seo: z
    .object({
      /** Extra `<meta>` tags of every page (`canonical` or `og:url` give the site URL). */
      metatags: z.record(z.string(), z.unknown()).optional(),
      /** `navigable` (default): search engines and search see the pages of the navigation; `all`: every page. */
      indexing: z.enum(['navigable', 'all']).optional(),
    })
    .optional(),
  /** Fonts of headings and body text: families or font files. */
  fonts: fonts.optional(),
  /** Styling options: eyebrows, code block theme, math stylesheets. */
  styling: styling.optional(),
  /** The icon library names come from. */
  icons: icons.optional(),
  /** Third-party integrations keyed by provider: the analytics ones are injected into built pages. */
  integrations: integrations.optional(),
  /** Error pages: the 404 page's title and text, or a redirect home. */
  errors: errors.optional(),
  /** A banner across the top of every page. */
  banner: banner.optional(),
  /** Search options: `prompt` is the placeholder of the search box. */
  search: z.object({ /** Placeholder of the search box. */ prompt: z.string().optional() }).optional(),
  /** Page metadata options: `timestamp` shows each page's last-modified date. */
  metadata: opaqueObject.optional(),
  /** The social card: light or dark, background image. */
  thumbnails: thumbnails.optional(),
  /** Feedback under each page (a mint.json setting many docs.json files keep). */
  feedback: feedback.optional(),
  /** Text substituted for `{{name}}` in pages, snippets and front matter. */
  variables: z.record(z.string(), z.string()).optional(),
  /** How navigation groups behave when opened. */
  interaction: z
    .object({
      drilldown: unsupported(z.boolean().optional(), 'open a group\'s first page when the group is opened (`interaction.drilldown`); a group opens in place'),
    })
    .optional(),
};

/** The newer docs.json layout. */
export const v2Schema = z.object(v2Shape);
export type V2Input = z.infer<typeof v2Schema>;
