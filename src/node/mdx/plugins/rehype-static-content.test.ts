import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createShikiHighlighter } from '../../highlight/shiki.js';
import { builtinNames } from '../../render/components/index.js';
import { contentOf } from '../../render/run.js';
import type { MdxCompiler } from '../compiler.js';
import { createMdxjsCompiler } from '../mdxjs.js';
import { compile, html } from './test-helpers.js';

const codeOnly = createMdxjsCompiler({ highlighter: createShikiHighlighter(), components: builtinNames, staticContent: false });

describe('rehype-static-content', () => {
  it.each([
    ['Markdown only', '# T\n\nSome *text* and `code`.\n\n```js\nconst a = 1;\n```\n'],
    ['components with string and literal attributes', '<CardGroup cols={2}>\n  <Card title="A" href="/a" icon="rocket">x</Card>\n</CardGroup>\n'],
    ['literal expressions and comments', 'a{" "}b {/* a comment */} {2} {-1} {`t`} {[1, "x"]} {true}\n\n{/* block comment */}\n'],
    ['object and array props', '<Tabs items={["a", "b"]} opts={{ a: 1, "b-c": [null, false] }}>\n  <Tab title="a">x</Tab>\n</Tabs>\n'],
    ['snippet imports', "import Install from '/snippets/install.mdx'\n\n<Install pkg=\"kiln\" />\n"],
    ['member component names', '<Tree>\n  <Tree.Folder name="src">\n    <Tree.File name="a.ts" />\n  </Tree.Folder>\n</Tree>\n'],
  ])('keeps a static tree and no code for %s', async (_, source) => {
    const out = await compile(source);
    expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(out.kind === 'static' && out.hast.type).toBe('root');
  });

  it.each([
    ['an export', 'export const A = () => <b>a</b>;\n\n<A />\n'],
    ['a name in an expression', '{name}\n'],
    ['a computed value', '{1 + 1}\n'],
    ['a spread attribute', '<Card {...{ title: "a" }} />\n'],
    ['a name in an attribute', '<Card title={title} />\n'],
    ['JSX in an attribute', '<Card icon={<svg />} />\n'],
    ['a template with a substitution', '{`a${1}`}\n'],
    ['a __proto__ key', '<Card a={{ __proto__: { b: 1 } }} />\n'],
    ['markup nested 600 levels deep', `${'<div>'.repeat(600)}x${'</div>'.repeat(600)}\n`],
  ])('compiles %s to code', async (_, source) => {
    const out = await compile(source);
    expect(out.kind === 'code' && out.code).toEqual(expect.any(String));
  });

  it('renders literals as the compiled code does, and comments as nothing', async () => {
    // `html` also renders from code and checks that the two agree.
    expect(await html('a{" "}b {/* c */}{2}{-1}{`t`}{true}{null}{undefined}\n')).toBe('<p>a b 2-1t</p>');
  });

  // (With several missing, the compiled code names the first it checks, the static tree the first in the page.)
  it.each(['<Tree.Nope name="a" />\n', 'Text\n\n<Mystery />\n'])('fails on a component nothing provides with the message the compiled code gives: %s', async (source) => {
    const render = async (using?: MdxCompiler) => {
      const out = await compile(source, 'guides/page', using);
      const Content = await contentOf(out);
      try {
        return renderToStaticMarkup(createElement(Content, { components: { Tree: {} } as never }));
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(await render()).toMatch(/^Expected component `(Tree\.Nope|Mystery)` to be defined: you likely forgot to import, pass, or provide it\.$/);
    expect(await render(codeOnly)).toBe(await render());
  });

  it('passes literal props through with their types', async () => {
    const out = await html('<Columns cols={3}>\n  <div style={{ color: "red" }} aria-hidden={true} data-n={-2}>x</div>\n</Columns>\n');
    expect(out).toContain('<div style="color:red" aria-hidden="true" data-n="-2">');
  });
});
