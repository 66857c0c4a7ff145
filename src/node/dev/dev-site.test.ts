import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DevSite } from './dev-site.js';

const fixture = fileURLToPath(new URL('../content/fixtures/nested-nav/', import.meta.url));
let dir = '';
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

const body = (r: Awaited<ReturnType<DevSite['serve']>>) => String(r?.body ?? '');

describe('DevSite', () => {
  it('serves an edited page even when requests keep arriving while the change is processed', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-devsite-'));
    cpSync(fixture, dir, { recursive: true });
    const site = new DevSite({ root: dir });
    expect(body(await site.serve('/intro'))).toContain('Hello');

    const file = path.join(dir, 'intro.mdx');
    writeFileSync(file, readFileSync(file, 'utf8') + '\nEdited body marker.\n');
    // A browser polling the page while the watcher reports the change.
    const polling = Array.from({ length: 20 }, () => site.serve('/intro'));
    await Promise.all([site.changed([file]), ...polling]);
    expect(body(await site.serve('/intro'))).toContain('Edited body marker.');
  });

  it('reloads the navigation when a title changes', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-devsite-'));
    cpSync(fixture, dir, { recursive: true });
    const site = new DevSite({ root: dir });
    expect(body(await site.serve('/guides/setup'))).toContain('>Introduction<');
    const file = path.join(dir, 'intro.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Introduction', 'title: Welcome aboard'));
    await site.changed([file]);
    expect(body(await site.serve('/guides/setup'))).toContain('>Welcome aboard<');
  });

  // The native watcher reports a folder created, removed or renamed as the folder alone.
  it('takes a folder reported as changed as anything in it having changed', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-devsite-'));
    cpSync(fixture, dir, { recursive: true });
    const settings = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'));
    settings.navigation[0].pages.push('later/new-page');
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(settings));
    const site = new DevSite({ root: dir });
    expect(body(await site.serve('/advanced/tuning'))).toContain('<h1');
    expect(await site.serve('/later/new-page')).toBeNull();

    mkdirSync(path.join(dir, 'later'));
    writeFileSync(path.join(dir, 'later/new-page.mdx'), '---\ntitle: Arrived later\n---\n\nNew folder body.\n');
    await site.changed([path.join(dir, 'later')]);
    expect(body(await site.serve('/later/new-page'))).toContain('New folder body.');
    expect(body(await site.serve('/later/new-page'))).toContain('Tuning the engine');

    renameSync(path.join(dir, 'advanced'), path.join(dir, 'moved'));
    await site.changed([path.join(dir, 'advanced')]);
    expect(await site.serve('/advanced/tuning')).toBeNull();
    expect(body(await site.serve('/later/new-page'))).not.toContain('Tuning the engine');
  });

  it('checks the OpenAPI files after answering the first page, and still reports what it finds', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-devsite-'));
    cpSync(fixture, dir, { recursive: true });
    // `paths` must be an object: a schema finding, reported only by the deferred check.
    writeFileSync(path.join(dir, 'openapi.yaml'), 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /things:\n    get:\n      responses: "none"\n');
    const settings = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'));
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ ...settings, openapi: 'openapi.yaml' }));
    const reported: string[] = [];
    const site = new DevSite({ root: dir, report: (ds) => reported.push(...ds.map((d) => `${path.basename(d.file ?? '')} ${d.code}`)) });
    const page = site.serve('/intro');
    expect(body(await page)).toContain('Hello');
    expect(reported.filter((r) => r.startsWith('openapi.yaml'))).toEqual([]);
    await expect.poll(() => reported.filter((r) => r.startsWith('openapi.yaml'))).toEqual(['openapi.yaml openapi/schema-violation']);
  });

  it('reports unknown settings keys after answering the first page', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-devsite-'));
    cpSync(fixture, dir, { recursive: true });
    const settings = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'));
    writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ ...settings, zzzqqq: true }, null, 2));
    const reported: string[] = [];
    const site = new DevSite({ root: dir, report: (ds) => reported.push(...ds.map((d) => `${d.code} ${d.message}`)) });
    const page = site.serve('/intro');
    expect(body(await page)).toContain('Hello');
    expect(reported.filter((r) => r.startsWith('settings/'))).toEqual([]);
    await expect.poll(() => reported.filter((r) => r.startsWith('settings/'))).toEqual(['settings/unknown-key Unknown setting `zzzqqq`; it is ignored.']);
  });
});
