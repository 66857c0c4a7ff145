import { describe, expect, it } from 'vitest';
import { compile, html } from './test-helpers.js';

describe('remark-latex', () => {
  it('renders <Latex> with TeX braces taken from the source, inline in text', async () => {
    const out = await html('Half is <Latex>\\frac{a}{b}</Latex> here.');
    expect(out).toMatch(/^<p>Half is <span class="katex">/);
    expect(out).toContain('<annotation encoding="application/x-tex">\\frac{a}{b}</annotation>');
  });

  it('renders a <Latex> block on its own lines as display math', async () => {
    const out = await html('<Latex>8 x (vk x H1 - H2) = (0,1)</Latex>\n');
    expect(out).toContain('<span class="katex-display">');
    expect(out).toContain('8 x (vk x H1 - H2) = (0,1)</annotation>');
  });

  it('uses a string expression as TeX and reports the math feature', async () => {
    const out = await compile("<Latex>{'\\\\sqrt{2}'}</Latex>\n");
    expect(out.features).toEqual(['math']);
    expect(out.diagnostics).toEqual([]);
    expect(await html("<Latex>{'\\\\sqrt{2}'}</Latex>\n")).toContain('\\sqrt{2}</annotation>');
  });

  it('leaves other expressions to the Latex component, still marking the page', async () => {
    const source = "export const f = 'e^{i\\\\pi}';\n\nSee <Latex>{f}</Latex>.\n";
    expect((await compile(source)).features).toEqual(['math']);
    expect(await html(source)).toContain('<span class="latex"><span class="katex">');
  });
});
