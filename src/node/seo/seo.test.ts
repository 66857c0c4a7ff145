import { describe, expect, it } from 'vitest';
import { defaultImage, needsSocialCard, seoHead, socialCardUrl } from '../render/layout/meta.js';
import { isPattern, redirectHtml, redirectPages, redirectsFile } from './redirects.js';
import { indexablePages, robotsTxt, sitemapXml } from './sitemap.js';
import { fakeContent, fakeSettings } from './test-helpers.js';
import { absolute, markdownPath, normaliseSiteUrl } from '../../shared/urls.js';
import { llmsTxt } from '../markdown/llms.js';

const content = fakeContent(
  [
    { id: 'intro', title: 'Intro', description: 'Start here.' },
    { id: 'guides/setup', title: 'Setup & config' },
    { id: 'guides/secret', title: 'Secret', noindex: true },
    { id: 'hidden', title: 'Hidden' },
  ],
  [{ title: 'Start', ids: ['intro'] }, { title: 'Guides', ids: ['guides/setup', 'guides/secret'] }],
);

describe('sitemap.xml', () => {
  it('lists navigation pages with absolute URLs, the home page as /, never noindex pages', () => {
    const xml = sitemapXml('https://docs.acme.dev', content, {});
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://docs.acme.dev/</loc></url>\n  <url><loc>https://docs.acme.dev/guides/setup</loc></url>\n</urlset>\n',
    );
  });

  it('adds pages outside the navigation with seo.indexHiddenPages', () => {
    expect(indexablePages(content, { indexHiddenPages: true }).map((p) => p.id)).toEqual(['intro', 'guides/setup', 'hidden']);
    expect(sitemapXml('https://docs.acme.dev/base', content, { indexHiddenPages: true })).toContain('<loc>https://docs.acme.dev/base/hidden</loc>');
  });

  it('never lists the project\'s own 404 page, even in the navigation or with seo.indexHiddenPages', () => {
    const c = fakeContent([{ id: 'intro' }, { id: '404', title: 'Lost?' }, { id: 'stray' }], [{ title: 'Start', ids: ['intro', '404'] }]);
    expect(indexablePages(c, {}).map((p) => p.id)).toEqual(['intro']);
    expect(indexablePages(c, { indexHiddenPages: true }).map((p) => p.id)).toEqual(['intro', 'stray']);
    expect(sitemapXml('https://x.dev', c, { indexHiddenPages: true })).not.toContain('/404');
    expect(llmsTxt(fakeSettings({ indexHiddenPages: true }), c)).not.toContain('404');
  });

  it('escapes URLs', () => {
    const c = fakeContent([{ id: 'a&b' }], [{ title: 'G', ids: ['a&b'] }]);
    expect(sitemapXml('https://x.dev', c, {})).toContain('<loc>https://x.dev/</loc>');
    const d = fakeContent([{ id: 'home' }, { id: 'a&b' }], [{ title: 'G', ids: ['home', 'a&b'] }]);
    expect(sitemapXml('https://x.dev', d, {})).toContain('<loc>https://x.dev/a&amp;b</loc>');
  });
});

describe('robots.txt', () => {
  it('allows everything and points at the sitemap', () => {
    expect(robotsTxt('https://docs.acme.dev')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.acme.dev/sitemap.xml\n');
  });
});

describe('redirects', () => {
  const rules = [
    { source: '/old-intro', destination: '/intro' },
    { source: '/guides/old/', destination: 'https://elsewhere.dev/x', permanent: false },
    { source: '/blog/:slug*', destination: '/news/:slug*' },
    { source: '/v1/*', destination: '/intro' },
    { source: '/guides/setup', destination: '/intro' }, // still a page: no redirect page
    { source: '/development.md', destination: '/development' }, // the Markdown export's place
  ];

  it('writes a redirect page for plain sources only', () => {
    const pages = redirectPages(rules, content, 'https://docs.acme.dev');
    expect(pages.map((p) => p.path)).toEqual(['old-intro.html', 'guides/old.html']);
    expect(pages[0]!.html).toContain('<meta http-equiv="refresh" content="0; url=/intro">');
    expect(pages[0]!.html).toContain('<link rel="canonical" href="https://docs.acme.dev/intro">');
    expect(pages[0]!.html).toContain('<a href="/intro">');
    expect(pages[0]!.html).toContain('<meta name="robots" content="noindex">');
    expect(isPattern('/a/:b')).toBe(true);
  });

  it('escapes the destination and keeps it relative without a site URL', () => {
    expect(redirectHtml('/a?b="c"&d')).toContain('url=/a?b=&quot;c&quot;&amp;d');
  });

  it('writes every rule to _redirects, with splats translated', () => {
    expect(redirectsFile(rules)).toBe(
      '# Redirects from the site settings (Netlify, Cloudflare Pages)\n' +
        '/old-intro /intro 301\n/guides/old https://elsewhere.dev/x 302\n/blog/* /news/:splat 301\n/v1/* /intro 301\n/guides/setup /intro 301\n/development.md /development 301\n',
    );
    expect(redirectsFile([])).toBe('');
    expect(redirectsFile(undefined)).toBe('');
  });

  it('leaves out rules that lead to script or another scheme, or start outside the site, and makes site paths absolute', () => {
    const hostile = [
      { source: '/a', destination: 'javascript:alert(1)' },
      { source: '/b', destination: ' JaVa\tScript:alert(1)' },
      { source: '/c', destination: 'data:text/html,<script>alert(1)</script>' },
      { source: '/d', destination: '//evil.example/x' },
      { source: '/e', destination: '/x\n/f https://evil.example 301' },
      { source: '/../../outside', destination: '/intro' },
      { source: '/g', destination: 'guides/new' },
      { source: '/Old Page', destination: '/New Page' },
    ];
    expect(redirectPages(hostile, content).map((p) => [p.path, /url=([^"]*)/.exec(p.html)![1]])).toEqual([['g.html', '/guides/new'], ['Old Page.html', '/New Page']]);
    expect(redirectsFile(hostile)).toBe('# Redirects from the site settings (Netlify, Cloudflare Pages)\n/g /guides/new 301\n/Old%20Page /New%20Page 301\n');
  });
});

describe('SEO tags', () => {
  const page = content.pages.get('guides/setup')!;
  const tag = (head: ReturnType<typeof seoHead>, key: string) => head.tags.find((t) => t.key === key)?.content;

  it('derives canonical, OpenGraph and Twitter tags', () => {
    const head = seoHead(fakeSettings({ siteUrl: 'https://docs.acme.dev', logo: { light: '/logo.png', dark: '/logo-dark.png', href: '/' } }), content, page);
    expect(head.canonical).toBe('https://docs.acme.dev/guides/setup');
    expect(tag(head, 'og:title')).toBe('Setup & config');
    expect(tag(head, 'og:site_name')).toBe('Acme');
    expect(tag(head, 'og:url')).toBe('https://docs.acme.dev/guides/setup');
    expect(tag(head, 'og:image')).toBe('https://docs.acme.dev/logo.png');
    expect(tag(head, 'twitter:card')).toBe('summary_large_image');
    expect(head.tags.find((t) => t.key === 'og:title')!.attr).toBe('property');
    expect(head.tags.find((t) => t.key === 'twitter:title')!.attr).toBe('name');
  });

  it('has no canonical without a site URL, and the home page is /', () => {
    expect(seoHead(fakeSettings(), content, page).canonical).toBeUndefined();
    expect(seoHead(fakeSettings({ siteUrl: 'https://x.dev' }), content, content.pages.get('intro')!).canonical).toBe('https://x.dev/');
  });

  it('front matter og:* / twitter:* win over derived tags, which win over the site metadata', () => {
    const custom = fakeContent([{ id: 'a', title: 'A', description: 'Desc', data: { 'og:title': 'Custom', 'og:image': '/card.png', 'twitter:site': '@acme2' } }], [{ title: 'G', ids: ['a'] }]);
    const head = seoHead(fakeSettings({ siteUrl: 'https://x.dev', metadata: { 'twitter:site': '@acme', 'og:description': 'Site', 'og:locale': 'en_US' } }), custom, custom.pages.get('a')!);
    expect(tag(head, 'og:title')).toBe('Custom');
    expect(tag(head, 'og:image')).toBe('https://x.dev/card.png');
    expect(tag(head, 'twitter:image')).toBe('https://x.dev/card.png');
    expect(tag(head, 'twitter:site')).toBe('@acme2');
    expect(tag(head, 'og:description')).toBe('Desc');
    expect(tag(head, 'og:locale')).toBe('en_US');
  });

  it('prefers a raster image for the social card', () => {
    expect(defaultImage(fakeSettings({ logo: { light: '/l.svg', dark: '/d.svg', href: '/' }, favicon: '/f.png' }))).toBe('/f.png');
    expect(defaultImage(fakeSettings({ logo: { light: '/l.svg', dark: '/d.svg', href: '/' } }))).toBe('/l.svg');
    expect(defaultImage(fakeSettings())).toBeUndefined();
    // A card in the settings wins over the logo, for every page.
    const card = fakeSettings({ siteUrl: 'https://x.dev', logo: { light: '/l.png', dark: '/d.png', href: '/' }, metadata: { 'twitter:image': '/card.png' } });
    expect(defaultImage(card)).toBe('/card.png');
    const head = seoHead(card, content, content.pages.get('guides/setup')!);
    expect(head.tags.filter((t) => t.key.endsWith(':image')).map((t) => `${t.key}=${t.content}`)).toEqual(['twitter:image=https://x.dev/card.png', 'og:image=https://x.dev/card.png']);
  });
});

describe('default social card tags', () => {
  const tag = (head: ReturnType<typeof seoHead>, key: string) => head.tags.find((t) => t.key === key)?.content;
  const build = { socialCard: true };

  it('points og:image and twitter:image at the drawn card, absolute with a site URL, as a large-image card', () => {
    const settings = fakeSettings({ siteUrl: 'https://docs.acme.dev', logo: { light: '/logo.png', dark: '/logo-dark.png', href: '/' } });
    const head = seoHead(settings, content, content.pages.get('guides/setup')!, build);
    expect(socialCardUrl(settings)).toMatch(/^\/_kiln\/social-card-[0-9a-f]{10}\.png$/);
    expect(tag(head, 'og:image')).toBe('https://docs.acme.dev' + socialCardUrl(settings));
    expect(tag(head, 'twitter:image')).toBe(tag(head, 'og:image'));
    expect(tag(head, 'twitter:card')).toBe('summary_large_image');
    // Without a site URL the path stays root-relative.
    expect(tag(seoHead(fakeSettings(), content, content.pages.get('guides/setup')!, build), 'og:image')).toBe(socialCardUrl(fakeSettings()));
  });

  it('gives way to an image in the settings or the front matter; kiln dev (no card) keeps the logo', () => {
    const withCard = fakeSettings({ siteUrl: 'https://x.dev', metadata: { 'og:image': '/card.png' } });
    expect(needsSocialCard(withCard)).toBe(false);
    expect(tag(seoHead(withCard, content, content.pages.get('guides/setup')!, build), 'og:image')).toBe('https://x.dev/card.png');
    const own = fakeContent([{ id: 'a', title: 'A', data: { 'og:image': '/a.png' } }], [{ title: 'G', ids: ['a'] }]);
    const head = seoHead(fakeSettings({ siteUrl: 'https://x.dev' }), own, own.pages.get('a')!, build);
    expect([tag(head, 'og:image'), tag(head, 'twitter:image')]).toEqual(['https://x.dev/a.png', 'https://x.dev/a.png']);
    const logo = fakeSettings({ logo: { light: '/l.png', dark: '/d.png', href: '/' } });
    expect(tag(seoHead(logo, content, content.pages.get('guides/setup')!), 'og:image')).toBe('/l.png');
  });

  it('changes the card URL with what the card is drawn from', () => {
    const a = fakeSettings();
    expect(socialCardUrl(fakeSettings())).toBe(socialCardUrl(a));
    expect(socialCardUrl(fakeSettings({ name: 'Other' }))).not.toBe(socialCardUrl(a));
    expect(socialCardUrl(fakeSettings({ colors: { primary: '#ff0000' } }))).not.toBe(socialCardUrl(a));
  });

  it('og:type is website for the home page and article for the others; front matter may override', () => {
    expect(tag(seoHead(fakeSettings(), content, content.byUrl.get('/')!), 'og:type')).toBe('website');
    expect(tag(seoHead(fakeSettings(), content, content.pages.get('guides/setup')!), 'og:type')).toBe('article');
    const own = fakeContent([{ id: 'a', title: 'A' }, { id: 'b', title: 'B', data: { 'og:type': 'website' } }], [{ title: 'G', ids: ['a', 'b'] }]);
    expect(tag(seoHead(fakeSettings(), own, own.pages.get('b')!), 'og:type')).toBe('website');
  });
});

describe('URL helpers', () => {
  it('normalises the --site value', () => {
    expect(normaliseSiteUrl('https://docs.acme.dev/')).toBe('https://docs.acme.dev');
    expect(normaliseSiteUrl('https://acme.dev/docs/')).toBe('https://acme.dev/docs');
    expect(normaliseSiteUrl('docs.acme.dev')).toBeUndefined();
    expect(normaliseSiteUrl('ftp://x')).toBeUndefined();
  });
  it('makes absolute URLs and Markdown paths', () => {
    expect(absolute('https://x.dev', 'a/b')).toBe('https://x.dev/a/b');
    expect(absolute(undefined, '/a')).toBe('/a');
    expect(absolute('https://x.dev', 'https://y.dev/i.png')).toBe('https://y.dev/i.png');
    expect(markdownPath('/')).toBe('/index.md');
    expect(markdownPath('/a/b')).toBe('/a/b.md');
  });
});
