import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanProject } from '../content/scan.js';
import { DevSite } from '../dev/dev-site.js';
import { startDevServer } from './dev.js';
import type { RunningServer } from './http.js';
import { rawGet } from './test-helpers.js';

// `kiln dev` serves exactly the project files a build publishes (the scan's list of assets), plus
// its own routes: not the settings, page sources, snippets, the build output, hidden files, nor
// anything a symbolic link inside the project leads to (issue 26). Raw requests, so that encoded
// and unnormalised targets reach the server as sent. Each secret file holds a marker the
// responses must not contain.
const MARK = 'NOT-PUBLISHED';

let base: string;
let root: string;
let site: DevSite;
let server: RunningServer;

const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};

beforeAll(async () => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'kiln-dev-published-')));
  root = path.join(base, 'docs');
  write('docs.json', JSON.stringify({ name: 'T', colors: { primary: '#0D9373' }, navigation: [{ group: 'G', pages: ['index', 'introduction'] }], mark: MARK }));
  write('mint.json', `{"name": "${MARK}"}`);
  write('index.mdx', '---\ntitle: Home\n---\n\nhome page\n');
  write('introduction.mdx', `---\ntitle: Introduction\n---\n\nintro {/* ${MARK} */}\n`);
  write('snippets/part.mdx', `${MARK}\n`);
  write('snippets/diagram.svg', `<svg>${MARK}</svg>`);
  write('_snippets/part.mdx', `${MARK}\n`);
  write('dist/index.html', `<p>${MARK}</p>`);
  write('.env', `SECRET=${MARK}\n`);
  write('.git/config', `[core] ${MARK}\n`);
  write('node_modules/pkg/index.js', `// ${MARK}\n`);
  write('.kiln/cache/x.json', `"${MARK}"`);
  write('images/logo.png', 'PUBLISHED-LOGO');
  write('images/.hidden.png', MARK);
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(path.join(base, 'outside', 'secret.txt'), MARK);
  // Links inside the project: to hidden or skipped files and folders, and out of the project.
  symlinkSync(path.join(root, '.env'), path.join(root, 'env.txt'));
  symlinkSync(path.join(root, '.git'), path.join(root, 'repo'));
  symlinkSync(path.join(root, 'node_modules'), path.join(root, 'deps'));
  symlinkSync(path.join(root, '.kiln'), path.join(root, 'kiln'));
  symlinkSync(path.join(root, 'dist'), path.join(root, 'out'));
  symlinkSync('../.env', path.join(root, 'images', 'alias.png'));
  symlinkSync(path.join(base, 'outside'), path.join(root, 'images', 'shared'));
  site = new DevSite({ root });
  server = await startDevServer(site, { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server?.close();
  rmSync(base, { recursive: true, force: true });
});

const REFUSED = [
  '/docs.json',
  '/%64ocs.json',
  '/docs%2ejson',
  '/docs%2Ejson',
  '/DOCS.JSON',
  '/mint.json',
  '/introduction.mdx',
  '/introduction%2emdx',
  '/index.mdx',
  '/snippets/part.mdx',
  '/snippets/diagram.svg',
  '/%73nippets/diagram.svg',
  '/_snippets/part.mdx',
  '/dist/index.html',
  '/dist/',
  '/.env',
  '/%2eenv',
  '/.git/config',
  '/%2egit/config',
  '/node_modules/pkg/index.js',
  '/.kiln/cache/x.json',
  '/images/.hidden.png',
  '/env.txt',
  '/repo/config',
  '/deps/pkg/index.js',
  '/kiln/cache/x.json',
  '/out/index.html',
  '/images/alias.png',
  '/images/shared/secret.txt',
  '/images/./logo.png',
  '/images/%2e/logo.png',
  '//images/logo.png',
];

describe('kiln dev serves what a build publishes', () => {
  it('serves the published file, the pages and the generated Markdown (the harness works)', async () => {
    const logo = await rawGet(server.port, '/images/logo.png');
    expect(logo.status).toBe(200);
    expect(logo.text).toContain('PUBLISHED-LOGO');
    expect((await rawGet(server.port, '/images/logo%2epng')).text).toContain('PUBLISHED-LOGO');
    const page = await rawGet(server.port, '/introduction');
    expect(page.status).toBe(200);
    expect(page.text).toContain('intro');
    expect((await rawGet(server.port, '/introduction.md')).status).toBe(200);
  });

  it('publishes the same files in a build: the scan lists only the logo', async () => {
    expect((await scanProject(root)).assets).toEqual(['images/logo.png']);
  });

  it.each(REFUSED)('refuses %s', async (target) => {
    const res = await rawGet(server.port, target);
    expect([400, 404], `status for ${target}`).toContain(res.status);
    expect(res.text).not.toContain(MARK);
  });

  it('serves a file added while it runs, and stops serving it once removed', async () => {
    write('images/new.png', 'NEW-FILE');
    await site.changed([path.join(root, 'images/new.png')]);
    expect((await rawGet(server.port, '/images/new.png')).text).toContain('NEW-FILE');
    unlinkSync(path.join(root, 'images/new.png'));
    await site.changed([path.join(root, 'images/new.png')]);
    expect((await rawGet(server.port, '/images/new.png')).status).toBe(404);
  });

  it('does not follow a link put in place of a published file since the site loaded', async () => {
    // A site of its own, without the server's watcher: its list is not told of the swap, as
    // between an edit and its event.
    const quiet = new DevSite({ root });
    write('images/swap.png', 'SWAP');
    expect(await quiet.serve('/images/swap.png')).toMatchObject({ status: 200, file: path.join(root, 'images/swap.png') });
    unlinkSync(path.join(root, 'images/swap.png'));
    symlinkSync(path.join(root, '.env'), path.join(root, 'images/swap.png'));
    expect(await quiet.serve('/images/swap.png')).toBeNull();
  });
});
