import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinNames } from '../render/components/index.js';
import { mdxToMarkdown, pageMarkdown } from './export.js';
import { handlers } from './handlers/index.js';
import type { Paragraph, Root } from 'mdast';
import { text } from './build.js';
import type { Page } from '../content/pages.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'kiln-md-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const md = (source: string, pageId = 'guides/intro') => mdxToMarkdown(source, { root, pageId });

describe('Markdown export of the built-in components', () => {
  it('has a handler for every built-in component', () => {
    // Members (`Tree.Folder`, `Color.Item`) are written by their object's handler.
    expect([...builtinNames].filter((n) => !handlers[n] && !handlers[n.split('.')[0]!])).toEqual([]);
  });

  it.each(['Note', 'Info', 'Tip', 'Warning', 'Danger', 'Check'])('%s → a blockquote with its kind', async (name) => {
    expect(await md(`<${name}>\nMind the **gap**.\n</${name}>`)).toBe(`> **${name}:** Mind the *gap*.\n`.replace('*gap*', '**gap**'));
  });

  it('Callout → a blockquote (with its title when given)', async () => {
    expect(await md('<Callout>Plain.</Callout>')).toBe('> Plain.\n');
    expect(await md('<Callout title="Heads up">\nText.\n</Callout>')).toBe('> **Heads up:** Text.\n');
  });

  it('Tabs and Tab → headed sections', async () => {
    const out = await md('## Install\n\n<Tabs>\n<Tab title="npm">\nRun `npm i`.\n</Tab>\n<Tab title="pip">\nRun `pip install`.\n</Tab>\n</Tabs>');
    expect(out).toBe('## Install\n\n### npm\n\nRun `npm i`.\n\n### pip\n\nRun `pip install`.\n');
    expect(await md('<Tab title="Lone">\nText.\n</Tab>')).toBe('Text.\n');
  });

  it('CodeGroup → each block under its title', async () => {
    const out = await md('<CodeGroup>\n```js index.js\nlet a = 1;\n```\n\n```python title="main.py" {1}\nb = 2\n```\n</CodeGroup>');
    expect(out).toBe('## index.js\n\n```js\nlet a = 1;\n```\n\n## main.py\n\n```python\nb = 2\n```\n');
  });

  it('inside another component, section labels are bold lines, not headings', async () => {
    const out = await md('<Steps>\n<Step title="Install">\n<CodeGroup>\n```bash npm\nnpm i\n```\n</CodeGroup>\n</Step>\n</Steps>');
    expect(out).toBe('1. **Install**\n\n   **npm**\n\n   ```bash\n   npm i\n   ```\n');
  });

  it('RequestExample and ResponseExample → labelled code', async () => {
    expect(await md('<RequestExample>\n```bash cURL\ncurl x\n```\n</RequestExample>')).toBe('## Request example\n\n## cURL\n\n```bash\ncurl x\n```\n');
    expect(await md('<ResponseExample>\n```json 200\n{}\n```\n</ResponseExample>')).toMatch(/^## Response example\n\n## 200\n\n```json\n\{\}\n```\n$/);
  });

  it('CodeBlock written as JSX → a fenced block', async () => {
    expect(await md('<CodeBlock language="ts" filename="a.ts">\n```ts\nconst a = 1;\n```\n</CodeBlock>')).toBe('**a.ts**\n\n```ts\nconst a = 1;\n```\n');
  });

  it('Card → a bold title linking to the card target, with its text', async () => {
    expect(await md('<Card title="Quickstart" href="/quickstart" icon="rocket">\nStart here.\n</Card>')).toBe('[**Quickstart**](/quickstart): Start here.\n');
    expect(await md('<Card title="No link">\nText.\n</Card>')).toBe('**No link**: Text.\n');
  });

  it('CardGroup and Columns → the cards in order', async () => {
    const out = await md('<CardGroup cols={2}>\n<Card title="A" href="/a">\nOne.\n</Card>\n<Card title="B" href="/b">\nTwo.\n</Card>\n</CardGroup>');
    expect(out).toBe('[**A**](/a): One.\n\n[**B**](/b): Two.\n');
    expect(await md('<Columns cols={2}>\n<Card title="C">\nThree.\n</Card>\n</Columns>')).toBe('**C**: Three.\n');
  });

  it('Steps and Step → an ordered list with bold titles', async () => {
    const out = await md('<Steps>\n<Step title="First">\nDo this.\n</Step>\n<Step title="Second">\nThen that.\n</Step>\n</Steps>');
    expect(out).toBe('1. **First**\n\n   Do this.\n\n2. **Second**\n\n   Then that.\n');
    expect(await md('<Step title="Alone">\nText.\n</Step>')).toBe('**Alone**\n\nText.\n');
  });

  it('a one-line <Step> is a step too (MDX unravels a paragraph of JSX)', async () => {
    const out = await md('<Steps>\n  <Step title="Ready">Go.</Step>\n  <Step title="Done">\n    Stop.\n  </Step>\n</Steps>');
    expect(out).toBe('1. **Ready**\n\n   Go.\n\n2. **Done**\n\n   Stop.\n');
  });

  it('math is written as typed; dollar amounts stay prose', async () => {
    expect(await md('Area $\\pi r^2$ costs $5 to $10.')).toBe('Area $\\pi r^2$ costs $5 to $10.\n');
  });

  it('Accordion, AccordionGroup and Expandable → bold title, then the content', async () => {
    expect(await md('<AccordionGroup>\n<Accordion title="Why?">\nBecause.\n</Accordion>\n</AccordionGroup>')).toBe('**Why?**\n\nBecause.\n');
    expect(await md('<Expandable title="properties">\nInner.\n</Expandable>')).toBe('**properties**\n\nInner.\n');
  });

  it('ParamField and ResponseField → one list of fields with type, location and flags', async () => {
    const out = await md('<ParamField path="id" type="string" required>\nThe job id.\n</ParamField>\n<ParamField query="limit" type="integer" default="20">\nPage size.\n</ParamField>');
    expect(out).toBe('- `id` (string, path, required): The job id.\n- `limit` (integer, query, default: 20): Page size.\n');
    expect(await md('<ResponseField name="status" type="string">\nState.\n</ResponseField>')).toBe('- `status` (string): State.\n');
  });

  it('Frame → the content with its caption in italics', async () => {
    expect(await md('<Frame caption="The flow">\n![Diagram](/images/flow.png)\n</Frame>')).toBe('![Diagram](/images/flow.png)\n\n_The flow_\n');
  });

  it('Tooltip → the text with the tip in parentheses', async () => {
    expect(await md('A <Tooltip tip="Application Programming Interface">API</Tooltip> call.')).toBe('A API (Application Programming Interface) call.\n');
  });

  it('Update → a section per entry', async () => {
    expect(await md('<Update label="2025-03-01" description="v2.1">\nNew things.\n</Update>')).toBe('## 2025-03-01\n\nv2.1\n\nNew things.\n');
  });

  it('Badge → bold text; Icon → nothing', async () => {
    expect(await md('Status <Badge color="green">Beta</Badge> now <Icon icon="rocket" />.')).toBe('Status **Beta** now .\n');
    expect(await md('<Icon icon="rocket" />')).toBe('');
  });

  it('Latex → its TeX source', async () => {
    expect(await md('Mass <Latex>E = mc^2</Latex> here.')).toBe('Mass `E = mc^2` here.\n');
    expect(await md('<Latex>\n\\frac{a}{b}\n</Latex>')).toBe('```math\n\\frac{a}{b}\n```\n');
  });

  it('Tree → a text tree in a code block', async () => {
    const out = await md('<Tree>\n<Tree.Folder name="src" defaultOpen>\n<Tree.File name="index.ts" />\n<Tree.File name="util.ts" />\n</Tree.Folder>\n<Tree.File name="package.json" />\n</Tree>');
    expect(out).toBe('```text\n├── src/\n│   ├── index.ts\n│   └── util.ts\n└── package.json\n```\n');
  });
});

describe("Markdown export of today's Mintlify components", () => {
  it('Visibility: what agents should read is in, what only people should read is out', async () => {
    expect(await md('Shared.\n\n<Visibility for="humans">\nClick the button.\n</Visibility>\n\n<Visibility for="agents">\nCall `POST /v1/x`.\n</Visibility>')).toBe('Shared.\n\nCall `POST /v1/x`.\n');
  });

  it('View → each view under its title; Panel, Banner, Columns and Column → their content', async () => {
    expect(await md('<View title="JavaScript">\nJS text.\n</View>\n\n<View title="Python">\nPython text.\n</View>')).toBe('## JavaScript\n\nJS text.\n\n## Python\n\nPython text.\n');
    expect(await md('<Panel>\nSide note.\n</Panel>\n\n<Banner>Big news.</Banner>\n\n<Columns cols={2}>\n<Column>\nLeft.\n</Column>\n</Columns>')).toBe('Side note.\n\nBig news.\n\nLeft.\n');
  });

  it('Prompt → its description, then the prompt as written in a fenced block', async () => {
    expect(await md('<Prompt description="Use it." source="# Expert\n\nBe **kind**.">\n# Expert\n\nBe **kind**.\n</Prompt>')).toBe('**Use it.**\n\n```text\n# Expert\n\nBe **kind**.\n```\n');
  });

  it('Tile, Color, Timeline, Mention, GitHub.Repo and Popup → links, lists and text', async () => {
    expect(await md('<Tile href="/a" title="A tile" description="Its text">\n<img src="/x.png" alt="x" />\n</Tile>')).toBe('[**A tile**](/a): Its text\n');
    expect(await md('<Color variant="table">\n<Color.Row title="Primary">\n<Color.Item name="p-500" value="#0D9373" />\n<Color.Item name="bg" value={{ light: "#fff", dark: "#000" }} />\n</Color.Row>\n</Color>')).toBe('**Primary**\n\n- p-500: `#0D9373`\n- bg: `#fff / #000`\n');
    expect(await md('<Timeline>\n<Timeline.Item title="v2" date="2025-03-01">\nMajor.\n</Timeline.Item>\n</Timeline>')).toBe('- **v2** (2025-03-01)\n\n  Major.\n');
    expect(await md('Ask <Mention user="ann@example.com" /> about <Mention page="/setup" />.')).toBe('Ask @ann about [/setup](/setup).\n');
    expect(await md('<GitHub.Repo repo="https://github.com/mintlify/docs" />')).toBe('[mintlify/docs](https://github.com/mintlify/docs)\n');
    expect(await md('See <Popup><PopupTrigger>limits</PopupTrigger><PopupContent>100 a minute</PopupContent></Popup>.')).toBe('See limits (100 a minute).\n');
  });

  it('CodeBlock with its code written between its tags → that code, not Markdown', async () => {
    expect(await md('<CodeBlock language="python" title="a.py">\nx = 1\n</CodeBlock>')).toBe('**a.py**\n\n```python\nx = 1\n```\n');
  });

  it('Frame caption Markdown and Tooltip links are kept', async () => {
    expect(await md('<Frame caption="See [the guide](/guide)">\n<img src="/a.png" alt="A" />\n</Frame>')).toBe('![A](/a.png)\n\n*See [the guide](/guide)*\n'.replace('*See', '_See').replace('guide)*', 'guide)_'));
    expect(await md('An <Tooltip tip="Interface." cta="Guide" href="/api">API</Tooltip> here.')).toBe('An API (Interface.; [Guide](/api)) here.\n');
  });
});

describe('Markdown export of the rest of MDX', () => {
  it('drops imports, exports and expressions, keeps HTML-as-JSX readable', async () => {
    const out = await md("import X from 'x';\nexport const a = 1;\n\nText {1 + 1} here.\n\n<div className=\"x\">\nInside <a href=\"/y\">link</a>.\n</div>\n\n<img src=\"/i.png\" alt=\"I\" />");
    expect(out).toBe('Text  here.\n\nInside [link](/y).\n\n![I](/i.png)\n');
  });

  it('keeps unknown components’ content', async () => {
    expect(await md('<Custom prop="x">\nKept.\n</Custom>')).toBe('Kept.\n');
  });

  it('inlines imported snippets and <Snippet file>', async () => {
    mkdirSync(path.join(root, 'snippets'), { recursive: true });
    writeFileSync(path.join(root, 'snippets/install.mdx'), '---\ntitle: x\n---\n<Note>From a snippet.</Note>\n');
    expect(await md("import Install from '/snippets/install.mdx';\n\n<Install />")).toBe('> **Note:** From a snippet.\n');
    expect(await md('<Snippet file="install.mdx" />')).toBe('> **Note:** From a snippet.\n');
  });

  it('makes relative links root-relative and drops source extensions', async () => {
    expect(await md('[a](./setup.mdx) [b](../top) [c](https://x.dev) [d](#here)', 'guides/intro')).toBe('[a](/guides/setup) [b](/top) [c](https://x.dev) [d](#here)\n');
    expect(await md('[a](/guides/deploying.mdx#x)', 'a')).toBe('[a](/guides/deploying#x)\n');
    // An index page's links resolve from its own folder, as in its HTML: `guides/index` is `/guides`.
    expect(await md('[a](./setup) ![i](img/a.png)', 'guides/index')).toBe('[a](/guides/setup) ![i](/guides/img/a.png)\n');
  });

  it('falls back to the source for unparseable MDX', async () => {
    expect(await md('<Note>\nunclosed')).toMatch(/^```mdx\n<Note>/);
  });

  it('puts the title and description on top of a page', async () => {
    const page = { id: 'a', url: '/a', file: path.join(root, 'a.mdx'), relPath: 'a.mdx', title: 'Alpha', navTitle: 'Alpha', inNav: true, body: '\n\nBody text.', frontMatter: { description: 'About alpha.', data: {} } } as Page;
    expect(await pageMarkdown(page, { root })).toBe('# Alpha\n\n> About alpha.\n\nBody text.\n');
  });
});

describe('Markdown export of text left as written', () => {
  // The writer would write `_a_`, `**b**` and `\[c]`: text copied from the source keeps the author's.
  it('copies plain paragraphs, headings and table cells from the source', async () => {
    expect(await md('## Start *here*\n\nSome *a* and __b__ with \\[c] and [d](/d).\n\n| *x* | y |\n| - | - |\n| z | `w` |')).toBe(
      '## Start *here*\n\nSome *a* and __b__ with \\[c] and [d](/d).\n\n| *x* | y   |\n| --- | --- |\n| z   | `w` |\n',
    );
  });

  it('writes a paragraph with components, expressions or rewritten links as before, beside copied ones', async () => {
    const out = await md('Plain *a*.\n\nWith <Badge>b</Badge> *c*.\n\nSum {1 + 1} *d*.\n\nSee [e](./setup.mdx) *f*.\n\nKept [g](/top) *h*.');
    expect(out).toBe('Plain *a*.\n\nWith **b** _c_.\n\nSum  _d_.\n\nSee [e](/guides/setup) _f_.\n\nKept [g](/top) *h*.\n');
  });

  it('takes lines out of their container and indents them for the new one', async () => {
    // A component's indentation, a list item's, none (lazy line): each line starts where its text does.
    expect(await md('<Note>\n  First *line*,\n  second line.\n</Note>')).toBe('> **Note:** First *line*,\n> second line.\n');
    expect(await md('- One *a*\n  two\nthree\n- Four\n\n  Five *b*\n    six')).toBe('- One *a*\n  two\n  three\n- Four\n\n  Five *b*\n  six\n');
    expect(await md('<Steps>\n  <Step title="Go">\n    Run *this*\n    and that.\n\n    - Nested *item*\n      more.\n  </Step>\n</Steps>')).toBe(
      '1. **Go**\n\n   Run *this*\n   and that.\n\n   - Nested *item*\n     more.\n',
    );
    // Lines of a Markdown quote keep their `>` in the source: written as before.
    expect(await md('> Quoted *a*\n> more *b*.\n\n> One *line*.')).toBe('> Quoted _a_\n> more _b_.\n\n> One *line*.\n');
  });

  it('drops white space at line ends but keeps hard breaks', async () => {
    expect(await md('One \ntwo  \nthree\\\nfour')).toBe('One\ntwo  \nthree\\\nfour\n');
  });

  it('keeps labels put in front of copied text (cards, callouts, fields)', async () => {
    expect(await md('<Card title="Go" href="./next">\n  Read *on*.\n</Card>')).toBe('[**Go**](/guides/next): Read *on*.\n');
    expect(await md('<Warning>\n  Mind *this*.\n</Warning>')).toBe('> **Warning:** Mind *this*.\n');
    expect(await md('<ParamField path="id" type="string">\n  The *id*.\n</ParamField>')).toBe('- `id` (string, path): The *id*.\n');
  });

  it('writes what it cannot copy faithfully as before', async () => {
    // Inline code over two lines keeps the second line's indentation; a heading over two lines is setext.
    expect(await md('<Note>\n  Run `a\n  b` *now*.\n</Note>')).toBe('> **Note:** Run `a\n>   b` _now_.\n');
    expect(await md('Line *one*\nline two\n===')).toBe('Line *one*\nline two\n========\n');
    // Fences longer than the backticks inside, at the top and in a list.
    expect(await md('````md\n```js\nx\n```\n````\n\n- Item\n\n  ```js\n  y\n  ```')).toBe('````md\n```js\nx\n```\n````\n\n- Item\n\n  ```js\n  y\n  ```\n');
  });

  it('copies from snippets their own source, read again when it changes', async () => {
    mkdirSync(path.join(root, 'snippets'), { recursive: true });
    writeFileSync(path.join(root, 'snippets/plain.mdx'), 'From *a* snippet.\n');
    expect(await md("import Plain from '/snippets/plain.mdx';\n\nPage *text*.\n\n<Plain />")).toBe('Page *text*.\n\nFrom *a* snippet.\n');
    writeFileSync(path.join(root, 'snippets/plain.mdx'), 'Changed *b*.\n');
    expect(await md('<Snippet file="plain.mdx" />')).toBe('Changed *b*.\n');
  });

  it('writes a copied paragraph that a handler changed otherwise as before', async () => {
    handlers.Shout = async (node, ctx) => {
      const body = await ctx.children(node);
      (body[0] as Paragraph).children.push(text('!'));
      return body;
    };
    handlers.Glue = async (node, ctx) => {
      const body = await ctx.children(node);
      (body[0] as Paragraph).children.unshift(text('Pre'));
      return body;
    };
    try {
      expect(await md('<Shout>\nHey *you*\n</Shout>')).toBe('Hey _you_!\n');
      // A label not ending in white space would change how the text after it reads.
      expect(await md('<Glue>\nHey *you*\n</Glue>')).toBe('PreHey _you_\n');
    } finally {
      delete handlers.Shout;
      delete handlers.Glue;
    }
  });

  it('writes a tree without its source as before, and a source holding NUL without placeholders', async () => {
    const tree: Root = { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: 'a' }] }] }] };
    expect(await mdxToMarkdown(tree, { root })).toBe('_a_\n');
    // Placeholders are `\0<n>\0`: one in text the writer writes must stay as it is (satteri keeps
    // NUL, micromark reads it as U+FFFD).
    expect(await md('Para *a*.\n\nWith <Badge>b</Badge> \u00000\u0000.')).toMatch(/^Para \*a\*\.\n\nWith \*\*b\*\* [\0\uFFFD]0[\0\uFFFD]\.\n$/);
  });
});
