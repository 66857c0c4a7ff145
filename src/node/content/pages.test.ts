import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../settings/load.js';
import { bodyStamp, loadContent, normaliseEntry, RECENT_BODIES } from './pages.js';
import { scanProject } from './scan.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

async function load(name: string) {
  const root = path.join(fixtures, name);
  const { settings } = await loadSettings(root);
  if (!settings) throw new Error('fixture settings invalid');
  return { root, content: await loadContent(root, settings, await scanProject(root)) };
}

describe('loadContent', () => {
  it('resolves nested groups to any depth, in order', async () => {
    const { content } = await load('nested-nav');
    const shape = (nodes: typeof content.nav[number]['children']): unknown =>
      nodes.map((n) => (n.kind === 'page' ? n.url : { [n.title]: shape(n.children) }));
    expect(content.nav.map((g) => ({ [g.title]: shape(g.children) }))).toEqual([
      { Start: ['/intro', '/guides/setup'] },
      { Guides: ['/guides/deploy', { Advanced: ['/advanced/tuning', { Deeper: ['/advanced/internals'] }] }, '/intro'] },
    ]);
    expect(content.order).toEqual(['intro', 'guides/setup', 'guides/deploy', 'advanced/tuning', 'advanced/internals']);
  });

  it('titles pages from front matter, sidebarTitle, or the file name', async () => {
    const { content } = await load('nested-nav');
    expect(content.pages.get('guides/setup')).toMatchObject({ title: 'Setup', navTitle: 'Set up' });
    expect(content.pages.get('guides/deploy')).toMatchObject({ title: 'Deploy', navTitle: 'Deploy' });
    // A quoted YAML string over two lines, as js-yaml reads it.
    expect(content.pages.get('advanced/tuning')!.title).toBe('Tuning the engine');
  });

  it('makes the first navigation page the home page and publishes pages outside the navigation', async () => {
    const { content } = await load('nested-nav');
    expect(content.byUrl.get('/')!.id).toBe('intro');
    expect(content.byUrl.get('/extra/hidden-page')).toMatchObject({ title: 'Off navigation', inNav: false });
  });

  it('reports a missing page with the paths tried and its position in the settings file', async () => {
    const { content, root } = await load('nested-nav');
    const errors = content.diagnostics.map((d) => ({ ...d, file: path.relative(root, d.file ?? ''), frame: undefined }));
    expect(errors).toMatchInlineSnapshot(`
      [
        {
          "args": {
            "entry": "guides/missing",
            "tried": [
              "guides/missing.mdx",
              "guides/missing.md",
            ],
          },
          "code": "nav/page-not-found",
          "column": 9,
          "file": "docs.json",
          "frame": undefined,
          "hint": "Create the file, or fix or remove the entry in the navigation.",
          "line": 10,
          "message": "Navigation entry "guides/missing" has no page file (looked for guides/missing.mdx, guides/missing.md).",
          "severity": "error",
        },
        {
          "args": {
            "entry": "intro",
          },
          "code": "nav/duplicate-page",
          "column": 9,
          "file": "docs.json",
          "frame": undefined,
          "line": 11,
          "message": "Page "intro" is listed more than once in the navigation; the first place is used.",
          "severity": "warning",
        },
      ]
    `);
  });
});

describe('normaliseEntry', () => {
  it('accepts leading slashes and extensions', () => {
    expect(normaliseEntry('/guides/setup.mdx')).toBe('guides/setup');
    expect(normaliseEntry('./a/b.md')).toBe('a/b');
    expect(normaliseEntry('a/')).toBe('a');
  });
});

describe('bodies on disk', () => {
  async function site() {
    const root = await mkdtemp(path.join(tmpdir(), 'kiln-bodies-'));
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({
      name: 'T', theme: 'mint', colors: { primary: '#0D9373' }, variables: { product: 'Kiln' },
      navigation: { languages: [
        { language: 'en', default: true, groups: [{ group: 'G', pages: ['index', 'guide'] }] },
        { language: 'fr', groups: [{ group: 'G', pages: ['fr/index', 'fr/guide'] }] },
      ] },
    }));
    await writeFile(path.join(root, 'index.mdx'), '\uFEFF---\ntitle: Home\n---\n\n# {{product}} home\n');
    await writeFile(path.join(root, 'guide.mdx'), 'No front matter, `{{product}}` and {{product}}\n');
    await mkdir(path.join(root, 'fr'));
    await writeFile(path.join(root, 'fr', 'index.mdx'), '---\ntitle: Accueil\ndescription: "{{product}}"\n---\nBonjour {{product}}\n');
    const { settings } = await loadSettings(root);
    if (!settings) throw new Error('settings invalid');
    return { root, settings, files: await scanProject(root) };
  }

  it('gives every page the body a kept one has, variables and blanked front matter included, without holding it', async () => {
    const { root, settings, files } = await site();
    const kept = await loadContent(root, settings, files);
    const onDisk = await loadContent(root, settings, files, undefined, { bodiesOnDisk: true });
    expect([...onDisk.pages.keys()]).toEqual([...kept.pages.keys()]);
    expect(onDisk.pages.get('fr/guide')?.fallbackOf).toBe('guide');
    for (const [id, page] of kept.pages) {
      expect(onDisk.pages.get(id)!.body).toBe(page.body);
      // An accessor, not a string: the page keeps no source text (a fallback page neither).
      expect(Object.getOwnPropertyDescriptor(onDisk.pages.get(id)!, 'body')!.get).toBeTypeOf('function');
      expect(Object.getOwnPropertyDescriptor(page, 'body')!.value).toBeTypeOf('string');
    }
    expect(kept.pages.get('index')!.body).toBe('\n\n\n\n# Kiln home\n');
    // Read when asked for: the file as it is now, once the page is not among the last bodies read
    // (those are kept for the readers of a page being made).
    await writeFile(path.join(root, 'guide.mdx'), 'Changed {{product}}\n');
    expect(onDisk.pages.get('guide')!.body).toBe('No front matter, `Kiln` and Kiln\n');
    for (let read = 0; read < RECENT_BODIES; ) {
      for (const other of (await loadContent(root, settings, files, undefined, { bodiesOnDisk: true })).pages.values()) {
        expect(other.body).toBeTypeOf('string');
        read++;
      }
    }
    expect(onDisk.pages.get('guide')!.body).toBe('Changed Kiln\n');
    expect(onDisk.pages.get('fr/guide')!.body).toBe('Changed Kiln\n');
    await rm(root, { recursive: true, force: true });
  });

  it('keeps a body set on the page, and its stamp changes with it', async () => {
    const { root, settings, files } = await site();
    const page = (await loadContent(root, settings, files, undefined, { bodiesOnDisk: true })).pages.get('guide')!;
    const before = bodyStamp(page);
    expect(bodyStamp(page)).toBe(before);
    expect(before).not.toBeTypeOf('string');
    page.body = 'Edited\n';
    expect(page.body).toBe('Edited\n');
    expect(bodyStamp(page)).toBe('Edited\n');
    const held = (await loadContent(root, settings, files)).pages.get('guide')!;
    expect(bodyStamp(held)).toBe(held.body);
    await rm(root, { recursive: true, force: true });
  });
});
