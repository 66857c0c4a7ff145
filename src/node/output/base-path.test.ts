import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownRebaser, normaliseBase, unbaseMarkdown, rebaseCss, rebaseFeed, rebaseFile, rebaseHtml, rebaseMarkdown, rebaseRedirects, RebasingWriter, siteUrlWithBase } from './base-path.js';

const B = '/docs/';

describe('the --base value', () => {
  it('is normalised to /path/ and refused when it is not a plain path', () => {
    expect(normaliseBase('/docs/')).toBe('/docs/');
    expect(normaliseBase('docs')).toBe('/docs/');
    expect(normaliseBase('/a/b')).toBe('/a/b/');
    expect(normaliseBase('/')).toBe('/');
    expect(normaliseBase('')).toBe('/');
    for (const bad of ['https://x.dev/docs', '//cdn/docs', '/docs?x', '/a/../b', '/a b', '/"x"', '/%2e%2e']) expect(normaliseBase(bad)).toBeUndefined();
  });

  it('is added to the site URL unless the site URL ends with it', () => {
    expect(siteUrlWithBase('https://acme.dev', B)).toBe('https://acme.dev/docs');
    expect(siteUrlWithBase('https://acme.dev/docs', B)).toBe('https://acme.dev/docs');
    expect(siteUrlWithBase('https://acme.dev/', '/')).toBe('https://acme.dev/');
    expect(siteUrlWithBase(undefined, B)).toBeUndefined();
  });
});

describe('HTML', () => {
  it('rebases root-relative URLs in the attributes that hold them, and nothing else', () => {
    const html =
      '<!doctype html><html lang="en"><head><link rel="stylesheet" href="/_kiln/assets/kiln.1234abcd.css"/><link rel="icon" href="/favicon.svg"/>' +
      '<meta property="og:image" content="/images/card.png"/><meta name="description" content="/not/a/url"/><meta name="twitter:image" content="https://x.dev/i.png"/>' +
      '<script src="/_kiln/assets/kiln.js" defer=""></script><script>var a = "<a href=\\"/x\\">";</script><style>.bg{background:url(/images/bg.svg)}</style></head>' +
      '<body><a href="/guides/setup#top">Setup</a> <a href="https://x.dev/a">ext</a> <a href="//cdn.dev/x">cdn</a> <a href="#frag">f</a> <a href="rel/path">r</a>' +
      '<img src="/images/a.png" srcset="/images/a.png 1x, /images/a@2x.png 2x" alt="/images/a.png" style="background-image:url(\'/images/s.png\')"/>' +
      '<button class="copy-page" data-md="/guides/setup.md" data-ui="/_kiln/assets/kiln-search.js" hidden=""></button><div data-kiln-nav="/_kiln/nav/ab.html" data-path="/jobs/{id}"></div>' +
      '<pre><code>&lt;a href="/in/code"&gt;</code></pre><!-- <a href="/in/comment"> --><textarea><a href="/in/textarea"></textarea></body></html>';
    const out = rebaseHtml(html, B);
    expect(out).toContain('<html lang="en" data-base="/docs/">');
    for (const u of ['/docs/_kiln/assets/kiln.1234abcd.css', '/docs/favicon.svg', '/docs/_kiln/assets/kiln.js', '/docs/guides/setup#top', '/docs/images/a.png', '/docs/guides/setup.md', '/docs/_kiln/assets/kiln-search.js', '/docs/_kiln/nav/ab.html']) {
      expect(out).toContain(`"${u}"`);
    }
    expect(out).toContain('content="/docs/images/card.png"');
    expect(out).toContain('srcset="/docs/images/a.png 1x, /docs/images/a@2x.png 2x"');
    expect(out).toContain("background-image:url('/docs/images/s.png')");
    expect(out).toContain('.bg{background:url(/docs/images/bg.svg)}');
    // Left alone: other URLs, text, alt text, API paths, scripts, code, comments, textareas.
    for (const same of ['href="https://x.dev/a"', 'href="//cdn.dev/x"', 'href="#frag"', 'href="rel/path"', 'alt="/images/a.png"', 'content="/not/a/url"', 'data-path="/jobs/{id}"', 'content="https://x.dev/i.png"',
      'var a = "<a href=\\"/x\\">";', '&lt;a href="/in/code"&gt;', '<!-- <a href="/in/comment"> -->', '<textarea><a href="/in/textarea"></textarea>']) {
      expect(out).toContain(same);
    }
    // Twice is not twice as deep: the already rebased document keeps its URLs apart from the base.
    expect(out.match(/\/docs\/docs\//g)).toBeNull();
  });

  it('rebases the meta refresh of redirect pages and keeps escaped values escaped', () => {
    const out = rebaseHtml('<meta http-equiv="refresh" content="0; url=/intro"><a href="/a?b=&quot;c&quot;&amp;d">x</a>', B);
    expect(out).toContain('content="0; url=/docs/intro"');
    expect(out).toContain('href="/docs/a?b=&quot;c&quot;&amp;d"');
  });

  it('leaves the document as it is at the root', () => {
    const html = '<html><a href="/x">x</a></html>';
    expect(rebaseHtml(html, '/')).toBe(html);
  });
});

describe('other files', () => {
  it('CSS: url() and @import', () => {
    expect(rebaseCss('a{b:url(/i.png)} c{d:url( "/j.png" )} e{f:url(//cdn/x.png)} @import "/x.css"; g{h:url(data:x)}', B)).toBe(
      'a{b:url(/docs/i.png)} c{d:url( "/docs/j.png" )} e{f:url(//cdn/x.png)} @import "/docs/x.css"; g{h:url(data:x)}',
    );
  });

  it('Markdown: links, images, definitions and inline HTML, never code', () => {
    const md = '# T\n\nSee [setup](/guides/setup) and ![d](/images/d.png) or [ext](https://x.dev).\n\n[ref]: /guides/ref\n\n<img src="/images/h.png" />\n\n`[no](/code/span)` but [yes](/y)\n\n```md\n[in fence](/fenced)\n```\n';
    expect(rebaseMarkdown(md, B)).toBe(
      '# T\n\nSee [setup](/docs/guides/setup) and ![d](/docs/images/d.png) or [ext](https://x.dev).\n\n[ref]: /docs/guides/ref\n\n<img src="/docs/images/h.png" />\n\n`[no](/code/span)` but [yes](/docs/y)\n\n```md\n[in fence](/fenced)\n```\n',
    );
  });

  it('Markdown: a line in a fence that opens one (a run with an info string) does not close it', () => {
    expect(rebaseMarkdown('```\n```md\n[in fence](/fenced)\n```\n[out](/out)\n', '/docs/')).toBe('```\n```md\n[in fence](/fenced)\n```\n[out](/docs/out)\n');
  });

  it('Markdown in pieces (llms-full.txt): a fence opened in one piece stays open in the next', () => {
    const pieces = ['# A\n\n[a](/a)\n\n```md\n', '[in fence](/fenced)\n```\n\n[b](/b)\n', '`[no](/c)` [c](/c)\n'];
    const rebase = markdownRebaser(B);
    expect(pieces.map(rebase).join('')).toBe(rebaseMarkdown(pieces.join(''), B));
    expect(pieces.map(rebase).join('')).toContain('[in fence](/fenced)\n```\n\n[b](/docs/b)');
  });

  it('Markdown read back from a build under the base: the base comes off exactly the links that got it', () => {
    const md = '# T\n\n[setup](/guides/setup) [own](/docs/intro) ![d](/images/d.png) [cdn](//cdn.x/a) [rel](docs/x) [ext](https://x.dev/docs/a)\n\n[ref]: /docs/ref\n\n<a href="/docs/z">z</a> <img src="/h.png" />\n\n`[no](/docs/span)` [yes](/y)\n\n```md\n[in fence](/docs/fenced)\n```\n';
    const rebased = rebaseMarkdown(md, B);
    expect(rebased).toContain('[own](/docs/docs/intro)');
    expect(unbaseMarkdown(rebased, B)).toBe(md);
    expect(unbaseMarkdown(md, '/')).toBe(md);
  });

  it('_redirects: sources and site destinations', () => {
    expect(rebaseRedirects('# Redirects\n/old /new 301\n/blog/* https://x.dev/:splat 302\n', B)).toBe('# Redirects\n/docs/old /docs/new 301\n/docs/blog/* https://x.dev/:splat 302\n');
  });

  it('feeds without a site URL: links, guids and the HTML of each item', () => {
    expect(rebaseFeed('<link>/changelog#a</link><guid isPermaLink="false">/changelog#a</guid><description><![CDATA[<a href="/x">x</a>]]></description><link>https://x.dev/y</link>', B)).toBe(
      '<link>/docs/changelog#a</link><guid isPermaLink="false">/docs/changelog#a</guid><description><![CDATA[<a href="/docs/x">x</a>]]></description><link>https://x.dev/y</link>',
    );
  });

  it('chooses by file: pages, sheets, Markdown, llms.txt, _redirects, feeds; the rest unchanged', () => {
    expect(rebaseFile('a/b.html', '<a href="/x">', B)).toBe('<a href="/docs/x">');
    expect(rebaseFile('_kiln/nav/x.html', '<a href="/x">', B)).toBe('<a href="/docs/x">');
    expect(rebaseFile('x.css', 'url(/a)', B)).toBe('url(/docs/a)');
    expect(rebaseFile('a.md', '[a](/a)', B)).toBe('[a](/docs/a)');
    expect(rebaseFile('llms.txt', '- [A](/a)', B)).toBe('- [A](/docs/a)');
    expect(rebaseFile('_redirects', '/a /b 301', B)).toBe('/docs/a /docs/b 301');
    expect(rebaseFile('changelog/rss.xml', '<link>/c</link>', B)).toBe('<link>/docs/c</link>');
    expect(rebaseFile('_kiln/pages.json', '[{"u":"/a"}]', B)).toBe('[{"u":"/a"}]');
    expect(rebaseFile('sitemap.xml', '<loc>https://x.dev/docs/a</loc>', B)).toBe('<loc>https://x.dev/docs/a</loc>');
  });

  it('the writer rebases what it writes, in one piece or several, and the stylesheets it copies', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-base-'));
    try {
      writeFileSync(path.join(dir, 'site.css'), 'a{b:url(/i.png)}');
      writeFileSync(path.join(dir, 'logo.svg'), '<svg><a href="/x"/></svg>');
      const w = new RebasingWriter(path.join(dir, 'dist'), B);
      await w.begin();
      await w.write('index.html', '<html><a href="/x">x</a></html>');
      await w.write('bin.dat', new Uint8Array([1, 2]));
      await w.copy(path.join(dir, 'site.css'), 'site.css');
      await w.copy(path.join(dir, 'logo.svg'), 'logo.svg');
      await w.writePieces('llms-full.txt', ['[a](/a)\n```\n', '[b](/b)\n```\n', '[c](/c)\n']);
      await w.commit();
      const read = (f: string) => readFileSync(path.join(dir, 'dist', f), 'utf8');
      expect(read('index.html')).toBe('<html data-base="/docs/"><a href="/docs/x">x</a></html>');
      expect(read('site.css')).toBe('a{b:url(/docs/i.png)}');
      expect(read('logo.svg')).toBe('<svg><a href="/x"/></svg>');
      expect(read('llms-full.txt')).toBe('[a](/docs/a)\n```\n[b](/b)\n```\n[c](/docs/c)\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
