import type { Element, ElementContent } from 'hast';
import { bundledLanguages } from 'shiki';
import { expect } from 'vitest';
import { openGrammarTables, writeGrammarTables, type GrammarTables } from './grammar-tables.js';
import { createShikiHighlighter } from './shiki.js';

// For the tests that hold two ways of highlighting side by side on the fenced blocks of real pages:
// the example's (unit tests) and the corpus's (*.corpus.test.ts).

/** Opening and closing fences as grammar-tables.test.ts takes them (indented ones too). */
export const ANY_FENCE = /^[ \t]*```(\w[\w+#-]*)[^\n]*\n([\s\S]*?)^[ \t]*```/gm;
/** Fences at the start of a line, as one-pass.test.ts takes them. */
export const TOP_FENCE = /^```(\w[\w+#-]*)[^\n]*\n([\s\S]*?)^```/gm;

/**
 * Each line of a highlighted `<pre>`: its classes, and every character with the style it is drawn
 * in. A blank has no glyph, so only what shows on it counts (a background, an underline); Shiki
 * joins blanks to a neighbouring token, and which one depends on how the tokens were cut.
 */
const visibleOnBlank = (style: string) => style.split(';').filter((d) => /-bg:|text-decoration/.test(d)).join(';');
export function drawn(pre: Element): { classes: string; chars: string[] }[] {
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')!;
  const lines = code.children.filter((c): c is Element => c.type === 'element');
  return lines.map((line) => {
    const chars: string[] = [];
    const walk = (node: ElementContent, style: string) => {
      if (node.type === 'text') for (const ch of node.value) chars.push(`${/\s/.test(ch) ? visibleOnBlank(style) : style}|${ch}`);
      else if (node.type === 'element') for (const c of node.children) walk(c, String(node.properties.style ?? style));
    };
    for (const c of line.children) walk(c, '');
    return { classes: String((line.properties.className as string[] | undefined)?.join(' ') ?? ''), chars };
  });
}

/**
 * Highlighting each block with grammar tables written to `dir` gives the same HTML, byte for byte,
 * as converting each grammar's patterns; and the tables leave nothing to convert but end patterns
 * made from a begin match's text. Tables for every grammar, as `npm run build:pkg` writes them: a
 * Markdown block may load any language it names.
 */
export async function expectTablesHighlightAsConverting(fences: [string, string][], dir: string): Promise<void> {
  expect(fences.length).toBeGreaterThan(20);
  await writeGrammarTables(dir);
  const tables = openGrammarTables(dir);
  const none = openGrammarTables(false);
  // The patterns the tables left to convert.
  const converted = new Set<string>();
  const fromTables = tables.regex.bind(tables);
  tables.regex = (pattern) => {
    const before = tables.stats.converted;
    try {
      return fromTables(pattern);
    } finally {
      if (tables.stats.converted > before) converted.add(pattern);
    }
  };
  const [withTables, converting] = [createShikiHighlighter({ grammarTables: tables }), createShikiHighlighter({ grammarTables: none })];
  for (const [lang, code] of fences) {
    const [a, b] = await Promise.all([withTables.highlight({ code, lang }), converting.highlight({ code, lang })]);
    expect(a.html, `${lang}: ${code.slice(0, 80)}`).toBe(b.html);
    expect(a.known).toBe(b.known);
  }
  expect(none.stats.precompiled).toBe(0);
  // Only end patterns made from a begin match's text are left to convert: each is an `end` or
  // `while` of a grammar with its back-references (\1, \2, …) filled in.
  const templates: RegExp[] = [];
  const collect = (o: unknown): void => {
    if (!o || typeof o !== 'object') return;
    for (const [k, v] of Object.entries(o)) {
      if ((k === 'end' || k === 'while') && typeof v === 'string' && /\\\d/.test(v)) {
        templates.push(new RegExp(`^${v.split(/\\\d/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^]*')}$`));
      } else collect(v);
    }
  };
  for (const load of Object.values(bundledLanguages)) collect((await load()).default);
  expect(converted.size).toBeGreaterThan(0);
  expect([...converted].filter((p) => !templates.some((t) => t.test(p)))).toEqual([]);
  expect(tables.stats.precompiled).toBeGreaterThan(10 * tables.stats.converted);
}

/** One-pass highlighting draws each block as highlighting once per theme does, and writes the HTML its tree gives. */
export async function expectOnePassDrawsAsPerTheme(fences: [string, string][]): Promise<void> {
  expect(fences.length).toBeGreaterThan(20);
  const onePass = createShikiHighlighter({ keepTrees: true });
  const perTheme = createShikiHighlighter({ onePass: false, keepTrees: true });
  // Shiki for every language, as the trees are (TypeScript goes to tree-sitter otherwise).
  const direct = createShikiHighlighter({ engine: 'shiki' });
  for (const [lang, code] of fences) {
    const [a, b] = await Promise.all([onePass.highlight({ code, lang }), perTheme.highlight({ code, lang })]);
    expect(drawn(a.pre!), `${lang}: ${code.slice(0, 80)}`).toEqual(drawn(b.pre!));
    expect((await direct.highlight({ code, lang })).html, `${lang}: ${code.slice(0, 80)}`).toBe(a.html);
  }
}

/** Each character of a `<pre>` Kiln wrote, with the light and dark colours it is drawn in. */
export function drawnColours(html: string): { text: string; light: string[]; dark: string[] } {
  const code = /<code>([\s\S]*)<\/code>/.exec(html)![1]!;
  const light: string[] = [];
  const dark: string[] = [];
  let text = '';
  for (const m of code.matchAll(/<span style="([^"]*)">([^<]*)<\/span>|<span class="[^"]*">|<\/span>|(\n)/g)) {
    if (m[3]) text += '\n';
    if (m[2] === undefined) continue;
    const value = m[2].replace(/&#x3C;/g, '<').replace(/&#x26;/g, '&');
    const l = /--shiki-light:([^;]+)/.exec(m[1]!)?.[1] ?? '';
    const d = /--shiki-dark:([^;]+)/.exec(m[1]!)?.[1] ?? '';
    for (const ch of value) {
      text += ch;
      light.push(/\s/.test(ch) ? '' : l);
      dark.push(/\s/.test(ch) ? '' : d);
    }
  }
  return { text, light, dark };
}

/** Each line of a highlighted block: each character with its light and dark colour (none on blanks). */
export function drawnLines(html: string): string[][] {
  const { text, light, dark } = drawnColours(html);
  const lines: string[][] = [[]];
  let i = 0;
  for (const ch of text) {
    if (ch === '\n') lines.push([]);
    else lines.at(-1)!.push(`${ch}|${light[i]}|${dark[i++]}`);
  }
  return lines;
}

/** Grammar tables that note each language Shiki loads through them (`loaded`). */
export function watchedTables(): { loaded: string[]; tables: GrammarTables } {
  const tables = openGrammarTables();
  const loaded: string[] = [];
  return { loaded, tables: { stats: tables.stats, regex: tables.regex, prepare: (lang: string) => (loaded.push(lang), tables.prepare(lang)) } };
}
