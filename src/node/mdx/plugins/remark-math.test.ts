import { describe, expect, it } from 'vitest';
import { notMath } from './remark-math.js';
import { compile, html } from './test-helpers.js';

describe('remark-math', () => {
  it('renders $…$ inline and $$…$$ display math with KaTeX at build time', async () => {
    const out = await html('The delay is $d_n = b \\cdot 4^{n-2}$ seconds.\n\n$$\n\\frac{a}{b}\n$$\n');
    expect(out).toContain('<span class="katex">');
    expect(out).toContain('<span class="katex-display">');
    expect(out).toContain('<annotation encoding="application/x-tex">d_n = b \\cdot 4^{n-2}</annotation>');
    expect(out).toContain('class="mfrac"');
    // Braces inside math are TeX, not MDX expressions.
    expect(out).not.toContain('language-math');
  });

  it('reports the math feature only on pages with math', async () => {
    expect((await compile('Inline $x$ math.')).features).toEqual(['math']);
    expect((await compile('$$\nx\n$$')).features).toEqual(['math']);
    expect((await compile('No math here.')).features).toBeUndefined();
  });

  it('leaves dollar amounts as text (Pandoc rule)', async () => {
    const prices = [
      'Plans cost $5 to $10 a month.',
      'Pay $5/month, or $50/year.',
      'It is $5 and **$10** with tax.',
      'Between $1,000 and $2,000.',
    ];
    for (const p of prices) {
      const out = await compile(p);
      expect(out.features, p).toBeUndefined();
      expect(await html(p), p).not.toContain('katex');
    }
    expect(await html('Plans cost $5 to $10 a month.')).toBe('<p>Plans cost $5 to $10 a month.</p>');
    // Formatting between the two dollars still works.
    expect(await html('From $5 for **Pro** and $20 for teams.')).toBe('<p>From $5 for <strong>Pro</strong> and $20 for teams.</p>');
    expect(await html('Escaped \\$x\\$ is text.')).toBe('<p>Escaped $x$ is text.</p>');
  });

  it('keeps real inline math that merely looks numeric', async () => {
    expect(await html('Each vector takes $8D + 1$ bytes.')).toContain('katex');
    expect(await html('On one line, $$ x $$ is math.')).toContain('katex');
  });

  it('applies the rule to the source positions', () => {
    const s = 'a $5 to $10';
    expect(notMath(s, 2, 9)).toBe(true);
    const m = 'a $x$ b';
    expect(notMath(m, 2, 5)).toBe(false);
    const d = 'a $x$5';
    expect(notMath(d, 2, 5)).toBe(true);
  });

  it('never touches dollars in code', async () => {
    const out = await html('Run `$ npm i` then `echo $HOME $PATH`.\n\n```bash\n$ export A=$B\n```\n');
    expect(out).not.toContain('katex');
    expect(out).toContain('$ npm i');
  });
});
