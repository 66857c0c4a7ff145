import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../settings/load.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'kiln-seo-settings-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function settingsOf(json: object) {
  const dir = mkdtempSync(path.join(tmp, 'site-'));
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(json));
  const { settings, diagnostics } = await loadSettings(dir);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return settings!;
}

describe('search and SEO settings', () => {
  it('reads search.prompt, metadata, the site URL and seo.indexHiddenPages from the classic layout', async () => {
    const s = await settingsOf({
      name: 'Pipe', navigation: [{ group: 'A', pages: ['a'] }],
      search: { prompt: 'Search Pipe docs', location: 'top' },
      metadata: { 'og:url': 'https://docs.pipe.ai/', 'twitter:site': '@pipe' },
      seo: { indexHiddenPages: true },
    });
    expect(s.search).toEqual({ prompt: 'Search Pipe docs' });
    expect(s.siteUrl).toBe('https://docs.pipe.ai');
    expect(s.metadata).toEqual({ 'og:url': 'https://docs.pipe.ai/', 'twitter:site': '@pipe' });
    expect(s.indexHiddenPages).toBe(true);
  });

  it('reads them from docs.json (v2): seo.metatags and seo.indexing', async () => {
    const s = await settingsOf({
      $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'V2', colors: { primary: '#000000' },
      navigation: { groups: [{ group: 'A', pages: ['a'] }] },
      search: { prompt: 'Find it' },
      seo: { metatags: { canonical: 'https://v2.dev' }, indexing: 'all' },
    });
    expect(s.search?.prompt).toBe('Find it');
    expect(s.siteUrl).toBe('https://v2.dev');
    expect(s.indexHiddenPages).toBe(true);
  });

  it('leaves them out when not given', async () => {
    const s = await settingsOf({ name: 'Plain', navigation: [{ group: 'A', pages: ['a'] }] });
    expect(s.search).toBeUndefined();
    expect(s.siteUrl).toBeUndefined();
  });
});
