import { describe, expect, it } from 'vitest';
import { diag } from '../diagnostics/catalogue.js';
import { occurrences, pageIconDiagnostics, unknownIconName } from './diagnostics.js';
import { collectIconIssues, resolveIcon } from './resolve.js';

const none = { unknown: [], substituted: [] };
const issues = (...names: string[]) => collectIconIssues(() => names.forEach((n) => resolveIcon(n)));

describe('pageIconDiagnostics', () => {
  const body = ['', '', '', '', '# Title', '', '<Card title="A" icon="rockett" />', "<Icon icon={'rockett'} />", '<Card icon="rocket" />', ''].join('\n');
  const file = ['---', 'title: T', 'icon: "fire-flame-curvd"', '---', '# Title', '', '<Card title="A" icon="rockett" />', "<Icon icon={'rockett'} />", '<Card icon="rocket" />', ''].join('\n');

  it('reports each place an unknown name is written, with line, column and frame', async () => {
    const out = await pageIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: {} }, issues('rockett'), [], async () => file);
    expect(out.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([
      ['icon/unknown', 'warning', '/p/page.mdx', 7, 23],
      ['icon/unknown', 'warning', '/p/page.mdx', 8, 14],
    ]);
    expect(out[0]!.message).toBe('Unknown icon "rockett"; a default icon is shown instead.');
    expect(out[0]!.hint).toBe('No icon library has this name. Use a name from Font Awesome (https://fontawesome.com/search?ic=free), Lucide (https://lucide.dev/icons) or Tabler (https://tabler.io/icons), as `icons.library` in docs.json says, an image path or URL, or inline <svg> markup.');
    expect(out[0]!.frame).toContain('> 7 | <Card title="A" icon="rockett" />');
  });

  it('notes a Pro name shown as a free look-alike and a name taken from another library, after the warnings', async () => {
    const source = ['<Card icon="sparkles" />', '<Card icon="telescope" />', '<Card icon="nope" />', ''].join('\n');
    const out = await pageIconDiagnostics({ file: '/p/page.mdx', body: source, frontMatter: {} }, issues('sparkles', 'telescope', 'nope'), [], async () => source);
    expect(out.map((d) => [d.code, d.severity, d.line, d.column, d.message])).toEqual([
      ['icon/unknown', 'warning', 3, 13, 'Unknown icon "nope"; a default icon is shown instead.'],
      ['icon/pro-substitute', 'info', 1, 13, '"sparkles" is a Font Awesome Pro icon; the free "wand-magic-sparkles" is shown instead.'],
      ['icon/other-library', 'info', 2, 13, 'Icon "telescope" is not in Font Awesome; Lucide\'s "telescope" is shown instead.'],
    ]);
    expect(out[1]!.hint).toBe('Kiln ships the free Font Awesome set. Name a free icon (https://fontawesome.com/search?ic=free) to choose the look yourself.');
    expect(out[2]!.hint).toBe('Name a Font Awesome icon, or set `icons.library` in docs.json to the library your icon names come from.');
  });

  it("checks the page's own front matter icon (shown in the sidebar), in the site's library", async () => {
    const out = await pageIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: { icon: 'fire-flame-curvd' } }, none, [], async () => file);
    expect(out.map((d) => [d.message, d.line, d.column])).toEqual([['Unknown icon "fire-flame-curvd"; a default icon is shown instead.', 3, 8]]);
    expect(await pageIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: { icon: 'bolt' } }, none, [], async () => file)).toEqual([]);
    expect(await pageIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: { icon: 'bookmark', iconType: 'duotone' } }, none, [], async () => file)).toEqual([]);
    expect(await pageIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: { icon: '/img/x.svg' } }, none, [], async () => file)).toEqual([]);
    const fm = ['---', 'icon: house', '---', ''].join('\n');
    expect(await pageIconDiagnostics({ file: '/p/page.mdx', body: '', frontMatter: { icon: 'house' } }, none, [], async () => fm, 'lucide')).toEqual([]);
    const tabler = await pageIconDiagnostics({ file: '/p/page.mdx', body: '', frontMatter: { icon: 'house' } }, none, [], async () => fm, 'tabler');
    expect(tabler.map((d) => [d.message, d.line, d.column])).toEqual([['Icon "house" is not in Tabler; Lucide\'s "house" is shown instead.', 2, 7]]);
  });

  it('looks in imported snippets, then falls back to the page without a position', async () => {
    const files: Record<string, string> = { '/p/page.mdx': file, '/p/snippets/s.mdx': '\n<Card icon="snippet-icon" />\n' };
    const out = await pageIconDiagnostics({ file: '/p/page.mdx', body, frontMatter: {} }, issues('snippet-icon', 'computed'), ['/p/snippets/s.mdx'], async (f) => files[f]!);
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

describe('unknownIconName', () => {
  it('reads the name from the warning\'s arguments, not its wording (the report lists them)', () => {
    expect(unknownIconName(diag('icon/unknown', { name: 'a "quoted" name' }))).toBe('a "quoted" name');
    expect(unknownIconName(diag('icon/pro-substitute', { name: 'x', shown: 'y' }))).toBeUndefined();
    // A name whose wording would end the message early is read whole all the same.
    expect(unknownIconName(diag('icon/unknown', { name: 'x"; a default icon is shown instead. y' }))).toBe('x"; a default icon is shown instead. y');
  });

  it('reads it after the warning crossed from a build worker (structured clone)', () => {
    expect(unknownIconName(structuredClone(diag('icon/unknown', { name: 'rocket-x' })))).toBe('rocket-x');
  });
});
