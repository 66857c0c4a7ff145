import { describe, expect, it } from 'vitest';
import type { NavGroupNode } from '../../content/pages.js';
import { INLINE_NAV_LIMIT, SidebarRenderer } from './sidebar.js';

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

  it('sends a large section in part: the current group whole, the others as a link to their first page', () => {
    const groups = Array.from({ length: 20 }, (_, g) => group(`G${g}`, g * 10, 10));
    const r = new SidebarRenderer(groups);
    expect(r.partial).toBe(true);
    const html = r.render('/p55');
    // 10 links of the current group, one per other group.
    expect(html.match(/class="nav-link"/g)).toHaveLength(10);
    expect(html.match(/class="nav-link nav-more"/g)).toHaveLength(19);
    expect(html).toContain('<a class="nav-link" href="/p55" aria-current="page">');
    expect(html).toContain('<a class="nav-link nav-more" href="/p120">Page 120 <span class="nav-more-count">and 9 more</span></a>');
    expect(html).toContain(`data-kiln-nav="${r.file()!.url}"`);
    // The shared file holds every link, unmarked.
    expect(r.file()!.body.match(/class="nav-link"/g)).toHaveLength(200);
    expect(r.file()!.body).not.toContain('aria-current');
    expect(r.file()!.url).toMatch(/^\/_kiln\/nav\/[0-9a-f]{12}\.html$/);
  });

  it('keeps the page size independent of the number of groups', () => {
    const sizeWith = (n: number) => new SidebarRenderer(Array.from({ length: n }, (_, g) => group(`G${g}`, g * 10, 10))).render('/p5').length;
    const perExtraGroup = (sizeWith(200) - sizeWith(20)) / 180;
    // A collapsed group costs its title and one link, not its pages.
    expect(perExtraGroup).toBeLessThan(300);
    expect(INLINE_NAV_LIMIT).toBeGreaterThan(20);
  });
});
