import { describe, expect, it } from 'vitest';
import { hasScheme, isExternalUrl, isHttpUrl, isWebUrl, projectFileUrl, resolveCleanLink, resolveLink, resolveSitePath, sharedFolder, trimTrailingSlash } from './urls.js';

describe('projectFileUrl', () => {
  it('makes project-relative paths root-relative, so nested pages find the file', () => {
    expect(projectFileUrl('crew_only_logo.png')).toBe('/crew_only_logo.png');
    expect(projectFileUrl('./logo/dark.svg')).toBe('/logo/dark.svg');
    expect(projectFileUrl('images/bg.png')).toBe('/images/bg.png');
  });

  it('keeps root-relative paths, URLs and data URIs', () => {
    for (const p of ['/favicon.svg', 'https://cdn.example.com/logo.png', '//cdn.example.com/x.svg', 'data:image/svg+xml;base64,AAAA', '']) {
      expect(projectFileUrl(p)).toBe(p);
    }
  });
});

describe('sharedFolder', () => {
  it('is the longest folder every path is in, with or without a leading slash', () => {
    expect(sharedFolder(['en/guides/setup', '/en/guides/deploy', 'en/guides/x/y'])).toBe('en/guides');
    expect(sharedFolder(['en/index', 'en/api/users'])).toBe('en');
    expect(sharedFolder(['api/x', 'guides/y'])).toBe('');
    expect(sharedFolder(['index'])).toBe('');
    expect(sharedFolder([])).toBe('');
  });
});

describe('what is external', () => {
  it('a scheme is any URL scheme, not a path', () => {
    for (const u of ['https://x.dev', 'HTTP://X.DEV', 'mailto:a@b.c', 'tel:+1', 'data:image/png;base64,AA', 'javascript:alert(1)', 'vscode+insiders:x']) expect(hasScheme(u), u).toBe(true);
    for (const u of ['/a', 'a/b', './a:b', '#x', '//cdn.x/y', '1http://x', '']) expect(hasScheme(u), u).toBe(false);
  });

  it('external URLs leave the site: a scheme or protocol-relative', () => {
    for (const u of ['https://x.dev', 'mailto:a@b.c', '//cdn.example.com/x.svg']) expect(isExternalUrl(u), u).toBe(true);
    for (const u of ['/guides', 'guides/setup', '../a', '#top', '?q=1', '']) expect(isExternalUrl(u), u).toBe(false);
  });

  it('http(s) URLs need a host to be fetched', () => {
    for (const u of ['https://x.dev', 'http://localhost:3000/a', 'HTTPS://X.DEV/']) expect(isHttpUrl(u), u).toBe(true);
    for (const u of ['https://', 'https:///x', 'ftp://x.dev', '//x.dev', 'mailto:a@b.c', ' https://x.dev']) expect(isHttpUrl(u), u).toBe(false);
  });

  it('web URLs load from another host: http(s) or protocol-relative', () => {
    for (const u of ['https://x.dev/a.png', 'http://x', '//cdn.x/y.svg']) expect(isWebUrl(u), u).toBe(true);
    for (const u of ['data:image/png;base64,AA', '/a.png', 'a.png', 'mailto:a@b.c']) expect(isWebUrl(u), u).toBe(false);
  });
});

describe('link resolution', () => {
  it('resolves relative paths from the page\'s folder', () => {
    expect(resolveSitePath('./setup.mdx', 'guides/intro', true)).toBe('/guides/setup');
    expect(resolveSitePath('../index', 'guides/intro', true)).toBe('/');
    expect(resolveSitePath('img/a.png', 'guides/intro', false)).toBe('/guides/img/a.png');
    expect(resolveSitePath('setup', 'intro', true)).toBe('/setup');
    expect(resolveSitePath('setup', 'guides/index', true)).toBe('/guides/setup');
  });

  it('resolves . and .., never above the root, and folds repeated slashes', () => {
    expect(resolveSitePath('../../../a', 'guides/x/intro', true)).toBe('/a');
    expect(resolveSitePath('/a/./b/../c', 'x', false)).toBe('/a/c');
    expect(resolveSitePath('a//b', 'x', false)).toBe('/a/b');
    expect(resolveSitePath('..', 'guides/intro', true)).toBe('/');
  });

  it('drops source extensions and /index from links only, and keeps a trailing slash', () => {
    expect(resolveSitePath('/guides/index.mdx', 'x', true)).toBe('/guides');
    expect(resolveSitePath('/guides/setup.MD', 'x', true)).toBe('/guides/setup');
    expect(resolveSitePath('/files/index.mdx', 'x', false)).toBe('/files/index.mdx');
    expect(resolveSitePath('guides/', 'x', true)).toBe('/guides/');
    expect(resolveSitePath('/index', 'x', true)).toBe('/');
  });

  it('keeps the query and hash, and leaves external URLs, anchors and empty values alone', () => {
    expect(resolveLink('./setup.mdx?tab=a#step-2', 'guides/intro', true)).toBe('/guides/setup?tab=a#step-2');
    expect(resolveLink('img/a.png?v=1', 'guides/intro', false)).toBe('/guides/img/a.png?v=1');
    for (const u of ['https://x.dev/a.mdx', '//cdn.x/a', 'mailto:a@b.c', '#here', '?q=1', '']) expect(resolveLink(u, 'guides/intro', true), u).toBe(u);
  });

  it('trims a trailing slash before the query and hash, never the root', () => {
    expect(trimTrailingSlash('/guides/')).toBe('/guides');
    expect(trimTrailingSlash('/guides//?q=1#h')).toBe('/guides?q=1#h');
    expect(trimTrailingSlash('/a/#x')).toBe('/a#x');
    expect(trimTrailingSlash('/')).toBe('/');
    expect(trimTrailingSlash('/guides')).toBe('/guides');
  });

  it('writes links for the Markdown export and feeds without a trailing slash, external ones as they are', () => {
    expect(resolveCleanLink('./quickstart/#install', 'responses/concepts', true)).toBe('/responses/quickstart#install');
    expect(resolveCleanLink('/guides/', 'x', true)).toBe('/guides');
    for (const u of ['https://x.dev/a/', '#here', '']) expect(resolveCleanLink(u, 'guides/intro', true), u).toBe(u);
  });
});
