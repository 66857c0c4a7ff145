/**
 * Hosting a build under a base path (`kiln build --base /docs/`). Everything Kiln renders uses
 * root-relative URLs (`/guides/setup`, `/_kiln/assets/…`), and so do the pages' authors; rather than
 * teaching every component about the base, the build rewrites the root-relative URLs of what it
 * writes, once, on the way to disk (`RebasingWriter`): attributes that hold URLs in HTML, `url()` in
 * CSS, links in Markdown and in `_redirects`. The browser code reads the base from
 * `<html data-base>` for the few URLs it builds itself (search, 404 suggestions, Mermaid).
 * Absolute URLs (canonical, sitemap, feeds) come from the site URL, to which the base is added.
 */
import { promises as fs } from 'node:fs';
import { OutputWriter } from './write.js';
import { isExternalUrl } from '../../shared/urls.js';
import { FenceTracker } from '../content/fences.js';

/** `docs`, `/docs`, `/docs/` → `/docs/`; `/` or `` → `/`; undefined when it is not a plain path. */
export function normaliseBase(value: string): string | undefined {
  const v = value.trim();
  if (isExternalUrl(v) || /[?#\\\s"'<>%]/.test(v)) return undefined;
  const parts = v.split('/').filter(Boolean);
  if (parts.some((p) => p === '.' || p === '..')) return undefined;
  return parts.length ? `/${parts.join('/')}/` : '/';
}

/** The public URL of the site's root: the base path added to the site URL unless it ends with it already. */
export function siteUrlWithBase(siteUrl: string | undefined, base: string): string | undefined {
  if (!siteUrl || base === '/') return siteUrl;
  const trimmed = siteUrl.replace(/\/+$/, '');
  return trimmed.endsWith(base.slice(0, -1)) ? trimmed : trimmed + base.slice(0, -1);
}

/** `/x` → `/docs/x`; other URLs (`//cdn`, `https:`, `#a`, `x/y`, `?q`) are left as they are. */
export function rebaseUrl(url: string, base: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? base + url.slice(1) : url;
}

/** HTML attributes that hold one URL, on any element. Kiln's own `data-*` URLs are included. */
const URL_ATTRS = new Set(['href', 'src', 'poster', 'action', 'formaction', 'data', 'cite', 'background', 'data-md', 'data-ui', 'data-src', 'data-kiln-nav', 'data-page']);
const NAME = /^[^\s"'>/=]+/;
const decode = (s: string) => s.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[e]!);
const encode = (s: string) => s.replace(/[&"]/g, (c) => (c === '&' ? '&amp;' : '&quot;'));

/** `url(/x)` and `@import "/x"` in CSS. */
export function rebaseCss(css: string, base: string): string {
  return css
    .replace(/url\((\s*)(['"]?)\/(?![/\\])/gi, (_, ws: string, q: string) => `url(${ws}${q}${base}`)
    .replace(/@import\s+(['"])\/(?![/\\])/gi, (_, q: string) => `@import ${q}${base}`);
}

const srcset = (value: string, base: string) =>
  value.split(',').map((part) => part.replace(/^(\s*)(\S+)/, (_, ws: string, u: string) => ws + rebaseUrl(u, base))).join(',');

/** Rewrites one start tag's attributes; `tag` is the whole `<name …>` text. */
function rebaseTag(tag: string, name: string, base: string): string {
  const lower = name.toLowerCase();
  let attrs: { name: string; value?: string; raw: string }[] = [];
  let rest = tag.slice(1 + name.length, tag.endsWith('/>') ? -2 : -1);
  const tail = tag.endsWith('/>') ? '/>' : '>';
  const m0 = /^\s*/.exec(rest)!;
  let lead = m0[0];
  rest = rest.slice(lead.length);
  while (rest) {
    const n = NAME.exec(rest);
    if (!n) break;
    let raw = n[0];
    rest = rest.slice(raw.length);
    let value: string | undefined;
    const eq = /^\s*=\s*("([^"]*)"|'([^']*)'|[^\s"'=<>`]+)/.exec(rest);
    if (eq) {
      raw += eq[0];
      rest = rest.slice(eq[0].length);
      value = eq[2] ?? eq[3] ?? eq[1];
    }
    const ws = /^\s*/.exec(rest)![0];
    rest = rest.slice(ws.length);
    attrs.push({ name: n[0], value, raw: raw + ws });
  }
  if (rest) return tag; // not understood: leave it alone
  const get = (k: string) => attrs.find((a) => a.name.toLowerCase() === k)?.value;
  let changed = false;
  attrs = attrs.map((a) => {
    if (a.value === undefined) return a;
    const key = a.name.toLowerCase();
    const value = decode(a.value);
    let next = value;
    if (URL_ATTRS.has(key)) next = rebaseUrl(value, base);
    else if (key === 'srcset' || key === 'imagesrcset') next = srcset(value, base);
    else if (key === 'style') next = rebaseCss(value, base);
    else if (key === 'content' && lower === 'meta') {
      const what = (get('property') ?? get('name') ?? '').toLowerCase();
      if (get('http-equiv')?.toLowerCase() === 'refresh') next = value.replace(/(url\s*=\s*['"]?)(\/[^'"\s]*)/i, (_, p: string, u: string) => p + rebaseUrl(u, base));
      else if (/:(image|url|video|audio)(:(url|secure_url))?$/.test(what)) next = rebaseUrl(value, base);
    }
    if (next === value) return a;
    changed = true;
    const trailing = /\s*$/.exec(a.raw)![0];
    return { ...a, value: next, raw: `${a.name}="${encode(next)}"${trailing}` };
  });
  if (lower === 'html' && !get('data-base')) {
    changed = true;
    attrs.push({ name: 'data-base', value: base, raw: `data-base="${encode(base)}"` });
    if (attrs.length > 1 && !/\s$/.test(attrs[attrs.length - 2]!.raw)) attrs[attrs.length - 2]!.raw += ' ';
    if (!lead) lead = ' ';
  }
  if (!changed) return tag;
  return `<${name}${lead}${attrs.map((a) => a.raw).join('')}${tail}`;
}

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'plaintext']);

/**
 * Root-relative URLs in an HTML document made relative to `base`: URL attributes, `srcset`,
 * inline styles and `<style>` sheets, meta refresh and social image/URL tags; `<html>` gets
 * `data-base`. The text of scripts, code and other raw text is never touched.
 */
export function rebaseHtml(html: string, base: string): string {
  if (base === '/') return html;
  let out = '';
  let i = 0;
  const tagRe = /<([A-Za-z][\w:-]*)(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/y;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    out += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      const stop = end < 0 ? html.length : end + 3;
      out += html.slice(lt, stop);
      i = stop;
      continue;
    }
    tagRe.lastIndex = lt;
    const m = tagRe.exec(html);
    if (!m) {
      out += '<';
      i = lt + 1;
      continue;
    }
    const name = m[1]!;
    out += rebaseTag(m[0], name, base);
    i = lt + m[0].length;
    const lower = name.toLowerCase();
    if (RAW_TEXT.has(lower)) {
      const close = html.toLowerCase().indexOf(`</${lower}`, i);
      const stop = close < 0 ? html.length : close;
      const text = html.slice(i, stop);
      out += lower === 'style' ? rebaseCss(text, base) : text;
      i = stop;
    }
  }
  return out + html.slice(i);
}

/**
 * Links in Markdown (the `.md` pages, llms.txt): inline links and images `](/x)`, reference
 * definitions `[x]: /y`, and `href`/`src` in inline HTML. Fenced code is left alone.
 */
export function rebaseMarkdown(md: string, base: string): string {
  return base === '/' ? md : markdownRebaser(base)(md);
}

/**
 * `rebaseMarkdown` for a text that comes in pieces (llms-full.txt, written page by page): whether a
 * fence is open carries from one piece to the next. Each piece must end at the end of a line.
 */
export function markdownRebaser(base: string): (piece: string) => string {
  return markdownLinkPrefixes('/', base);
}

/**
 * What `rebaseMarkdown` was given, from what it made: the Markdown of a page kept from the last
 * build is read back from that build's output, already under the base, and goes into files that
 * are rebased as they are written (llms-full.txt, the home page's `index.md`). Exact: every
 * root-relative link outside code got the base, so one base is taken off every link that starts with it.
 */
export function unbaseMarkdown(md: string, base: string): string {
  return base === '/' ? md : markdownLinkPrefixes(base, '/')(md);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Links in Markdown outside code whose URL starts with `from` (and not `from` + `/` or `\`) start with `to` instead. */
function markdownLinkPrefixes(from: string, to: string): (piece: string) => string {
  const f = `${escapeRegExp(from)}(?![/\\\\])`;
  const inline = new RegExp(`(\\]\\(\\s*<?)${f}`, 'g');
  const definition = new RegExp(`^(\\s{0,3}\\[[^\\]]+\\]:\\s*<?)${f}`);
  const attribute = new RegExp(`(\\s(?:href|src)=["'])${f}`, 'gi');
  const fences = new FenceTracker();
  return (md) =>
    md
      .split('\n')
      .map((line) => {
        if (fences.code(line)) return line;
        // Outside code spans only: split on backtick runs and rewrite the even parts.
        return line
          .split(/(`+[^`]*`+)/)
          .map((part, k) => (k % 2 ? part : part.replace(inline, `$1${to}`).replace(definition, `$1${to}`).replace(attribute, `$1${to}`)))
          .join('');
      })
      .join('\n');
}

/** `_redirects`: sources and root-relative destinations under the base (the rules match full paths). */
export function rebaseRedirects(text: string, base: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('#') || !line.trim() ? line : line.replace(/^(\S+)(\s+)(\S+)/, (_, s: string, ws: string, d: string) => rebaseUrl(s, base) + ws + rebaseUrl(d, base))))
    .join('\n');
}

/** An RSS feed without a site URL: root-relative `<link>`/`<guid>` text and the HTML in each item. */
export function rebaseFeed(xml: string, base: string): string {
  return xml
    .replace(/(<(?:link|guid)(?:\s[^>]*)?>)\/(?![/\\])/g, `$1${base}`)
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, html: string) => `<![CDATA[${rebaseHtml(html, base)}]]>`);
}

const isMarkdownFile = (rel: string) => /\.md$/i.test(rel) || /^llms(-full)?\.txt$/.test(rel);

/** What a written file becomes under `base`, by its path in the output. */
export function rebaseFile(rel: string, text: string, base: string): string {
  if (base === '/') return text;
  if (/\.html?$/i.test(rel)) return rebaseHtml(text, base);
  if (/\.css$/i.test(rel)) return rebaseCss(text, base);
  if (isMarkdownFile(rel)) return rebaseMarkdown(text, base);
  if (rel === '_redirects') return rebaseRedirects(text, base);
  if (/(^|\/)rss\.xml$/.test(rel)) return rebaseFeed(text, base);
  return text;
}

/** An OutputWriter whose text files come out rebased under `base` (see the top of this file). */
export class RebasingWriter extends OutputWriter {
  constructor(outDir: string, readonly base: string) {
    super(outDir);
  }

  override write(rel: string, data: string | Uint8Array): Promise<void> {
    return super.write(rel, typeof data === 'string' ? rebaseFile(rel, data, this.base) : data);
  }

  override finalText(rel: string, text: string): string {
    return rebaseFile(rel, text, this.base);
  }

  override sourceMarkdown(text: string): string {
    return unbaseMarkdown(text, this.base);
  }

  protected override pieceText(rel: string): (piece: string) => string {
    return isMarkdownFile(rel) ? markdownRebaser(this.base) : (piece) => rebaseFile(rel, piece, this.base);
  }

  /** Copied stylesheets (the project's own) are rebased too; other files are copied as they are. */
  override async copy(fromAbs: string, rel: string): Promise<void> {
    if (!/\.css$/i.test(rel)) return super.copy(fromAbs, rel);
    return super.write(rel, rebaseCss(await fs.readFile(fromAbs, 'utf8'), this.base));
  }
}
