import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { NavNode } from '../content/pages.js';
import { loadSite } from '../site/load.js';

// tests/fixtures/api-auto: a tab and an anchor that name an OpenAPI file and list no pages.
const fixture = fileURLToPath(new URL('../../../tests/fixtures/api-auto/', import.meta.url));
const temp: string[] = [];
afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));

const outline = (nodes: NavNode[]): unknown[] => nodes.map((n) => (n.kind === 'page' ? n.url : { [n.title]: outline(n.children) }));

/** A copy of the fixture with `settings` as its docs.json. */
function copyWith(settings: object): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-auto-'));
  temp.push(dir);
  cpSync(fixture, dir, { recursive: true });
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(settings));
  return dir;
}

async function load(root: string) {
  const { site, diagnostics } = await loadSite({ root, dev: true });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return site!;
}

describe('pages generated for a tab or anchor with an openapi file and no pages', () => {
  it('one page per operation, grouped by tag (the file\'s tag order), in that tab\'s navigation', async () => {
    const site = await load(fixture);
    const tab = site.context.sections.sections.find((s) => s.name === 'API Reference')!;
    expect(outline(tab.groups)).toEqual([
      { Store: ['/api-reference/store/place-an-order'] },
      // Mintlify's URLs: an operation without a summary is named by its method and path, one without a tag has no folder.
      { Pets: ['/api-reference/pets/list-pets', '/api-reference/pets/create-a-pet', '/api-reference/pets/get-pets'] },
      { Endpoints: ['/api-reference/health-check'] },
    ]);
    expect(tab.firstUrl).toBe('/api-reference/store/place-an-order');
    const page = site.content.byUrl.get('/api-reference/pets/get-pets')!;
    expect([page.title, page.frontMatter.openapi]).toEqual(['showPetById', 'openapi.yaml GET /pets/{petId}']);
    // The anchor's file, and the root keeps its own pages only.
    expect(outline(site.context.sections.sections.find((s) => s.name === 'Admin API')!.groups)).toEqual([{ Users: ['/admin/users/delete-all-users'] }]);
    expect(outline(site.context.sections.of('/').groups)).toEqual([{ Start: ['/'] }]);
    expect(site.sidebarHtml('/api-reference/pets/list-pets')).toContain('href="/api-reference/store/place-an-order"');
    expect(site.sidebarHtml('/')).not.toContain('/api-reference/');
  });

  it('a tab that lists pages keeps exactly those', async () => {
    const dir = copyWith({
      name: 'Listed', colors: { primary: '#0D9373' },
      tabs: [{ name: 'API Reference', url: 'api-reference', openapi: 'openapi.yaml' }],
      navigation: [{ group: 'Start', pages: ['index'] }, { group: 'API', pages: ['api-reference/intro', 'POST /orders'] }],
    });
    mkdirSync(path.join(dir, 'api-reference'));
    cpSync(path.join(dir, 'index.mdx'), path.join(dir, 'api-reference/intro.mdx'));
    const site = await load(dir);
    const tab = site.context.sections.sections.find((s) => s.name === 'API Reference')!;
    expect(outline(tab.groups)).toEqual([{ API: ['/api-reference/intro', '/api-reference/store/place-an-order'] }]);
    expect(site.content.byUrl.has('/api-reference/pets/list-pets')).toBe(false);
  });

  it('docs.json: a tab with only an openapi file, a group with an openapi file and no pages', async () => {
    const dir = copyWith({
      theme: 'mint', name: 'V2', colors: { primary: '#0D9373' },
      navigation: { tabs: [
        { tab: 'Docs', groups: [{ group: 'Start', pages: ['index'] }, { group: 'Admin endpoints', openapi: 'admin.json' }] },
        { tab: 'API Reference', openapi: 'openapi.yaml' },
      ] },
    });
    const site = await load(dir);
    expect(outline(site.context.sections.of('/').groups)).toEqual([{ Start: ['/'] }, { 'Admin endpoints': ['/api-reference/users/delete-all-users'] }]);
    const tab = site.context.sections.sections.find((s) => s.name === 'API Reference')!;
    expect(outline(tab.groups).map((g) => Object.keys(g as object)[0])).toEqual(['Store', 'Pets', 'Endpoints']);
    expect(site.context.sections.of('/api-reference/pets/list-pets')).toBe(tab);
  });

  it('docs.json: a tab\'s `openapi.directory` is where its pages go, even beside another tab\'s page in that folder', async () => {
    const dir = copyWith({
      theme: 'mint', name: 'V2', colors: { primary: '#0D9373' },
      navigation: { tabs: [
        { tab: 'Docs', groups: [{ group: 'Start', pages: ['index', 'reference/intro'] }] },
        { tab: 'API', openapi: { source: 'openapi.yaml', directory: 'reference' } },
      ] },
    });
    mkdirSync(path.join(dir, 'reference'));
    cpSync(path.join(dir, 'index.mdx'), path.join(dir, 'reference/intro.mdx'));
    const site = await load(dir);
    const tab = site.context.sections.sections.find((s) => s.name === 'API')!;
    expect(tab.firstUrl).toBe('/reference/store/place-an-order');
    expect(site.context.sections.of('/reference/pets/list-pets')).toBe(tab);
    expect(site.context.sections.of('/reference/intro')).not.toBe(tab);
  });

  it('docs.json: one file generated into two groups of one tab, each into its own `openapi.directory`', async () => {
    const dir = copyWith({
      theme: 'mint', name: 'V2', colors: { primary: '#0D9373' },
      navigation: { groups: [
        { group: 'Start', pages: ['index'] },
        { group: 'Python', openapi: { source: 'admin.json', directory: 'python' } },
        { group: 'Go', openapi: { source: 'admin.json', directory: 'go' } },
      ] },
    });
    const { site, diagnostics } = await loadSite({ root: dir, dev: true });
    expect(diagnostics.map((d) => d.code)).toEqual([]);
    expect(outline(site!.context.sections.of('/').groups)).toEqual([
      { Start: ['/'] },
      { Python: ['/python/users/delete-all-users'] },
      { Go: ['/go/users/delete-all-users'] },
    ]);
    expect(site!.content.byUrl.get('/python/users/delete-all-users')).not.toBe(site!.content.byUrl.get('/go/users/delete-all-users'));
  });
});
