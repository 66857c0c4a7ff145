import { describe, expect, it, vi } from 'vitest';
import { createShikiHighlighter } from '../highlight/shiki.js';
import { createEngines } from './load.js';

const made = vi.hoisted(() => vi.fn());
vi.mock('../highlight/shiki.js', async (original) => {
  const actual = await original<typeof import('../highlight/shiki.js')>();
  return {
    ...actual,
    createShikiHighlighter: (...args: Parameters<typeof actual.createShikiHighlighter>) => {
      made(...args);
      return actual.createShikiHighlighter(...args);
    },
  };
});

describe('createEngines: Shiki made by the first code block', () => {
  it('makes no highlighter until a block is highlighted, then one for all blocks, highlighting as Shiki does', async () => {
    made.mockClear();
    const { highlighter } = createEngines();
    await vi.dynamicImportSettled();
    expect(made).not.toHaveBeenCalled();

    const blocks = [
      { code: 'const answer = 42;\n', lang: 'ts' },
      { code: 'echo "hello"\n', lang: 'bash', highlight: [1] },
      { code: 'no such language\n', lang: 'not-a-language' },
    ];
    // Asked for at once, as the blocks of one page are: still one highlighter.
    const lazy = await Promise.all(blocks.map((b) => highlighter.highlight(b)));
    expect(made).toHaveBeenCalledTimes(1);

    made.mockClear();
    const direct = createShikiHighlighter();
    const expected = await Promise.all(blocks.map((b) => direct.highlight(b)));
    expect(lazy.map((r) => [r.html, r.known])).toEqual(expected.map((r) => [r.html, r.known]));
    expect(lazy.map((r) => r.known)).toEqual([true, true, false]);
  });
});
