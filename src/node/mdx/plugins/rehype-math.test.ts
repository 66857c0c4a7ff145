import { describe, expect, it } from 'vitest';
import { compile, html } from './test-helpers.js';

describe('rehype-math', () => {
  it('renders ```math fences as display math instead of highlighting them', async () => {
    const out = await compile('```math\nE = mc^2\n```\n');
    expect(out.features).toEqual(['math']);
    expect(out.diagnostics).toEqual([]);
    const page = await html('```math\nE = mc^2\n```\n');
    expect(page).toContain('katex-display');
    expect(page).not.toContain('code-block');
  });

  it('shows a formula KaTeX cannot parse as its source instead of failing the page', async () => {
    const out = await html('Broken $\\frac{1}$ formula.');
    expect(out).toContain('katex-error');
    expect(out).toContain('\\frac{1}');
  });

  it('adds nothing to pages without math', async () => {
    expect(await html('Plain *text*.')).toBe('<p>Plain <em>text</em>.</p>');
  });
});
