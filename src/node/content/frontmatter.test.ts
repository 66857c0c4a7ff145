import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './frontmatter.js';

describe('splitFrontMatter', () => {
  it('reads typed keys and keeps the rest in data', () => {
    const { frontMatter, diagnostics } = splitFrontMatter('---\ntitle: Setup\ndescription: How to\nmode: wide\nopenapi: GET /users\ncustom: 1\n---\n# Body\n', '/p.mdx');
    expect(diagnostics).toEqual([]);
    expect(frontMatter).toMatchObject({ title: 'Setup', description: 'How to', mode: 'wide', openapi: 'GET /users', data: { custom: 1 } });
  });

  it('blanks the front matter so body positions are file positions', () => {
    const { body } = splitFrontMatter('---\ntitle: A\n---\nline four\n', '/p.mdx');
    expect(body.split('\n')[3]).toBe('line four');
  });

  it('accepts pages without front matter, CRLF line ends and a BOM', () => {
    expect(splitFrontMatter('# Just text', '/p.md').frontMatter.data).toEqual({});
    expect(splitFrontMatter('\uFEFF---\r\ntitle: Win\r\n---\r\nBody', '/p.md').frontMatter.title).toBe('Win');
  });

  it('keeps numbers in titles as text and ignores wrong types with a warning', () => {
    const { frontMatter, diagnostics } = splitFrontMatter('---\ntitle: 2024\ndescription: [a, b]\nmode: sideways\n---\n', '/p.mdx');
    expect(frontMatter.title).toBe('2024');
    expect(frontMatter.description).toBeUndefined();
    expect(diagnostics.map((d) => d.message)).toMatchInlineSnapshot(`
      [
        "Front matter \`description\` should be text, found a list; it is ignored.",
        "Front matter \`mode\` should be one of default, wide, custom, center, frame, found "sideways"; it is ignored.",
      ]
    `);
  });

  it("reads Mintlify's page keys: tag, deprecated, url, mode frame, hideFooterPagination, keywords, timestamp", () => {
    const { frontMatter, diagnostics } = splitFrontMatter('---\ntag: NEW\ndeprecated: true\nurl: https://npmjs.com/package/x\nmode: frame\nhideFooterPagination: true\nkeywords: [setup, "getting started"]\ntimestamp: false\n---\n', '/p.mdx');
    expect(diagnostics).toEqual([]);
    expect(frontMatter).toMatchObject({ tag: 'NEW', deprecated: true, url: 'https://npmjs.com/package/x', mode: 'frame', hideFooterPagination: true, keywords: ['setup', 'getting started'], timestamp: false });
    expect(splitFrontMatter('---\nkeywords: a, b ,c\n---\n', '/p.mdx').frontMatter.keywords).toEqual(['a', 'b', 'c']);
    const script = splitFrontMatter('---\nurl: "java\\tscript:alert(1)"\n---\n', '/p.mdx');
    expect(script.frontMatter.url).toBeUndefined();
    expect(script.diagnostics.map((d) => d.message)).toEqual(['Front matter `url` should be an http(s), mailto or relative address, found "java\tscript:alert(1)"; it is ignored.']);
    const wrong = splitFrontMatter('---\ndeprecated: soon\nkeywords: {a: 1}\n---\n', '/p.mdx');
    expect(wrong.frontMatter.deprecated).toBeUndefined();
    expect(wrong.diagnostics.map((d) => d.message)).toEqual([
      'Front matter `deprecated` should be true or false, found a string; it is ignored.',
      'Front matter `keywords` should be a list of words, found an object; it is ignored.',
    ]);
  });

  it('reports invalid YAML with its line and column in the file', () => {
    const { diagnostics } = splitFrontMatter('---\ntitle: ok\ndescription: "unclosed\n---\nbody\n', '/p.mdx');
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    expect({ code: d!.code, line: d!.line, column: d!.column }).toEqual({ code: 'page/invalid-frontmatter', line: 4, column: 1 });
    expect(d!.message).toMatch(/^The front matter is not valid YAML: /);
    expect(d!.frame).toContain('description: "unclosed');
  });

  it('points a wrong type at its key, as the YAML parser read it', () => {
    const source = '\uFEFF---\r\ntitle: fine\r\n"description": [a, b]\r\nnested:\r\n  mode: [y]\r\n  url: javascript:alert(1)\r\nmode: sideways\r\n---\r\nmode: body text\r\n';
    const { diagnostics, keys } = splitFrontMatter(source, '/p.mdx');
    // Top-level keys only, quoted ones too; the nested `mode` and `url` are not the page's.
    expect([...keys.keys()]).toEqual(['title', 'description', 'nested', 'mode']);
    expect(diagnostics.map((d) => [d.code, d.args?.key, d.line, d.column])).toEqual([
      ['page/frontmatter-type', 'description', 3, 1],
      ['page/frontmatter-type', 'mode', 7, 1],
    ]);
    expect(diagnostics[1]!.frame).toMatch(/> 7 \| mode: sideways/);
    expect(diagnostics[1]!.file).toBe('/p.mdx');
  });

  it('gives every kind of front matter type finding its key position', () => {
    const { diagnostics } = splitFrontMatter('---\nsummary: |\n  two\n  lines\ntitle: {a: 1}\nurl: "javascript:x"\ndeprecated: soon\nkeywords: {a: 1}\n---\n', '/p.mdx');
    expect(diagnostics.map((d) => `${d.args?.key}@${d.line}:${d.column}`)).toEqual(['title@5:1', 'url@6:1', 'deprecated@7:1', 'keywords@8:1']);
  });

  it('leaves a key merged in by `<<` at the file alone: it is written nowhere as such', () => {
    const { diagnostics } = splitFrontMatter('---\nbase: &b {title: [x]}\n<<: *b\n---\n', '/p.mdx');
    expect(diagnostics.map((d) => [d.args?.key, d.file, d.line])).toEqual([['title', '/p.mdx', undefined]]);
  });
});
