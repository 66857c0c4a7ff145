import { bundledLanguages } from 'shiki';
import { describe, expect, it } from 'vitest';
import { fencedMarkdown } from './markdown-fences.js';
import { createShikiHighlighter } from './shiki.js';
import { drawnColours, drawnLines, watchedTables } from './test-helpers.js';

const FENCES = [
  '---',
  'title: Setup',
  'tags: [a, b]',
  '---',
  '# Install',
  '',
  'Run *this* with `npx`:',
  '',
  '```ts',
  'const a: number = 1;',
  '',
  'export function f() { return "x"; }',
  '```',
  '',
  '- A list item:',
  '  ```python',
  '  def f():',
  '      return 1',
  '  ```',
  '',
  '~~~go',
  'package main',
  '```',
  'func main() {}',
  '~~~',
  '',
  '````md',
  '```ts',
  'let x = 1',
  '```',
  '````',
  '',
  '```unknownlang',
  'plain text',
  '```',
].join('\n');

/** Lines from..to (1-based, inclusive) of a highlighted block. */
const slice = (html: string, from: number, to: number) => drawnLines(html).slice(from - 1, to);

describe('Markdown blocks: fences highlighted as blocks of their own', () => {
  const shiki = createShikiHighlighter({ engine: 'shiki' });

  it("colours the Markdown as Shiki does, and each fence's code as the same code alone", async () => {
    const { loaded, tables } = watchedTables();
    const hybrid = createShikiHighlighter({ grammarTables: tables });
    const [ours, reference] = await Promise.all([hybrid.highlight({ code: FENCES, lang: 'markdown' }), shiki.highlight({ code: FENCES, lang: 'markdown' })]);
    expect(drawnColours(ours.html).text).toBe(drawnColours(reference.html).text);
    const a = drawnLines(ours.html);
    const r = drawnLines(reference.html);
    // Outside the code (front matter, headings, emphasis, fences, list markers): Shiki's colours.
    const lines = FENCES.split('\n');
    const code = new Set([2, 3, 10, 11, 12, 17, 18, 22, 23, 24, 28, 29, 30]);
    for (let i = 1; i <= lines.length; i++) if (!code.has(i)) expect(a[i - 1], `line ${i}: ${lines[i - 1]}`).toEqual(r[i - 1]);
    // The code: as the hybrid colours the same code alone.
    const alone = async (lang: string, text: string) => drawnLines((await hybrid.highlight({ code: text, lang })).html);
    expect(slice(ours.html, 2, 3)).toEqual(await alone('yaml', 'title: Setup\ntags: [a, b]'));
    expect(slice(ours.html, 10, 12)).toEqual(await alone('ts', 'const a: number = 1;\n\nexport function f() { return "x"; }'));
    // The list takes the indentation; the code keeps what is left of it.
    expect(slice(ours.html, 17, 18).map((l) => l.slice(2))).toEqual(await alone('python', 'def f():\n    return 1'));
    // Shiki's grammar ends a fence's code at any fence line, and takes up the code again after it.
    expect(slice(ours.html, 22, 22)).toEqual(await alone('go', 'package main'));
    expect(slice(ours.html, 24, 24)).toEqual(await alone('go', 'func main() {}'));
    // A Markdown fence in Markdown: its own fence and code, as a Markdown block alone.
    expect(slice(ours.html, 28, 30)).toEqual(await alone('md', '```ts\nlet x = 1\n```'));
    // Neither TypeScript's, Python's, Go's nor YAML's TextMate grammar was loaded.
    expect(loaded).toEqual(['markdown']);
  });

  it("includes no grammar Shiki has in the copy's fences: each fence's code is highlighted alone", async () => {
    const markdown = (await bundledLanguages.markdown()).default.find((g) => g.name === 'markdown')!;
    const { grammars, languages } = fencedMarkdown(markdown);
    const includes = new Set(JSON.stringify(grammars[1]).match(/"include":"[^#$"][^"]*"/g));
    // Raw HTML in the Markdown's own text, the stub, and two fences Shiki has no grammar for.
    expect([...includes].sort()).toEqual(['"include":"kiln.fence-code"', '"include":"source.ignore"', '"include":"source.yang"', '"include":"text.html.derivative"']);
    for (const lang of languages.values()) expect(lang in bundledLanguages, lang).toBe(true);
    // PHP's fence embeds HTML's grammar and PHP's: its code is a `php` block alone, as any other.
    const code = '```php\n<?php\necho strlen("hi");\n```\n';
    const ours = await createShikiHighlighter().highlight({ code, lang: 'markdown' });
    const alone = await createShikiHighlighter().highlight({ code: '<?php\necho strlen("hi");', lang: 'php' });
    expect(drawnLines(ours.html).slice(1, 3)).toEqual(drawnLines(alone.html));
  });

  it('gives the same HTML however the thread came to it', async () => {
    const fresh = createShikiHighlighter();
    const warm = createShikiHighlighter();
    // A `ts` block with a line past the highlighting limit goes to Shiki, which loads TypeScript's grammar.
    await warm.highlight({ code: `const a = "${'x'.repeat(20_000)}";`, lang: 'ts' });
    const [a, b] = await Promise.all([fresh.highlight({ code: FENCES, lang: 'md' }), warm.highlight({ code: FENCES, lang: 'md' })]);
    expect(b.html).toBe(a.html);
  });

  it("leaves a fence in a block quote to Shiki's grammar: the quote's colour reaches into the code", async () => {
    const code = '> Note:\n> ```js\n> let x = y\n> ```\n';
    const [a, r] = await Promise.all([createShikiHighlighter().highlight({ code, lang: 'markdown' }), shiki.highlight({ code, lang: 'markdown' })]);
    expect(a.html).toBe(r.html);
  });

  it('is the same as Shiki for a block with CRLF line ends', async () => {
    const code = FENCES.replace(/\n/g, '\r\n');
    const [a, r] = await Promise.all([createShikiHighlighter().highlight({ code, lang: 'markdown' }), shiki.highlight({ code, lang: 'markdown' })]);
    expect(drawnColours(a.html).text).toBe(drawnColours(r.html).text);
  });

  it('is the same as Shiki for Markdown without fences', async () => {
    const code = '# Title\n\nSome **bold**, a [link](https://example.com) and `code`.\n\n1. one\n2. two\n\n> quoted\n';
    const [a, r] = await Promise.all([createShikiHighlighter().highlight({ code, lang: 'markdown' }), shiki.highlight({ code, lang: 'markdown' })]);
    expect(a.html).toBe(r.html);
  });
});
