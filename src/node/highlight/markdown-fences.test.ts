import { bundledLanguages, createHighlighter, type LanguageRegistration } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { describe, expect, it } from 'vitest';
import { FENCED_MARKDOWN, fencedMarkdown, fenceRuns } from './markdown-fences.js';
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
    for (const l of languages.values()) for (const lang of typeof l === 'string' ? [l] : l.map(([, lang]) => lang)) expect(lang in bundledLanguages, lang).toBe(true);
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

  it("merges the grammar's fence rules without changing which fences it finds or their languages", async () => {
    const markdown = (await bundledLanguages.markdown()).default.find((g) => g.name === 'markdown')!;
    const merged = fencedMarkdown(markdown);
    const separate = fencedMarkdown(markdown, { merge: false });
    const rules = (f: typeof merged) => ((f.grammars[1] as LanguageRegistration & { repository: { fenced_code_block: { patterns: unknown[] } } }).repository.fenced_code_block.patterns.length);
    // Shiki's 62 rules: three runs of rules alike, the two whose languages Shiki lacks, and the one for unknown languages.
    expect(rules(separate)).toBe(62);
    expect(rules(merged)).toBe(6);
    // Language words as pages write them: ids and aliases of every language Shiki has, in other
    // cases, with attributes after a space, comma, colon, brace or question mark, Pandoc's braces,
    // words only one rule's pattern takes, words that are a prefix of another rule's, none at all.
    const words = new Set<string>(['', 'PY', 'Python', 'TS', '{.python .numberLines}', '{.js title="a"}', 'c++', 'C#', 'F#', 'Dockerfile', 'dockerfile', 'GNUmakefile', 'COMMIT_EDITMSG', 'MERGE_MSG', 'git-rebase-todo', 'gitignore', 'ignore', 'yang', 'abap', 'rst', 'restructuredtext', 'objective-c', 'h', 'm', 'r', 'R', 's', 't', 'pl', 'PL', 'html', 'xhtml', 'tpl', 'json5', 'jsonlines', 'sublime-settings', 'Berksfile.lock', 'css.erb', 'coffee.erb', 'clj', 'cljs', 'xsl', 'xslt', 'php3', 'mdx', 'tex', 'latex', 'bash_profile', '.textmate_init', 'dataviewjs', 're', 'regexp', 'log', 'vb', 'batch', 'nosuchlang', 'py-', 'ts-node']);
    const { bundledLanguagesInfo } = await import('shiki');
    for (const info of bundledLanguagesInfo) for (const w of [info.id, ...(info.aliases ?? [])]) words.add(w);
    const suffixes = ['', ' title="x"', ',linenos', ':main.py', '{1,3}', '?x', '  '];
    const block = [...words].flatMap((w, i) => [`\`\`\`${w}${suffixes[i % suffixes.length]}`, `code ${i}`, '', `  more ${i}`, '```', '']).join('\n');
    const runsOf = async (f: typeof merged) => {
      const hl = await createHighlighter({ themes: [], langs: [], engine: createJavaScriptRegexEngine({ forgiving: true }) });
      for (const g of f.grammars) await hl.loadLanguage(g);
      const tokens = hl.codeToTokensBase(block, { lang: FENCED_MARKDOWN, includeExplanation: 'scopeName' });
      const runs = fenceRuns(tokens, f.languages, () => true);
      hl.dispose();
      return runs;
    };
    const [a, b] = [await runsOf(merged), await runsOf(separate)];
    expect(b!.length).toBeGreaterThan(100);
    const show = (r: typeof a) => r!.map((x) => `${x.lang}@${x.lines[0]!.line}-${x.lines.at(-1)!.line}`);
    expect(show(a)).toEqual(show(b));
    expect(a).toEqual(b);
  });

  it("highlights a C++ fence's code as C++ (its fence rule names two scopes for the code)", async () => {
    const code = '# Build\n\n```cpp\nint main() { return 0; }\n```\n';
    const hybrid = createShikiHighlighter();
    const [ours, alone, reference] = await Promise.all([hybrid.highlight({ code, lang: 'markdown' }), hybrid.highlight({ code: 'int main() { return 0; }', lang: 'cpp' }), shiki.highlight({ code, lang: 'markdown' })]);
    expect(slice(ours.html, 4, 4)).toEqual(drawnLines(alone.html));
    expect(drawnColours(ours.html).text).toBe(drawnColours(reference.html).text);
    // Coloured, not the plain text a stub leaves.
    expect(new Set(drawnLines(ours.html)[3]!.map((c) => c.split('|')[1])).size).toBeGreaterThan(2);
  });
});
