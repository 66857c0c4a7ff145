import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPage, createEngines, loadSite, mapCache } from '../site/load.js';

const root = path.join(fileURLToPath(new URL('./fixtures/', import.meta.url)), 'snippet-exports');

describe('named imports from snippets', () => {
  it('uses a component the snippet exports, and a placeholder for a name it does not export', async () => {
    const { site } = await loadSite({ root, dev: false });
    const page = site!.content.pages.get('index')!;
    const result = await buildPage(site!, page, createEngines(), mapCache());
    expect(result.html).toContain('<a class="primary-button" href="/start">Get started</a>');
    expect(result.html).not.toContain('Content of the snippet');
    expect(result.html).toContain('Unknown component &lt;Missing&gt;');
  });
});
