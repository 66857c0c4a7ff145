import { applyEdits, format, modify, parseTree, type FormattingOptions, type JSONPath, type Node } from 'jsonc-parser';
import { normaliseEntry } from '../content/pages.js';

/**
 * The settings file's part of a rename, made with jsonc-parser's edits of its text, so the file
 * keeps its layout, comments and key order: navigation entries (`pages`, a v2 group's `root`)
 * naming the page, internal `href` links to it, redirects that led to it, and one new redirect
 * from its old URL to its new one.
 */

export interface SettingsChange {
  /** JSON path of the value changed (`navigation[0].pages[2]`), or of the redirect added. */
  path: JSONPath;
  /** Where, in the text before the rename (in the text after it, for the redirect added). */
  offset: number;
  before?: string;
  after: string;
}

export interface PageMove {
  fromId: string;
  toId: string;
  /** Extension of the new file (`.mdx`), for entries written with one. */
  toExt: string;
  oldUrl: string;
  newUrl: string;
}

/** Indentation and line ends as the file has them, for what jsonc-parser writes. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)["{[\]}]/m.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** `guides/old` written as the entry was: a leading slash or an extension kept. */
function entryLike(entry: string, move: PageMove): string {
  const lead = /^\.?\/+/.exec(entry.trim())?.[0] ?? '';
  const ext = /\.mdx?$/i.test(entry.trim()) ? move.toExt : '';
  return `${lead}${move.toId}${ext}`;
}

const sameUrl = (a: string, b: string) => (a.length > 1 ? a.replace(/\/+$/, '') : a) === b;

export function settingsEdits(text: string, move: PageMove): { text: string; changes: SettingsChange[] } {
  const tree = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!tree) return { text, changes: [] };
  const formattingOptions = formattingOf(text);
  const changes: SettingsChange[] = [];
  const edits: ReturnType<typeof modify> = [];
  const replace = (path: JSONPath, node: Node, before: string, after: string) => {
    edits.push(...modify(text, path, after, { formattingOptions }));
    changes.push({ path, offset: node.offset, before, after });
  };

  const walk = (node: Node, path: JSONPath, key: string | number | undefined, parentKey: string | number | undefined) => {
    if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k && v) walk(v, [...path, k.value as string], k.value as string, key);
      }
      return;
    }
    if (node.type === 'array') {
      (node.children ?? []).forEach((c, i) => walk(c, [...path, i], i, key));
      return;
    }
    if (node.type !== 'string') return;
    const value = node.value as string;
    // A page entry: a string in a `pages` array, or a v2 group's `root` page.
    if ((typeof key === 'number' && parentKey === 'pages') || key === 'root') {
      if (normaliseEntry(value) === move.fromId) replace(path, node, value, entryLike(value, move));
      return;
    }
    // A link to the page (top bar, footer, v2 anchors and tabs), and a redirect that led to it.
    if (key === 'href' || key === 'destination' || (key === 'url' && /topbar/i.test(String(path[0])))) {
      const m = /^(\/[^?#]*)(.*)$/.exec(value.trim());
      if (m && sameUrl(m[1]!.replace(/\.mdx?$/i, ''), move.oldUrl)) replace(path, node, value, move.newUrl + m[2]);
    }
  };
  walk(tree, [], undefined, undefined);
  let out = applyEdits(text, edits);

  // The old URL now leads to the new one (unless a redirect from it exists, updated above).
  const redirects = tree.children?.find((p) => p.children?.[0]?.value === 'redirects')?.children?.[1];
  const sources = (redirects?.children ?? []).map((r) => r.children?.find((p) => p.children?.[0]?.value === 'source')?.children?.[1]?.value);
  if (move.oldUrl !== move.newUrl && !sources.some((s) => typeof s === 'string' && sameUrl(s, move.oldUrl))) {
    const rule = { source: move.oldUrl, destination: move.newUrl };
    const inArray = redirects?.type === 'array';
    const path: JSONPath = inArray ? ['redirects', redirects.children?.length ?? 0] : ['redirects'];
    // Inserted as is, then formatted: modify's own formatting takes in the whole line before the
    // insertion, and would reflow the redirect written there.
    const [insert] = modify(out, inArray ? ['redirects', -1] : ['redirects'], inArray ? rule : [rule], { isArrayInsertion: inArray });
    if (insert) {
      out = applyEdits(out, [insert]);
      out = applyEdits(out, format(out, { offset: insert.offset, length: insert.content.length }, formattingOptions));
      const at = out.indexOf(JSON.stringify(rule.source), insert.offset);
      changes.push({ path: inArray ? path : ['redirects', 0], offset: out.lastIndexOf('{', at), after: `${rule.source} → ${rule.destination}` });
    }
  }
  return { text: out, changes };
}
