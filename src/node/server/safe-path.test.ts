import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePathname, resolveDecodedInside, resolveInside } from './safe-path.js';

describe('decodePathname', () => {
  it.each([
    ['/', '/'],
    ['/guides/setup', '/guides/setup'],
    ['/guides/', '/guides/'],
    ['/caf%C3%A9', '/café'],
    ['/a%20b.html', '/a b.html'],
    ['/%252e%252e/x', '/%2e%2e/x'], // decoded once only
    ['/...', '/...'],
  ])('accepts %s', (raw, decoded) => {
    expect(decodePathname(raw)).toBe(decoded);
  });

  it.each([
    'guides', // not absolute
    '/../etc/passwd',
    '/a/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fetc/passwd',
    '/..\\..\\etc/passwd',
    '/%5c..%5cetc',
    '//etc/passwd',
    '/a//b',
    '/./a',
    '/a%00.html',
    '/a\0',
    '/C:/Windows/win.ini',
    '/c%3a/x',
    '/%E0%A4%A', // malformed escape
    '/%',
  ])('rejects %s', (raw) => {
    expect(decodePathname(raw)).toBeNull();
  });
});

describe('resolveInside', () => {
  let base: string;
  let root: string;

  beforeAll(() => {
    base = realpathSync(mkdtempSync(path.join(tmpdir(), 'kiln-safe-path-')));
    root = path.join(base, 'site');
    mkdirSync(path.join(root, 'guides'), { recursive: true });
    mkdirSync(path.join(root, '%2e%2e'));
    mkdirSync(path.join(base, 'outside'));
    writeFileSync(path.join(root, 'index.html'), 'home');
    writeFileSync(path.join(root, 'guides', 'index.html'), 'guides');
    writeFileSync(path.join(root, '%2e%2e', 'literal.txt'), 'literal');
    writeFileSync(path.join(base, 'outside', 'secret.txt'), 'SECRET');
    symlinkSync(path.join(base, 'outside', 'secret.txt'), path.join(root, 'leak.txt'));
    symlinkSync(path.join(base, 'outside'), path.join(root, 'leakdir'));
    symlinkSync(path.join(root, 'index.html'), path.join(root, 'alias.html'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('maps a pathname to the real file inside root', async () => {
    expect(await resolveInside(root, '/index.html')).toBe(path.join(root, 'index.html'));
    expect(await resolveInside(root, '/guides/index.html')).toBe(path.join(root, 'guides', 'index.html'));
  });

  it('returns null for directories, the root and missing files', async () => {
    expect(await resolveInside(root, '/guides')).toBeNull();
    expect(await resolveInside(root, '/guides/')).toBeNull();
    expect(await resolveInside(root, '/')).toBeNull();
    expect(await resolveInside(root, '/nope.html')).toBeNull();
  });

  it('refuses symlinks that lead outside root but follows those that stay inside', async () => {
    expect(await resolveInside(root, '/leak.txt')).toBeNull();
    expect(await resolveInside(root, '/leakdir/secret.txt')).toBeNull();
    expect(await resolveInside(root, '/alias.html')).toBe(path.join(root, 'index.html'));
  });

  it('treats a double-encoded dot-dot as a literal name', async () => {
    expect(await resolveInside(root, '/%252e%252e/literal.txt')).toBe(path.join(root, '%2e%2e', 'literal.txt'));
    expect(await resolveInside(root, '/%252e%252e/outside/secret.txt')).toBeNull();
  });

  it('refuses traversal however it is spelled', async () => {
    for (const p of ['/../outside/secret.txt', '/%2e%2e/outside/secret.txt', '/..%2foutside%2fsecret.txt', '/..\\outside\\secret.txt']) {
      expect(await resolveInside(root, p)).toBeNull();
    }
  });

  it('does not decode again in resolveDecodedInside', async () => {
    expect(await resolveDecodedInside(root, '/%2e%2e/literal.txt')).toBe(path.join(root, '%2e%2e', 'literal.txt'));
    expect(await resolveDecodedInside(root, '/../outside/secret.txt')).toBeNull();
  });
});
