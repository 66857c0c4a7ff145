import { describe, expect, it } from 'vitest';
import type { Settings } from '../settings/types.js';
import type { ContentModel, NavGroupNode } from './pages.js';
import { buildSections } from './sections.js';

const page = (url: string) => ({ kind: 'page' as const, id: url.slice(1), url, title: url });
const group = (title: string, ...urls: string[]): NavGroupNode => ({ kind: 'group', title, children: urls.map(page) });

function model(groups: { group: string; tab?: string; anchor?: string; urls: string[] }[], extra: Partial<Settings>) {
  const settings = {
    navigation: groups.map((g) => ({ group: g.group, pages: g.urls.map((u) => u.slice(1)), tab: g.tab, anchor: g.anchor })),
    tabs: [], anchors: [], topAnchor: { name: 'Documentation', icon: 'book-open', iconType: 'duotone' }, ...extra,
  } as unknown as Settings;
  const content = { nav: groups.map((g) => group(g.group, ...g.urls)) } as unknown as ContentModel;
  return buildSections(settings, content);
}

describe('buildSections', () => {
  it('gives groups to the tab or anchor whose URL prefixes their pages; the root keeps the rest', () => {
    const s = model(
      [
        { group: 'Start', urls: ['/intro', '/quickstart'] },
        { group: 'Endpoints', urls: ['/api-reference/list', '/api-reference/get'] },
        { group: 'SDK', urls: ['/sdk/js'] },
        { group: 'Beta', urls: ['/beta/flows'] },
      ],
      {
        tabs: [{ name: 'API', url: 'api-reference' }, { name: 'SDKs', url: '/sdk/' }, { name: 'Blog', url: 'https://blog.example.com' }],
        anchors: [{ name: 'Beta', url: 'beta', iconType: 'duotone', isDefaultHidden: true }],
      },
    );
    expect(s.sections.map((x) => [x.key, x.groups.map((g) => g.title), x.firstUrl])).toEqual([
      ['root', ['Start'], '/intro'],
      ['tab:API', ['Endpoints'], '/api-reference/list'],
      ['tab:SDKs', ['SDK'], '/sdk/js'],
      ['anchor:Beta', ['Beta'], '/beta/flows'],
    ]);
    expect(s.of('/api-reference/get').key).toBe('tab:API');
    expect(s.of('/quickstart').key).toBe('root');
    // A page outside the navigation goes by its URL.
    expect(s.of('/beta/other').key).toBe('anchor:Beta');
    expect(s.of('/elsewhere').key).toBe('root');
  });

  it('uses the tab a group was listed under in the newer layout, whatever its URLs', () => {
    const s = model(
      [
        { group: 'Guide', tab: 'Guide', urls: ['/index', '/cli'] },
        { group: 'API', tab: 'API', urls: ['/api/intro', '/openai'] },
      ],
      { tabs: [{ name: 'Guide', url: '' }, { name: 'API', url: 'api' }] },
    );
    expect(s.of('/openai').key).toBe('tab:API');
    expect(s.of('/cli').key).toBe('tab:Guide');
    expect(s.sections[0]!.groups).toEqual([]);
    // The home page outside every tab shows the first section that has groups.
    expect(s.of('/').key).toBe('tab:Guide');
  });
});
