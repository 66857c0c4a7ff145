import { describe, expect, it } from 'vitest';
import { parseSettings } from './load.js';
import { loadFixture } from './test-helpers.js';
import type { Division } from './types.js';

/** A division tree as `kind:name` with its own settings, children indented under it. */
function outline(divisions: Division[] = [], depth = 0): string[] {
  return divisions.flatMap((d) => {
    const { kind, name, key: _key, children, ...own } = d;
    const extra = Object.keys(own).length ? ` ${JSON.stringify(own)}` : '';
    return [`${'  '.repeat(depth)}${kind}:${name}${extra}`, ...outline(children, depth + 1)];
  });
}

describe('docs.json navigation', () => {
  it('keeps every division as a tree: languages, products, versions, tabs, menus, with their tags, defaults, links and global links', async () => {
    const { settings } = await loadFixture('v2-divisions');
    expect(outline(settings!.divisions)).toEqual([
      'language:fr {"navbar":{"links":[{"name":"Blog","url":"https://acme.dev/fr/blog"}]}}',
      'language:en {"default":true}',
      '  product:Platform {"description":"Core"}',
      '    version:v1',
      '    version:v2 {"tag":"Latest","default":true}',
      '      tab:Guides {"align":"end","global":[{"kind":"anchor","name":"Forum","key":"language:en/product:platform/version:v2/tab:Guides/global/anchor:Forum","href":"https://forum.acme.dev","children":[]}]}',
      '      tab:Reference',
      '        menu:REST {"description":"HTTP","hidden":true}',
      '  product:Edge {"href":"https://edge.acme.dev"}',
    ]);
    expect(outline(settings!.globalLinks)).toEqual(['anchor:Status {"href":"https://status.acme.dev"}']);
    // The default language and version come first in the reading order (the home page is theirs).
    expect(settings!.navigation.map((g) => [g.group, g.division])).toEqual([
      ['Start', 'language:en/product:platform/version:v2/tab:Guides'],
      ['', 'language:en/product:platform/version:v2/tab:Reference/menu:REST'],
      ['', 'language:en/product:platform/version:v1'],
      ['', 'language:fr'],
    ]);
    expect(settings!.languages).toEqual([
      { code: 'en', default: true, prefix: 'en' },
      { code: 'fr', default: false, prefix: 'fr' },
    ]);
  });

  it('reads group tag, root, expanded, hidden and directory (inherited down the tree, kept only where a group has a root)', async () => {
    const { settings } = await loadFixture('v2-divisions');
    const start = settings!.navigation[0]!;
    expect(start).toMatchObject({ group: 'Start', tag: 'New', root: 'en/start', directory: 'card', lang: 'en' });
    const more = ['navigation', 'languages', 1, 'products', 0, 'versions', 1, 'tabs', 0, 'groups', 0, 'pages', 1];
    expect(start.pages[1]).toEqual({ group: 'More', pages: ['en/b'], expanded: true, hidden: true, settingsPath: more });
    // The path leads to the group as written, through the default language listed second.
    expect(settings!.positions!.find([...more, 'group'])).toMatchObject({ frame: expect.stringMatching(/^>.*"group": "More"/m) });
    expect(settings!.navigation[3]).not.toHaveProperty('directory');
  });

  it('reads navbar links without a label, a link icon, a Discord primary button and a language of its own navbar', async () => {
    const { settings } = await loadFixture('v2-divisions');
    expect(settings!.topbarLinks).toEqual([
      { name: '', url: 'https://github.com/acme/atlas', type: 'github' },
      { name: 'Blog', url: 'https://acme.dev/blog', icon: 'newspaper' },
    ]);
    expect(settings!.topbarCtaButton).toEqual({ type: 'discord', url: 'https://discord.gg/acme' });
    expect(settings!.variables).toEqual({ product: 'Atlas', 'api-url': 'https://api.example.dev' });
  });

  it('warns, with position, for the keys Mintlify documents and Kiln does not act on', async () => {
    const { text } = await loadFixture('v2-divisions');
    expect(text.split('\n').filter((l) => /  warning  /.test(l))).toEqual([
      'docs.json:6:20  warning  settings/unsupported  `interaction.drilldown` is a Mintlify setting Kiln does not support yet: Kiln does not open a group\'s first page when the group is opened (`interaction.drilldown`); a group opens in place; it is ignored.',
      'docs.json:15:109  warning  settings/unsupported  `navigation.languages[0].footer` is a Mintlify setting Kiln does not support yet: Kiln does not show a different footer per language; it is ignored.',
      'docs.json:36:98  warning  settings/unsupported  `navigation.languages[1].products[0].versions[1].tabs[0].groups[0].boost` is a Mintlify setting Kiln does not support yet: Kiln does not rank search results by group; it is ignored.',
    ]);
  });

  it('refuses a variable whose value is not text', () => {
    const { settings, diagnostics } = parseSettings('/x/docs.json', JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0d9373' }, variables: { version: 2 }, navigation: { pages: ['index'] } }, null, 2));
    expect(settings).toBeNull();
    expect(diagnostics.map((d) => d.message)).toEqual(['`variables.version`: expected a string, found a number.']);
  });
});

describe('classic versions', () => {
  it('accepts versions as objects: a link elsewhere, the default, a locale', async () => {
    const { settings, diagnostics } = await loadFixture('classic-versions');
    expect(diagnostics).toEqual([]);
    expect(settings!.versions).toEqual(['v3', 'v2', 'Français', 'v1']);
    expect(settings!.versionOptions).toEqual([
      { name: 'v3' },
      { name: 'v2', default: true },
      { name: 'Français', locale: 'fr' },
      { name: 'v1', url: 'https://v1.acme.dev' },
    ]);
  });
});
