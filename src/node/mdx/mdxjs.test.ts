import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShikiHighlighter } from '../highlight/shiki.js';
import { builtinComponents, builtinNames, placeholders, withMissingBoxes } from '../render/components/index.js';
import { contentOf } from '../render/run.js';
import { createMdxjsCompiler } from './mdxjs.js';

const root = fileURLToPath(new URL('./fixtures/', import.meta.url));
const highlighter = createShikiHighlighter();
const make = (parser: 'native' | 'js', staticContent: boolean) => createMdxjsCompiler({ highlighter, components: builtinNames, parser, staticContent });
const compilers = {
  native: make('native', true),
  js: make('js', true),
};
/** The same parsers with every page compiled to code (no static trees): `html` renders both ways. */
const codeOnly = { native: make('native', false), js: make('js', false) };
// Every test runs on both parsers: set by the `describe.each` below before its tests run.
let parserName: keyof typeof compilers = 'native';
let compiler = compilers.native;

async function compile(source: string, pageId = 'guides/page', using = compiler) {
  return using.compile({ source, file: path.join(root, `${pageId}.mdx`), root, pageId });
}

/** The page's HTML; rendered from its static tree and from code, which must agree. */
async function html(source: string, pageId?: string) {
  const render = async (out: Awaited<ReturnType<typeof compile>>) => {
    if (out.kind !== 'code' && out.kind !== 'static') throw new Error(out.diagnostics.map((d) => d.message).join('\n'));
    const Content = await contentOf(out);
    const missing = placeholders(out.missing, builtinComponents);
    return renderToStaticMarkup(createElement(Content, { components: { ...builtinComponents, ...missing } }));
  };
  const out = await render(await compile(source, pageId));
  expect(await render(await compile(source, pageId, codeOnly[parserName]))).toBe(out);
  return out;
}

describe.each(['native', 'js'] as const)('%s parser', (parser) => {
  beforeAll(() => {
    parserName = parser;
    compiler = compilers[parser];
  });

  describe('mdx-js compiler', () => {
    it('gives headings stable ids and lists h2/h3 for the table of contents', async () => {
      const out = await compile('## Getting started\n\n### Install it\n\n#### Deep\n\n## Getting started\n');
      expect(out.toc).toEqual([
        { depth: 2, id: 'getting-started', text: 'Getting started' },
        { depth: 3, id: 'install-it', text: 'Install it' },
        { depth: 2, id: 'getting-started-1', text: 'Getting started' },
      ]);
    });

    it('reports a syntax error with file, line, column and a code frame', async () => {
      const out = await compile('# Title\n\n<Tabs>\n  <Tab title="a">\n  text\n</Tabs>\n');
      expect(out.kind).toBe('failed');
      const [d] = out.diagnostics;
      expect({ code: d!.code, line: d!.line, column: d!.column }).toEqual({ code: 'page/compile-failed', line: 6, column: 1 });
      expect(d!.message).toMatchInlineSnapshot(`"The page could not be compiled: Unexpected closing tag \`</Tabs>\`, expected corresponding closing tag for \`<Tab>\` (4:3-4:18)"`);
      expect(d!.frame).toContain('> 6 | </Tabs>');
    });

    it('renders unknown components as placeholders and warns where they are', async () => {
      const out = await compile('Hello\n\n<Mystery kind="x">inside</Mystery>\n');
      expect(out.missing).toEqual(['Mystery']);
      expect(out.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['page/unknown-component', 3, 1]]);
      // A build shows what it holds; `kiln dev` (withMissingBoxes) a dashed box naming it around that.
      expect(await html('<Mystery>inside</Mystery>')).toBe('<p>inside</p>');
      const Content = await contentOf(out);
      const components = { ...builtinComponents, ...placeholders(out.missing, builtinComponents) };
      expect(withMissingBoxes(true, () => renderToStaticMarkup(createElement(Content, { components })))).toContain('<span class="missing-component" data-component="Mystery"><span class="missing-component-label">Unknown component &lt;Mystery&gt;</span><p>inside</p></span>');
    });

    it('turns imports of code files into warnings and resolves snippet imports', async () => {
      const out = await compile("import Chart from '/components/chart.jsx'\nimport Install from '/snippets/install.mdx'\n\n<Chart />\n<Install pkg=\"kiln\" />\n");
      expect(out.snippets).toEqual([{ name: 'Install', file: path.join(root, 'snippets/install.mdx') }]);
      expect(out.missing).toEqual(['Chart']);
      expect(out.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['page/import-not-found', 1, 1]]);
    });

    it('resolves relative and .mdx links to clean URLs', async () => {
      const out = await html('[a](./other.mdx) [b](../intro.md#x) [c](/api/list.mdx) [d](https://x.dev/a.md) ![i](img/p.png)\n\n<Card title="t" href="next.mdx" />');
      expect(out).toContain('href="/guides/other"');
      expect(out).toContain('href="/intro#x"');
      expect(out).toContain('href="/api/list"');
      expect(out).toContain('href="https://x.dev/a.md"');
      expect(out).toContain('src="/guides/img/p.png"');
      expect(out).toContain('href="/guides/next"');
    });

    it('translates HTML attributes written as JSX', async () => {
      const out = await html('<iframe src="https://example.com/v" frameborder="0" allowfullscreen style="border: 0; margin-top: 4px" class="video"></iframe>');
      expect(out).toContain('frameBorder="0"');
      expect(out).toContain('allowFullScreen=""');
      expect(out).toContain('style="border:0;margin-top:4px"');
      expect(out).toContain('class="video"');
    });

    it('highlights code with both themes and keeps the fence title', async () => {
      const out = await html('```ts src/index.ts {2}\nconst a = 1;\nconst b = 2;\n```\n');
      expect(out).toContain('<span class="code-block-title">src/index.ts</span>');
      expect(out).toContain('--shiki-dark:');
      expect(out).toMatch(/class="line highlighted"/);
    });

    it('warns once per unknown language and shows the code as text', async () => {
      const out = await compile('```nosuchlang\nx\n```\n\n```nosuchlang\ny\n```\n');
      expect(out.diagnostics.map((d) => d.message)).toEqual(['Unknown code language "nosuchlang"; the block is shown as plain text.']);
    });
  });

  describe('snippet props', () => {
    it('reads props as bare names, as real snippets do, without shadowing globals', async () => {
      const source = (await import('node:fs')).readFileSync(path.join(root, 'snippets/install.mdx'), 'utf8');
      const out = await compiler.compile({ source, file: path.join(root, 'snippets/install.mdx'), root, pageId: 'snippets/install' });
      expect(out.kind).toBe('code');
      const Content = await contentOf(out);
      expect(renderToStaticMarkup(createElement(Content, { pkg: 'kiln' } as never))).toBe('<p>Install kiln with kiln. 2 2</p>');
    });
  });

  describe('accessibility of Markdown output', () => {
    it('labels task-list checkboxes and makes tables keyboard-scrollable', async () => {
      const out = await html('- [x] shipped\n- [ ] next\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
      expect(out).toContain('aria-label="Done"');
      expect(out).toContain('aria-label="Not done"');
      expect(out).toContain('<table tabindex="0">');
    });
  });
});
