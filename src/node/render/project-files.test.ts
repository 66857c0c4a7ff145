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
    // A build shows nothing for the missing name (it has no content); `kiln dev` marks it.
    expect(result.html).not.toContain('missing-component');
    const { site: dev } = await loadSite({ root, dev: true });
    const inDev = await buildPage(dev!, dev!.content.pages.get('index')!, createEngines(), mapCache());
    expect(inDev.html).toContain('Unknown component &lt;Missing&gt;');
  });
});

describe("the project's own CSS and JS", () => {
  it('are linked on every page, after the theme; tool configuration and ES modules (snippets of data) are not', async () => {
    const { site } = await loadSite({ root: path.join(fileURLToPath(new URL('./fixtures/', import.meta.url)), 'custom-assets'), dev: false });
    const result = await buildPage(site!, site!.content.pages.get('index')!, createEngines(), mapCache());
    const html = result.html!;
    expect(html).toContain('<link rel="stylesheet" href="/styles/brand.css"/>');
    expect(html).toContain('<script src="/analytics.js" defer=""></script>');
    expect(html).not.toContain('tailwind.config.js');
    expect(html).not.toContain('plans.js');
    expect(html.indexOf('/styles/brand.css')).toBeGreaterThan(html.indexOf('/_kiln/assets/kiln.'));
  });
});
