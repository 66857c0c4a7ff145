import { describe, expect, it } from 'vitest';
import { occurrences, unknownIconDiagnostics } from './diagnostics.js';

describe('unknownIconDiagnostics', () => {
  const body = ['', '', '', '', '# Title', '', '<Card title="A" icon="rockett" />', "<Icon icon={'rockett'} />", '<Card icon="rocket" />', ''].join('\n');
  const file = ['---', 'title: T', 'icon: "fire-flame-curvd"', '---', '# Title', '', '<Card title="A" icon="rockett" />', "<Icon icon={'rockett'} />", '<Card icon="rocket" />', ''].join('\n');

  it('reports each place an unknown name is written, with line, column and frame', async () => {
    const out = await unknownIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: {} }, ['rockett'], [], async () => file);
    expect(out.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([
      ['icon/unknown', 'warning', '/p/page.mdx', 7, 23],
      ['icon/unknown', 'warning', '/p/page.mdx', 8, 14],
    ]);
    expect(out[0]!.message).toBe('Unknown icon "rockett"; a default icon is shown instead.');
    expect(out[0]!.frame).toContain('> 7 | <Card title="A" icon="rockett" />');
  });

  it("checks the page's own front matter icon (shown in the sidebar)", async () => {
    const out = await unknownIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: { icon: 'fire-flame-curvd' } }, [], [], async () => file);
    expect(out.map((d) => [d.message, d.line, d.column])).toEqual([['Unknown icon "fire-flame-curvd"; a default icon is shown instead.', 3, 8]]);
    expect(await unknownIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: { icon: 'bolt' } }, [], [], async () => file)).toEqual([]);
    expect(await unknownIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: { icon: '/img/x.svg' } }, [], [], async () => file)).toEqual([]);
  });

  it('looks in imported snippets, then falls back to the page without a position', async () => {
    const files: Record<string, string> = { '/p/page.mdx': file, '/p/snippets/s.mdx': '\n<Card icon="snippet-icon" />\n' };
    const out = await unknownIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: {} }, ['snippet-icon', 'computed'], ['/p/snippets/s.mdx'], async (f) => files[f]!);
    expect(out.map((d) => [d.file, d.line, d.column])).toEqual([
      ['/p/snippets/s.mdx', 2, 13],
      ['/p/page.mdx', undefined, undefined],
    ]);
  });

  it('matches whole values only', () => {
    expect(occurrences('<Card icon="rocket-x" /> <Card icon="rocket" />', 'rocket')).toEqual([37]);
    expect(occurrences('icon: rocket\n', 'rocket')).toEqual([6]);
  });
});
