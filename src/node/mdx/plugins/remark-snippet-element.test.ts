import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSnippetFile } from './remark-snippet-element.js';
import { compile, html, root } from './test-helpers.js';

describe('remark-snippet-element', () => {
  it('resolves <Snippet file> from /snippets/ as a snippet of the page, with its props', async () => {
    const out = await compile('<Snippet file="install.mdx" pkg="kiln" />\n');
    expect(out.snippets).toEqual([{ name: 'KilnSnippet0', file: path.join(root, 'snippets/install.mdx') }]);
    expect(out.missing).toEqual([]);
    expect(out.diagnostics).toEqual([]);
    expect(await html('<Snippet file="install.mdx" pkg="kiln" />\n')).toBe('<p>Install kiln with kiln. 2 2</p>');
  });

  it('shares one snippet between repeated uses and an import of the same file', async () => {
    const out = await compile("import Install from '/snippets/install.mdx';\n\n<Snippet file=\"install.mdx\" />\n<Snippet file=\"/snippets/install.mdx\" />\n");
    expect(out.snippets.map((s) => s.name)).toEqual(['Install']);
  });

  it('passes the features of a snippet on to the page that uses it', async () => {
    const out = await compile('<Snippet file="math-note.mdx" kind="inline" />\n');
    expect(out.features).toBeUndefined(); // the page itself has none; renderPage adds the snippet's
    expect(await html('<Snippet file="math-note.mdx" kind="inline" />\n')).toContain('class="katex"');
  });

  it('warns about a missing file and renders a placeholder', async () => {
    const out = await compile('<Snippet file="nope.mdx" />\n');
    expect(out.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['page/import-not-found', 1, 1]]);
    expect(out.missing).toEqual(['Snippet']);
    expect(await html('<Snippet file="nope.mdx" />\n')).toBe('');
  });

  it('never resolves outside the project', () => {
    expect(resolveSnippetFile('../../mdxjs.ts', root)).toBeNull();
    expect(resolveSnippetFile('../../../../package.json', root)).toBeNull();
    expect(resolveSnippetFile('install.mdx', root)).toBe(path.join(root, 'snippets/install.mdx'));
  });
});
