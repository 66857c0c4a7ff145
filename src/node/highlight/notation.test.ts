import { describe, expect, it } from 'vitest';
import { createShikiHighlighter, languageOf } from './shiki.js';

const DIFF = 'const a = 1; // [!code ++]\nconst b = 2; // [!code --]\n// [!code focus]\nfoo();\nbar(); // keep this [!code highlight]\nbaz();\n';
const lineClasses = (html: string) => [...html.matchAll(/<span class="(line[^"]*)"/g)].map((m) => m[1]);

describe("Shiki's comment notations", () => {
  const direct = createShikiHighlighter();
  const trees = createShikiHighlighter({ keepTrees: true });
  const perTheme = createShikiHighlighter({ onePass: false });

  it('marks added, removed, focused and highlighted lines and takes the notation out of the code', async () => {
    const { html } = await direct.highlight({ code: DIFF, lang: 'js' });
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

  it('reads `# [!code ++:2]` in Python as the line and the next', async () => {
    const { html } = await direct.highlight({ code: 'a = 1  # [!code ++:2]\nb = 2\nc = 3\n', lang: 'python' });
    expect(lineClasses(html)).toEqual(['line diff add', 'line diff add', 'line']);
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
