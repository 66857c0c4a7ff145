import { describe, expect, it } from 'vitest';
import { resolveRelativeUrls } from './relative-urls.js';

describe('resolveRelativeUrls', () => {
  it("resolves the relative URLs of start tags against the page's folder, links as clean URLs", () => {
    expect(resolveRelativeUrls('<a href="../b/c.mdx#x">c</a><img src="./i.png"/><video poster="p.jpg" src="v.mp4">', 'guides/a/page')).toBe(
      '<a href="/guides/b/c#x">c</a><img src="/guides/a/i.png"/><video poster="/guides/a/p.jpg" src="/guides/a/v.mp4">',
    );
  });

  it('leaves root-relative, external, anchor and query URLs, and other attributes, as they are', () => {
    const html = '<a href="/x">x</a><a href="https://e.com/y">y</a><a href="#z">z</a><a href="?q=1">q</a><a href="mailto:a@b.c">m</a><div title="../t" data-href="../d">t</div>';
    expect(resolveRelativeUrls(html, 'guides/page')).toBe(html);
  });

  it("reads and writes the attribute's entities, and never touches text, a highlighted code's quotes included", () => {
    expect(resolveRelativeUrls('<a href="a?x=1&amp;y=&quot;2&quot;">a</a>', 'g/p')).toBe('<a href="/g/a?x=1&amp;y=&quot;2&quot;">a</a>');
    expect(resolveRelativeUrls('<a href="&#x2E;&#46;/up">u</a>', 'g/h/p')).toBe('<a href="/g/up">u</a>');
    const code = '<code><span>&#x3C;a</span><span> href="../x"</span>></code><p>href="../y" in prose</p>';
    expect(resolveRelativeUrls(code, 'g/p')).toBe(code);
  });
});
