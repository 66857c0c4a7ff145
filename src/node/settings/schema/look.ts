import { z } from 'zod';
import { hexColor, noted, text, unused } from './common.js';
import { footerSocials, socialsObject } from './footer.js';
import { isExternalUrl } from '../../../shared/urls.js';

/**
 * The settings of a site's look and chrome, in both layouts: theme, fonts, background, banner,
 * footer columns, error page, page menu, social card and code block style. What Kiln accepts but
 * does not draw as written is marked with `noted` (a warning at its position, see ../unknown-keys.ts).
 */

/** The themes Kiln draws, each a set of CSS variants keyed by `<html data-theme-variant>`. */
export const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen'] as const;
export type ThemeName = (typeof THEMES)[number];

/** Theme names Kiln does not draw, with the nearest it does: newer docs.json themes and mint.json's presets. */
export const NEAREST_THEME: Record<string, ThemeName> = { sequoia: 'aspen', luma: 'almond', venus: 'mint', quill: 'willow', prism: 'palm' };

/** The layout theme. */
export const theme = noted(z.enum([...THEMES, 'sequoia', 'luma', 'venus', 'quill', 'prism']), (v) =>
  typeof v === 'string' && v in NEAREST_THEME ? { theme: v, drawn: NEAREST_THEME[v]! } : undefined,
);

const lightDark = <T extends z.ZodType>(value: T) =>
  z.object({
    /** Value in light mode. */
    light: value.optional(),
    /** Value in dark mode. */
    dark: value.optional(),
  });

/** A path (or URL) for both modes, or one per mode. */
export const perMode = (what: string) =>
  z.union([text, lightDark(text)], { error: `${what} path or an object \`{light, dark}\`` });

const fontFormat = z.enum(['woff', 'woff2']);

/** One font: a family (Google Fonts, or installed), or a font file given by `source`. */
export const fontFace = z.object({
  /** Font family name, e.g. `Inter`. */
  family: text,
  /** Weight of the text set in it, e.g. 400; variable fonts take any value. */
  weight: z.number().optional(),
  /** URL of a hosted font file, or path of a font file of the project. */
  source: text.optional(),
  /** Format of the `source` file. */
  format: fontFormat.optional(),
});

/** docs.json `fonts`: one family for everything, and/or separate heading and body fonts. */
export const fonts = fontFace.partial({ family: true }).extend({
  /** Font of headings. */
  heading: fontFace.optional(),
  /** Font of body text. */
  body: fontFace.optional(),
});

/** mint.json `font`: a font (`url` for its file), or `{headings, body}`. */
const classicFontFace = fontFace.omit({ source: true }).extend({
  /** URL or path of the font file. */
  url: text.optional(),
});
export const classicFont = classicFontFace.partial({ family: true }).extend({
  /** Font of headings. */
  headings: classicFontFace.optional(),
  /** Font of body text. */
  body: classicFontFace.optional(),
});

export const decoration = z.enum(['gradient', 'grid', 'windows']);

/** docs.json `background`. */
export const v2Background = z.object({
  /** Background image path, or light/dark images. */
  image: perMode('an image').optional(),
  /** Decorative background: a gradient, a grid or windows. */
  decoration: decoration.optional(),
  /** Background colours. */
  color: lightDark(hexColor).optional(),
});

/** mint.json `background`: a decoration. */
export const classicBackground = z.object({
  /** Decoration style. */
  style: decoration.optional(),
});

/** A banner across the top of every page. */
export const banner = z.object({
  /** Text of the banner, in Markdown (links, bold, italic, code). */
  content: text,
  /** Shows a button that hides the banner; the reader's choice is remembered until the content changes. */
  dismissible: z.boolean().optional(),
  /** `info` (primary colour), `warning` (amber) or `critical` (red). */
  type: z.enum(['info', 'warning', 'critical']).optional(),
  /** Background colour, for both modes or per mode; wins over `type`. */
  color: z.union([hexColor, lightDark(hexColor)], { error: 'a hex colour or an object `{light, dark}` of hex colours' }).optional(),
});

/** docs.json `errors`. */
export const errors = z.object({
  /** The page shown for a URL that has no page. */
  404: z
    .object({
      /** Send the reader to the home page instead of showing the page. */
      redirect: z.boolean().optional(),
      /** Heading of the page (default "Page not found"). */
      title: text.optional(),
      /** Text under the heading, in Markdown. */
      description: z.string().optional(),
    })
    .optional(),
});

/** The page menu's built-in options Kiln draws: copying, the Markdown file, and AI tools opened on the page. */
export const CONTEXTUAL_OPTIONS = ['copy', 'view', 'chatgpt', 'claude', 'perplexity', 'grok', 'aistudio'] as const;

/** Built-in options that need Mintlify's hosting (its assistant, MCP server, PDF export) or an app's own link scheme. */
const HOSTED_OPTIONS: Record<string, string> = {
  assistant: "opens Mintlify's hosted assistant",
  'download-pdf': "uses Mintlify's PDF export",
  'download-spec': "uses Mintlify's OpenAPI download",
  devin: 'opens a Devin session through Mintlify',
  'devin-desktop': 'opens the Devin desktop app through Mintlify',
  windsurf: 'opens Windsurf through Mintlify',
  mcp: "copies the URL of Mintlify's hosted MCP server",
  'add-mcp': "copies the install command of Mintlify's hosted MCP server",
  cursor: "installs Mintlify's hosted MCP server in Cursor",
  vscode: "installs Mintlify's hosted MCP server in VS Code",
  'devin-mcp': "installs Mintlify's hosted MCP server in Devin",
};

const queryParam = z.object({ /** Query parameter name. */ key: text, /** Its value; `$page` and `$path` are replaced. */ value: z.string() });

/** An option of the author's own: a link, its query values may name the page. */
const customOption = z.object({
  /** Title in the menu. */
  title: text,
  /** Line under the title. */
  description: z.string().optional(),
  /** Icon name, URL or path. */
  icon: text.optional(),
  /** Target: a URL, or `{base, query}` whose values may use `$page` (the page's Markdown URL) and `$path` (its path). */
  href: z.union([
    text,
    z.object({
      /** URL without its query. */
      base: text,
      /** Query parameters. */
      query: z.union([z.array(queryParam), queryParam]).optional(),
    }),
  ], { error: 'a URL or an object `{base, query}`' }),
});

const mentionsMcp = (v: unknown) => JSON.stringify(v ?? '').includes('$mcp');

/** docs.json `contextual`: the page menu. */
export const contextual = z.object({
  /** Options of the menu, the first being the button shown beside it. */
  options: z.array(
    z.union([
      noted(z.enum([...CONTEXTUAL_OPTIONS, ...(Object.keys(HOSTED_OPTIONS) as [string, ...string[]])]), (v) =>
        typeof v === 'string' && v in HOSTED_OPTIONS ? `("${v}") is left out of the page menu: it ${HOSTED_OPTIONS[v]}, which a static site does not have` : undefined,
      ),
      noted(customOption, (v) => (mentionsMcp(v) ? 'has `$mcp` in its link, which is left empty: a Kiln site has no hosted MCP server' : undefined)),
    ], { error: 'an option name such as "copy" or an object `{title, description, href}`' }),
  ),
  /** Where the menu is: the page header (default) or the table of contents. */
  display: noted(z.enum(['header', 'toc']), (v) => (v === 'toc' ? '"toc" is drawn as "header": Kiln shows the page menu in the page header only' : undefined)).optional(),
});

/** docs.json `thumbnails`: the social card. */
export const thumbnails = z.object({
  /** Light or dark card. */
  appearance: z.enum(['light', 'dark']).optional(),
  /** Background image of the card: a project file (a remote image is not downloaded). */
  background: noted(text, (v) =>
    typeof v === 'string' && isExternalUrl(v) ? 'is a remote image, which is not downloaded: the card is drawn without a background image' : undefined,
  ).optional(),
  /** Card layout. Not drawn: Kiln has one layout. */
  preset: unused(z.enum(['classic', 'headline', 'minimal']), 'is not used: Kiln draws one card layout (the site name, description and logo)').optional(),
  /** Card background style. Not drawn. */
  surface: unused(z.enum(['brand', 'neutral']), 'is not used: Kiln draws one card surface, tinted with the primary colour').optional(),
  /** Card font. Not used: the card is drawn with a built-in face and nothing is downloaded. */
  fonts: unused(z.object({ family: text }), 'is not used: the card is drawn with a built-in sans-serif face, and no font is downloaded').optional(),
  /** The label above the title. Not drawn: the card is the site's, not each page's. */
  eyebrow: unused(z.object({ source: z.string().optional(), style: z.string().optional(), color: z.string().optional() }), "is not used: Kiln draws one card for the site, with no page title or label").optional(),
});

const codeThemeNote = (name: string) => `is not used: Kiln draws code in its own light and dark themes (checked for contrast), not the Shiki theme ${name}`;

/** docs.json `styling`. */
export const styling = z.object({
  /** Above the page title: the page's group (`section`) or every group down to the page (`breadcrumbs`). */
  eyebrows: z.enum(['section', 'breadcrumbs']).optional(),
  /** Code block theme: `system` (follows the page) or `dark` (always dark). */
  codeblocks: noted(
    z.union([
      text,
      z.object({
        /** A Shiki theme, or one per mode. */
        theme: z.union([text, lightDark(text)]).optional(),
        /** Extra languages. */
        languages: z.object({ /** TextMate grammar files. */ custom: z.array(text).optional() }).optional(),
      }),
    ], { error: '"system", "dark", a Shiki theme name or an object `{theme}`' }),
    (v) => {
      if (v === 'system' || v === 'dark') return undefined;
      if (typeof v === 'string') return codeThemeNote(JSON.stringify(v));
      const o = (v ?? {}) as { theme?: unknown; languages?: unknown };
      const notes = [
        o.theme !== undefined && codeThemeNote(typeof o.theme === 'string' ? JSON.stringify(o.theme) : 'given per mode'),
        o.languages !== undefined && `${o.theme === undefined ? 'is not used: ' : ''}custom grammars are not loaded (code in them is shown plain)`,
      ].filter(Boolean);
      return notes.length ? notes.join('; ') : undefined;
    },
  ).optional(),
  /** Whether math stylesheets load. Kiln loads them on the pages that have math, whatever the value. */
  latex: z.boolean().optional(),
});

/** mint.json `codeBlock`. */
export const codeBlock = z.object({
  /** `dark` keeps code blocks dark in light mode; `auto` follows the page. */
  mode: z.enum(['auto', 'system', 'dark']).optional(),
});

/** mint.json `layout`. */
export const layout = noted(z.enum(['topnav', 'sidenav', 'solidSidenav']), (v) =>
  v === 'sidenav' ? '"sidenav" is drawn as "topnav": Kiln keeps the logo and search in the top bar' : undefined,
);

/** mint.json `sidebar`: how its links are drawn. */
export const sidebar = z.object({
  /** `container` (a tinted box on the current page), `card`, `border` or `undecorated`. */
  items: z.enum(['container', 'card', 'border', 'undecorated']).optional(),
});

/** mint.json `topbar`. */
export const topbar = z.object({
  /** `default`, or `gradient` (a band of the primary colour). */
  style: z.enum(['default', 'gradient']).optional(),
});

/** A column of footer links, docs.json's shape. */
export const v2FooterColumn = z.object({
  /** Column heading. */
  header: text.optional(),
  /** Links of the column. */
  items: z.array(z.object({ /** Link text. */ label: text, /** Link target. */ href: text })),
});

/** mint.json `footer`: socials and columns of links. */
export const classicFooter = z.object({
  /** Social links: platform → URL. */
  socials: footerSocials.optional(),
  /** Columns of links. */
  links: z
    .array(
      z.object({
        /** Column heading. */
        title: text.optional(),
        /** Links of the column. */
        links: z.array(z.object({ /** Link text. */ label: text, /** Link target. */ url: text })),
      }),
    )
    .optional(),
});

/** docs.json `footer`. */
export const v2Footer = z.object({
  /** Social links: platform → URL. */
  socials: socialsObject.optional(),
  /** Columns of footer links. */
  links: z.array(v2FooterColumn).optional(),
});

/** mint.json `search`. */
export const classicSearch = z.object({
  /** Placeholder of the search box. */
  prompt: z.string().optional(),
  /** Where the search box is. */
  location: noted(z.enum(['side', 'top']), (v) => (v === 'side' ? '"side" is drawn as "top": the search box stays in the top bar' : undefined)).optional(),
});
