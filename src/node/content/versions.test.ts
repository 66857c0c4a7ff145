import { describe, expect, it } from 'vitest';
import { fakeContent } from '../seo/test-helpers.js';
import { classicVersions, counterpartUrl, versionPages } from './versions.js';

const content = fakeContent(
  [{ id: 'index' }, { id: 'v2/setup' }, { id: 'v2/streaming' }, { id: 'v1/introduction' }, { id: 'v1/setup' }, { id: 'docs/v1/faq' }, { id: 'docs/v2/faq' }, { id: 'shared' }],
  [
    { title: 'Start', ids: ['index', 'shared'] },
    { title: 'Guides', ids: ['v2/setup', 'v2/streaming', 'docs/v2/faq'] },
    { title: 'Guides', ids: ['v1/introduction', 'v1/setup', 'docs/v1/faq', 'shared'] },
  ],
);
content.nav[1]!.version = 'v2';
content.nav[2]!.version = 'v1';

describe('version counterparts', () => {
  const v2 = versionPages('v2', [content.nav[1]!], content);
  const v1 = versionPages('v1', [content.nav[2]!], content);

  it('leads to the same page in the other version: its folder swapped, or the segment naming the version', () => {
    expect(counterpartUrl('/v2/setup', v2, v1)).toBe('/v1/setup');
    expect(counterpartUrl('/v1/setup', v1, v2)).toBe('/v2/setup');
    // The two versions share no folder: the segment naming the version is swapped.
    expect(v2.folder).toBe('');
    expect(counterpartUrl('/docs/v2/faq', v2, v1)).toBe('/docs/v1/faq');
    // A page both versions list stays.
    expect(counterpartUrl('/shared', v2, v1)).toBe('/shared');
  });

  it('falls back to the version\'s first page when it has no such page, never to a missing one', () => {
    expect(counterpartUrl('/v2/streaming', v2, v1)).toBe('/v1/introduction');
    expect(counterpartUrl('/elsewhere', undefined, v1)).toBe('/v1/introduction');
  });

  it('reads the classic layout\'s versions from its groups; a page listed first outside any version has none', () => {
    const classic = classicVersions(content, ['v2', 'v1']);
    expect(classic.versionOf('/v1/setup')).toBe('v1');
    expect(classic.versionOf('/shared')).toBeUndefined();
    expect(classic.pages.get('v2')!.first).toBe('/v2/setup');
    expect(counterpartUrl('/v1/setup', classic.pages.get('v1'), classic.pages.get('v2')!)).toBe('/v2/setup');
  });
});
