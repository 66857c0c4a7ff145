import { describe, expect, it } from 'vitest';
import { parseSettings } from './load.js';

const iconFindings = (file: string, settings: unknown) => {
  const { diagnostics } = parseSettings(`/p/${file}`, JSON.stringify(settings, null, 2));
  return diagnostics.filter((d) => d.code.startsWith('icon/')).map((d) => `${d.line}:${d.column} ${d.severity} ${d.jsonPath} ${d.message}`);
};

describe('icons named in the settings', () => {
  it('are checked wherever the navigation names them, at their position in docs.json', () => {
    const docs = {
      name: 'Icons',
      navigation: {
        tabs: [
          {
            tab: 'Guides',
            icon: 'book-open',
            groups: [
              { group: 'Start', icon: 'rocket-launch', pages: ['index'] },
              { group: 'More', icon: 'no-such-icon', pages: ['more'] },
            ],
          },
          { tab: 'API', icon: 'telescope', groups: [{ group: 'Reference', icon: '/images/api.svg', pages: ['api'] }] },
        ],
        global: { anchors: [{ anchor: 'Blog', icon: 'fa-solid fa-newspaper', href: 'https://example.com' }, { anchor: 'Status', icon: 'not-an-icon-either', href: 'https://example.com' }] },
      },
    };
    expect(iconFindings('docs.json', docs)).toEqual([
      '11:21 info navigation.tabs[0].groups[0].icon "rocket-launch" is a Font Awesome Pro icon; the free "rocket" is shown instead.',
      '18:21 warning navigation.tabs[0].groups[1].icon Unknown icon "no-such-icon"; a default icon is shown instead.',
      '27:17 info navigation.tabs[1].icon Icon "telescope" is not in Font Awesome; Lucide\'s "telescope" is shown instead.',
      '48:19 warning navigation.global.anchors[1].icon Unknown icon "not-an-icon-either"; a default icon is shown instead.',
    ]);
  });

  it('are looked up in `icons.library` first', () => {
    const docs = (library: string) => ({ name: 'Icons', icons: { library }, navigation: { groups: [{ group: 'A', icon: 'house', pages: ['index'] }, { group: 'B', icon: 'github', pages: ['b'] }] } });
    expect(iconFindings('docs.json', docs('lucide'))).toEqual(['17:17 info navigation.groups[1].icon Icon "github" is not in Lucide; Font Awesome\'s "github" is shown instead.']);
    expect(iconFindings('docs.json', docs('tabler'))).toEqual([
      '10:17 info navigation.groups[0].icon Icon "house" is not in Tabler; Lucide\'s "house" is shown instead.',
      '17:17 info navigation.groups[1].icon Icon "github" is not in Tabler; Font Awesome\'s "github" is shown instead.',
    ]);
    expect(iconFindings('docs.json', docs('fontawesome'))).toEqual([]);
  });

  it('refuses a library Mintlify does not offer, and gives the setting to the site', () => {
    const bad = parseSettings('/p/docs.json', JSON.stringify({ name: 'X', icons: { library: 'heroicons' }, navigation: { groups: [{ group: 'A', pages: ['index'] }] } }, null, 2));
    expect(bad.settings).toBeNull();
    expect(bad.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual(['4:16 settings/invalid `icons.library`: expected one of "fontawesome", "lucide", "tabler", found "heroicons".']);
    const good = parseSettings('/p/docs.json', JSON.stringify({ name: 'X', icons: { library: 'tabler' }, navigation: { groups: [{ group: 'A', pages: ['index'] }] } }));
    expect(good.settings!.iconLibrary).toBe('tabler');
  });

  it('in mint.json too: groups, anchors, and social links of the older list form', () => {
    const mint = {
      name: 'Classic',
      navigation: [{ group: 'Start', icon: 'sparkles', pages: ['index'] }],
      anchors: [{ name: 'Community', icon: 'nope-anchor', url: 'https://example.com' }],
      footerSocials: [
        { type: 'github', url: 'https://github.com/acme' },
        { type: 'mastodon', url: 'https://hachyderm.io/@acme' },
        { type: 'myspace', url: 'https://myspace.com/acme' },
      ],
    };
    expect(iconFindings('mint.json', mint)).toEqual([
      '6:15 info navigation[0].icon "sparkles" is a Font Awesome Pro icon; the free "wand-magic-sparkles" is shown instead.',
      '15:15 warning anchors[0].icon Unknown icon "nope-anchor"; a default icon is shown instead.',
      '29:15 warning footerSocials[2].type Unknown icon "myspace"; a default icon is shown instead.',
    ]);
  });
});
