import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers.js';

// The built modules, as the build's worker threads run them: the counters are those of this thread.
const lib = (p: string) => import(path.join(repoRoot, 'lib/node', p));
const { build } = (await lib('build/build.js')) as typeof import('../../src/node/build/build.js');
const { checkSite } = (await lib('check/check.js')) as typeof import('../../src/node/check/check.js');
const { frontEndCounts, releaseDocument } = (await lib('mdx/page-document.js')) as typeof import('../../src/node/mdx/page-document.js');

/** A site with a feed (`<Update>`), llms.txt and every page as Markdown, search, a snippet and a `<CodeBlock>`. */
const root = path.join(repoRoot, 'tests/fixtures/one-parse');
const pages = ['index.mdx', 'guide.mdx', 'changelog.mdx', 'prices.mdx', 'snippets/note.mdx'].map((f) => path.join(root, f));
const parses = () => Object.fromEntries(pages.map((f) => [path.relative(root, f), frontEndCounts.byFile.get(f) ?? 0]));

describe('the page front end', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());
  beforeEach(() => {
    frontEndCounts.parses = 0;
    frontEndCounts.setups = 0;
    frontEndCounts.byFile.clear();
    // A thread keeps the documents of snippets (pages share them) from one build to the next.
    for (const f of pages) releaseDocument(f);
  });

  it('parses each page once in a build that writes its HTML, Markdown, llms.txt, feed and search index', async () => {
    const out = path.join(tmp.dir, 'one-thread');
    const result = await build({ root, outDir: out, workers: 0, cache: false });
    expect(result.ok, JSON.stringify(result.diagnostics)).toBe(true);
    // What read the documents was made: every output that comes from a page's source.
    expect(readFileSync(path.join(out, 'changelog/rss.xml'), 'utf8')).toContain('<title>October</title>');
    expect(readFileSync(path.join(out, 'llms-full.txt'), 'utf8')).toContain('```bash title="install.sh"\n# not a heading');
    expect(readFileSync(path.join(out, 'index.md'), 'utf8')).toContain('costs $5 a month, see [the guide](/guide) for the $50 plan');
    // The snippet, in the page's HTML and in its Markdown, from one parse: both read it with the
    // settings' variables put in and its front matter blanked.
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toMatch(/A snippet, see <a href="\/"[^>]*>the home page<\/a>/);
    expect(readFileSync(path.join(out, 'index.md'), 'utf8')).toContain('A snippet, see [the home page](/).');
    expect(readdirSync(path.join(out, '_kiln/search')).length).toBeGreaterThan(0);
    expect(parses()).toEqual({ 'index.mdx': 1, 'guide.mdx': 1, 'changelog.mdx': 1, 'prices.mdx': 1, 'snippets/note.mdx': 1 });
    // One parser set-up at most (none when an earlier build in this thread made it).
    expect(frontEndCounts.setups).toBeLessThanOrEqual(1);
  });

  it('parses no page in the build thread when worker threads make them (the feed comes back with the page)', async () => {
    const out = path.join(tmp.dir, 'workers');
    const result = await build({ root, outDir: out, workers: 1, queue: { mainThreadMakesPages: false }, cache: false });
    expect(result.ok, JSON.stringify(result.diagnostics)).toBe(true);
    expect(result.pagesOnWorkers).toBe(4);
    expect(readFileSync(path.join(out, 'changelog/rss.xml'), 'utf8')).toContain('<category>launch</category>');
    expect(parses()).toEqual({ 'index.mdx': 0, 'guide.mdx': 0, 'changelog.mdx': 0, 'prices.mdx': 0, 'snippets/note.mdx': 0 });
  });

  it('parses each page once in kiln check, with the build’s rule for prices', async () => {
    const result = await checkSite({ root });
    // A link between two prices is a link, as in the page's HTML: stock remark-math took
    // "$5, and [the old plans](/plans) cost $" for math, and check saw no link there.
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, path.basename(d.file ?? ''), d.line, d.column, d.message])).toEqual([
      ['check/broken-link', 'prices.mdx', 5, 20, 'Link "/plans" points at /plans, which is no page or file of the site.'],
    ]);
    expect(parses()).toEqual({ 'index.mdx': 1, 'guide.mdx': 1, 'changelog.mdx': 1, 'prices.mdx': 1, 'snippets/note.mdx': 1 });
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });
});
