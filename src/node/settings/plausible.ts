import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isCssColor } from '../../shared/colour.js';
import { valuePhrase } from './issues.js';
import type { JsonPath, PathMap, Where } from './locate.js';
import type { Redirect } from './types.js';
import { isExternalUrl } from '../../shared/urls.js';

/**
 * Settings values that end up in a page as URLs or colours, checked for being plausible ones: a
 * value that is not (`/bg.svg</style><script>…`, `javascript:…`) is written encoded and cannot run,
 * but it does not work either, and it is likely an attack or a mistake. Each finding has the
 * value's JSON path and position. Redirect destinations are stricter: only http(s) URLs and paths of
 * the site are accepted, anything else is an error and the redirect is left out.
 */

type Kind = 'link' | 'resource' | 'color' | 'redirect' | 'redirect-source';

const SCHEMES: Record<'link' | 'resource', RegExp> = {
  link: /^(?:https?|mailto|tel):/i,
  // Images and fonts: also inline data, which an <img> or a url() cannot run.
  resource: /^(?:https?:|data:(?:image|font)\/)/i,
};
const SCHEME_NAMES = { link: 'http, https, mailto and tel', resource: 'http, https and data: images' };

/** The first character no URL or file path written by hand has: controls, line breaks, tabs, `<>"\``, backslash. */
function oddCharacter(value: string): string | undefined {
  const m = /[\u0000-\u001f\u007f-\u009f\u2028\u2029<>"`\\]/.exec(value);
  if (!m) return undefined;
  const c = m[0];
  return /[<>"`\\]/.test(c) ? `\`${c}\`` : `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why `value` is not a plausible link (`link`) or image or font address (`resource`); undefined when it is. */
export function urlProblem(value: string, kind: 'link' | 'resource'): string | undefined {
  const v = value.trim();
  const odd = oddCharacter(v);
  if (odd) return `it contains ${odd}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (scheme && !SCHEMES[kind].test(v)) return `the \`${scheme[1]!.toLowerCase()}:\` scheme is not one of ${SCHEME_NAMES[kind]}`;
  if (/^https?:/i.test(v) && !/^https?:\/\/[^/?#\s]/i.test(v)) return 'it has no host name after `https://`';
  return undefined;
}

/**
 * Where a redirect leads, as redirect pages and `_redirects` write it: an absolute http(s) URL, or
 * a path of the site (`guides/new` is `/guides/new`, as Mintlify reads it). Anything else (another
 * scheme such as `javascript:`, `//host`, control characters) gives the reason it is refused.
 */
export function redirectTarget(destination: string): { url: string } | { reason: string } {
  const d = destination.trim();
  const odd = oddCharacter(d);
  if (odd) return { reason: `it contains ${odd}` };
  if (d === '') return { reason: 'it is empty' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(d);
  if (scheme) {
    if (!/^https?$/i.test(scheme[1]!)) return { reason: `the \`${scheme[1]!.toLowerCase()}:\` scheme is not allowed` };
    return /^https?:\/\/[^/?#]/i.test(d) ? { url: d } : { reason: 'it has no host name after `https://`' };
  }
  if (d.startsWith('//')) return { reason: 'it names another host without `https:`' };
  return { url: d.startsWith('/') ? d : `/${d}` };
}

/**
 * The path a redirect is from: a path of the site, never a URL, and without `.` or `..` segments
 * (the redirect page is written at that path inside the output, so `/../x` would land outside it).
 */
export function redirectSource(source: string): { path: string } | { reason: string; unreachable?: true } {
  const s = source.trim();
  // A `\` (meilisearch's `self\_hosted`, Markdown escaping) is harmless but matches nothing:
  // browsers read it as `/`. Mintlify accepts the file, so it is a warning, not an error.
  const odd = oddCharacter(s.replace(/\\/g, ''));
  if (odd) return { reason: `it contains ${odd}` };
  if (isExternalUrl(s)) return { reason: 'it is a URL, not a path of the site' };
  if (s.split(/[/\\]/).some((seg) => seg === '.' || seg === '..')) return { reason: 'it has a `.` or `..` segment' };
  if (s.includes('\\')) return { reason: 'browsers read `\\` in an address as `/`', unreachable: true };
  return { path: s };
}

/** A redirect as pages and `_redirects` write it (destination made absolute), or undefined when either end is refused. */
export function acceptedRedirect(r: Redirect): Redirect | undefined {
  const source = redirectSource(r.source);
  const target = redirectTarget(r.destination);
  return 'path' in source && 'url' in target ? { ...r, source: source.path, destination: target.url } : undefined;
}

const IMAGE_KEYS = new Set(['logo', 'favicon', 'backgroundImage']);

/** What the value at `path` is used as, by where it sits in either layout; undefined for anything else. */
function kindAt(path: JsonPath): Kind | undefined {
  const [top] = path;
  const key = path[path.length - 1];
  const parent = path[path.length - 2];
  if (top === 'redirects' && path.length === 3 && key === 'destination') return 'redirect';
  if (top === 'redirects' && path.length === 3 && key === 'source') return 'redirect-source';
  if (path.some((seg) => seg === 'color' || seg === 'colors')) return 'color';
  if (key === 'url' || key === 'href') return 'link';
  // `logo`, `favicon`, `backgroundImage`, and their `{light, dark}` forms; v2's `background.image`.
  if (typeof top === 'string' && IMAGE_KEYS.has(top) && (path.length === 1 || (path.length === 2 && (key === 'light' || key === 'dark')))) return 'resource';
  if (top === 'background' && path[1] === 'image' && path.length <= 3) return 'resource';
  // Font files (`fonts.source`, `fonts.heading.source`).
  if (top === 'fonts' && key === 'source') return 'resource';
  // `footerSocials: {github: "https://…"}` and v2's `footer.socials`.
  if ((top === 'footerSocials' && path.length === 2) || (top === 'footer' && parent === 'socials' && path.length === 3)) return 'link';
  return undefined;
}

/** Every finding of the settings file's values, with the offset it sits at (for file order). */
export function valueFindings(value: unknown, map: PathMap): { offset: number; diagnostic: Diagnostic }[] {
  const out: { offset: number; diagnostic: Diagnostic }[] = [];
  const stack: { value: unknown; path: JsonPath }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (v && typeof v === 'object') {
      const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
      continue;
    }
    if (typeof v !== 'string') continue;
    const kind = kindAt(path);
    if (!kind) continue;
    // Positions (a code frame each) only for findings: a site's thousands of redirects are checked.
    const report = (make: (shown: { path: string; value: string }, where: Omit<Where, 'offset'>) => Diagnostic) => {
      const { offset, ...where } = map.at(path);
      out.push({ offset, diagnostic: make({ path: where.jsonPath!, value: valuePhrase(v) }, where) });
    };
    if (kind === 'redirect') {
      const target = redirectTarget(v);
      if ('reason' in target) report((shown, where) => diag('settings/unsafe-redirect', { ...shown, reason: target.reason }, where));
    } else if (kind === 'redirect-source') {
      const source = redirectSource(v);
      if ('reason' in source) report((shown, where) => diag(source.unreachable ? 'settings/unreachable-redirect-source' : 'settings/unsafe-redirect-source', { ...shown, reason: source.reason }, where));
    } else if (kind === 'color') {
      if (!isCssColor(v)) report((shown, where) => diag('settings/implausible-color', shown, where));
    } else {
      const reason = urlProblem(v, kind);
      if (reason) report((shown, where) => diag('settings/implausible-url', { ...shown, reason }, where));
    }
  }
  return out;
}
