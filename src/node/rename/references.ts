import { createProcessor } from '@mdx-js/mdx';
import type { Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { visit } from 'unist-util-visit';

/**
 * Where an MDX file writes URLs, as exact character ranges of the source, so a rename can replace
 * one URL and leave every other character of the file as it was: Markdown links and link
 * definitions, `href` (and media `src`) attributes of components and HTML elements, and the
 * module specifiers of imports.
 */
export interface UrlRange {
  /** The URL as the page means it (escapes and entities decoded). */
  value: string;
  /** Where it is written: `source.slice(start, end)` is the text to replace. */
  start: number;
  end: number;
  /** `link`: a link to a page or file; `media`: an image or video source; `import`: a module specifier. */
  kind: 'link' | 'media' | 'import';
  /** How a replacement must be written: inside `"…"`/`'…'`, inside `<…>`, or bare. */
  quote: '"' | "'" | '<' | '';
}

const MEDIA_ATTRS = new Set(['src', 'img', 'poster']);

let processor: ReturnType<typeof createProcessor> | undefined;

/** Front matter replaced by spaces, so offsets in the body are offsets in the file. */
export function blankFrontMatter(source: string): string {
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---(?=\r?\n|$)/, (m) => m.replace(/[^\r\n]/g, ' '));
}

/** The URL ranges of an MDX source (front matter included); throws on syntax errors. */
export function findUrls(source: string): UrlRange[] {
  processor ??= createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm, remarkMath] });
  const body = blankFrontMatter(source);
  const tree = processor.parse(body) as Root;
  const out: UrlRange[] = [];

  visit(tree, (node) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    switch (node.type) {
      case 'link':
      case 'image': {
        // `[text](dest "title")`: the destination follows the `](` after the text.
        const textEnd = node.type === 'link' && node.children.length ? node.children.at(-1)!.position?.end.offset : undefined;
        const open = body.indexOf('](', textEnd ?? start);
        if (open < 0 || open >= end) return;
        const range = destination(body, open + 2, end);
        if (range) out.push({ value: node.url, kind: node.type === 'link' ? 'link' : 'media', ...range });
        return;
      }
      case 'definition': {
        const m = /^\[(?:\\.|[^\\\]])*\]:[ \t]*(?:\r?\n[ \t]*)?/.exec(body.slice(start, end));
        const range = m && destination(body, start + m[0].length, end);
        if (range) out.push({ value: node.url, kind: 'link', ...range });
        return;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        for (const a of (node as MdxJsxFlowElement | MdxJsxTextElement).attributes) {
          if (a.type !== 'mdxJsxAttribute' || typeof a.value !== 'string') continue;
          const kind = a.name === 'href' ? 'link' : MEDIA_ATTRS.has(a.name) ? 'media' : undefined;
          const range = kind && attributeValue(body, a);
          if (range) out.push({ value: a.value, kind, ...range });
        }
        return;
      }
      case 'mdxjsEsm': {
        const program = (node.data as { estree?: { body: { type: string; source?: { value: unknown; start?: number; end?: number } }[] } } | undefined)?.estree;
        for (const stmt of program?.body ?? []) {
          const src = stmt.source;
          if (!src || typeof src.value !== 'string' || src.start === undefined || src.end === undefined) continue;
          if (stmt.type !== 'ImportDeclaration' && stmt.type !== 'ExportNamedDeclaration' && stmt.type !== 'ExportAllDeclaration') continue;
          const q = body[src.start] as '"' | "'";
          out.push({ value: src.value, kind: 'import', start: src.start + 1, end: src.end - 1, quote: q });
        }
        return;
      }
    }
  });
  return out.sort((a, b) => a.start - b.start);
}

/** A link destination starting at `from` (after optional spaces): `<…>` or up to a space or unbalanced `)`. */
function destination(body: string, from: number, limit: number): Pick<UrlRange, 'start' | 'end' | 'quote'> | undefined {
  let i = from;
  while (i < limit && (body[i] === ' ' || body[i] === '\t' || body[i] === '\n' || body[i] === '\r')) i++;
  if (body[i] === '<') {
    const close = body.indexOf('>', i);
    return close < 0 || close > limit ? undefined : { start: i + 1, end: close, quote: '<' };
  }
  let depth = 0;
  let j = i;
  for (; j < limit; j++) {
    const c = body[j]!;
    if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    } else if (/\s/.test(c)) break;
  }
  return j > i ? { start: i, end: j, quote: '' } : undefined;
}

/** The text between the quotes of `name="value"`. */
function attributeValue(body: string, a: MdxJsxAttribute): Pick<UrlRange, 'start' | 'end' | 'quote'> | undefined {
  const start = a.position?.start.offset;
  const end = a.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const m = /^[^=]*=\s*(["'])/.exec(body.slice(start, end));
  if (!m) return undefined;
  const q = m[1] as '"' | "'";
  const open = start + m[0].length;
  const close = body.lastIndexOf(q, end - 1);
  return close >= open ? { start: open, end: close, quote: q } : undefined;
}
