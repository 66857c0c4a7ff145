import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { NavGroupNode } from '../../content/pages.js';
import { fakeContent } from '../../seo/test-helpers.js';
import { breadcrumbJsonLd, Breadcrumbs, groupTrail, pageTrail } from './breadcrumbs.js';

const content = fakeContent(
  [{ id: 'intro' }, { id: 'guides/setup', title: 'Set up', navTitle: 'Setup' }, { id: 'guides/retries', title: 'Retries </script>' }, { id: 'orphan' }],
  [{ title: 'Start', ids: ['intro'] }, { title: 'Guides', ids: ['guides/setup'] }],
);
// A nested group: Guides › Reliability › Retries.
const nested: NavGroupNode = { kind: 'group', title: 'Reliability', children: [{ kind: 'page', id: 'guides/retries', url: '/guides/retries', title: 'Retries' }] };
content.nav[1]!.children.push(nested);
const page = (id: string) => content.pages.get(id)!;

describe('breadcrumbs', () => {
  it('lists the groups around a page, outermost first, each with its first page', () => {
    expect(groupTrail(content, '/guides/retries')).toEqual([{ title: 'Guides', url: '/guides/setup' }, { title: 'Reliability', url: '/guides/retries' }]);
    expect(groupTrail(content, '/guides/setup')).toEqual([{ title: 'Guides', url: '/guides/setup' }]);
  });

  it('shows none on the home page or on pages outside the navigation', () => {
    expect(pageTrail(content, page('intro'))).toEqual([]);
    expect(pageTrail(content, page('orphan'))).toEqual([]);
    expect(renderToStaticMarkup(<Breadcrumbs trail={[]} page={page('intro')} />)).toBe('');
  });

  it('renders the group names, then the page as the current item', () => {
    const html = renderToStaticMarkup(<Breadcrumbs trail={pageTrail(content, page('guides/setup'))} page={page('guides/setup')} />);
    expect(html).toBe('<nav class="eyebrow breadcrumbs" aria-label="Breadcrumb"><ol><li>Guides</li><li aria-current="page">Setup</li></ol></nav>');
  });

  it('with eyebrows "section", shows only the group the page sits in (the innermost of nested groups)', () => {
    const nestedPage = page('guides/retries');
    expect(renderToStaticMarkup(<Breadcrumbs trail={pageTrail(content, nestedPage)} page={nestedPage} eyebrows="section" />)).toBe('<p class="eyebrow section-eyebrow">Reliability</p>');
    expect(renderToStaticMarkup(<Breadcrumbs trail={pageTrail(content, page('guides/setup'))} page={page('guides/setup')} eyebrows="breadcrumbs" />)).toContain('<li>Guides</li><li aria-current="page">Setup</li>');
    expect(renderToStaticMarkup(<Breadcrumbs trail={[]} page={page('intro')} eyebrows="section" />)).toBe('');
  });

  it('describes the trail as a schema.org BreadcrumbList with absolute URLs, only when the site URL is known', () => {
    const p = page('guides/retries');
    const trail = pageTrail(content, p);
    expect(breadcrumbJsonLd(undefined, trail, p)).toBeUndefined();
    const json = breadcrumbJsonLd('https://docs.acme.dev', trail, p)!;
    // The page title cannot close the <script> it is written into.
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Guides', item: 'https://docs.acme.dev/guides/setup' },
        { '@type': 'ListItem', position: 2, name: 'Reliability', item: 'https://docs.acme.dev/guides/retries' },
        { '@type': 'ListItem', position: 3, name: 'Retries </script>', item: 'https://docs.acme.dev/guides/retries' },
      ],
    });
  });

  it('leaves a group without a name out of the trail: no empty crumb, no stray separator', () => {
    const untitled = fakeContent([{ id: 'home' }, { id: 'intro', title: 'Introduction' }, { id: 'start', title: 'Start' }], [{ title: '', ids: ['home', 'intro'] }, { title: 'Guides', ids: ['start'] }]);
    untitled.nav[1]!.children.push({ kind: 'group', title: '', children: [{ kind: 'page', id: 'intro', url: '/intro', title: 'Introduction' }] });
    const intro = untitled.pages.get('intro')!;
    expect(pageTrail(untitled, intro)).toEqual([]);
    expect(renderToStaticMarkup(<Breadcrumbs trail={pageTrail(untitled, intro)} page={intro} />)).toBe('');
    expect(groupTrail(untitled, '/start')).toEqual([{ title: 'Guides', url: '/start' }]);
  });
});
