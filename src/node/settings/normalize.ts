import type { ClassicInput } from './schema/index.js';
import type { Analytics, Anchor, Logo, NavigationEntry, NavigationGroup, Settings } from './types.js';
import type { AnalyticsInput } from './schema/analytics.js';
import type { NavigationGroupInput } from './schema/navigation.js';
import { lookFromClassic } from './look.js';
import type { JsonPath } from './locate.js';
import { isHttpUrl } from '../../shared/urls.js';

/** Theme colour used when the file sets none (the spec makes `colors` optional). */
export const DEFAULT_PRIMARY = '#0d9373';

export const DEFAULT_TOP_ANCHOR = { name: 'Documentation', icon: 'book-open', iconType: 'duotone' } as const;

/** Copy of `o` without its undefined properties, so results compare and print cleanly. */
export function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The analytics providers of either layout, Hotjar's ids as numbers; undefined when none is set. */
export function analyticsFrom(input: AnalyticsInput | undefined): Analytics | undefined {
  if (!input) return undefined;
  const { ga4, gtm, posthog, plausible, fathom, segment, mixpanel, amplitude, hotjar, heap, clarity, pirsch, logrocket } = input;
  const out: Analytics = compact({
    ga4, gtm, posthog, plausible, fathom, segment, mixpanel, amplitude, heap, clarity, pirsch, logrocket,
    hotjar: hotjar && compact({ hjid: Number(hotjar.hjid), hjsv: hotjar.hjsv === undefined ? undefined : Number(hotjar.hjsv) }),
  });
  return Object.keys(out).length ? out : undefined;
}

export function toArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** A logo path or `{light?, dark?, href?}` → both modes and a link; a missing mode borrows the other. */
export function normalizeLogo(logo: string | { light?: string; dark?: string; href?: string } | undefined): Logo | undefined {
  if (logo === undefined) return undefined;
  if (typeof logo === 'string') return { light: logo, dark: logo, href: '/' };
  const light = logo.light ?? logo.dark ?? '';
  return { light, dark: logo.dark ?? light, href: logo.href ?? '/' };
}

/** Social links as an object platform → URL, or already as `[{type, url}]`. */
export function normalizeSocials(s: Record<string, string | undefined> | { type: string; url: string }[] | undefined) {
  if (s === undefined) return [];
  if (Array.isArray(s)) return s.map(({ type, url }) => ({ type, url }));
  return Object.entries(s).flatMap(([type, url]) => (url === undefined ? [] : [{ type, url }]));
}

function normalizeGroup(g: NavigationGroupInput, settingsPath: JsonPath): NavigationGroup {
  const pages: NavigationEntry[] = g.pages.map((p, i) => (typeof p === 'string' ? p : normalizeGroup(p, [...settingsPath, 'pages', i])));
  return compact({ group: g.group, pages, icon: g.icon, iconType: g.iconType, version: g.version, settingsPath });
}

/** Site URL from meta tags (`canonical`, else `og:url`): absolute http(s) only, no trailing slash. */
export function siteUrlFrom(tags: Record<string, unknown> | undefined): string | undefined {
  for (const key of ['canonical', 'og:url']) {
    const v = tags?.[key];
    if (typeof v === 'string' && isHttpUrl(v.trim())) return v.trim().replace(/\/+$/, '');
  }
  return undefined;
}

/** `search: {prompt}` as projects write it (the object itself is only loosely checked). */
export function searchOptions(search: Record<string, unknown> | undefined): { prompt?: string } | undefined {
  const prompt = search?.prompt;
  return typeof prompt === 'string' && prompt.trim() ? { prompt: prompt.trim() } : undefined;
}

/** Meta tags given as name → text; other values are dropped. */
export function metaTags(tags: unknown): Record<string, string> | undefined {
  if (!tags || typeof tags !== 'object' || Array.isArray(tags)) return undefined;
  const out = Object.fromEntries(Object.entries(tags).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, String(v)]));
  return Object.keys(out).length ? out : undefined;
}

/** Classic (mint.json-style) input with defaults applied. */
export function normalizeClassic(input: ClassicInput, file: string): Settings {
  const anchors: Anchor[] = (input.anchors ?? []).map((a, i) =>
    compact({
      settingsPath: ['anchors', i],
      name: a.name,
      url: a.url,
      icon: a.icon,
      iconType: a.iconType ?? 'duotone',
      color: a.color,
      version: a.version,
      isDefaultHidden: a.isDefaultHidden ?? false,
      openapi: a.openapi,
    }),
  );
  const cta = input.topbarCtaButton;
  const c = input.colors;
  return compact({
    file,
    layout: 'classic' as const,
    name: input.name,
    navigation: input.navigation.map((g, i) => normalizeGroup(g, ['navigation', i])),
    primaryTab: input.primaryTab,
    logo: normalizeLogo(input.logo),
    favicon: input.favicon,
    colors: c
      ? compact({ primary: c.primary, light: c.light, dark: c.dark, background: c.background, anchors: c.anchors })
      : { primary: DEFAULT_PRIMARY },
    topbarLinks: (input.topbarLinks ?? []).map(({ name, url }) => ({ name, url })),
    topbarCtaButton: cta && compact({ type: cta.type ?? 'link', url: cta.url, name: cta.name, style: cta.style, arrow: cta.arrow }),
    versions: (input.versions ?? []).map((v) => (typeof v === 'string' ? v : v.name)),
    versionOptions: (input.versions ?? []).some((v) => typeof v !== 'string')
      ? (input.versions ?? []).map((v) => (typeof v === 'string' ? { name: v } : compact({ name: v.name, url: v.url, locale: v.locale, default: v.default })))
      : undefined,
    anchors,
    topAnchor: { ...DEFAULT_TOP_ANCHOR, ...compact(input.topAnchor ?? {}) },
    tabs: (input.tabs ?? []).map((t, i) => compact({ name: t.name, url: t.url, openapi: t.openapi, version: t.version, settingsPath: ['tabs', i] })),
    api: compact({
      baseUrl: input.api?.baseUrl === undefined ? undefined : toArray(input.api.baseUrl),
      auth: input.api?.auth,
      playground: { mode: input.api?.playground?.mode ?? 'show' },
      maintainOrder: input.api?.maintainOrder,
      examples: input.api?.request?.example && compact({ languages: input.api.request.example.languages, defaults: input.api.request.example.showOptionalParams === false ? ('required' as const) : undefined }),
      expandParams: input.api?.paramFields?.expanded === 'all' ? true : undefined,
    }),
    openapi: toArray(input.openapi),
    // `footer.socials` is mint.json's later spelling; a platform given in both is shown once.
    footerSocials: [...normalizeSocials(input.footerSocials), ...normalizeSocials(input.footer?.socials)].filter((s, i, all) => all.findIndex((o) => o.type === s.type) === i),
    feedback: feedbackOf(input.feedback),
    modeToggle: compact({ default: input.modeToggle?.default, isHidden: input.modeToggle?.isHidden ?? false }),
    backgroundImage: input.backgroundImage,
    redirects: input.redirects,
    search: searchOptions(input.search),
    siteUrl: siteUrlFrom(input.metadata),
    metadata: metaTags(input.metadata),
    indexHiddenPages: input.seo?.indexHiddenPages === true ? true : undefined,
    analytics: analyticsFrom(input.analytics),
    ...lookFromClassic(input),
  });
}

/** The feedback options, `thumbsRating` only when on. */
export function feedbackOf(f: { suggestEdit?: boolean; raiseIssue?: boolean; thumbsRating?: boolean } | undefined): Settings['feedback'] {
  return compact({ suggestEdit: f?.suggestEdit ?? false, raiseIssue: f?.raiseIssue ?? false, thumbsRating: f?.thumbsRating === true ? true : undefined });
}
