import { describe, expect, it } from 'vitest';
import { createShikiHighlighter, languageOf } from './shiki.js';
import { watchedTables } from './test-helpers.js';

const DIFF = 'const a = 1; // [!code ++]\nconst b = 2; // [!code --]\n// [!code focus]\nfoo();\nbar(); // keep this [!code highlight]\nbaz();\n';
const lineClasses = (html: string) => [...html.matchAll(/<span class="(line[^"]*)"/g)].map((m) => m[1]);


describe("Shiki's comment notations", () => {
  const direct = createShikiHighlighter({ engine: 'shiki' });
  const trees = createShikiHighlighter({ engine: 'shiki', keepTrees: true });
  const perTheme = createShikiHighlighter({ engine: 'shiki', onePass: false });
  const hybrid = createShikiHighlighter();

  it.each([['Shiki', direct], ['tree-sitter', hybrid]])('marks added, removed, focused and highlighted lines and takes the notation out of the code (%s)', async (_, h) => {
    const { html } = await h.highlight({ code: DIFF, lang: 'js' });
    expect(html).toMatch(/^<pre class="shiki [^"]* has-diff has-highlighted has-focused"/);
    // The comment line that only held `[!code focus]` is gone; it marks the line after it.
    expect(lineClasses(html)).toEqual(['line diff add', 'line diff remove', 'line focused', 'line highlighted', 'line']);
    expect(html).not.toContain('[!code');
    // A comment with more than the notation keeps its words.
    expect(html).toContain('>// keep this</span>');
  });

  it('gives the same HTML from one pass, from kept trees and per theme', async () => {
    const [a, b, c] = await Promise.all([direct.highlight({ code: DIFF, lang: 'js' }), trees.highlight({ code: DIFF, lang: 'js' }), perTheme.highlight({ code: DIFF, lang: 'js' })]);
    expect(b.html).toBe(a.html);
    expect(c.html).toBe(a.html);
  });

  it.each([['Shiki', direct], ['tree-sitter', hybrid]])('reads `# [!code ++:2]` in Python as the line and the next (%s)', async (_, h) => {
    const { html } = await h.highlight({ code: 'a = 1  # [!code ++:2]\nb = 2\nc = 3\n', lang: 'python' });
    expect(lineClasses(html)).toEqual(['line diff add', 'line diff add', 'line']);
  });

  it("applies them to tree-sitter's blocks as to Shiki's, without loading Shiki's grammar", async () => {
    const blocks = [
      { lang: 'js', code: DIFF },
      { lang: 'ts', code: 'import { a } from "a"; // [!code --]\nimport { b } from "b"; // [!code ++]\nconst s = "// [!code ++] in a string";\n' },
      { lang: 'tsx', code: 'export const A = () => (\n  <div>\n    {/* [!code ++] */}\n    <p>hi</p> {/* [!code --] */}\n  </div>\n);\n' },
      { lang: 'bash', code: 'npm install x # [!code --]\npnpm add x # [!code ++]\n# [!code highlight:2]\necho "# [!code ++]"\nls\n' },
      { lang: 'json', code: '{\n  "a": 1, // [!code ++]\n  "b": 2\n}\n' },
    ];
    const { loaded, tables } = watchedTables();
    const h = createShikiHighlighter({ grammarTables: tables });
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    for (const b of blocks) {
      const [a, s] = await Promise.all([h.highlight(b), direct.highlight(b)]);
      expect(a.html.slice(0, a.html.indexOf('>')), b.lang).toBe(s.html.slice(0, s.html.indexOf('>')));
      expect(lineClasses(a.html), b.lang).toEqual(lineClasses(s.html));
      expect(text(a.html), b.lang).toBe(text(s.html));
    }
    expect(text((await h.highlight(blocks[1]!)).html)).toContain('"// [!code ++] in a string"');
    expect(loaded).toEqual([]);
  });

  it('is cached by the code it was given: the same code without notation is another block', async () => {
    const h = createShikiHighlighter();
    const marked = await h.highlight({ code: 'x(); // [!code ++]\n', lang: 'js' });
    const plain = await h.highlight({ code: 'x();\n', lang: 'js' });
    expect(marked.html).toContain('diff add');
    expect(plain.html).not.toContain('diff');
  });
});

describe('fence languages without a grammar of their own', () => {
  it.each([
    ['terminal', 'shellscript'], ['curl', 'shellscript'], ['command', 'shellscript'], ['CLI', 'shellscript'], ['env', 'dotenv'],
    ['jinja2', 'jinja'], ['gotmpl', 'jinja'], ['gradle', 'groovy'], ['ndjson', 'jsonl'], ['cel', 'javascript'], ['svg', 'xml'],
    ['{python}', 'python'], ['output', 'plaintext'], ['gitignore', 'plaintext'],
  ])('reads %s as %s', (written, grammar) => {
    expect(languageOf(written)).toBe(grammar);
  });

  it('colours them with that grammar and counts them as known', async () => {
    const h = createShikiHighlighter();
    const curl = await h.highlight({ code: 'curl -X POST "https://x.dev" # go\n', lang: 'curl' });
    const bash = await h.highlight({ code: 'curl -X POST "https://x.dev" # go\n', lang: 'bash' });
    expect(curl).toMatchObject({ known: true, html: bash.html });
    expect((await h.highlight({ code: 'WEBVTT\n', lang: 'vtt' })).known).toBe(true);
    expect((await h.highlight({ code: '{x}\n', lang: 'logql' })).known).toBe(false);
  });
});
