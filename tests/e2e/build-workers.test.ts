import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kiln, repoRoot, scratchCopy, starter, tempDir } from './helpers.js';

/** Every file of a build, by path, except the Pagefind index (its hashes follow the order pages arrive in). */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      const rel = path.relative(dir, abs);
      if (e.isDirectory()) walk(abs);
      else if (!rel.startsWith('_kiln/search/')) out.set(rel, readFileSync(abs, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

describe('kiln build --workers', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('writes the same site on worker threads as in one thread', async () => {
    const one = path.join(tmp.dir, 'one');
    const two = path.join(tmp.dir, 'two');
    const a = await kiln(['build', starter, '--out', one, '--workers', '0', '--no-cache']);
    const b = await kiln(['build', starter, '--out', two, '--workers', '2', '--no-cache']);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const x = files(one);
    const y = files(two);
    expect([...y.keys()].sort()).toEqual([...x.keys()].sort());
    expect([...x.keys()].filter((f) => x.get(f) !== y.get(f))).toEqual([]);
    expect(x.size).toBeGreaterThan(40);
    // Both indexed every page.
    const count = (dir: string) => JSON.parse(readFileSync(path.join(dir, '_kiln/search/pagefind-entry.json'), 'utf8')).languages.en.page_count;
    expect(count(two)).toBe(count(one));

    // By default this thread makes pages too, so the CLI build above may have made most of them
    // here: a third build leaves every page to the workers.
    const three = path.join(tmp.dir, 'three');
    const { build } = (await import(path.join(repoRoot, 'lib/node/build/build.js'))) as typeof import('../../src/node/build/build.js');
    const { BuildTimings } = (await import(path.join(repoRoot, 'lib/node/build/timings.js'))) as typeof import('../../src/node/build/timings.js');
    const c = await build({ root: starter, outDir: three, workers: 2, queue: { mainThreadMakesPages: false }, cache: false });
    expect(c.ok).toBe(true);
    expect(c.pagesOnWorkers).toBe(c.pagesWritten);
    const z = files(three);
    expect([...x.keys()].filter((f) => x.get(f) !== z.get(f))).toEqual([]);

    // Pages are held in memory and written at the end, unless beyond a bound: written as made, and
    // those that link the Tailwind sheet filled in afterwards on disk. Both ways, the same files.
    const four = path.join(tmp.dir, 'four');
    // Nor are Markdown exports put off to the end here: the same files as exported with their page.
    const d = await build({ root: starter, outDir: four, workers: 0, sink: { holdBytes: 0, laterMarkdownPages: 0 }, cache: false });
    expect(d.ok).toBe(true);
    const w = files(four);
    expect([...w.keys()].sort()).toEqual([...x.keys()].sort());
    expect([...x.keys()].filter((f) => x.get(f) !== w.get(f))).toEqual([]);
    expect([...w.values()].filter((html) => /href="\/_kiln\/assets\/tailwind\.[0-9a-f]+\.css"/.test(html)).length).toBeGreaterThan(0);
    // Under a base path, where every page is rebased as it is written or held.
    const five = path.join(tmp.dir, 'five');
    const six = path.join(tmp.dir, 'six');
    const timings = new BuildTimings();
    expect((await build({ root: starter, outDir: five, workers: 0, base: '/docs/', cache: false, timings })).ok).toBe(true);
    expect(timings.toJSON()['markdown-later']).toBeGreaterThan(0);
    expect((await build({ root: starter, outDir: six, workers: 0, base: '/docs/', sink: { holdBytes: 0 }, cache: false })).ok).toBe(true);
    const u = files(five);
    const v = files(six);
    expect([...u.keys()].sort()).toEqual([...v.keys()].sort());
    expect([...u.keys()].filter((f) => u.get(f) !== v.get(f))).toEqual([]);
    expect([...u.values()].filter((html) => /href="\/docs\/_kiln\/assets\/tailwind\.[0-9a-f]+\.css"/.test(html)).length).toBeGreaterThan(0);
  }, 180_000);

  it('makes each page of an operation generated into several folders as itself', async () => {
    // One spec's operations in two SDKs' folders: pages that share their (generated) file name.
    const fixture = path.join(repoRoot, 'tests/fixtures/openapi-two-directories');
    const { build } = (await import(path.join(repoRoot, 'lib/node/build/build.js'))) as typeof import('../../src/node/build/build.js');
    const one = path.join(tmp.dir, 'ops-one');
    const two = path.join(tmp.dir, 'ops-two');
    expect((await build({ root: fixture, outDir: one, workers: 0, cache: false })).ok).toBe(true);
    const r = await build({ root: fixture, outDir: two, workers: 2, queue: { mainThreadMakesPages: false }, cache: false });
    expect(r.ok).toBe(true);
    expect(r.pagesOnWorkers).toBe(r.pagesWritten);
    const x = files(one);
    const y = files(two);
    expect([...y.keys()].sort()).toEqual([...x.keys()].sort());
    expect([...x.keys()].filter((f) => x.get(f) !== y.get(f))).toEqual([]);
    for (const sdk of ['python', 'go']) {
      for (const page of ['start-a-session', 'get-a-session']) {
        expect(y.get(`${sdk}/${page}.html`)).toContain(`<link rel="alternate" type="text/markdown" href="/${sdk}/${page}.md"/>`);
      }
    }
  }, 120_000);

  it('keeps the blocks highlighted on workers in the store, as one thread does', async () => {
    // The store's lines wait in memory and go out together; a worker's must be out before it stops.
    const stored = (root: string) => {
      const dir = path.join(root, '.kiln/cache');
      const store = readdirSync(dir).find((n) => n.startsWith('highlight-'))!;
      return readdirSync(path.join(dir, store))
        .flatMap((log) => readFileSync(path.join(dir, store, log), 'utf8').split('\n').filter(Boolean))
        .map((line) => (JSON.parse(line) as { k: string }).k);
    };
    const a = scratchCopy(starter);
    const b = scratchCopy(starter);
    try {
      const { build } = (await import(path.join(repoRoot, 'lib/node/build/build.js'))) as typeof import('../../src/node/build/build.js');
      const { flushHighlightStores } = (await import(path.join(repoRoot, 'lib/node/highlight/store.js'))) as typeof import('../../src/node/highlight/store.js');
      expect((await build({ root: a.dir, outDir: 'dist', workers: 0 })).ok).toBe(true);
      flushHighlightStores();
      const c = await build({ root: b.dir, outDir: 'dist', workers: 2, queue: { mainThreadMakesPages: false } });
      expect(c.pagesOnWorkers).toBe(c.pagesWritten);
      const one = stored(a.dir);
      expect(one.length).toBeGreaterThan(20);
      // Each worker highlights for itself: a block on pages of both is there twice.
      expect([...new Set(stored(b.dir))].sort()).toEqual([...new Set(one)].sort());
    } finally {
      a.cleanup();
      b.cleanup();
    }
  }, 180_000);

  it('rejects a worker count that is not a whole number', async () => {
    const r = await kiln(['build', starter, '--out', path.join(tmp.dir, 'bad'), '--workers', 'many']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('`--workers many` is not a whole number from 0 to 64.');
  });
});

describe('the rebuild cache', () => {
  const site = scratchCopy(starter);
  afterAll(() => site.cleanup());
  const out = path.join(site.dir, 'dist');
  const build = async () => {
    const r = await kiln(['build', site.dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/✓ 22 pages written, 0 failed/);
    return /✓ 22 pages written, 0 failed, .* s \((\d+) pages unchanged since the last build\)\n/.exec(r.stderr)?.[1] ?? '0';
  };
  const edit = (rel: string, change: (s: string) => string) => {
    const file = path.join(site.dir, rel);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  };

  it('makes again only what changed: a page, a snippet, the settings', async () => {
    expect(await build()).toBe('0');
    const first = files(out);
    expect(await build()).toBe('22');
    // The same site comes out of the cache.
    const again = files(out);
    expect([...first.keys()].filter((f) => first.get(f) !== again.get(f))).toEqual([]);

    const ino = (rel: string) => statSync(path.join(out, rel)).ino;
    const before = ['quickstart.html', 'concepts/retries.html', 'concepts/retries.md'].map(ino);
    edit('quickstart.mdx', (s) => s + '\nA sentence added by the rebuild test.\n');
    expect(await build()).toBe('21');
    expect(readFileSync(path.join(out, 'quickstart.html'), 'utf8')).toContain('A sentence added by the rebuild test.');
    expect(readFileSync(path.join(out, 'quickstart.md'), 'utf8')).toContain('A sentence added by the rebuild test.');
    // Unchanged pages' files are the last build's, linked into the new output, not written again.
    const after = ['quickstart.html', 'concepts/retries.html', 'concepts/retries.md'].map(ino);
    expect(after[0]).not.toBe(before[0]);
    expect(after.slice(1)).toEqual(before.slice(1));
    // A page whose file was changed in the output since is made again (the output is where kept pages come from).
    writeFileSync(path.join(out, 'concepts/retries.html'), 'changed by hand');
    expect(await build()).toBe('21');
    expect(readFileSync(path.join(out, 'concepts/retries.html'), 'utf8')).toBe(again.get('concepts/retries.html'));
    // A new utility class in one page: the pages kept link the new sheet.
    const sheet = (rel: string) => /href="(\/_kiln\/assets\/tailwind\.[0-9a-f]+\.css)"/.exec(readFileSync(path.join(out, rel), 'utf8'))?.[1];
    const oldSheet = sheet('concepts/retries.html');
    expect(oldSheet).toBeDefined();
    edit('quickstart.mdx', (s) => s + '\n<div className="mt-11 text-sky-700">A new utility</div>\n');
    expect(await build()).toBe('21');
    const newSheet = sheet('concepts/retries.html');
    expect(newSheet).not.toBe(oldSheet);
    expect(sheet('quickstart.html')).toBe(newSheet);
    expect(readFileSync(path.join(out, newSheet!.slice(1)), 'utf8')).toContain('.mt-11');

    // A snippet: the two pages that render it (one imports it, one names it in <Snippet file>) are made again.
    edit('snippets/install.mdx', (s) => s.replace('give it an API key', 'give it a fresh API key'));
    expect(await build()).toBe('20');
    expect(readFileSync(path.join(out, 'sdk/javascript.html'), 'utf8')).toContain('give it a fresh API key');
    expect(readFileSync(path.join(out, 'sdk/python.html'), 'utf8')).toContain('give it a fresh API key');

    // The settings: every page (the name is in every title).
    edit('docs.json', (s) => s.replace('"name": "Emberline"', '"name": "Emberline Docs"'));
    expect(await build()).toBe('0');
    expect(readFileSync(path.join(out, 'quickstart.html'), 'utf8')).toContain('Emberline Docs</title>');
  }, 240_000);

  it('reports the OpenAPI checks it kept from the last build, and checks again when the file changes', async () => {
    const finding = /openapi\.yaml:164:5 +warning +openapi\/spec-violation +`paths\["\/jobs\/\{jobId\}"\]\.get`: the path parameter `jobId` is in the path but not among the parameters/;
    const run = async () => {
      const r = await kiln(['build', site.dir]);
      expect(r.code, r.stderr).toBe(0);
      return r.stderr;
    };
    edit('openapi.yaml', (s) => s.replace("    parameters:\n      - $ref: '#/components/parameters/JobId'\n", ''));
    expect(await run()).toMatch(finding);
    // Nothing changed: the finding comes from the cache, as it was.
    expect(await run()).toMatch(finding);
    edit('openapi.yaml', (s) => s.replace('  /jobs/{jobId}:\n', "  /jobs/{jobId}:\n    parameters:\n      - $ref: '#/components/parameters/JobId'\n"));
    expect(await run()).not.toMatch(/openapi\/spec-violation/);
  }, 240_000);
});

describe('the search index across builds', () => {
  const site = scratchCopy(starter);
  afterAll(() => site.cleanup());
  const search = path.join(site.dir, 'dist/_kiln/search');
  const indexed = () => JSON.parse(readFileSync(path.join(search, 'pagefind-entry.json'), 'utf8')).languages.en.page_count as number;
  const fragments = () => readdirSync(path.join(search, 'fragment')).length;

  // A build without the cache replaces every file of the output, the search base's included, and
  // leaves the cache as it was: the next build found the base's files changed only once every page
  // had gone by as "as the base holds it", and made the new base from none of them (0 errors, and
  // "search is unavailable").
  it('stays whole after a build with --no-cache between two cached ones', async () => {
    for (const args of [[], ['--no-cache'], []]) {
      const r = await kiln(['build', site.dir, ...args]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/search\/index-failed/);
      expect([indexed(), fragments()], `after kiln build ${args.join(' ')}`).toEqual([22, 22]);
    }
    // And the base made then is kept by the next build: nothing indexed again, every file taken.
    const before = statSync(path.join(search, 'pagefind-entry.json')).ino;
    expect((await kiln(['build', site.dir])).code).toBe(0);
    expect(statSync(path.join(search, 'pagefind-entry.json')).ino).toBe(before);
    expect([indexed(), fragments()]).toEqual([22, 22]);
  }, 240_000);
});

describe('the search base made again by a rebuild', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());
  const pages = Array.from({ length: 40 }, (_, i) => `p${i}`);
  const write = (name: string, changed: number) => {
    writeFileSync(path.join(tmp.dir, 'docs.json'), JSON.stringify({ name, navigation: [{ group: 'Pages', pages }] }));
    pages.forEach((p, i) => writeFileSync(path.join(tmp.dir, `${p}.mdx`), `---\ntitle: Page ${i}\n---\n\nPage ${i} is about quarry${i}${i < changed ? ', edited' : ''}.\n`));
  };
  const indexed = () => JSON.parse(readFileSync(path.join(tmp.dir, 'dist/_kiln/search/pagefind-entry.json'), 'utf8')).languages.en.page_count as number;

  // A new name makes every page again, and the articles of 7 come out as the base holds them; 33
  // edited pages pass the delta's limit (32), so the base is made again: from every page, those 7
  // read back from this build's output (they were left out).
  it('holds the pages made again as the base held them', async () => {
    write('Forty', 0);
    expect((await kiln(['build', tmp.dir])).code).toBe(0);
    expect(indexed()).toBe(40);
    write('Forty pages', 33);
    const r = await kiln(['build', tmp.dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(indexed()).toBe(40);
  }, 240_000);
});
