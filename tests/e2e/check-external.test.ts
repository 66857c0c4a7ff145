import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, tempDir } from './helpers.js';

// `kiln check --external` from the command line, against a server on 127.0.0.1 standing in for
// the sites a project links to: /ok answers 200, anything else 404.
let server: http.Server;
let base: string;
let site: ReturnType<typeof tempDir>;
let requests = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests++;
    res.writeHead(req.url === '/ok' ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site = tempDir();
  writeFileSync(path.join(site.dir, 'docs.json'), JSON.stringify({ name: 'Links', colors: { primary: '#0D6E5B', light: '#5EEAD4' }, navigation: [{ group: 'Docs', pages: ['index'] }] }));
  writeFileSync(path.join(site.dir, 'index.mdx'), `---\ntitle: Home\ndescription: Links out.\n---\n\n- [Fine](${base}/ok)\n- [Gone](${base}/missing)\n`);
});

afterAll(async () => {
  site?.cleanup();
  await new Promise((resolve) => server.close(resolve));
});

describe('kiln check --external', () => {
  it('reports the link that answers 404 as a warning with its position; exit 0, or 1 with --strict', async () => {
    const r = await kiln(['check', site.dir, '--external']);
    expect(r.stdout).toContain(`index.mdx:7:3  warning  check/external-link  External link "${base}/missing" answered 404 Not Found.\n`);
    expect(r.stdout).not.toContain(`${base}/ok"`);
    expect(r.stdout).toMatch(/1 pages checked: 0 errors, 1 warnings/);
    expect(r.code).toBe(0);
    expect((await kiln(['check', site.dir, '--external', '--strict'])).code).toBe(1);
  });

  it('stays offline without --external', async () => {
    requests = 0;
    const r = await kiln(['check', site.dir, '--format', 'json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { summary: { warnings: number } }).summary.warnings).toBe(0);
    expect(requests).toBe(0);
  });

  it('lists the option in the help of kiln check', async () => {
    expect((await kiln(['check', '--help'])).stdout).toContain('[--external]');
  });
});
