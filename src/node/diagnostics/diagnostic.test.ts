import { describe, expect, it } from 'vitest';
import { compareDiagnostics, type Diagnostic } from './diagnostic.js';
import { argsOf, diag } from './catalogue.js';

const d = (file: string | undefined, line: number | undefined, column: number | undefined, severity: Diagnostic['severity'], code: string, message: string): Diagnostic => ({ file, line, column, severity, code, message });

describe('compareDiagnostics', () => {
  it('orders findings the same whatever order they arrived in', () => {
    const sorted = [
      d(undefined, undefined, undefined, 'error', 'openapi/fetch-failed', 'a'),
      d('/p/a.mdx', undefined, undefined, 'error', 'page/over-time-budget', 'x'),
      d('/p/a.mdx', 3, 1, 'warning', 'page/unknown-component', 'Unknown component <A>'),
      d('/p/a.mdx', 3, 1, 'warning', 'page/unknown-component', 'Unknown component <B>'),
      d('/p/a.mdx', 3, 9, 'error', 'page/render-failed', 'x'),
      d('/p/a.mdx', 12, 1, 'info', 'icon/stand-in', 'x'),
      d('/p/b.mdx', 1, 1, 'error', 'page/compile-failed', 'x'),
      d('/p/b.mdx', 1, 1, 'warning', 'code/unknown-language', 'x'),
    ];
    for (const shuffle of [[...sorted].reverse(), [3, 7, 0, 5, 1, 6, 2, 4].map((i) => sorted[i]!)]) {
      expect(shuffle.sort(compareDiagnostics)).toEqual(sorted);
    }
  });
});

describe('diag', () => {
  it('keeps the arguments its message was made from, typed per catalogue entry', () => {
    const d = diag('nav/page-not-found', { entry: 'guides/setup', tried: ['guides/setup.mdx', 'guides/setup.md'] }, { file: '/p/docs.json', line: 3, column: 5 });
    expect(d.args).toEqual({ entry: 'guides/setup', tried: ['guides/setup.mdx', 'guides/setup.md'] });
    expect(argsOf(d, 'nav/page-not-found')?.tried).toEqual(['guides/setup.mdx', 'guides/setup.md']);
    expect(argsOf(d, 'nav/duplicate-page')).toBeUndefined();
    // A diagnostic written as a literal (no catalogue arguments) has none to give.
    expect(argsOf({ code: 'nav/page-not-found' }, 'nav/page-not-found')).toBeUndefined();
  });
});
