import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { createProcessor } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from '../content/frontmatter.js';
import { createShikiHighlighter } from '../highlight/shiki.js';
import { builtinNames } from '../render/components/index.js';
import { createMdxjsCompiler } from './mdxjs.js';
import { lastGiveUp, nativeParserAvailable, parseNative, risky } from './native-parse.js';
import remarkMath from './plugins/remark-math.js';

// The native parser is only used where its tree is the JS parser's: these tests hold the two side
// by side (positions, ESTree and all) on every page of the corpus and the example, on mutated
// copies of them, and on pages the JS parser rejects, which the native one must leave to it.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const corpus = path.resolve(repoRoot, '../shared/corpus');
const starter = path.join(repoRoot, 'examples/starter');

/** The parse @mdx-js/mdx does in mdxjs.ts: remark-parse, remark-mdx, remark-gfm, Kiln's math syntax. */
const js = createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm, remarkMath] });

type Outcome = { kind: 'same' } | { kind: 'gave-up'; why: string } | { kind: 'both-reject' } | { kind: 'differ' | 'js-rejects'; detail: string };

function compare(source: string): Outcome {
  let expected: unknown;
  let rejected: unknown;
  try {
    expected = js.parse(source);
  } catch (error) {
    rejected = error;
  }
  const tree = parseNative(source);
  if (!tree) return rejected ? { kind: 'both-reject' } : { kind: 'gave-up', why: lastGiveUp ?? '' };
  if (rejected) return { kind: 'js-rejects', detail: String((rejected as Error).message) };
  return isDeepStrictEqual(tree, expected) ? { kind: 'same' } : { kind: 'differ', detail: firstDifference(tree, expected, 'root') ?? '' };
}

function firstDifference(a: unknown, b: unknown, at: string): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    if (d) return d;
  }
  return Object.getPrototypeOf(a) === Object.getPrototypeOf(b) ? undefined : `${at}: prototypes differ`;
}

function pages(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') pages(f, out);
    } else if (/\.mdx?$/.test(e.name)) out.push(f);
  }
  return out;
}

/** A page's body as the compiler gets it (front matter blanked). */
const body = (file: string) => splitFrontMatter(readFileSync(file, 'utf8'), file).body;

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

describe('on real pages', () => {
  const files = [...pages(corpus), ...pages(starter)];

  it('finds the corpus and the example', () => {
    expect(files.length).toBeGreaterThan(1300);
  });

  it('gives the JS tree for every page it parses, and parses nearly all', { timeout: 900_000 }, () => {
    const outcomes = files.map((f) => ({ file: path.relative(path.dirname(corpus), f), ...compare(body(f)) }));
    const by = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind);
    expect(by('differ')).toEqual([]);
    expect(by('js-rejects')).toEqual([]);
    expect(by('gave-up').filter((o) => 'why' in o && o.why.startsWith('internal error'))).toEqual([]);
    // 1,310 of 1,317 pages the JS parser accepts (the rest: huge expressions, `<` in an image alt, …).
    const accepted = outcomes.length - by('both-reject').length;
    expect(by('same').length / accepted).toBeGreaterThan(0.98);
  });

  it('gives the JS tree or none for mutated pages', { timeout: 300_000 }, () => {
    const junk = ['{', '}', '<', '>', '</', '<Foo>', '</Foo>', '{/*', '*/}', '---', '\t', '```', '$$', '$', '`', '"', '\\', '&', '#', '\n', '\n\n', '*', '|', '[', '](', '  ', '- ', '> ', '1. ', '{x}', 'export const a = 1\n', '~~', '_', '[^1]', '<X y={1} />', 'https://x.dev'];
    let seed = 20260214;
    const random = () => {
      seed = (seed + 0x6d2b79f5) >>> 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const int = (n: number) => Math.floor(random() * n);
    const wrong: string[] = [];
    let same = 0;
    for (let k = 0; k < 400; k++) {
      let s = body(files[int(files.length)]!);
      if (s.length > 3000) {
        const i = int(s.length - 3000);
        s = s.slice(s.lastIndexOf('\n', i) + 1, i + 3000);
      }
      for (let n = 1 + int(3); n > 0; n--) {
        const lines = s.split('\n');
        const i = int(s.length + 1);
        const l = int(lines.length);
        const how = int(4);
        if (how === 0) s = s.slice(0, i) + junk[int(junk.length)] + s.slice(i);
        else if (how === 1) s = s.slice(0, i) + s.slice(i + 1 + int(3));
        else if (how === 2) s = [...lines.slice(0, l), lines[int(lines.length)]!, ...lines.slice(l)].join('\n');
        else s = [...lines.slice(0, l), ['  ', '    ', '- ', '> ', ''][int(5)]! + lines[l]!.trimStart(), ...lines.slice(l + 1)].join('\n');
      }
      const outcome = compare(s);
      if (outcome.kind === 'same') same++;
      if (outcome.kind === 'differ' || outcome.kind === 'js-rejects') wrong.push(`${outcome.kind} ${outcome.detail}\n${s}`);
    }
    expect(wrong).toEqual([]);
    expect(same).toBeGreaterThan(200);
  });
});
