import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createShikiHighlighter } from '../../highlight/shiki.js';
import { CodeBlock, withRuntimeCode } from '../../render/components/code.js';
import { compile, html } from './test-helpers.js';

const lines = (out: string) => [...out.matchAll(/<span class="line[^"]*">(.*?)<\/span>(?=\n|<\/code>)/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/&#x22;/g, '"').replace(/&#x3C;/g, '<'));

describe('<CodeBlock> written in a page', () => {
  it('is a fenced block with its options: filename, icon, lines, highlight, its code as written', async () => {
    const out = await html('<CodeBlock language="python" filename="server.py" icon="python" lines highlight="[2]">\nfrom acme import Client\n# a comment, not a heading\nx = __init__\n</CodeBlock>\n');
    expect(out).toMatch(/^<div class="code-block has-title line-numbers" data-language="python"><div class="code-block-header"><span class="code-block-title"><svg class="kiln-icon [^"]*code-block-icon"[^>]*data-icon="python"/);
    expect(out).toContain('server.py</span>');
    expect(lines(out)).toEqual(['from acme import Client', '# a comment, not a heading', 'x = __init__']);
    expect(out.match(/<span class="line highlighted">/g)).toHaveLength(1);
    expect(out).not.toContain('<h1');
  });

  it('takes its code from a `{…}` string or a fence inside it', async () => {
    expect(lines(await html('<CodeBlock language="js">{`let a = 1;\nlet b;`}</CodeBlock>\n'))).toEqual(['let a = 1;', 'let b;']);
    const fenced = await html('<CodeBlock filename="a.ts" wrap>\n\n```ts\nconst a = 1;\n```\n\n</CodeBlock>\n');
    expect(fenced).toContain('class="code-block has-title wrap" data-language="ts"');
    expect(lines(fenced)).toEqual(['const a = 1;']);
  });

  it('gives Prompt its text as written', async () => {
    const out = await compile('<Prompt description="d">\n# Expert\n\nBe **kind**.\n</Prompt>\n');
    expect(JSON.stringify(out.kind === 'static' && out.hast)).toContain('{"type":"mdxJsxAttribute","name":"source","value":"# Expert\\n\\nBe **kind**."}');
  });
});

describe('<CodeBlock> in a component', () => {
  it('is highlighted while the page renders, with its options', async () => {
    const highlighter = createShikiHighlighter();
    const render = () => renderToStaticMarkup(createElement(CodeBlock, { language: 'javascript', filename: 'client.js', lines: true, highlight: '[2]', children: 'const a = 1;\nconst b = 2;' }));
    // Without a highlighter (a test, a tool) the code shows plain.
    expect(render()).toContain('<div class="code-block has-title line-numbers" data-language="javascript">');
    const out = await withRuntimeCode(highlighter, render);
    expect(out).toContain('<pre class="shiki');
    expect(lines(out)).toEqual(['const a = 1;', 'const b = 2;']);
    expect(out.match(/<span class="line highlighted">/g)).toHaveLength(1);
    expect(out).toContain('client.js</span>');
  });
});
