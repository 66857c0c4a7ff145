import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Latex } from './latex.js';

describe('Latex', () => {
  it('renders string children with KaTeX, inline or as display', () => {
    expect(renderToStaticMarkup(<Latex>{'\\frac{a}{b}'}</Latex>)).toMatch(/^<span class="latex"><span class="katex">/);
    expect(renderToStaticMarkup(<Latex display>{'x^2'}</Latex>)).toMatch(/^<div class="latex"><span class="katex-display">/);
  });

  it('shows what KaTeX cannot parse instead of throwing', () => {
    expect(renderToStaticMarkup(<Latex>{'\\frac{1}'}</Latex>)).toContain('katex-error');
  });
});
