import { describe, expect, it } from 'vitest';
import { LIMITS } from '../budgets.js';
import { deepestPoint, sourceOverLimits } from './bounds.js';

describe('sources refused before compiling', () => {
  it('a page over the size limit, at the character where it passes it', () => {
    const source = 'A line of text.\n'.repeat(Math.ceil(LIMITS.pageChars / 16) + 10);
    const d = sourceOverLimits(source, '/p/big.mdx')!;
    expect(d).toMatchObject({ code: 'page/too-large', file: '/p/big.mdx', line: LIMITS.pageChars / 16 + 1, column: 1 });
    expect(d.message).toBe('The page is 0.50 MB long, over the 0.50 MB a page may have; it was not compiled.');
  });

  it('lists and quotes nested past the limit, at the marker that opens the first level past it', () => {
    const dashes = sourceOverLimits(`# Title\n\n${'- '.repeat(5000)}x\n`, '/p/a.mdx')!;
    expect(dashes).toMatchObject({ code: 'page/too-deep', line: 3, column: 2 * LIMITS.blockNesting + 1 });
    expect(dashes.message).toBe('Lists or quotes are nested 5000 levels deep here, over the 200 a page may have; the page was not compiled.');
    const indented = Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
    expect(sourceOverLimits(indented, '/p/b.mdx')).toMatchObject({ code: 'page/too-deep', line: 201, column: 401 });
    expect(sourceOverLimits(`${'>'.repeat(300)} quoted`, '/p/c.mdx')).toMatchObject({ code: 'page/too-deep', line: 1, column: 201 });
  });

  it('leaves real pages alone: nesting a few levels deep, long lines that are not containers', () => {
    const page = ['- a', '  - b', '    - c', '> quote', '> > nested', `${'x'.repeat(100_000)}`, '```', `${' '.repeat(600)}code`, '```'].join('\n');
    expect(sourceOverLimits(page, '/p/ok.mdx')).toBeUndefined();
    expect(sourceOverLimits(`${'- '.repeat(LIMITS.blockNesting)}x`, '/p/ok.mdx')).toBeUndefined();
  });

  it('finds the deepest point of markup, for a compile that ran out of stack', () => {
    const source = `text\n${'<div>'.repeat(50)}x${'</div>'.repeat(50)}\n{a}`;
    expect(deepestPoint(source)).toBe(source.indexOf('>x<') + 1 - '<div>'.length);
  });
});
