import { toHtml } from 'hast-util-to-html';
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';
import { markdownToMdast } from 'satteri';
import { describe, expect, it } from 'vitest';
import { satteri } from '../satteri.js';
import { markdownRisky, parseMarkdownNative } from './markdown.js';

// Plain Markdown (OpenAPI descriptions) goes to satteri only where its tree makes micromark's HTML:
// the two side by side on descriptions like real ones, on what satteri reads otherwise (which must
// be left to micromark), and on random documents made of both.

const html = (tree: Root) => toHtml(toHast(tree, { allowDangerousHtml: true }));
const micromark = (source: string) => html(fromMarkdown(source, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));

it('loads satteri’s native binary on this platform', () => {
  expect(satteri).toBeDefined();
});

describe('descriptions satteri parses give micromark’s HTML', () => {
  it.each([
    ['a sentence with code and a link', 'Returns the `id` of the [index](https://docs.example.com/indexes#create).'],
    ['paragraphs, emphasis, a hard break', '**Required.** The name.\n\nMust be _unique_ per project  \nand at most 64 characters.'],
    ['a list and a numbered list', 'One of:\n- `asc`\n- `desc`\n\n1. Create a key\n2. Send it as `Authorization: Bearer <key>`'],
    ['a table, a task list, a footnote', '| Field | Type |\n|:--|--:|\n| `a` | ~~int~~ |\n\n- [x] done\n- [ ] todo\n\nSee the note[^1].\n\n[^1]: The note.'],
    ['autolinks, entities, escapes, a reference', 'Visit www.example.com or <https://x.dev> or a@b.co; &copy; \\*not emphasis\\*, [the guide][g].\n\n[g]: /guide "Guide"'],
    ['a fence, a quote, a heading', '## Example\n\n> Deprecated.\n\n```json\n{ "a": 1 }\n```'],
  ])('%s', (_, source) => {
    expect(markdownRisky(source)).toBe(false);
    const tree = parseMarkdownNative(source);
    expect(tree).toBeDefined();
    expect(html(tree!)).toBe(micromark(source));
  });
});

describe('what satteri reads otherwise is left to micromark', () => {
  it.each([
    ['indented code with a blank line in it, after a list (satteri makes two blocks)', '- a\n\n# h\n    code\n\n    code'],
    ['an HTML block ended by another end tag', '<pre>\n# h\n</script>\n\ntext'],
    ['a line starting with a tag after a table (a row to satteri)', '| a |\n|---|\n| 1 |\n</Accordion>'],
    ['an empty list item after a definition and a heading', '[a]: /u\n# h\n1.\na'],
    ['an ordered list from 2 after a definition and a heading', '[a]: /u\n# h\n2. y'],
    ['an ordered list from 2 after a definition and a rule', '[a]: /u\n***\n2. y'],
    ['quote lines with nothing after `>` below a list', '> - q\n>\n>'],
  ])('%s', (_, source) => {
    const satteri = markdownToMdast(source, { features: { gfm: true, frontmatter: false }, position: false }) as unknown as Root;
    expect(html(satteri)).not.toBe(micromark(source));
    expect(markdownRisky(source)).toBe(true);
    expect(parseMarkdownNative(source)).toBeUndefined();
  });

  it('an ordered list from 1 is satteri’s, its later items too', () => {
    expect(markdownRisky('# Steps\n1. one\n2. two\n3. three')).toBe(false);
  });
});

describe('random documents', () => {
  // Lines of what descriptions hold, joined at random (seeded): every document satteri takes
  // gives micromark's HTML. Documents with indentation or HTML lines are left to micromark by rule.
  const lines = [
    '# h', '## *x* `y`', 'a *b* **c** ~~d~~ `e`', '- [ ] task', '- [x] done', '1. one', '2) two', '10. ten', '> quote', '> - q', '>',
    '```js', '```', '~~~', '| a | b |', '|---|:-:|', '| 1 | 2 |', 'a | b', '--- | ---', 'www.example.com', 'https://x.y/z?a=b.',
    'a@b.co', '[ref]: https://r "t"', '[ref]', '[x](y "z")', '![i](j)', 'text[^1]', '[^1]: note', '***', '---', '', '', 'plain words',
    '\\*escaped\\*', '&amp; &copy; &#35;', 'x <https://auto.link> y', '_a_b_', '**a**b', 'a  ', 'line\\', 'x <span>x</span> y', '* item',
    '+ plus', 'Setext', '===', 'foo_bar_baz', '~one~', '***bold italic***', '` `` `', 'x <br> y', 'a <!-- c --> b', '[a]: /u', '[a][]',
    '*a\n*', 'http://a.b/c_(d)', '#', '#hashtag', '* * *', '_ _ _', '- a', '1. x', '2. y', '> > deep', '**bold *nested* text**',
    '`code | pipe`', 'Default: `null`.', '    indented', '  two spaces', '<div>', '</div>', '<pre>', '</script>', '-', '3.',
  ];
  it('4,000 documents: satteri takes a third or more, and its HTML is micromark’s', () => {
    let seed = 1;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let taken = 0;
    const differ: string[] = [];
    for (let i = 0; i < 4000; i++) {
      const count = 1 + next(10);
      const picked = Array.from({ length: count }, () => lines[next(lines.length)]!);
      const source = picked.join(next(3) ? '\n' : '\n\n');
      const tree = parseMarkdownNative(source);
      if (!tree) continue;
      taken++;
      if (html(tree) !== micromark(source)) differ.push(source);
    }
    expect(differ).toEqual([]);
    expect(taken).toBeGreaterThan(1200);
  });
});
