import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../diagnostics/format.js';
import { parseSettings } from './load.js';
import { redirectSource, redirectTarget, urlProblem } from './plausible.js';

const load = (value: unknown) => parseSettings('/site/docs.json', JSON.stringify(value, null, 2));
const lines = (value: unknown) => load(value).diagnostics.map((d) => formatDiagnostic(d, '/site').split('\n')[0]);
const base = { name: 'Docs', navigation: [{ group: 'G', pages: ['index'] }] };

describe('plausible URLs', () => {
  it('accepts paths, pages and http(s), mailto and tel links', () => {
    for (const v of ['/images/logo.png', 'images/my logo.png', './logo.svg', 'guides', '#top', 'https://acme.dev/x?y=1#z', 'mailto:hi@acme.dev', 'tel:+123', '//cdn.acme.dev/x.png']) expect(urlProblem(v, 'link'), v).toBeUndefined();
    expect(urlProblem('data:image/svg+xml;base64,PHN2Zz4=', 'resource')).toBeUndefined();
  });

  it('names what makes a value implausible', () => {
    expect(urlProblem('/bg.svg</style><script>x</script>', 'resource')).toBe('it contains `<`');
    expect(urlProblem('/logo.svg"><script>', 'resource')).toBe('it contains `"`');
    expect(urlProblem('java\tscript:alert(1)', 'link')).toBe('it contains U+0009');
    expect(urlProblem('JavaScript:alert(1)', 'link')).toBe('the `javascript:` scheme is not one of http, https, mailto and tel');
    expect(urlProblem('data:text/html,x', 'resource')).toBe('the `data:` scheme is not one of http, https and data: images');
    expect(urlProblem('data:image/png;base64,x', 'link')).toBe('the `data:` scheme is not one of http, https, mailto and tel');
    expect(urlProblem('https://', 'link')).toBe('it has no host name after `https://`');
  });

  it('accepts redirects only to http(s) URLs and paths of the site, from paths of the site', () => {
    expect(redirectTarget('/new')).toEqual({ url: '/new' });
    expect(redirectTarget(' guided-tour/overview ')).toEqual({ url: '/guided-tour/overview' });
    expect(redirectTarget('https://acme.dev/x')).toEqual({ url: 'https://acme.dev/x' });
    expect(redirectTarget('/news/:slug*')).toEqual({ url: '/news/:slug*' });
    expect(redirectTarget('javascript:alert(1)')).toEqual({ reason: 'the `javascript:` scheme is not allowed' });
    expect(redirectTarget('vbscript:x')).toEqual({ reason: 'the `vbscript:` scheme is not allowed' });
    expect(redirectTarget('//evil.example')).toEqual({ reason: 'it names another host without `https:`' });
    expect(redirectTarget('/a b')).toEqual({ url: '/a b' });
    expect(redirectTarget('/a\nb')).toEqual({ reason: 'it contains U+000A' });
    expect(redirectTarget('/\\evil.example')).toEqual({ reason: 'it contains `\\`' });
    expect(redirectTarget('https:///x')).toEqual({ reason: 'it has no host name after `https://`' });
    expect(redirectSource('/blog/:slug*')).toEqual({ path: '/blog/:slug*' });
    expect(redirectSource('/a/../../b')).toEqual({ reason: 'it has a `.` or `..` segment' });
    expect(redirectSource('https://acme.dev/a')).toEqual({ reason: 'it is a URL, not a path of the site' });
    expect(redirectSource('/learn/self\\_hosted')).toEqual({ reason: 'browsers read `\\` in an address as `/`', unreachable: true });
    expect(redirectSource('/a\\..\\b')).toEqual({ reason: 'it has a `.` or `..` segment' });
    expect(redirectSource('/a\\<b')).toEqual({ reason: 'it contains `<`' });
  });
});

describe('settings values checked when the settings load', () => {
  it('warn at each implausible URL or colour with its JSON path, in both layouts', () => {
    expect(lines({ ...base, backgroundImage: '/bg.svg</style><script>alert(1)</script>', logo: { light: '/l.svg', dark: '/d.svg', href: 'javascript:alert(1)' }, footerSocials: { x: 'javascript:1' } })).toEqual([
      'docs.json:11:22  warning  settings/implausible-url  `backgroundImage`: "/bg.svg</style><script>alert(1)</script>" is not a plausible URL or path (it contains `<`); it is written escaped, where it cannot run as script, and will not work.',
      'docs.json:15:13  warning  settings/implausible-url  `logo.href`: "javascript:alert(1)" is not a plausible URL or path (the `javascript:` scheme is not one of http, https, mailto and tel); it is written escaped, where it cannot run as script, and will not work.',
      'docs.json:18:10  warning  settings/implausible-url  `footerSocials.x`: "javascript:1" is not a plausible URL or path (the `javascript:` scheme is not one of http, https, mailto and tel); it is written escaped, where it cannot run as script, and will not work.',
    ]);
    const v2 = load({
      name: 'Docs',
      background: { image: { light: '/a.png', dark: 'x"><script>' } },
      navbar: { links: [{ label: 'L', href: 'vbscript:x' }] },
      navigation: { anchors: [{ anchor: 'A', color: { light: 'red;}</style>' }, groups: [{ group: 'G', pages: ['index'] }] }] },
    });
    expect(v2.settings).not.toBeNull();
    expect(v2.diagnostics.map((d) => [d.code, d.jsonPath])).toEqual([
      ['settings/implausible-url', 'background.image.dark'],
      ['settings/implausible-url', 'navbar.links[0].href'],
      ['settings/implausible-color', 'navigation.anchors[0].color.light'],
    ]);
  });

  it('make a refused redirect an error that leaves out only that redirect', () => {
    const { settings, diagnostics } = load({ ...base, redirects: [{ source: '/a', destination: 'javascript:alert(1)' }, { source: '/b', destination: 'b' }] });
    expect(diagnostics.map((d) => formatDiagnostic(d, '/site').split('\n')[0])).toEqual([
      'docs.json:14:22  error  settings/unsafe-redirect  `redirects[0].destination`: "javascript:alert(1)" is neither an http(s) URL nor a path of the site (the `javascript:` scheme is not allowed); the redirect is left out.',
    ]);
    expect(settings!.redirects).toEqual([{ source: '/b', destination: 'b' }]);
  });

  it('leave out a redirect from a path with a backslash, which no address has, with a warning (Mintlify accepts the file)', () => {
    const { settings, diagnostics } = load({ ...base, redirects: [{ source: '/learn/self\\_hosted', destination: '/self-hosted' }, { source: '/b', destination: 'b' }] });
    expect(diagnostics.map((d) => formatDiagnostic(d, '/site').split('\n')[0])).toEqual([
      'docs.json:13:17  warning  settings/unreachable-redirect-source  `redirects[0].source`: "/learn/self\\\\_hosted" can never match an address (browsers read `\\` in an address as `/`); the redirect is left out.',
    ]);
    expect(settings!.redirects).toEqual([{ source: '/b', destination: 'b' }]);
  });

  it('are not reported twice where the schema already refuses the value', () => {
    expect(load({ ...base, colors: { primary: 'red;}' } }).diagnostics.map((d) => d.code)).toEqual(['settings/invalid']);
  });
});
