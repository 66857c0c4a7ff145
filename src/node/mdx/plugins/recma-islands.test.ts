import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { createShikiHighlighter } from '../../highlight/shiki.js';
import { builtinComponents, builtinNames } from '../../render/components/index.js';
import { contentOf, runCompiled } from '../../render/run.js';
import { createMdxjsCompiler } from '../mdxjs.js';
import { updateId } from './remark-update-toc.js';

const compiler = createMdxjsCompiler({ highlighter: createShikiHighlighter(), components: builtinNames });
const compile = (source: string) => compiler.compile({ source, file: '/site/page.mdx', root: '/site', pageId: 'page' });

describe('islands, classes and Update entries at compile time', () => {
  it('finds stateful exported components (hooks, handlers, or rendering one) and wraps their uses', async () => {
    const out = await compile([
      'export const Static = ({ name }) => <b>{name}</b>;',
      '',
      'export const Counter = ({ start = 0 }) => { const [n, setN] = React.useState(start); return <button onClick={() => setN(n + 1)}>{n}</button>; };',
      '',
      'export const Panel = () => <div className="flex gap-4"><Counter start={1} /></div>;',
      '',
      'export function Clock() { const [t] = useState(5); return <time>{t}</time>; }',
      '',
      '<Static name="x" /> <Counter start={3} /> <Panel /> <Clock />',
    ].join('\n'));
    expect(out.diagnostics).toEqual([]);
    expect(out.islands?.names.sort()).toEqual(['Clock', 'Counter', 'Panel']);
    expect(out.islands?.source).toContain('const Counter = ({ start = 0 }) =>');
    expect(out.islands?.source).not.toMatch(/^export /m);
    expect(out.classes).toEqual(['flex', 'gap-4']);
    const Content = await contentOf(out);
    const html = renderToStaticMarkup(createElement(Content, { components: builtinComponents }));
    expect(html).toContain('<b>x</b>');
    expect(html).toMatch(/<div data-kiln-island="Counter" data-kiln-source="[0-9a-f]+" data-props="\{&quot;start&quot;:3\}"><button>3<\/button><\/div>/);
    // Panel is one island: the Counter inside it is rendered by it, not wrapped again.
    expect(html).toMatch(/<div data-kiln-island="Panel"[^>]*><div class="flex gap-4"><button>1<\/button><\/div><\/div>/);
    expect(html).toMatch(/<div data-kiln-island="Clock"[^>]*><time>5<\/time><\/div>/);
  });

  it('has no islands on pages without state, and accepts `import React from "react"`', async () => {
    const out = await compile('import React, { useState } from "react"\n\nexport const A = () => <i className="italic">{React.version ? "a" : ""}</i>;\n\n<A />\n');
    expect(out.diagnostics).toEqual([]);
    // Its code is kept for islands of other files that might import it; none of its own.
    expect(out.islands?.names).toEqual([]);
    expect(out.missing).toEqual([]);
    const Content = await runCompiled(out.kind === 'code' ? out.code : '');
    expect(renderToStaticMarkup(createElement(Content, { components: builtinComponents }))).toBe('<i class="italic">a</i>');
  });

  it('finds components that need the browser: `typeof window` (rendered by it), browser objects, built-ins they cannot hydrate', async () => {
    const out = await compile([
      "export const Size = () => { if (typeof window === 'undefined') return null; return <b>{window.innerWidth}</b>; };",
      '',
      'export const Where = () => <i>{location.pathname}</i>;',
      '',
      'export const Tabbed = () => {',
      '  const [i, setI] = useState(0);',
      '  return <Card title="Tab" onClick={() => setI(i + 1)}>{i}</Card>;',
      '};',
      '',
      '<Size /> <Where /> <Tabbed />',
    ].join('\n'));
    expect(out.islands?.names).toEqual(['Size', 'Where', 'Tabbed']);
    expect(out.islands?.client).toEqual(['Size']);
    expect(out.islands?.scope).toEqual(['useState', 'Card']);
    expect(out.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      '7:11 islands/server-only-component The stateful component Tabbed renders <Card>, which Kiln renders on the server only: readers see Tabbed as first rendered, and it does not respond in the browser.',
    ]);
  });

  it('collects classes from class=, className expressions and snippets of JSX', async () => {
    const out = await compile('<div class="p-4 md:p-8" />\n\n<img className={"block dark:hidden"} src="/a.png" />\n\n<span className={`text-sm ${"font-bold"}`}>x</span>\n');
    expect(out.classes).toEqual(['block', 'dark:hidden', 'font-bold', 'md:p-8', 'p-4', 'text-sm']);
  });

  it('lists Update labels in the table of contents with the anchor the component gives itself', async () => {
    const out = await compile('## Intro\n\n<Update label="March 2025" description="v2">\n  ## Typed queues\n\n  Text.\n</Update>\n\n<Update label="v1.0 (beta)">Old.</Update>\n');
    expect(out.toc).toEqual([
      { depth: 2, id: 'intro', text: 'Intro' },
      { depth: 2, id: 'march-2025', text: 'March 2025' },
      { depth: 3, id: 'typed-queues', text: 'Typed queues' },
      { depth: 2, id: 'v1-0-beta', text: 'v1.0 (beta)' },
    ]);
    const Content = await contentOf(out);
    const html = renderToStaticMarkup(createElement(Content, { components: builtinComponents }));
    for (const label of ['March 2025', 'v1.0 (beta)']) expect(html).toContain(`<section class="update" id="${updateId(label)}">`);
  });
});
