import { describe, expect, it } from 'vitest';
import type { NavGroupNode } from '../../content/pages.js';
import type { NavNode } from '../../content/pages.js';
import { ENTRY_WINDOW, GROUP_WINDOW, INLINE_NAV_LIMIT, SidebarRenderer } from './sidebar.js';

const group = (title: string, from: number, count: number): NavGroupNode => ({
  kind: 'group',
  title,
  children: [
    ...Array.from({ length: count - 2 }, (_, i) => ({ kind: 'page' as const, id: `p${from + i}`, url: `/p${from + i}`, title: `Page ${from + i}` })),
    { kind: 'group', title: `${title} deeper`, children: [0, 1].map((k) => ({ kind: 'page' as const, id: `p${from + count - 2 + k}`, url: `/p${from + count - 2 + k}`, title: `Page ${from + count - 2 + k}` })) },
  ],
});

describe('SidebarRenderer', () => {
  it('inlines a small section whole, marking the page and opening its groups', () => {
    const r = new SidebarRenderer([group('A', 0, 10), group('B', 10, 10)]);
    const html = r.render('/p19');
    expect(r.partial).toBe(false);
    expect(r.file()).toBeUndefined();
    expect(html.match(/class="nav-link"/g)).toHaveLength(20);
    expect(html).toContain('<a class="nav-link" href="/p19" aria-current="page">');
    expect(html).toContain('data-gid="1" open=""');
    expect(html).not.toContain('data-gid="0" open=""');
  });

  it("marks the current entry as Mintlify's selector finds it, and an endpoint's link as any page's", () => {
    const r = new SidebarRenderer([{ kind: 'group', title: 'API', children: [
      { kind: 'page', id: 'guide', url: '/guide', title: 'Guide' },
      { kind: 'page', id: 'get-pet', url: '/get-pet', title: 'Get a pet', method: 'GET' },
    ] }]);
    expect(r.render('/guide')).toContain('<li data-active=""><a class="nav-link" href="/guide" aria-current="page">');
    const endpoint = r.render('/get-pet');
    expect(endpoint).toContain('<li data-active=""><a class="nav-link nav-endpoint" href="/get-pet" aria-current="page">');
    expect(endpoint).toContain('<section data-active="" class="nav-group sidebar-group"><h2 class="nav-group-title sidebar-group-header">API</h2>');
    expect(endpoint.match(/data-active|aria-current/g)).toHaveLength(3);
  });

  it('draws no group that would open on nothing: every page hidden or missing', () => {
    const page = (n: number, hidden?: boolean): NavNode => ({ kind: 'page', id: `p${n}`, url: `/p${n}`, title: `Page ${n}`, ...(hidden ? { hidden } : {}) });
    const r = new SidebarRenderer([
      { kind: 'group', title: 'A', children: [page(0), { kind: 'group', title: 'All hidden', children: [page(1, true)] }, { kind: 'group', title: 'Empty', children: [] }, { kind: 'group', title: 'Kept', children: [page(2)] }] },
      { kind: 'group', title: 'Only hidden', children: [page(3, true)] },
    ]);
    const html = r.render('/p2');
    for (const title of ['All hidden', 'Empty', 'Only hidden']) expect(html).not.toContain(title);
    // The drawn group keeps its place in the numbering, so the client opens the right one.
    expect(html).toContain('<details class="nav-subgroup" data-gid="2" open="">');
  });

  it('sends a large section in part: the current group whole, the others as a link to their first page', () => {
    const groups = Array.from({ length: 20 }, (_, g) => group(`G${g}`, g * 10, 10));
    const r = new SidebarRenderer(groups);
    expect(r.partial).toBe(true);
    const html = r.render('/p55');
    // 10 links of the current group, one per other group.
    expect(html.match(/class="nav-link"/g)).toHaveLength(10);
    // The groups either side of it, then one link for those beyond the window.
    expect(html.match(/class="nav-link nav-more"/g)).toHaveLength(5 + GROUP_WINDOW + 1);
    expect(html).toContain('<a class="nav-link" href="/p55" aria-current="page">');
    expect(html).toContain('<a class="nav-link nav-more" href="/p120">Page 120 <span class="nav-more-count">and 9 more</span></a>');
    expect(html).toContain('<section class="nav-group sidebar-group nav-group-stub"><h2 class="nav-group-title sidebar-group-header">G12</h2>');
    expect(html).toContain(`data-kiln-nav="${r.file()!.url}"`);
    // The shared file holds every link, unmarked.
    expect(r.file()!.body.match(/class="nav-link"/g)).toHaveLength(200);
    expect(r.file()!.body).not.toContain('aria-current');
    expect(r.file()!.url).toMatch(/^\/_kiln\/nav\/[0-9a-f]{12}\.html$/);
  });

  it('links the shared file by a name that changes with the navigation, before and after the file is made', () => {
    const groups = Array.from({ length: 20 }, (_, g) => group(`G${g}`, g * 10, 10));
    const r = new SidebarRenderer(groups);
    const linked = /data-kiln-nav="([^"]+)"/.exec(r.render('/p55'))![1];
    expect(linked).toBe(r.file()!.url);
    expect(/data-kiln-nav="([^"]+)"/.exec(r.render('/p105'))![1]).toBe(linked);
    const renamed = groups.map((g, i) => (i === 19 ? { ...g, title: 'Renamed' } : g));
    expect(new SidebarRenderer(renamed).file()!.url).not.toBe(linked);
    // Rendered group by group, the whole file is the same markup as the whole sidebar of a small section.
    expect(r.file()!.body).toBe(new SidebarRenderer(groups).file()!.body);
    expect(new SidebarRenderer(groups.slice(0, 2)).render('/nowhere')).toBe(r.file()!.body.split(/(?=<section)/).slice(0, 2).join(''));
  });

  it('keeps the page size independent of the number of groups', () => {
    const sizeWith = (n: number) => new SidebarRenderer(Array.from({ length: n }, (_, g) => group(`G${g}`, g * 10, 10))).render('/p505').length;
    // Beyond the window, more groups add nothing to a page but the digits of a count.
    expect(Math.abs(sizeWith(400) - sizeWith(2 * GROUP_WINDOW + 60))).toBeLessThan(8);
    expect(INLINE_NAV_LIMIT).toBeGreaterThan(20);
  });

  it('names the groups beyond the window by one link each way, into the nearest of them', () => {
    const groups = Array.from({ length: 40 }, (_, g) => group(`G${g}`, g * 10, 10));
    const html = new SidebarRenderer(groups).render('/p205');
    const shown = [...html.matchAll(/<h2 class="nav-group-title sidebar-group-header">(G\d+)<\/h2>/g)].map((m) => m[1]);
    expect(shown).toEqual(Array.from({ length: 2 * GROUP_WINDOW + 1 }, (_, i) => `G${20 - GROUP_WINDOW + i}`));
    expect(html).toContain(`<a class="nav-link nav-more" href="/p${(19 - GROUP_WINDOW) * 10}">G${19 - GROUP_WINDOW} <span class="nav-more-count">and ${19 - GROUP_WINDOW} more groups</span></a>`);
    expect(html).toContain(`<a class="nav-link nav-more" href="/p${(21 + GROUP_WINDOW) * 10}">G${21 + GROUP_WINDOW} <span class="nav-more-count">and ${40 - 22 - GROUP_WINDOW} more groups</span></a>`);
    // A page outside the navigation gets the first groups.
    expect(new SidebarRenderer(groups).render('/elsewhere')).toContain('<h2 class="nav-group-title sidebar-group-header">G0</h2>');
  });

  it('sends a current group too large to inline as a window around the page, bounded at any size', () => {
    // One group of 5 subgroups × 40 pages (past INLINE_NAV_LIMIT), the page in the middle one.
    const page = (k: number): NavNode => ({ kind: 'page', id: `q${k}`, url: `/q${k}`, title: `Q ${k}` });
    const huge = (subgroups: number, pages: number): NavGroupNode => ({
      kind: 'group',
      title: 'API',
      children: Array.from({ length: subgroups }, (_, s) => ({ kind: 'group' as const, title: `R${s}`, children: Array.from({ length: pages }, (_, k) => page(s * pages + k)) })),
    });
    expect(5 * 40).toBeGreaterThan(INLINE_NAV_LIMIT);
    const r = new SidebarRenderer([huge(5, 40)]);
    const html = r.render('/q100');
    expect(html).toContain('<a class="nav-link" href="/q100" aria-current="page">');
    // The page's own list: ENTRY_WINDOW entries either side, then a link to the next cut-off one.
    expect(html).toContain('href="/q85"');
    expect(html).toContain('href="/q115"');
    expect(html).not.toContain('class="nav-link" href="/q84"');
    expect(html).toContain(`<a class="nav-link nav-more" href="/q84">Q 84 <span class="nav-more-count">and 4 more</span></a>`);
    expect(html).toContain(`<a class="nav-link nav-more" href="/q116">Q 116 <span class="nav-more-count">and 3 more</span></a>`);
    // Its group is open; the other subgroups are closed, each one link to its first page.
    expect(html.match(/<details class="nav-subgroup" open="">/g)).toHaveLength(1);
    expect(html).toContain('<a class="nav-link nav-more" href="/q0">Q 0 <span class="nav-more-count">and 39 more</span></a>');
    expect(html.match(/class="nav-link"/g)).toHaveLength(2 * ENTRY_WINDOW + 1);
    // Twice the group, same page: the same size but for the digits of a count. Groups of 40 and
    // 80 subgroups of 4 pages: past INLINE_NAV_LIMIT, with subgroups cut off on both sides of the
    // page's (subgroup 20).
    const size = (n: number) => new SidebarRenderer([huge(n, 4)]).render('/q80').length;
    expect(40 * 4).toBeGreaterThan(INLINE_NAV_LIMIT);
    expect(40 - 20).toBeGreaterThan(ENTRY_WINDOW + 1);
    expect(Math.abs(size(80) - size(40))).toBeLessThan(8);
  });

  it('draws no heading for a group without a name, in the whole sidebar and as a stub', () => {
    const untitled = { ...group('', 0, 4), title: '' };
    const html = new SidebarRenderer([untitled, group('B', 4, 4)]).render('/p5');
    expect(html).not.toContain('<h2 class="nav-group-title sidebar-group-header"></h2>');
    expect(html).toContain('<section class="nav-group sidebar-group"><ul><li><a class="nav-link" href="/p0">Page 0</a></li>');
    expect(html).toContain('<h2 class="nav-group-title sidebar-group-header">B</h2>');
    const many = [untitled, ...Array.from({ length: 20 }, (_, g) => group(`G${g}`, 10 + g * 10, 10))];
    const stubbed = new SidebarRenderer(many).render('/p55');
    expect(stubbed).toContain('<section class="nav-group sidebar-group nav-group-stub"><ul>');
    expect(stubbed).not.toContain('<h2 class="nav-group-title sidebar-group-header"></h2>');
    // Past the window, an untitled group is named by its first page.
    const beyond = Array.from({ length: 20 }, (_, g) => (g === GROUP_WINDOW + 1 ? { ...group('', g * 10, 10), title: '' } : group(`G${g}`, g * 10, 10)));
    expect(new SidebarRenderer(beyond).render('/p5')).toContain(`<a class="nav-link nav-more" href="/p${(GROUP_WINDOW + 1) * 10}">Page ${(GROUP_WINDOW + 1) * 10} <span class="nav-more-count">and ${20 - GROUP_WINDOW - 2} more groups</span></a>`);
  });
});
