import yaml from 'js-yaml';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame } from '../diagnostics/frame.js';
import { expandsBeyond } from './yaml-size.js';

/** The front matter keys Kiln understands, typed; everything else stays in `data`. */
export interface FrontMatter {
  title?: string;
  description?: string;
  sidebarTitle?: string;
  icon?: string;
  iconType?: string;
  mode?: 'default' | 'wide' | 'custom' | 'center' | 'frame';
  openapi?: string;
  api?: string;
  /** `"asyncapi.yaml channelId"`: the page shows that AsyncAPI channel (src/node/asyncapi/). */
  asyncapi?: string;
  noindex?: boolean;
  /** Left out of the sidebar, search, sitemap and llms.txt; still built (and `noindex`). */
  hidden?: boolean;
  /** A label beside the page's title, in the sidebar and above the content ("NEW", "Beta"). */
  tag?: string;
  /** Marks the page deprecated beside its title, in the sidebar and above the content. */
  deprecated?: boolean;
  /** The page's navigation entry links here instead (an external site, another path). */
  url?: string;
  /** No previous/next links under the page. */
  hideFooterPagination?: boolean;
  /** Words the search finds the page by, without them being on the page. */
  keywords?: string[];
  /** Show (true) or hide (false) the last-modified date, whatever `metadata.timestamp` says. */
  timestamp?: boolean;
  /** Every key as written, typed ones included. */
  data: Record<string, unknown>;
}

export interface SplitPage {
  frontMatter: FrontMatter;
  /**
   * The MDX body with the front matter replaced by blank lines, so compiler positions are
   * positions in the original file.
   */
  body: string;
  diagnostics: Diagnostic[];
  /** Where each top-level key of the front matter is written in the file (1-based). */
  keys: ReadonlyMap<string, KeyPlace>;
}

export interface KeyPlace {
  line: number;
  column: number;
}

/** Where a front matter finding points: the key it is about, else the file alone. */
type KeyPosition = (key: string) => Pick<Diagnostic, 'file' | 'line' | 'column' | 'frame'>;

/** Values a page's front matter may stand for, aliases expanded: far more than any real one has. */
const FRONT_MATTER_VALUES = 10_000;

const FENCE = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m;
const STRING_KEYS = ['title', 'description', 'sidebarTitle', 'icon', 'iconType', 'openapi', 'api', 'tag', 'asyncapi', 'url'] as const;
const BOOLEAN_KEYS = ['deprecated', 'hideFooterPagination', 'timestamp'] as const;
const MODES = new Set(['default', 'wide', 'custom', 'center', 'frame']);

/**
 * `source`'s body as `splitFrontMatter` makes it, without reading the front matter: for a page's
 * body read again from its file (content/pages.ts keeps only the front matter of a build's pages).
 */
export function frontMatterBody(source: string): string {
  return bodyOf(source, FENCE.exec(source));
}

function bodyOf(source: string, m: RegExpExecArray | null): string {
  if (!m || m.index !== 0) return source.replace(/^\uFEFF/, '');
  return m[0].replace(/[^\n]/g, '') + source.slice(m[0].length);
}

export function splitFrontMatter(source: string, file: string): SplitPage {
  const diagnostics: Diagnostic[] = [];
  const m = FENCE.exec(source);
  const body = bodyOf(source, m);
  if (!m || m.index !== 0) return { frontMatter: { data: {} }, body, diagnostics, keys: new Map() };
  const keys = new Map<string, KeyPlace>();
  let data: Record<string, unknown> = {};
  try {
    const parsed = yaml.load(m[1] ?? '', { filename: file, listener: keyListener(m[1] ?? '', keys) });
    if (expandsBeyond(parsed, FRONT_MATTER_VALUES)) {
      diagnostics.push(diag('page/invalid-frontmatter', { reason: `its aliases (*name) stand for more than ${FRONT_MATTER_VALUES.toLocaleString('en')} values` }, { file, line: 2, column: 1, frame: codeFrame(source, 2, 1) }));
    } else if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch (error) {
    const e = error as yaml.YAMLException;
    // js-yaml marks are 0-based and relative to the YAML text, which starts on line 2.
    const line = (e.mark?.line ?? 0) + 2;
    const column = (e.mark?.column ?? 0) + 1;
    diagnostics.push(
      diag('page/invalid-frontmatter', { reason: e.reason ?? String(e.message) }, { file, line, column, frame: codeFrame(source, line, column) }),
    );
  }
  const at: KeyPosition = (key) => {
    const place = keys.get(key);
    return place ? { file, ...place, frame: codeFrame(source, place.line, place.column) } : { file };
  };
  return { frontMatter: typeFrontMatter(data, at, diagnostics), body, diagnostics, keys };
}

/**
 * A js-yaml listener that records where each top-level key of the front matter is written.
 * js-yaml reports every node as it opens (where it starts) and closes (its value, and where it
 * ends); a key is a string node directly inside the document's node, followed by its colon. Keys
 * written `? key` (explicit) or merged in by `<<` have no position of their own.
 */
function keyListener(text: string, keys: Map<string, KeyPlace>): (event: yaml.EventType, state: yaml.State) => void {
  const opened: KeyPlace[] = [];
  return (event, state) => {
    if (event === 'open') {
      // js-yaml's lines are 0-based and the YAML text starts on the file's second line.
      opened.push({ line: state.line + 2, column: state.position - state.lineStart + 1 });
      return;
    }
    const start = opened.pop()!;
    if (opened.length !== 1 || typeof state.result !== 'string' || keys.has(state.result)) return;
    if (/^[ \t]*:/.test(text.slice(state.position, state.position + 64))) keys.set(state.result, start);
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function typeFrontMatter(data: Record<string, unknown>, at: KeyPosition, diagnostics: Diagnostic[]): FrontMatter {
  const fm: FrontMatter = { data };
  for (const key of STRING_KEYS) {
    const v = data[key];
    if (v === undefined || v === null) continue;
    // Numbers and booleans are common in titles ("title: 2024"); keep them as text.
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fm[key] = String(v);
    else diagnostics.push(diag('page/frontmatter-type', { key, expected: 'text', received: describe(v) }, at(key)));
  }
  // `url` becomes a link in the navigation: only a web, mail or relative address (no `javascript:`).
  if (fm.url !== undefined && /^\s*[a-z][a-z0-9+.-]*:/i.test(fm.url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')) && !/^\s*(https?|mailto):/i.test(fm.url)) {
    diagnostics.push(diag('page/frontmatter-type', { key: 'url', expected: 'an http(s), mailto or relative address', received: `"${fm.url}"` }, at('url')));
    delete fm.url;
  }
  if (typeof data.mode === 'string') {
    if (MODES.has(data.mode)) fm.mode = data.mode as FrontMatter['mode'];
    else diagnostics.push(diag('page/frontmatter-type', { key: 'mode', expected: 'one of default, wide, custom, center, frame', received: `"${data.mode}"` }, at('mode')));
  }
  for (const key of BOOLEAN_KEYS) {
    const v = data[key];
    if (v === undefined || v === null) continue;
    if (typeof v === 'boolean' || v === 'true' || v === 'false') fm[key] = v === true || v === 'true';
    else diagnostics.push(diag('page/frontmatter-type', { key, expected: 'true or false', received: describe(v) }, at(key)));
  }
  // `keywords: [a, b]`, or one string of them separated by commas.
  const keywords = data.keywords;
  if (Array.isArray(keywords) && keywords.every((k) => typeof k === 'string' || typeof k === 'number')) fm.keywords = keywords.map(String).filter(Boolean);
  else if (typeof keywords === 'string') fm.keywords = keywords.split(',').map((k) => k.trim()).filter(Boolean);
  else if (keywords !== undefined && keywords !== null) diagnostics.push(diag('page/frontmatter-type', { key: 'keywords', expected: 'a list of words', received: describe(keywords) }, at('keywords')));
  if (typeof data.noindex === 'boolean') fm.noindex = data.noindex;
  if (typeof data.hidden === 'boolean') fm.hidden = data.hidden;
  // Mintlify: a hidden page is never indexed by search engines.
  if (fm.hidden && fm.noindex === undefined) fm.noindex = true;
  return fm;
}
