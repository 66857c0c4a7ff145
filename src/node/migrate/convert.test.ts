import { describe, expect, it } from 'vitest';
import { parseSettings } from '../settings/load.js';
import { classicToDocsJson } from './convert.js';
import { convertNavigation } from './navigation.js';

describe('classicToDocsJson', () => {
  it('writes every classic setting under its docs.json name, in the order Mintlify writes them', () => {
    const { docs, notCarried } = classicToDocsJson({
      $schema: 'https://mintlify.com/schema.json',
      name: 'Acme',
      theme: 'venus',
      logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://acme.dev' },
      favicon: '/favicon.svg',
      colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373', background: { light: '#FFFFFF', dark: '#0F1117' } },
      topbarLinks: [{ name: 'Status', url: 'https://status.acme.dev' }, { type: 'github', url: 'https://github.com/acme/acme' }],
      topbarCtaButton: { name: 'Sign up', url: 'https://acme.dev/signup' },
      modeToggle: { default: 'dark', isHidden: true },
      backgroundImage: '/bg.png',
      background: { style: 'grid' },
      eyebrow: { display: 'breadcrumbs' },
      codeBlock: { mode: 'dark' },
      api: { baseUrl: 'https://api.acme.dev', auth: { method: 'bearer' }, playground: { mode: 'hide', disableProxy: true }, request: { example: { languages: ['curl', 'python'] } } },
      openapi: 'openapi.yaml',
      search: { prompt: 'Search Acme' },
      metadata: { 'og:image': '/card.png' },
      seo: { indexHiddenPages: true },
      footerSocials: { github: 'https://github.com/acme', x: 'https://x.com/acme' },
      footer: { links: [{ title: 'Company', links: [{ label: 'Blog', url: 'https://acme.dev/blog' }] }] },
      analytics: { ga4: { measurementId: 'G-123' } },
      integrations: { intercom: 'abc123' },
      font: { headings: { family: 'Inter', url: 'https://fonts.example/inter.woff2' }, body: { family: 'Lora' } },
      redirects: [{ source: '/old', destination: '/new' }],
      navigation: [{ group: 'Start', icon: 'rocket', iconType: 'solid', pages: ['index', { group: 'More', pages: ['more'] }] }],
    });
    expect(notCarried).toEqual([]);
    expect(Object.keys(docs)).toEqual(['$schema', 'theme', 'name', 'colors', 'favicon', 'navigation', 'styling', 'logo', 'api', 'appearance', 'background', 'navbar', 'search', 'seo', 'footer', 'integrations', 'fonts', 'redirects']);
    expect(docs).toMatchObject({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'palm',
      colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
      navigation: { groups: [{ group: 'Start', icon: { name: 'rocket', style: 'solid' }, pages: ['index', { group: 'More', pages: ['more'] }] }] },
      styling: { eyebrows: 'breadcrumbs', codeblocks: 'dark' },
      api: { openapi: 'openapi.yaml', playground: { display: 'none', proxy: false }, examples: { languages: ['curl', 'python'] }, mdx: { server: 'https://api.acme.dev', auth: { method: 'bearer' } } },
      appearance: { default: 'dark', strict: true },
      background: { image: '/bg.png', decoration: 'grid', color: { light: '#FFFFFF', dark: '#0F1117' } },
      navbar: { links: [{ label: 'Status', href: 'https://status.acme.dev' }, { label: 'Github', href: 'https://github.com/acme/acme' }], primary: { type: 'button', label: 'Sign up', href: 'https://acme.dev/signup' } },
      search: { prompt: 'Search Acme' },
      seo: { metatags: { 'og:image': '/card.png' }, indexing: 'all' },
      footer: { socials: { github: 'https://github.com/acme', x: 'https://x.com/acme' }, links: [{ header: 'Company', items: [{ label: 'Blog', href: 'https://acme.dev/blog' }] }] },
      integrations: { ga4: { measurementId: 'G-123' }, intercom: { appId: 'abc123' } },
      fonts: { heading: { family: 'Inter', source: 'https://fonts.example/inter.woff2' }, body: { family: 'Lora' } },
      redirects: [{ source: '/old', destination: '/new' }],
    });
  });

  it('is read by Kiln as the same settings', () => {
    const { docs } = classicToDocsJson({ name: 'Acme', colors: { primary: '#0D9373' }, topbarCtaButton: { type: 'github', url: 'https://github.com/acme/acme' }, navigation: [{ group: 'Start', pages: ['index'] }] });
    const { settings, diagnostics } = parseSettings('/docs/docs.json', JSON.stringify(docs));
    expect(diagnostics).toEqual([]);
    expect(settings?.layout).toBe('v2');
    expect(settings?.topbarCtaButton).toEqual({ type: 'github', url: 'https://github.com/acme/acme' });
  });

  it('reports what docs.json has no place for, each by its JSON path', () => {
    const { notCarried } = classicToDocsJson({
      name: 'Acme',
      colors: { primary: '#0D9373', ultraLight: '#EEEEEE' },
      feedback: { suggestEdit: true },
      api: { maintainOrder: true, auth: { method: 'key', name: 'x-key', inputPrefix: 'Key ' } },
      integrations: { intercom: 'abc', unknownWidget: 'x' },
      navigation: [],
    });
    expect(notCarried).toEqual([
      { path: ['colors', 'ultraLight'], reason: 'docs.json has no such colour' },
      { path: ['feedback'], reason: 'docs.json has no feedback buttons (Mintlify moved them to its dashboard); Kiln shows none for a docs.json site' },
      { path: ['api', 'maintainOrder'], reason: 'docs.json has no such setting; endpoints keep the order of the OpenAPI file' },
      { path: ['api', 'auth', 'inputPrefix'], reason: 'docs.json has no such setting' },
      { path: ['integrations', 'unknownWidget'], reason: 'docs.json has no equivalent setting' },
    ]);
  });

  it('writes the defaults docs.json requires', () => {
    const { docs } = classicToDocsJson({ name: 'Acme', layout: 'sidenav', navigation: [] });
    expect(docs).toEqual({ $schema: 'https://mintlify.com/docs.json', theme: 'maple', name: 'Acme', colors: { primary: '#16A34A' }, navigation: { groups: [] } });
  });
});

describe('convertNavigation', () => {
  const groups = [
    { group: 'Start', pages: ['index', 'quickstart'] },
    { group: 'API', pages: ['api-reference/intro', 'api-reference/users'] },
    { group: 'Mixed', pages: ['guides/a', 'api-reference/extra', { group: 'Deep', pages: ['api-reference/deep', 'guides/deep'] }] },
  ];

  it('gives each tab the pages under its URL, split group by group, and the rest to the primary tab first', () => {
    expect(convertNavigation({ navigation: groups, tabs: [{ name: 'API', url: 'api-reference', openapi: 'openapi.yaml' }], primaryTab: { name: 'Guides' } })).toEqual({
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'quickstart'] }, { group: 'Mixed', pages: ['guides/a', { group: 'Deep', pages: ['guides/deep'] }] }] },
        {
          tab: 'API',
          openapi: { source: 'openapi.yaml', directory: 'api-reference' },
          groups: [{ group: 'API', pages: ['api-reference/intro', 'api-reference/users'] }, { group: 'Mixed', pages: ['api-reference/extra', { group: 'Deep', pages: ['api-reference/deep'] }] }],
        },
      ],
    });
  });

  it('compares URL prefixes folder by folder', () => {
    const nav = convertNavigation({ navigation: [{ group: 'G', pages: ['api/a', 'apis/b'] }], tabs: [{ name: 'API', url: 'api' }] });
    expect(nav).toEqual({ tabs: [{ tab: 'Documentation', groups: [{ group: 'G', pages: ['apis/b'] }] }, { tab: 'API', groups: [{ group: 'G', pages: ['api/a'] }] }] });
  });

  it('puts external anchors in `global` and the groups under the top anchor when anchors lead', () => {
    expect(
      convertNavigation({
        navigation: groups.slice(0, 2),
        anchors: [
          { name: 'API', url: 'api-reference', icon: 'code', iconType: 'solid', color: { from: '#111111', to: '#222222' } },
          { name: 'Community', url: 'https://discord.gg/acme', icon: 'discord' },
        ],
        topAnchor: { name: 'Docs', icon: 'book' },
        anchorColor: '#333333',
      }),
    ).toEqual({
      anchors: [
        { anchor: 'Docs', icon: 'book', groups: [{ group: 'Start', pages: ['index', 'quickstart'] }] },
        { anchor: 'API', icon: { name: 'code', style: 'solid' }, color: { light: '#111111', dark: '#111111' }, groups: [{ group: 'API', pages: ['api-reference/intro', 'api-reference/users'] }] },
        { anchor: 'Community', icon: 'discord', color: { light: '#333333', dark: '#333333' }, href: 'https://discord.gg/acme' },
      ],
    });
    expect(convertNavigation({ navigation: groups.slice(0, 1), anchors: [{ name: 'GitHub', url: 'https://github.com/acme', isDefaultHidden: true }] })).toEqual({
      anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'Start', pages: ['index', 'quickstart'] }] }],
      global: { anchors: [{ anchor: 'GitHub', href: 'https://github.com/acme', hidden: true }] },
    });
  });

  it('with tabs and anchors that both own pages, lists each page once: the other kind nests in the primary division', () => {
    const nav = convertNavigation({
      navigation: [{ group: 'Start', pages: ['index'] }, { group: 'SDK', pages: ['sdk/js', 'sdk/py/intro'] }],
      tabs: [{ name: 'SDKs', url: 'sdk' }],
      anchors: [{ name: 'Python', url: 'sdk/py' }],
    });
    // As Mintlify's upgrade decides: the anchors all sit inside a tab's URL, so anchors lead.
    expect(nav).toEqual({
      anchors: [
        { anchor: 'Documentation', icon: 'book-open', tabs: [{ tab: 'Documentation', groups: [{ group: 'Start', pages: ['index'] }] }, { tab: 'SDKs', groups: [{ group: 'SDK', pages: ['sdk/js'] }] }] },
        { anchor: 'Python', groups: [{ group: 'SDK', pages: ['sdk/py/intro'] }] },
      ],
    });
  });

  it('makes a division of each version, with its groups and those of no version', () => {
    const nav = convertNavigation({
      navigation: [{ group: 'Start', pages: ['index'] }, { group: 'New', version: 'v2', pages: ['v2/a'] }, { group: 'Old', version: 'v1', pages: ['v1/a'] }],
      versions: ['v2', 'v1'],
    });
    expect(nav).toEqual({
      versions: [
        { version: 'v2', groups: [{ group: 'Start', pages: ['index'] }, { group: 'New', pages: ['v2/a'] }] },
        { version: 'v1', groups: [{ group: 'Start', pages: ['index'] }, { group: 'Old', pages: ['v1/a'] }] },
      ],
    });
  });

  it('keeps the pages under a version’s anchor out of the other versions', () => {
    const nav = convertNavigation({
      navigation: [{ group: 'All', pages: ['index', 'legacy/a'] }],
      anchors: [{ name: 'Legacy', url: 'legacy', version: 'v1' }],
      versions: ['v2', 'v1'],
    });
    expect(nav).toEqual({
      versions: [
        { version: 'v2', anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'All', pages: ['index'] }] }] },
        { version: 'v1', anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'All', pages: ['index'] }] }, { anchor: 'Legacy', groups: [{ group: 'All', pages: ['legacy/a'] }] }] },
      ],
    });
  });
});
