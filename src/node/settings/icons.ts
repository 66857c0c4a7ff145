import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { JsonPath, PathMap } from './locate.js';
import { SOCIAL_PLATFORMS } from './schema/footer.js';
import { iconFinding } from '../icons/diagnostics.js';
import { ICON_LIBRARIES, type IconLibrary } from '../icons/libraries.js';
import { classifyIcon, lookupIcon } from '../icons/resolve.js';

/** Areas of the settings whose values are not navigation: an `icon` key there is someone else's option. */
const NOT_NAVIGATION = new Set(['$schema', 'seo', 'metadata', 'integrations', 'analytics', 'api', 'openapi', 'redirects', 'fonts', 'font', 'colors', 'logo', 'favicon', 'background', 'styling', 'thumbnails', 'errors', 'search', 'interaction']);

/** The library `icons.library` names, when it names one. */
export function settingsIconLibrary(raw: unknown): IconLibrary | undefined {
  const library = (raw as { icons?: { library?: unknown } } | null)?.icons?.library;
  return ICON_LIBRARIES.find((l) => l === library);
}

/**
 * The icons the settings name (groups, pages, tabs, anchors, navbar links, versions, products,
 * dropdowns, languages, in docs.json and mint.json alike: every `icon` of the navigation areas)
 * get the findings icons in pages get, at their position in the settings file: `icon/unknown`
 * when no library has the name, a note when a stand-in is shown. Social links in the older list
 * form (`[{type, url}]`) of a platform Kiln has no icon for are shown as the brand icon of that
 * name, and checked as such.
 */
export function settingsIconDiagnostics(raw: unknown, map: PathMap): { offset: number; diagnostic: Diagnostic }[] {
  const library = settingsIconLibrary(raw);
  const out: { offset: number; diagnostic: Diagnostic }[] = [];
  const report = (path: JsonPath, make: (where: Omit<ReturnType<PathMap['at']>, 'offset'>) => Diagnostic | undefined) => {
    const { offset, ...where } = map.at(path);
    const diagnostic = make(where);
    if (diagnostic) out.push({ offset, diagnostic });
  };
  const stack: { value: unknown; path: JsonPath }[] = [{ value: raw, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({ value: v, path: [...path, i] }));
      continue;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.icon === 'string') {
      const source = classifyIcon(record.icon);
      if (source.kind === 'name') {
        const resolved = lookupIcon(source.name, typeof record.iconType === 'string' ? record.iconType : undefined, library);
        report([...path, 'icon'], (where) => iconFinding(record.icon as string, resolved, library, where));
      }
    }
    for (const [key, v] of Object.entries(record)) {
      if (path.length === 0 && NOT_NAVIGATION.has(key)) continue;
      if (key === 'footerSocials' && Array.isArray(v)) {
        v.forEach((s, i) => {
          const type = (s as { type?: unknown } | null)?.type;
          // Shown as the brand icon of that name (render/layout/chrome.tsx).
          if (typeof type === 'string' && !(SOCIAL_PLATFORMS as readonly string[]).includes(type)) report(['footerSocials', i, 'type'], (where) => iconFinding(type, lookupIcon(type, 'brands', 'fontawesome'), 'fontawesome', where));
        });
        continue;
      }
      stack.push({ value: v, path: [...path, key] });
    }
  }
  return out;
}
