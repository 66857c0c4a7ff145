import { describe, expect, it } from 'vitest';
import { compile, html } from './test-helpers.js';

const fence = '```mermaid\nsequenceDiagram\n    A->>B: Hello <b> & {x}\n```\n';

describe('rehype-mermaid', () => {
  it('turns a mermaid fence into a diagram holder with the source as text', async () => {
    expect(await html(fence)).toBe('<div class="mermaid-diagram"><pre class="mermaid-source">sequenceDiagram\n    A-&gt;&gt;B: Hello &lt;b&gt; &amp; {x}</pre></div>');
  });

  it('reports the mermaid feature and leaves other fences to the highlighter', async () => {
    const out = await compile(fence + '\n```js\nconst a = 1;\n```\n');
    expect(out.features).toEqual(['mermaid']);
    expect(out.diagnostics).toEqual([]); // no "unknown language" warning for mermaid
    expect(await html('```js\nconst a = 1;\n```\n')).toContain('code-block');
    expect((await compile('```js\nconst a = 1;\n```\n')).features).toBeUndefined();
  });

  it('works inside components', async () => {
    expect(await html(`<Tabs>\n  <Tab title="Flow">\n    ${'```mermaid\n    graph TD; A-->B\n    ```'}\n  </Tab>\n</Tabs>\n`)).toContain('<pre class="mermaid-source">graph TD; A--&gt;B</pre>');
  });
});
