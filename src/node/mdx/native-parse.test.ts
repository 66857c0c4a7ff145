import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShikiHighlighter } from '../highlight/shiki.js';
import { builtinNames } from '../render/components/index.js';
import { mdxFiles, starter } from '../test-helpers.js';
import { createMdxjsCompiler } from './mdxjs.js';
import { nativeParserAvailable, parseNative, risky } from './native-parse.js';
import { body, compare, js } from './test-helpers.js';

// The native parser is only used where its tree is the JS parser's: these tests hold the two side
// by side (positions, ESTree and all) on small cases, on every page of the example, and on pages
// the JS parser rejects, which the native one must leave to it. native-parse.corpus.test.ts does
// the same on every page of the corpus and on mutated copies of them.

it('loads its native binary on this platform', () => {
  expect(nativeParserAvailable).toBe(true);
});

describe('the native tree is the JS tree', () => {
  it.each([
    ['headings, emphasis, lists, code', '# Title *a* **b**\n\n1. one\n2. two\n   - nested `code`\n\n```ts title="x" {1}\nconst a = 1;\n```\n'],
    ['ESM, ESTree with comments, names declared by earlier imports', "import A from './a'\nimport { B as C } from './b'\n\nexport const x = { a: 1 } // note\n\n# {A}\n"],
    ['expressions over several lines, indent stripped', '<Card>\n  {items.map((i) =>\n      <b key={i}>{i}</b>\n  )}\n</Card>\n\ntext {a /* c */} and {/* only a comment */}\n'],
    ['attributes: literal, expression, spread, boolean, namespaced', '<Card title="t" n={1} {...rest} open xlink:href="#a" obj={{ a: [1, 2] }}\n  multi={`x\n${y}`}\n/>\n'],
    ['a line of text in tags: a paragraph', '<Note>\n  <Check>Done *now*.</Check>\n  <Check>And [this](/x).</Check>\n</Note>\n\n<Tip>Alone.</Tip>  \n\n<summary><b>Traces</b></summary>\n'],
    ['GFM', '| a | b |\n|:-|-:|\n| ~~x~~ | www.example.com |\n\n- [x] `done`\n- [ ] todo\n\nA note[^1].\n\n[^1]: The note.\n'],
    ['math', '$$\nE = mc^2\n$$\n\nInline $x^2$ and $5 to $10.\n'],
    ['`<` before a space and escaped markup', 'a < b and \\{not an expression\\} and \\<not a tag>\n'],
  ])('%s', (_, source) => {
    expect(compare(source)).toEqual({ kind: 'same' });
  });

  // What the JS parser rejects must never get a native tree: the page then fails with the message
  // and position users know. Each of these is a case satteri accepts or reads otherwise.
  it.each([
    ['an expression left open', 'a {b\n'],
    ['an empty attribute expression', '<a b={}>x</a>\n'],
    ['a closing tag that closes nothing', '# Title\n\n<Tabs>\n  <Tab title="a">\n  text\n</Tabs>\n'],
    ['a tag cut short', 'a <b c\n'],
    ['an HTML comment', '<!-- note -->\n'],
    ['an autolink in angle brackets', 'see <https://example.com>\n'],
    ['a name imported twice', "import x from 'y'\nimport x from 'z'\n"],
    ['code that is not ESM', 'export const a = 1\nconsole.log(a)\n'],
    ['ESM that does not parse', 'export const = 1\n'],
    ['two values in an expression', '{1 2}\n'],
    ['an attribute expression that is not a spread', '<a {b} />\n'],
    ['a spread with more', '<a {...b, c} />\n'],
    ['a tag continued on a lazy line', '- item\n<A\n b="1">\n</A>\n'],
    ['a tag continued on a lazy line after another tag', '2. Select\n<div><img\n  src="x" />\n</div>\n'],
    ['an expression continued on a lazy line', '> quote\n{a +\nb}\n'],
    ['a closing tag indented into a list item', '<Tab>\n- a\n  more\n  </Tab>\n'],
    ['a closing tag indented into a list item by a tab', '<Card>\n- - z\n\t</Card>\n'],
    ['an unclosed tag in a paragraph', '<Tip>Text\n\nMore\n</Tip>\n'],
  ])('leaves %s to the JS parser', (_, source) => {
    expect(() => js.parse(source)).toThrow();
    expect(parseNative(source)).toBeUndefined();
  });

  // Pages the JS parser accepts where satteri's tree differs in ways not worth rebuilding: each is
  // detected and left to the JS parser (removing a rule turns its case into a difference).
  it.each([
    ['mixed emphasis delimiters', 'x a*__a* y and *_*bold**\n'],
    ['an escaped delimiter next to one', 'x \\**a** y\n'],
    ['an autolink after a `[` that opened no link', 'You can [email (https://trigger.dev/contact) by\n'],
    ['an autolink micromark does not start there', 'x !www.example.com y\n'],
    ['an autolink over an escape', 'x "``a\\.a@b.co y\n'],
    ['a hard break after an open code span in a list', '1. x `y\n   A=b  \n   C\n'],
    ['a code fence left open in a list item', '1. a\n   ```sql\n   x\n\n2. b\n'],
    ['a table row starting `import `', '| a |\n| - |\nimport os\n'],
    ['a text tag whose next line starts a block quote', 'text <A b="1"\n> c</A>\n'],
    ['a code span over a line starting `<`', 'x `\n<).``(x)` y\n'],
  ])('gives up on %s', (_, source) => {
    expect(compare(source)).toMatchObject({ kind: expect.stringMatching(/^(gave-up|both-reject)$/) });
  });

  it('gives the same compile error on both parsers', async () => {
    const highlighter = createShikiHighlighter();
    const native = createMdxjsCompiler({ highlighter, components: builtinNames, parser: 'native' });
    const jsOnly = createMdxjsCompiler({ highlighter, components: builtinNames, parser: 'js' });
    for (const source of ['a {b\n', '<Tabs>\n  <Tab title="a">\n  text\n</Tabs>\n', 'export const = 1\n', '<a b={}>x</a>\n', '- item\n<A\n b="1">\n</A>\n']) {
      const input = { source, file: '/site/page.mdx', root: '/site', pageId: 'page' };
      const [a, b] = await Promise.all([native.compile(input), jsOnly.compile(input)]);
      expect(a.code).toBeUndefined();
      expect(a.diagnostics).toEqual(b.diagnostics);
    }
  });
});

describe('inputs that would crash or stall the native parser', () => {
  // Unguarded, these end the process (native stack overflow) or take minutes.
  it.each([
    ['brackets 5,000 deep in an expression', `{${'('.repeat(5000)}1${')'.repeat(5000)}}`],
    ['a 30,000-long chain in an expression', `{${'a?b:'.repeat(7500)}c}`],
    ['an ESM block of 20,000 characters', `export const a = ${'!'.repeat(20_000)}x\n`],
    ['unclosed tags in an expression', `{${'<a>'.repeat(30)}}`],
  ])('screens out %s', (_, source) => {
    expect(risky(source)).toBeDefined();
    expect(parseNative(source)).toBeUndefined();
  });

  it('lets real pages through', () => {
    expect(risky('<Card title="x">\n  {items.map((i) => <b>{i}</b>)}\n</Card>\n')).toBeUndefined();
  });
});

describe('on the example', () => {
  it('gives the JS tree for every page', () => {
    const files = mdxFiles(starter);
    expect(files.length).toBeGreaterThan(10);
    const outcomes = files.map((f) => ({ file: path.relative(starter, f), ...compare(body(f)) }));
    expect(outcomes.filter((o) => o.kind !== 'same')).toEqual([]);
  });
});
