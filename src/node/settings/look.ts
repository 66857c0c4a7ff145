import type { z } from 'zod';
import type { ClassicInput, V2Input } from './schema/index.js';
import { CONTEXTUAL_OPTIONS, NEAREST_THEME, THEMES, type fontFace } from './schema/look.js';
import type { Banner, ContextualOption, FontSpec, Look, Settings, ThemeName } from './types.js';
import { compact } from './normalize.js';

/**
 * The look and chrome settings of either layout as `Settings` fields: theme, fonts, decoration,
 * code block style, footer columns, banner, page menu, 404 page, social card, per-mode favicon and
 * background image. What the schema accepts but Kiln does not draw was reported while validating
 * (schema/look.ts); here it is left out.
 */

type LookFields = Pick<Settings, 'look' | 'faviconDark' | 'backgroundImageDark' | 'footerLinks' | 'whiteLabeled' | 'banner' | 'contextual' | 'notFound' | 'thumbnails'>;

/** The theme drawn for a settings value: one Kiln has, else the nearest, else mint. */
export function themeOf(name: string | undefined): ThemeName {
  if (name && (THEMES as readonly string[]).includes(name)) return name as ThemeName;
  return (name && NEAREST_THEME[name]) || 'mint';
}

type FontInput = Partial<z.infer<typeof fontFace>> & { url?: string };

function fontSpec(f: FontInput | undefined): FontSpec | undefined {
  if (!f?.family) return undefined;
  return compact({ family: f.family, weight: f.weight, source: f.source ?? f.url, format: f.format });
}

/** Heading and body fonts: a part of its own wins over the font given for both. */
function fontsOf(both: FontInput | undefined, heading: FontInput | undefined, body: FontInput | undefined): Look['fonts'] {
  const shared = fontSpec(both);
  const pick = (own: FontInput | undefined) => fontSpec(own) ?? (own ? fontSpec({ ...both, ...own }) : shared);
  const fonts = compact({ heading: pick(heading), body: pick(body) });
  return Object.keys(fonts).length ? fonts : undefined;
}

/** The `look` field, left out when it is the default theme as it is. */
function lookOf(look: Look): Look | undefined {
  const out = compact(look);
  return Object.keys(out).length === 1 && out.theme === 'mint' ? undefined : out;
}

/** Of a `{light, dark}` pair, the dark one when it differs from the one used for both. */
function darkOf(value: string | { light?: string; dark?: string } | undefined): string | undefined {
  if (typeof value !== 'object' || !value.light || !value.dark || value.light === value.dark) return undefined;
  return value.dark;
}

function bannerOf(b: V2Input['banner']): Banner | undefined {
  if (!b) return undefined;
  const color = typeof b.color === 'string' ? { light: b.color, dark: b.color } : b.color && compact({ ...b.color });
  return compact({ content: b.content, dismissible: b.dismissible ?? false, type: b.type ?? 'info', color: color && Object.keys(color).length ? color : undefined });
}

/** The page menu's options Kiln draws, in order, each once. */
function contextualOf(c: V2Input['contextual']): ContextualOption[] | undefined {
  if (!c) return undefined;
  const out: ContextualOption[] = [];
  for (const o of c.options) {
    if (typeof o === 'string') {
      if ((CONTEXTUAL_OPTIONS as readonly string[]).includes(o) && !out.includes(o as ContextualOption)) out.push(o as ContextualOption);
    } else if (typeof o.href === 'string') {
      out.push(compact({ title: o.title, description: o.description, icon: o.icon, href: o.href }));
    } else {
      const query = o.href.query === undefined ? undefined : Array.isArray(o.href.query) ? o.href.query : [o.href.query];
      out.push(compact({ title: o.title, description: o.description, icon: o.icon, href: o.href.base, query }));
    }
  }
  return out;
}

/** Look and chrome of a docs.json. */
export function lookFromV2(input: V2Input): LookFields {
  const f = input.fonts;
  const codeblocks = input.styling?.codeblocks;
  const errors = input.errors?.['404'];
  return compact({
    look: lookOf({
      theme: themeOf(input.theme),
      fonts: f && fontsOf(f, f.heading, f.body),
      decoration: input.background?.decoration,
      codeBlocks: codeblocks === 'dark' ? ('dark' as const) : undefined,
    }),
    faviconDark: darkOf(input.favicon),
    backgroundImageDark: darkOf(input.background?.image),
    footerLinks: input.footer?.links?.map((c) => compact({ header: c.header, items: c.items.map(({ label, href }) => ({ label, href })) })),
    banner: bannerOf(input.banner),
    contextual: contextualOf(input.contextual),
    notFound: errors && compact({ ...errors }),
    thumbnails: input.thumbnails && compact({ appearance: input.thumbnails.appearance, background: input.thumbnails.background }),
  });
}

/** Look and chrome of a mint.json. */
export function lookFromClassic(input: ClassicInput): LookFields {
  const f = input.font;
  return compact({
    look: lookOf({
      theme: themeOf(input.theme),
      fonts: f && fontsOf(f, f.headings, f.body),
      decoration: input.background?.style,
      codeBlocks: input.codeBlock?.mode === 'dark' ? ('dark' as const) : undefined,
      rounded: input.rounded === 'sharp' ? ('sharp' as const) : undefined,
      sidebarItems: input.sidebar?.items,
      topbar: input.topbar?.style === 'gradient' ? ('gradient' as const) : undefined,
      sidebar: input.layout === 'solidSidenav' ? ('solid' as const) : undefined,
    }),
    footerLinks: input.footer?.links?.map((c) => compact({ header: c.title, items: c.links.map(({ label, url }) => ({ label, href: url })) })),
    whiteLabeled: input.isWhiteLabeled === true ? true : undefined,
  });
}
