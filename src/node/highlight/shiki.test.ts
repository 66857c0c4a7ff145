import { describe, expect, it } from 'vitest';
import { createShikiHighlighter } from './shiki.js';

const MARKDOWN = '# Example\n\n```java HelloWorld.java\nclass HelloWorld {}\n```\n\n<div>raw</div>\n';

describe('languages embedded lazily (Markdown fences)', () => {
  it('colours a block the same whatever the highlighter highlighted before', async () => {
    const fresh = createShikiHighlighter();
    const warmed = createShikiHighlighter();
    await warmed.highlight({ code: 'class A {}', lang: 'java' });
    await warmed.highlight({ code: '<p>x</p>', lang: 'html' });
    const a = await fresh.highlight({ code: MARKDOWN, lang: 'markdown' });
    const b = await warmed.highlight({ code: MARKDOWN, lang: 'markdown' });
    expect(a.html).toBe(b.html);
    // The fence is Java, coloured as Java: `class` is a keyword, not plain text.
    expect(a.html).toMatch(/<span style="[^"]*">class<\/span>/);
  });

  it('finds the fence language by its alias', async () => {
    const { html } = await createShikiHighlighter().highlight({ code: '```js\nconst a = 1;\n```\n', lang: 'md' });
    expect(html).toMatch(/<span style="[^"]*">const<\/span>/);
  });
});

describe('bounded work', () => {
  it('shows a line past the length limit unhighlighted, and the other lines coloured (a 1 MB minified line never finished)', async () => {
    const long = 'const a = 1; '.repeat(80_000);
    for (const keepTrees of [false, true]) {
      const { html } = await createShikiHighlighter({ keepTrees }).highlight({ code: `const short = 2;\n${long}\n`, lang: 'ts' });
      expect(html).toMatch(/<span style="[^"]*">const<\/span>/);
      // The long line is one span of plain text, whole.
      expect(html).toContain(`<span class="line"><span>${long}</span></span>`);
    }
  });
});
