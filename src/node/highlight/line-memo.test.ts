import { createHighlighter, tokenizeWithTheme, type Grammar } from 'shiki';
import { describe, expect, it } from 'vitest';
import { createLineMemo } from './line-memo.js';

const highlighter = createHighlighter({ themes: ['github-light'], langs: ['ts', 'markdown', 'python'] });

const calls = { n: 0 };
/** Each language's grammar, one object as Shiki gives it, its calls counted. */
const counted = new Map<string, Grammar>();

/** Shiki's tokens of `code`, tokenised by the grammar (wrapped or not), and how many lines the grammar tokenised. */
async function tokens(lang: string, code: string, wrap?: (g: Grammar) => Grammar) {
  const hl = await highlighter;
  const { theme, colorMap } = hl.setTheme('github-light');
  const grammar = hl.getLanguage(lang);
  if (!counted.has(lang)) counted.set(lang, { name: grammar.name, tokenizeLine: grammar.tokenizeLine.bind(grammar), tokenizeLine2: (...a: Parameters<Grammar['tokenizeLine2']>) => (calls.n++, grammar.tokenizeLine2(...a)) } as Grammar);
  const g = counted.get(lang)!;
  calls.n = 0;
  return { tokens: tokenizeWithTheme(code, wrap ? wrap(g) : g, theme, colorMap, { tokenizeTimeLimit: 0 }), calls: calls.n };
}

// The same lines in different states: inside a comment, a template string, a nested block, a fence.
const TRICKY: [string, string][] = [
  ['ts', 'foo(1);\n/*\nfoo(1);\n*/\nfoo(1);\nconst s = `\nfoo(1);\n`;\nfoo(1);\nif (x) {\n  foo(1);\n}\n'],
  ['markdown', 'Some *text*\n\n```ts\nfoo(1);\n```\n\nfoo(1);\n\n```python\nfoo(1);\n```\n> foo(1);\n'],
  ['python', 'x = 1\n"""\nx = 1\n"""\nx = 1\ndef f():\n    x = 1\n'],
];

describe('createLineMemo', () => {
  for (const [lang, code] of TRICKY) {
    it(`tokenises ${lang} lines seen before in other states as the grammar does`, async () => {
      const memo = createLineMemo();
      const plain = await tokens(lang, code);
      const first = await tokens(lang, code, (g) => memo.grammar(g));
      expect(first.tokens).toEqual(plain.tokens);
      // The second time every line is known, in the state it starts in.
      const again = await tokens(lang, code, (g) => memo.grammar(g));
      expect(again.tokens).toEqual(plain.tokens);
      expect(again.calls).toBe(0);
      expect(first.calls).toBeGreaterThan(0);
    });
  }

  it('answers a line again only from the same state', async () => {
    const memo = createLineMemo();
    const code = 'foo(1);\n/*\nfoo(1);\n*/\nfoo(1);\n';
    const r = await tokens('ts', code, (g) => memo.grammar(g));
    // `foo(1);` three times in three states: the initial one (which equals no other), in a comment, at the top level.
    expect(r.calls).toBe(5);
    expect(memo.size).toBe(5);
    // At the top level after a first line: known from line 5 above, both times.
    const r2 = await tokens('ts', 'x;\nfoo(1);\nfoo(1);\n', (g) => memo.grammar(g));
    expect(r2.calls).toBe(1);
  });

  it('forgets everything past its capacity, and answers as before', async () => {
    const memo = createLineMemo(3);
    const code = 'a;\nb;\nc;\nd;\ne;\n';
    const plain = await tokens('ts', code);
    expect((await tokens('ts', code, (g) => memo.grammar(g))).tokens).toEqual(plain.tokens);
    expect(memo.size).toBeLessThanOrEqual(3);
    expect((await tokens('ts', code, (g) => memo.grammar(g))).tokens).toEqual(plain.tokens);
  });
});
