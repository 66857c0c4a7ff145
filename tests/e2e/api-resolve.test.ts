import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/node/build/report.js';
import { kiln, offlineEnv, previewFixture, repoRoot, type FixturePreview } from './helpers.js';

// How `openapi:` references find their operation (tests/fixtures/api-resolve), built offline:
// the file of the navigation element first (two versions define the same paths), then the
// settings' files, then every OpenAPI file of the project; an ambiguous reference warns; the
// server's path written before the operation's is matched; a URL that cannot be fetched falls
// back to the project's copy of the same name, or its pages say the spec is unavailable.
const fixture = path.join(repoRoot, 'tests/fixtures/api-resolve');
let site: FixturePreview;
let report: BuildReport;
let stderr = '';

beforeAll(async () => {
  site = await previewFixture(fixture, { args: (dir) => ['--report', path.join(dir, 'report.json')], env: offlineEnv });
  const built = site.built;
  stderr = built.stderr;
  // The OpenAPI URL that cannot be fetched is an error, so the build exits 1; every page is written.
  expect(built.code, built.stderr).toBe(1);
  expect(built.stderr).toContain('13 pages written, 0 failed');
  report = JSON.parse(readFileSync(path.join(site.dir, 'report.json'), 'utf8')) as BuildReport;
});

afterAll(() => site?.close());

const open = (url: string): Promise<Page> => site.open(url);

describe('finding the operation a reference names', () => {
  it('reports one error per unreadable spec, the copy used and the ambiguity, nothing per page', () => {
    const findings = report.diagnostics.map((d) => [d.code, d.file ? `${d.file}:${d.line}:${d.column}` : null, d.message]);
    expect(findings).toEqual([
      ['openapi/fetch-failed', null, 'OpenAPI file https://down.example.invalid/openapi.json could not be fetched: the host name could not be resolved (offline?).'],
      ['openapi/fetch-local-copy', null, "OpenAPI file https://specs.example.invalid/published/openapi.documented.yml could not be fetched (the host name could not be resolved (offline?)); the project's copy vendor/openapi.documented.yml is used."],
      ['openapi/ambiguous-operation', 'guides/ambiguous.mdx:4:1', 'Page guides/ambiguous.mdx names the OpenAPI operation "GET /twice", which both other/extra.yaml and other/gateway.yaml define; the one in other/extra.yaml is shown.'],
    ]);
    expect(report.pages).toMatchObject({ written: 13, failed: 0 });
    expect(stderr.match(/openapi\/fetch-failed/g)).toHaveLength(1);
  });

  it('each version\'s entries use that version\'s file, at Mintlify\'s URLs in its directory', async () => {
    for (const [version, text] of [['v1', 'Version one list.'], ['v2', 'Version two list.']] as const) {
      const page = await open(`/api/${version}/users/list-users`);
      expect(await page.locator('.api-response').first().textContent()).toContain(text);
      expect(await page.locator('.api-url').textContent()).toBe(`https://api.example.com/${version}/users`);
      await page.close();
    }
    // The link another page wrote for Mintlify's URL lands on the page.
    const home = await open('/');
    await home.locator('a[href="/api/v2/users/list-users"]').click();
    await home.waitForURL(/\/api\/v2\/users\/list-users$/);
    expect(await home.locator('h1').textContent()).toBe('List users');
    await home.close();
  });

  it('finds operations of files the settings do not name, and the server\'s path before the operation\'s', async () => {
    const extra = await open('/guides/extra');
    expect(await extra.locator('.api-response').first().textContent()).toContain('Found in a file the settings do not name.');
    await extra.close();
    const beta = await open('/guides/beta');
    expect(await beta.locator('.api-method').first().textContent()).toBe('POST');
    expect(await beta.locator('.api-response').first().textContent()).toContain('From the gateway.');
    await beta.close();
  });

  it('uses the project\'s copy of a URL that cannot be fetched', async () => {
    const page = await open('/api-reference/health/ping');
    expect(await page.locator('.api-response').first().textContent()).toContain('The local copy answers.');
    await page.close();
  });

  it('an endpoint of an unreadable spec says so to the reader, with the URL, above what the page wrote', async () => {
    for (const url of ['/down/post-v1sessionsstart', '/guides/down']) {
      const page = await open(url);
      const notice = page.locator('.api-unavailable');
      expect(await notice.textContent()).toBe('The API specification of this endpoint could not be read when this site was built: https://down.example.invalid/openapi.json. Its parameters, request body and responses are not shown here.');
      expect(await notice.isVisible()).toBe(true);
      expect(await page.locator('.api-endpoint').textContent()).toBe('POST/v1/sessions/start');
      await page.close();
    }
    expect(await (await open('/guides/down')).locator('.api-page-body').textContent()).toContain('Written by hand, under the notice.');
    // Two paths that make the same file name are two pages.
    const titles: string[] = [];
    for (const url of ['/down/get-v1sessions', '/down/get-v1sessions-1']) {
      const page = await open(url);
      titles.push((await page.locator('h1').textContent()) ?? '');
      await page.close();
    }
    expect(titles.sort()).toEqual(['GET /v1/sessions/{id}', 'GET /v1/sessions/{sessionId}']);
  });

  it('redirects the URLs Kiln gave generated pages before to Mintlify\'s', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.server.url}/users/id`);
    await page.waitForURL(/\/api\/v1\/users\/get-a-user$/);
    expect(await page.locator('h1').textContent()).toBe('Get a user');
    await page.close();
    expect(readFileSync(path.join(site.dir, 'dist/_redirects'), 'utf8')).toContain('/users/id /api/v1/users/get-a-user 301');
  });

  it('kiln check reports the same, and no reference of the unreadable spec', async () => {
    const checked = await kiln(['check', fixture, '--format', 'json'], { env: offlineEnv });
    const codes = (JSON.parse(checked.stdout) as { findings: { code: string; file: string | null }[] }).findings.map((d) => `${d.code} ${d.file}`).filter((c) => c.startsWith('openapi/'));
    expect(codes.sort()).toEqual(['openapi/ambiguous-operation guides/ambiguous.mdx', 'openapi/fetch-failed null', 'openapi/fetch-local-copy null']);
  });
});
