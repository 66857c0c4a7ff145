import { afterAll, describe, expect, it } from 'vitest';
import { closeSearch, isNeededSearchFile, SearchIndex, searchFileType, searchInput } from './index.js';

afterAll(() => closeSearch());

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title} - Site</title></head><body><nav>Navigation words</nav>` +
  `<article class="article" data-pagefind-body=""><header><h1 data-pagefind-meta="title">${title}</h1></header><div class="prose">${body}</div>` +
  `<nav class="prev-next">Previous Next</nav></article><aside class="toc">On this page</aside></body></html>`;

describe('the Pagefind index', () => {
  it('indexes the article of each page and gives the bundle in memory', async () => {
    const index = new SearchIndex();
    await index.add('/a', html('Alpha', '<h2 id="one">One</h2><p>queue retries</p><button class="copy-button">Copy</button>'));
    await index.add('/b', html('Beta', '<p>nothing here</p>'));
    const files = await index.files();
    expect(index.pages).toBe(2);
    const names = files.map((f) => f.path);
    expect(names).toContain('pagefind.js');
    expect(names).toContain('pagefind-entry.json');
    expect(names.some((n) => n.startsWith('fragment/'))).toBe(true);
    expect(index.diagnostics()).toEqual([]);
    // The fragments hold the article text, not the layout around it.
    const fragments = files.filter((f) => f.path.startsWith('fragment/')).map((f) => f.content);
    expect(fragments.length).toBeGreaterThanOrEqual(2);
    await index.dispose();
  });

  it('takes more pages than it keeps in flight, and the bundle holds every one of them', async () => {
    const index = new SearchIndex();
    for (let i = 0; i < 150; i++) await index.add(`/p${i}`, html(`Page ${i}`, `<p>word${i} text</p>`));
    const files = await index.files();
    expect(index.pages).toBe(150);
    expect(files.filter((f) => f.path.startsWith('fragment/')).length).toBe(150);
    expect(index.diagnostics()).toEqual([]);
    await index.dispose();
  }, 60_000);

  it('warns once, naming the cause, when Pagefind cannot run, and starts it again once it can', async () => {
    await closeSearch();
    process.env.PAGEFIND_EXTENDED_BINARY_PATH = '/nonexistent/pagefind_extended';
    try {
      const index = new SearchIndex();
      await index.add('/a', html('Alpha', '<p>text</p>'));
      expect(await index.files()).toEqual([]);
      expect(index.pages).toBe(0);
      expect(index.diagnostics().map((d) => [d.code, d.severity])).toEqual([['search/index-failed', 'warning']]);
      expect(index.diagnostics()[0]!.message).toMatch(/ENOENT/);
    } finally {
      delete process.env.PAGEFIND_EXTENDED_BINARY_PATH;
    }
    const index = new SearchIndex();
    await index.add('/a', html('Alpha', '<p>text</p>'));
    expect((await index.files()).length).toBeGreaterThan(0);
    expect(index.diagnostics()).toEqual([]);
  });

  it('sends Pagefind only the article, in a bare document', () => {
    const page = html('Alpha', '<p>queue retries</p>');
    const input = searchInput(page);
    expect(input).toBe('<!doctype html><html lang="en"><body><article class="article" data-pagefind-body=""><header><h1 data-pagefind-meta="title">Alpha</h1></header><div class="prose"><p>queue retries</p></div><nav class="prev-next">Previous Next</nav></article></body></html>');
    expect(searchInput('<html><body><p>no article</p></body></html>')).toBe('<html><body><p>no article</p></body></html>');
  });

  it('leaves out icons, buttons and the token spans of code, which Pagefind would drop or see through', () => {
    const body =
      '<h2 id="a">Install<svg viewBox="0 0 1 1"><path d="M0"/></svg></h2><button class="copy-button"><svg><path/></svg>Copy</button>' +
      '<pre class="shiki"><code><span class="line"><span style="--a:1">npm</span><span> install</span></span></code></pre><p><span class="badge">New</span> text</p>';
    expect(searchInput(html('Beta', body))).toContain(
      '<div class="prose"><h2 id="a">Install</h2><pre class="shiki"><code>npm install</code></pre><p><span class="badge">New</span> text</p></div>',
    );
  });

  it('knows which bundle files the dialog needs and their types', () => {
    expect(isNeededSearchFile('pagefind.js')).toBe(true);
    expect(isNeededSearchFile('pagefind-ui.js')).toBe(false);
    expect(isNeededSearchFile('pagefind-component-ui.css')).toBe(false);
    expect(searchFileType('wasm.en.pagefind')).toBe('application/wasm');
    expect(searchFileType('index/en_1.pf_index')).toBe('application/octet-stream');
    expect(searchFileType('pagefind.js')).toMatch(/javascript/);
  });
});
