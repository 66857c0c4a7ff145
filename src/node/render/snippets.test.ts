import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { buildPage, createEngines, loadSite, mapCache, type Engines, type LoadedSite } from '../site/load.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
let engines: Engines;
beforeAll(() => {
  engines = createEngines();
});

async function render(fixture: string, id: string): Promise<{ html: string; diagnostics: Diagnostic[]; site: LoadedSite }> {
  const { site } = await loadSite({ root: path.join(fixtures, fixture), dev: false });
  const result = await buildPage(site!, site!.content.pages.get(id)!, engines, mapCache());
  if (!result.html) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  // The article only: the layout repeats the title and links.
  const html = result.html.slice(result.html.indexOf('<article'), result.html.indexOf('</article>'));
  return { html, diagnostics: result.diagnostics, site: site! };
}

describe('the scope of pages and snippets', () => {
  it("gives pages a snippet's data exports: objects, arrays, strings, functions", async () => {
    const { html, diagnostics } = await render('snippet-scope', 'index');
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<a href="https://example.com/docs">the docs</a> of Emberline: 3 plans, the first is Free. Hello, Ada!');
    expect(html).toContain('<a href="https://example.com/pro">Pro</a>');
  });

  it("gives a snippet's components what that snippet imports, wherever it is written", async () => {
    const { html } = await render('snippet-scope', 'index');
    // ProBanner (banner.mdx) renders ProButton, which banner.mdx imports; ProButton reads `urls`, which button.mdx imports.
    expect(html).toContain('<div class="pro-banner"><p>Upgrade</p><a class="pro-button" href="https://example.com/pro">Start</a></div>');
  });

  it('has the built-in components in scope inside `export const` components, of snippets and of the page', async () => {
    const { html, diagnostics } = await render('snippet-scope', 'cards');
    expect(html).toMatch(/<div class="card-group[^"]*"[^>]*>.*<a class="card[^"]*" href="\/go"/s);
    expect(html).toContain('Python agent');
    expect(html).toMatch(/<span class="journey-item"><svg[^>]*>.*<\/svg>Launch<\/span>/s);
    expect(html).toMatch(/<figure class="frame"><div class="frame-body"><img[^>]*alt="Throughput"[^>]*\/><\/div><figcaption>Throughput<\/figcaption><\/figure>/);
    expect(html).toMatch(/<div class="callout[^"]*"[^>]*>.*Noted inside a component of the page\./s);
    // A component that nothing defines, rendered inside `export` code: a placeholder and a warning where it is written.
    expect(html).toContain('data-component="NoSuchThing"');
    expect(diagnostics.map((d) => `${path.basename(d.file ?? '')}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      'cards.mdx:21:35 page/unknown-component Unknown component <NoSuchThing>; it is rendered as a placeholder.',
    ]);
  });

  it('has `user`, empty as for a reader who is not logged in, so fallbacks render', async () => {
    const { html, diagnostics } = await render('snippet-scope', 'personal');
    expect(diagnostics).toEqual([]);
    expect(html).toContain('Welcome back, reader! Your plan: free.');
  });

  it('reads `import.meta.env` as a production build', async () => {
    const { html, diagnostics } = await render('snippet-scope', 'story');
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<iframe src="https://stories.example.com/iframe.html?id=button--primary" title="button--primary"></iframe>');
  });
});
