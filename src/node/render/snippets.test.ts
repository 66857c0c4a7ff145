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

/** A page as a build renders it, or as `kiln dev` does (`dev`: unknown components are boxes naming them). */
async function render(fixture: string, id: string, dev = false): Promise<{ html: string; diagnostics: Diagnostic[]; site: LoadedSite }> {
  const { site } = await loadSite({ root: path.join(fixtures, fixture), dev });
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
    expect(html).toMatch(/<figure class="frame"><div class="frame-body"><img[^>]*alt="Throughput"[^>]*\/><\/div><figcaption><span>Throughput<\/span><\/figcaption><\/figure>/);
    expect(html).toMatch(/<div class="callout[^"]*"[^>]*>.*Noted inside a component of the page\./s);
    // A component that nothing defines, rendered inside `export` code: a warning where it is written,
    // readers see what it holds (nothing), `kiln dev` a box naming it.
    expect(html).not.toContain('missing-component');
    expect((await render('snippet-scope', 'cards', true)).html).toContain('data-component="NoSuchThing"');
    expect(diagnostics.map((d) => `${path.basename(d.file ?? '')}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      'cards.mdx:21:35 page/unknown-component Unknown component <NoSuchThing>; readers see what it holds, without it (`kiln dev` marks the place).',
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

describe('script snippets (.jsx, .tsx, .js: React components and data)', () => {
  it('renders default and named exports, several per file, with hooks and built-ins in scope', async () => {
    const { html, diagnostics } = await render('snippet-scripts', 'index');
    expect(html).toContain('<p class="hello">Hello, Ada!</p>');
    expect(html).toContain('<em class="plain">plain</em>');
    // Data from a .js snippet, read by the page and (imported relatively) by a .tsx snippet, which renders a built-in.
    expect(html).toContain('<p>The SDK has 2 components.</p>');
    expect(html).toMatch(/<table class="components"><tbody><tr><td>CardForm<\/td><td><code>2\.4\.0<\/code><\/td><td><svg class="kiln-icon[^"]*"[^>]*data-icon="check">.*<\/svg><\/td><\/tr><tr><td>PinReveal<\/td><td><code>1\.9\.2<\/code><\/td><td>Beta<\/td><\/tr>/);
    expect(diagnostics.map((d) => `${path.basename(d.file ?? '')}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      "index.mdx:24:1 islands/rendered-in-browser <ReadsWindow> could not be rendered on the server (window is not defined); readers' browsers render it when the page's script runs.",
    ]);
  });

  it('makes stateful components islands: hydrated, or rendered by the browser when they test where they run', async () => {
    const { html } = await render('snippet-scripts', 'index');
    expect(html).toMatch(/<div data-kiln-island="ColorSwatch" data-kiln-source="[0-9a-f]+" data-props="\{&quot;color&quot;:&quot;coral&quot;\}"><button type="button" class="swatch rounded-md" data-testid="swatch">coral<!-- --> <!-- -->0<\/button><\/div>/);
    expect(html).toMatch(/<div data-kiln-island="Mounted" data-kiln-source="[0-9a-f]+"><span data-testid="mounted">on the server<\/span><\/div>/);
    expect(html).toMatch(/<div data-kiln-island="ClientOnly" data-kiln-source="[0-9a-f]+" data-kiln-client=""><span data-testid="client-only">loading<\/span><\/div>/);
    expect(html).toMatch(/<div data-kiln-island="ReadsWindow" data-kiln-source="[0-9a-f]+" data-kiln-client=""><\/div>/);
  });

  it('gives the page the modules its islands need (the page has no code of its own left), and their Tailwind classes', async () => {
    const { site } = await loadSite({ root: path.join(fixtures, 'snippet-scripts'), dev: false });
    const result = await buildPage(site, site.content.pages.get('index')!, engines, mapCache());
    const modules = Object.fromEntries(result.islands!.map((m) => [path.basename(m.file), { names: m.names, client: m.client, scope: m.scope, loader: m.loader }]));
    expect(modules).toEqual({
      'color-swatch.jsx': { names: ['ColorSwatch'], client: [], scope: ['useState'], loader: 'jsx' },
      'sdk-components.js': { names: [], client: [], scope: [], loader: 'jsx' },
      'components-table.tsx': { names: [], client: [], scope: ['Icon'], loader: 'tsx' },
      'window-width.jsx': { names: ['Mounted', 'ClientOnly', 'ReadsWindow'], client: ['ClientOnly'], scope: [], loader: 'jsx' },
    });
    expect(result.classes).toEqual(expect.arrayContaining(['swatch', 'rounded-md', 'components', 'hello']));
  });

  it('warns where a package is imported; readers see what its component holds, kiln dev a box naming it', async () => {
    const { html, diagnostics } = await render('snippet-scripts', 'typed');
    expect(html).toContain('<span class="today">Sales by month</span>');
    expect((await render('snippet-scripts', 'typed', true)).html).toContain('<span class="today"><span class="missing-component" data-component="Chart"><span class="missing-component-label">Unknown component &lt;Chart&gt;</span>Sales by month</span></span>');
    expect(diagnostics.map((d) => `${path.basename(d.file ?? '')}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      'uses-package.jsx:1:24 page/import-not-found Import "date-fns" could not be resolved; readers see what its components hold, without them (`kiln dev` marks the place), and its other names are undefined.',
      'uses-package.jsx:2:19 page/import-not-found Import "some-chart-lib" could not be resolved; readers see what its components hold, without them (`kiln dev` marks the place), and its other names are undefined.',
    ]);
  });

  it('reports a snippet that does not compile at its position; the page shows a placeholder', async () => {
    const { html, diagnostics } = await render('snippet-scripts', 'broken', true);
    expect(html).toContain('data-component="Broken"');
    expect(diagnostics.map((d) => `${path.basename(d.file ?? '')}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      'broken.jsx:4:5 page/compile-failed The page could not be compiled: Unexpected closing "div" tag does not match opening "span" tag',
    ]);
  });
});

describe("a snippet's relative URLs", () => {
  // As on Mintlify: a snippet shared by oss/ and enterprise/ pages links each to its own sibling.
  it.each(['oss', 'enterprise'])('resolve against the page that renders it (%s), links, cards and images alike', async (edition) => {
    const { html, diagnostics } = await render('snippet-links', `${edition}/backends/grafana`);
    expect(diagnostics).toEqual([]);
    expect(html).toContain(`<a href="/${edition}/backends/tempo#labels">Tempo</a>`);
    // A link to the file is the page's clean URL; a root-relative one is as written.
    expect(html).toContain(`<a href="/${edition}/backends/tempo">its file</a>`);
    expect(html).toContain('<a href="/oss/backends/tempo">root page</a>');
    expect(html).toMatch(new RegExp(`<a class="card[^"]*" href="/${edition}/backends/tempo"`));
    expect(html).toMatch(/<img[^>]* src="\/images\/diagram.png"/);
    // In a snippet the snippet imports, too.
    expect(html).toContain(`<a href="/${edition}/backends/tempo">sibling</a>`);
    // Code shows what was written.
    expect(html).toMatch(/>"\.\.\/backends\/tempo"<\/span>.*code stays as written/);
    expect(html).not.toMatch(/href="\.\.?\//);
  });

  it('resolve against a page another page imports, whichever of the two is made first', async () => {
    const { site } = await loadSite({ root: path.join(fixtures, 'snippet-links') });
    const cache = mapCache();
    const make = async (id: string) => (await buildPage(site!, site!.content.pages.get(id)!, engines, cache)).html!;
    // The importer first: the page's one compile is the one made for it as a snippet.
    expect(await make('oss/backends/all')).toContain('<a href="/oss/backends/tempo">Tempo</a>');
    expect(await make('oss/backends/loki')).toContain('<a href="/oss/backends/tempo">Tempo</a>');
  });
});
