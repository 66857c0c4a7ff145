import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContentIcon, FaIcon, NamedIcon } from './Icon.js';
import { collectIconIssues, resolveIcon, withIconLibrary } from './resolve.js';

const html = (el: React.ReactElement) => renderToStaticMarkup(el);

describe('FaIcon', () => {
  it('renders the icon as inline SVG in a square box, coloured by currentColor', () => {
    const out = html(<FaIcon name="rocket" size={20} color="#f00" className="x" />);
    const d = resolveIcon('rocket').glyph.paths![0];
    expect(out).toBe(
      `<svg class="kiln-icon kiln-icon-solid x" viewBox="0 0 512 512" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false" data-icon="rocket" style="width:20px;height:20px;color:#f00"><path d="${d}"></path></svg>`,
    );
  });

  it('centres narrow and wide glyphs in the square', () => {
    expect(html(<FaIcon name="fire-flame-curved" />)).toContain('viewBox="-64 0 512 512"'); // 384 × 512
    expect(html(<FaIcon name="users" />)).toContain('viewBox="0 -64 640 640"'); // 640 × 512
    expect(html(<FaIcon name="bolt" />)).toContain('width="1em" height="1em"');
  });

  it('is Font Awesome whatever the site library (Kiln\'s own controls)', () => {
    expect(withIconLibrary('lucide', () => html(<FaIcon name="star" />))).toContain('class="kiln-icon kiln-icon-solid"');
  });

  it('marks the default icon it shows for an unknown name', () => {
    const { value, unknown } = collectIconIssues(() => html(<FaIcon name="no-such-icon" />));
    expect(value).toContain('data-icon="circle"');
    expect(value).toContain('data-icon-unknown="no-such-icon"');
    expect(unknown).toEqual(['no-such-icon']);
  });
});

describe('ContentIcon', () => {
  it('renders a URL or a path as an image', () => {
    expect(html(<ContentIcon icon="https://cdn.example.com/logo.svg" />)).toBe('<img class="kiln-icon kiln-icon-img" src="https://cdn.example.com/logo.svg" alt="" loading="lazy" decoding="async"/>');
    expect(html(<ContentIcon icon="/images/x.svg" size={16} />)).toContain('src="/images/x.svg"');
  });

  it('inlines SVG markup after sanitising it', () => {
    const out = html(<ContentIcon icon={'<svg viewBox="0 0 24 24" onload="alert(1)"><script>alert(1)</script><path d="M1 1" onclick="x()"/></svg>'} size={16} />);
    expect(out).toBe(
      '<span class="kiln-icon kiln-icon-custom" style="width:16px;height:16px" aria-hidden="true"><svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" width="16" height="16" aria-hidden="true" focusable="false"><path d="M1 1"/></svg></span>',
    );
    expect(out).not.toMatch(/script|onload|onclick/);
  });

  it('renders a JSX element as it is', () => {
    const out = html(<ContentIcon icon={<svg viewBox="0 0 1 1"><path d="M0 0" /></svg>} />);
    expect(out).toBe('<span class="kiln-icon kiln-icon-custom" aria-hidden="true"><svg viewBox="0 0 1 1"><path d="M0 0"></path></svg></span>');
  });

  it('renders names in the site library: Lucide and Tabler icons with their strokes', () => {
    const lucide = withIconLibrary('lucide', () => html(<ContentIcon icon="rocket" size={20} color="#0a0" />));
    expect(lucide).toBe(
      `<svg class="kiln-icon kiln-icon-lucide" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" data-icon="rocket" style="width:20px;height:20px;color:#0a0">${resolveIcon('rocket', undefined, 'lucide').glyph.markup}</svg>`,
    );
    expect(withIconLibrary('tabler', () => html(<NamedIcon name="heart-filled" />))).toMatch(/^<svg class="kiln-icon kiln-icon-tabler" viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" [^>]*data-icon="heart"><path d="M6\.979 3\.074/);
    // A name the site's library lacks, from the library that has it.
    expect(withIconLibrary('lucide', () => html(<ContentIcon icon="github" />))).toContain('class="kiln-icon kiln-icon-brands"');
  });

  it('renders Font Awesome names with the type, and nothing for no icon', () => {
    expect(html(<ContentIcon icon="github" iconType="brands" />)).toContain('class="kiln-icon kiln-icon-brands"');
    expect(html(<ContentIcon icon="" />)).toBe('');
    expect(html(<ContentIcon />)).toBe('');
  });
});
