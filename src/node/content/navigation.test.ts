import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../settings/load.js';
import type { Settings } from '../settings/types.js';
import { alternates, languageName, languageTag } from './languages.js';
import { isIndexable, isListed, loadContent, type ContentModel, type NavNode } from './pages.js';
import { scanProject, type ProjectFiles } from './scan.js';
import { buildSections, type SectionModel } from './sections.js';

// The docs.json navigation site of the browser tests: languages, products, versions, tabs with a
// menu, dropdowns, group roots, hidden pages and groups, variables, .mintignore.
const root = fileURLToPath(new URL('../../../tests/fixtures/v2-navigation/', import.meta.url));

let settings: Settings;
let files: ProjectFiles;
let content: ContentModel;
let sections: SectionModel;

beforeAll(async () => {
  const loaded = await loadSettings(root);
  expect(loaded.diagnostics).toEqual([]);
  settings = loaded.settings!;
  files = await scanProject(root);
  content = await loadContent(root, settings, files);
  sections = buildSections(settings, content);
});

const shape = (nodes: NavNode[]): unknown[] =>
  nodes.map((n) => (n.kind === 'page' ? `${n.url}${n.hidden ? ' (hidden)' : ''}${n.tag ? ` [${n.tag}]` : ''}` : { [`${n.title}${n.root ? ` → ${n.root.url}` : ''}${n.hidden ? ' (hidden)' : ''}${n.expanded ? ' (open)' : ''}`]: shape(n.children) }));

describe('.mintignore and the default ignores', () => {
  it('neither builds nor publishes ignored files: .mintignore patterns and the top-level README.md', () => {
    expect(files.pages).not.toContain('drafts/secret.mdx');
    expect(files.pages).not.toContain('en/plan.draft.mdx');
    expect(files.pages).not.toContain('README.md');
    expect(files.pages).toContain('en/index.mdx');
    expect(files.ignored?.('drafts/secret.mdx')).toBe(true);
    expect(content.byUrl.has('/drafts/secret')).toBe(false);
  });
});

describe('hidden pages', () => {
  it('keeps hidden pages and groups in the model, marked, out of the reading order', () => {
    expect(shape(content.nav.slice(0, 3))).toEqual([
      { Start: ['/en', '/en/quickstart', '/en/draft (hidden)'] },
      { 'Concepts → /en/concepts': ['/en/concepts/routing [Updated]', { 'Deeper (open)': ['/en/concepts/deep'] }] },
      { 'Internal (hidden)': ['/en/internal'] },
    ]);
    expect(content.order.slice(0, 5)).toEqual(['en/index', 'en/quickstart', 'en/concepts/index', 'en/concepts/routing', 'en/concepts/deep']);
  });

  it('treats front matter `hidden`, pages only in hidden groups and pages outside the navigation as unlisted, built but not indexed', () => {
    const page = (id: string) => content.pages.get(id)!;
    expect(['en/draft', 'en/internal', 'en/orphan'].map((id) => [isListed(page(id)), isIndexable(page(id), content, settings)])).toEqual([[false, false], [false, false], [false, false]]);
    expect(page('en/draft').frontMatter.noindex).toBe(true);
    expect(isIndexable(page('en/quickstart'), content, settings)).toBe(true);
    // `seo.indexing: "all"` indexes pages outside the navigation, never `noindex` ones.
    expect(isIndexable(page('en/orphan'), content, { indexHiddenPages: true })).toBe(true);
    expect(isIndexable(page('en/draft'), content, { indexHiddenPages: true })).toBe(false);
  });

  it('lists a group root page\'s pages below it (`directory`)', () => {
    expect(content.directories.get('en/concepts/index')).toMatchObject({ title: 'Concepts', directory: 'card' });
  });
});

describe('languages', () => {
  it('gives each page its language and shows the default language\'s page for a missing translation', () => {
    expect(content.pages.get('en/quickstart')!.lang).toBe('en');
    expect(content.pages.get('fr/quickstart')).toMatchObject({ url: '/fr/quickstart', lang: 'fr', fallbackOf: 'en/quickstart', title: 'Quickstart', inNav: true });
    expect(content.pages.get('fr/index')!.fallbackOf).toBeUndefined();
  });

  it('links each page to its counterparts in the other languages', () => {
    expect(alternates(content.pages.get('en/quickstart')!, content, settings)).toEqual([
      { lang: 'en', url: '/en/quickstart' },
      { lang: 'fr', url: '/fr/quickstart' },
    ]);
    expect(alternates(content.pages.get('en/concepts/routing')!, content, settings)).toEqual([]);
  });

  it('names languages in their own language, with Mintlify\'s own codes as BCP 47 tags', () => {
    expect([languageName('fr'), languageName('en'), languageName('jp'), languageTag('cn'), languageTag('pt-BR')]).toEqual(['Français', 'English', '日本語', 'zh', 'pt-BR']);
  });

  it('substitutes variables in pages and their front matter', () => {
    const home = content.pages.get('en/index')!;
    expect(home.title).toBe('Welcome to Atlas');
    expect(home.frontMatter.description).toBe('Everything about Atlas 2.4.0');
    expect(home.body).toContain('Atlas 2.4.0 is the zephyrine release: call https://api.atlas.example.dev to start.');
    expect(home.body).toContain('curl https://api.atlas.example.dev/install?v=2.4.0');
  });
});

describe('sections of a docs.json site', () => {
  it('makes one section per division that lists groups, and places pages by where they are listed', () => {
    const keys = (url: string) => sections.of(url).key;
    expect(keys('/en/quickstart')).toBe('language:en/product:Platform/version:v2/tab:Guides');
    expect(keys('/en/reference/rest')).toBe('language:en/product:Platform/version:v2/tab:Reference/menu:REST API');
    expect(keys('/en/edge/storage')).toBe('language:en/product:Edge/dropdown:Storage');
    expect(keys('/fr/quickstart')).toBe('language:fr');
    // A page outside the navigation goes by its folder, else to the first section.
    expect(keys('/en/orphan')).toBe('language:en/product:Platform/version:v2/tab:Guides');
    expect(sections.of('/fr/quickstart').lang).toBe('fr');
  });

  it('leads each switcher entry to the first page of its first section, the default one first', () => {
    const divisions = settings.divisions!;
    const en = divisions.find((d) => d.name === 'en')!;
    const [platform, edge] = en.children;
    expect(sections.hrefOf!(en)).toBe('/en');
    expect(sections.hrefOf!(edge!)).toBe('/en/edge/workers');
    expect(platform!.children.map((v) => sections.hrefOf!(v))).toEqual(['/en', '/en/v1']);
    expect(settings.globalLinks!.map((d) => [d.kind, sections.hrefOf!(d)])).toEqual([['tab', 'https://atlas.example.dev/changelog'], ['anchor', 'https://status.atlas.example.dev']]);
  });
});
