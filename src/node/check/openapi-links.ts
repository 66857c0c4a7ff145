import type { Definition, Image, Link, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { offsetToLineColumn } from '../diagnostics/frame.js';
import type { ApiDocument, Json } from '../openapi/types.js';
import type { Reference } from './scan-mdx.js';

/** Keys whose string values OpenAPI defines as CommonMark. */
const MARKDOWN_KEYS = new Set(['description']);

/**
 * The links and images written in the Markdown descriptions of an OpenAPI document (operations,
 * parameters, schemas, responses, tags, info…), each placed in the file it came from.
 * Descriptions are found by walking the parsed document (its `$ref`s are not followed, so each
 * description is read once); the position is that of the URL's occurrence in the file's text,
 * counted in document order, which is the order the parser kept.
 */
export function openApiLinks(doc: ApiDocument, source: string): Reference[] {
  const out: Reference[] = [];
  const seen = new Map<string, number>(); // url → occurrences already placed
  const place = (url: string): { line: number; column: number } => {
    // In YAML the URL is written as it is; in JSON a `/` may be escaped.
    const forms = [url, JSON.stringify(url).slice(1, -1), JSON.stringify(url).slice(1, -1).replace(/\//g, '\\/')];
    const nth = seen.get(url) ?? 0;
    seen.set(url, nth + 1);
    for (const form of new Set(forms)) {
      let at = -1;
      for (let i = 0; i <= nth; i++) {
        const next = source.indexOf(form, at + 1);
        if (next < 0) break;
        at = next;
      }
      if (at >= 0) return offsetToLineColumn(source, at);
    }
    return { line: 1, column: 1 };
  };
  // YAML aliases share nodes (and may even form cycles): each is read once.
  const visited = new WeakSet<object>();
  const walk = (value: Json, key: string | undefined, depth: number) => {
    if (depth > 200) return;
    if (value && typeof value === 'object') {
      if (visited.has(value)) return;
      visited.add(value);
    }
    if (typeof value === 'string') {
      if (key !== undefined && MARKDOWN_KEYS.has(key)) for (const r of markdownLinks(value)) out.push({ ...r, ...place(r.value) });
      return;
    }
    if (Array.isArray(value)) for (const v of value) walk(v, undefined, depth + 1);
    else if (value && typeof value === 'object') {
      // `example`/`examples` hold data, not prose, even when a property is named `description`.
      for (const [k, v] of Object.entries(value)) if (k !== 'example' && k !== 'examples' && k !== 'default' && k !== 'enum') walk(v, k, depth + 1);
    }
  };
  walk(doc.root, undefined, 0);
  return out;
}

function markdownLinks(text: string): Omit<Reference, 'line' | 'column'>[] {
  let tree: Root;
  try {
    tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  } catch {
    return [];
  }
  const out: Omit<Reference, 'line' | 'column'>[] = [];
  const definitions = new Map<string, string>();
  visit(tree, 'definition', (node: Definition) => void definitions.set(node.identifier.toLowerCase(), node.url));
  visit(tree, (node) => {
    if (node.type === 'link') out.push({ value: (node as Link).url, kind: 'link' });
    else if (node.type === 'image') out.push({ value: (node as Image).url, kind: 'media' });
    else if (node.type === 'linkReference') {
      const url = definitions.get((node as { identifier: string }).identifier.toLowerCase());
      if (url !== undefined) out.push({ value: url, kind: 'link' });
    }
  });
  return out;
}
