import { describe, expect, it } from 'vitest';
import { FenceTracker } from './fences.js';

/** Which lines of `text` are code or fences, as 1 and 0. */
const code = (text: string) => {
  const fences = new FenceTracker();
  return text
    .split('\n')
    .map((line) => (fences.code(line) ? 1 : 0))
    .join('');
};

describe('fenced code, line by line', () => {
  it.each([
    ['backticks', 'a\n```js\nx\n```\nb', '01110'],
    ['tildes, closed by a longer run', 'a\n~~~\nx\n~~~~~\nb', '01110'],
    ['a shorter run or the other character inside', '````md\n```js\n~~~~\n```\n````\nb', '111110'],
    ['a run with text after it does not close', '```\n```js\nx\n```\nb', '11110'],
    ['blanks after the closing run are allowed', '```\nx\n```  \t\nb', '1110'],
    ['a backtick in a backtick info string opens nothing', '```a`b\nx', '00'],
    ['a tilde info string may hold backticks', '~~~ `x`\ny\n~~~', '111'],
    ['indented inside a component, at any depth', '<Tabs>\n  <Tab>\n      ```py\n      x\n      ```\n  </Tab>', '001110'],
    ['two backticks are inline code', '``x``\ny', '00'],
    ['an unclosed fence runs to the end', 'a\n```\nx\ny', '0111'],
  ])('%s', (_, text, expected) => {
    expect(code(text)).toBe(expected);
  });
});
