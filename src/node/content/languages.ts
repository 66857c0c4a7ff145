import type { Settings } from '../settings/types.js';
import { pageUrl } from '../../shared/urls.js';
import type { ContentModel, Page } from './pages.js';

/**
 * Languages of a docs.json site (`navigation.languages`): their BCP 47 tags and names, and a page's
 * counterparts in the other languages (hreflang links). Mintlify's codes are ISO 639-1 with two of
 * its own: `cn` (Chinese) and `jp` (Japanese).
 */

const MINTLIFY_CODES: Record<string, string> = { cn: 'zh', jp: 'ja' };

/** The BCP 47 tag of a language code, for `lang` and `hreflang`. */
export function languageTag(code: string): string {
  return MINTLIFY_CODES[code] ?? code;
}

/** A language's name in that language (`fr` → `français`, `ja` → `日本語`), else its code. */
export function languageName(code: string, inLanguage = code): string {
  try {
    const name = new Intl.DisplayNames([languageTag(inLanguage)], { type: 'language' }).of(languageTag(code));
    if (name && name !== languageTag(code)) return name.charAt(0).toLocaleUpperCase(languageTag(inLanguage)) + name.slice(1);
  } catch {
    /* a code Intl does not know: shown as written */
  }
  return code;
}

/** The page's place inside its language's folder: `fr/guides/a` → `guides/a`. */
function within(id: string, prefix: string): string | undefined {
  if (prefix === '') return id;
  return id === prefix ? '' : id.startsWith(`${prefix}/`) ? id.slice(prefix.length + 1) : undefined;
}

/**
 * The same page in each language of the site, the page's own included: language tag → URL. Pages
 * correspond when they sit at the same place in their languages' folders (`en/a` and `fr/a`).
 * Empty when the site has one language or the page is in none.
 */
export function alternates(page: Page, content: ContentModel, settings: Pick<Settings, 'languages'>): { lang: string; url: string }[] {
  const languages = settings.languages;
  const own = languages?.find((l) => l.code === page.lang);
  if (!languages || !own) return [];
  const rest = within(page.id, own.prefix);
  if (rest === undefined) return [];
  const out: { lang: string; url: string }[] = [];
  for (const l of languages) {
    const id = l.prefix ? (rest ? `${l.prefix}/${rest}` : l.prefix) : rest;
    const found = content.pages.get(id) ?? content.pages.get(`${id}/index`);
    const url = l === own ? page.url : found?.url ?? (content.byUrl.get(pageUrl(id)) ? pageUrl(id) : undefined);
    if (url) out.push({ lang: languageTag(l.code), url });
  }
  return out.length > 1 ? out : [];
}
