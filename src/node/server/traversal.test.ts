import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServedFile, SiteHandle } from '../site-handle.js';
import { DevSite } from '../dev/dev-site.js';
import { startDevServer } from './dev.js';
import { contentTypeFor, textResponse } from './http.js';
import type { RunningServer } from './http.js';
import { startPreviewServer } from './preview.js';
import { checkDecodedPathname, resolveDecodedInside } from './safe-path.js';
import { rawGet } from './test-helpers.js';

const SECRET = 'TOP-SECRET-OUTSIDE';

const ATTEMPTS = [
  '/../etc/passwd',
  '/../../../../../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/%252e%252e/%252e%252e/etc/passwd',
  '/..%2f..%2f..%2f..%2f..%2fetc/passwd',
  '/..\\..\\..\\..\\..\\etc\\passwd',
  '/%5c..%5c..%5c..%5cetc%5cpasswd',
  '//etc/passwd',
  '/etc/passwd%00.html',
  '/index.html\0',
  '/C:/Windows/win.ini',
  // Aimed at the temp folder's secret, which certainly exists:
  '/../outside/secret.txt',
  '/%2e%2e/outside/secret.txt',
  '/%252e%252e/outside/secret.txt',
  '/..%2foutside%2fsecret.txt',
  '/..\\outside\\secret.txt',
  '/leak.txt',
  '/leak',
  '/leakdir/secret.txt',
  '/leakdir/secret',
];

let base: string;
let root: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'kiln-traversal-')));
  root = path.join(base, 'site');
  mkdirSync(root);
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(path.join(root, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(base, 'outside', 'secret.txt'), SECRET);
  writeFileSync(path.join(base, 'outside', 'secret.html'), SECRET);
  symlinkSync(path.join(base, 'outside', 'secret.txt'), path.join(root, 'leak.txt'));
  symlinkSync(path.join(base, 'outside', 'secret.html'), path.join(root, 'leak.html'));
  symlinkSync(path.join(base, 'outside'), path.join(root, 'leakdir'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The secret's absolute path as a request target: bare, encoded, double-encoded, after dot segments. */
const absoluteTargets = () => {
  const secret = path.join(base, 'outside', 'secret.txt');
  return [secret, '/' + encodeURIComponent(secret), '/' + encodeURIComponent(encodeURIComponent(secret)), `/${'%2e%2e/'.repeat(8)}${secret.slice(1)}`];
};

function expectRefused(res: { status: number; text: string }, target: string): void {
  expect([400, 403, 404], `status for ${JSON.stringify(target)}`).toContain(res.status);
  expect(res.text).not.toContain(SECRET);
  expect(res.text).not.toMatch(/root:.*:0:0:/);
  expect(res.text).not.toContain('[boot loader]');
}

/** The tests every server gets: its home page answers (the harness works), and each attempt is refused. */
function refusesTraversal(server: () => RunningServer, home: string, options: { absolute: boolean }): void {
  it('still serves the home page (the harness works)', async () => {
    const res = await rawGet(server().port, '/');
    expect(res.status).toBe(200);
    expect(res.text).toContain(home);
  });

  it.each(ATTEMPTS)('%s', async (target) => {
    expectRefused(await rawGet(server().port, target), target);
  });

  if (options.absolute) {
    it('absolute and encoded absolute paths of the secret', async () => {
      for (const target of absoluteTargets()) expectRefused(await rawGet(server().port, target), target);
    });
  }
}

describe('preview server refuses traversal', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startPreviewServer(root, { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.close());

  refusesTraversal(() => server, '<h1>home</h1>', { absolute: true });
});

describe('dev server refuses traversal', () => {
  let server: RunningServer;
  const seen: string[] = [];
  // A site that does what the real one should: map pathnames with resolveDecodedInside.
  const site: SiteHandle = {
    get root() {
      return root;
    },
    async serve(pathname): Promise<ServedFile | null> {
      seen.push(pathname);
      const candidate = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
      const file = (await resolveDecodedInside(root, candidate)) ?? (await resolveDecodedInside(root, `${candidate}.html`));
      return file ? { status: 200, type: contentTypeFor(file), file } : null;
    },
    async notFound() {
      return textResponse(404, 'Not found');
    },
    async changed() {},
  };
  beforeAll(async () => {
    server = await startDevServer(site, { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.close());

  refusesTraversal(() => server, '<h1>home</h1>', { absolute: false });

  it('only ever hands the site clean, decoded pathnames', () => {
    expect(seen.length).toBeGreaterThan(0);
    for (const p of seen) expect(checkDecodedPathname(p), p).toBe(p);
  });
});

describe('kiln dev (the real DevSite) refuses traversal', () => {
  let server: RunningServer;
  let project: string;
  beforeAll(async () => {
    // A docs project beside the secret, with the same symlinks pointing out of it.
    project = path.join(base, 'project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'docs.json'), JSON.stringify({ name: 'T', colors: { primary: '#0D9373' }, navigation: [{ group: 'G', pages: ['index'] }] }));
    writeFileSync(path.join(project, 'index.mdx'), '---\ntitle: Home\n---\n\nhome page\n');
    symlinkSync(path.join(base, 'outside', 'secret.txt'), path.join(project, 'leak.txt'));
    symlinkSync(path.join(base, 'outside', 'secret.html'), path.join(project, 'leak.html'));
    symlinkSync(path.join(base, 'outside'), path.join(project, 'leakdir'));
    server = await startDevServer(new DevSite({ root: project }), { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.close());

  refusesTraversal(() => server, 'home page', { absolute: true });
});
