import { describe, expect, it } from 'vitest';
import { codeFrame } from './frame.js';

describe('codeFrame', () => {
  it('shows two lines either side with a caret at the column', () => {
    expect(codeFrame('a\nbcd\ne\nf', 2, 2)).toBe('  1 | a\n> 2 | bcd\n    |  ^\n  3 | e\n  4 | f');
  });

  it('cuts a long line (minified JSON) to a window around the column, keeping line numbers', () => {
    const source = `{"a": 1,\n${'x'.repeat(100_000)}Y${'z'.repeat(100_000)}\n}`;
    const frame = codeFrame(source, 2, 100_001);
    expect(frame.length).toBeLessThan(600);
    const lines = frame.split('\n');
    expect(lines[0]).toBe('  1 |'); // its few characters are left of the window
    expect(lines[1]).toMatch(/^> 2 \| …x+Yz+…$/);
    // The caret sits under the Y.
    expect(lines[2]!.indexOf('^')).toBe(lines[1]!.indexOf('Y'));
    expect(lines[3]).toBe('  3 |');
  });
});
