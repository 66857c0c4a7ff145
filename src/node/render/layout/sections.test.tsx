import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnchorLink } from './sections.js';

describe('AnchorLink', () => {
  it('draws the icon tile only for an anchor with an icon', () => {
    const bare = renderToStaticMarkup(<AnchorLink href="/api" name="Developer Platform" current={false} external={false} background="#123456" />);
    expect(bare).toBe('<a class="anchor-link nav-anchor" href="/api"><span class="anchor-name">Developer Platform</span></a>');
    const withIcon = renderToStaticMarkup(<AnchorLink href="/api" name="API" current external={false} icon="plug" />);
    expect(withIcon).toMatch(/^<a class="anchor-link nav-anchor" href="\/api" aria-current="true"><span class="anchor-icon" aria-hidden="true"><svg [^>]*data-icon="plug"/);
  });
});
