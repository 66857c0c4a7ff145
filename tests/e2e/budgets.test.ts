import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain JS, shared with `npm run bench`
import { generateSite } from '../../bench/generate.mjs';
import { kiln, launchBrowser, repoRoot, starter, startKiln, tempDir } from './helpers.js';

// Size budgets of issue 9: what a content page loads, and per-page HTML that does not grow with the
// navigation. Budgets are gzip -9 sizes of the files a page links (stylesheets, scripts, module
// preloads) plus its inline <script>/<style>; search is loaded on demand and not counted.
const JS_BUDGET = 25 * 1024;
const CSS_BUDGET = 20 * 1024;

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

interface Weight {
  js: number;
  css: number;
  /** Pages with islands (React), KaTeX or Mermaid: measured, but outside the content-page budget. */
  special: boolean;
}

function weigh(out: string, html: string): Weight {
  const all = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
  const file = (u: string) => readFileSync(path.join(out, decodeURI(u.split(/[?#]/)[0]!)));
  const css = all(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const js = [...all(/<script[^>]*\ssrc="([^"]+)"/g), ...all(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)];
  const inlineJs = all(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g).join('\n');
  const inlineCss = all(/<style[^>]*>([\s\S]*?)<\/style>/g).join('\n');
  const local = (u: string) => u.startsWith('/') && !u.startsWith('//');
  return {
    js: js.filter(local).reduce((n, u) => n + gz(file(u)), 0) + (inlineJs ? gz(inlineJs) : 0),
    css: css.filter(local).reduce((n, u) => n + gz(file(u)), 0) + (inlineCss ? gz(inlineCss) : 0),
    special: [...js, ...css].some((u) => /islands|katex|mermaid/i.test(u)),
  };
}

function htmlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '_kiln' ? [] : htmlFiles(f, base);
    return e.name.endsWith('.html') && e.name !== '404.html' ? [path.relative(base, f)] : [];
  });
}

let tmp: { dir: string; cleanup: () => void };
beforeAll(() => {
  tmp = tempDir();
});
afterAll(() => tmp?.cleanup());

describe('size budgets', () => {
  it('a content page of the example loads ≤ 25 KB gzip of JS and ≤ 20 KB gzip of CSS', async () => {
    const out = path.join(tmp.dir, 'starter');
    const result = await kiln(['build', starter, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const pages = htmlFiles(out);
    const weights = new Map(pages.map((p) => [p, weigh(out, readFileSync(path.join(out, p), 'utf8'))]));
    const content = [...weights].filter(([, w]) => !w.special);
    // Most of the example is plain content; the exclusion must not swallow the check.
    expect(content.length).toBeGreaterThanOrEqual(10);
    for (const [page, w] of content) {
      expect(w.js, `${page}: JS ${w.js} B gzip`).toBeLessThanOrEqual(JS_BUDGET);
      expect(w.css, `${page}: CSS ${w.css} B gzip`).toBeLessThanOrEqual(CSS_BUDGET);
    }
    // The standard content pages the sidebar leads to, by name.
    for (const page of ['quickstart.html', 'concepts/jobs.html', 'guides/webhooks.html']) {
      expect(weights.get(page)?.special, page).toBe(false);
    }
  });

  it('per-page HTML does not grow with the size of the navigation, and the full sidebar loads in the browser', async () => {
    const sizes: number[] = [];
    let big = '';
    for (const n of [160, 480]) {
      const site = path.join(tmp.dir, `site-${n}`);
      big = path.join(tmp.dir, `out-${n}`);
      generateSite(site, n, 7);
      const result = await kiln(['build', site, '--out', big], { timeoutMs: 120_000 });
      expect(result.code, result.stderr).toBe(0);
      // The same page (same text in both sites; only the navigation around it differs).
      sizes.push(readFileSync(path.join(big, 'docs/section-0/page-1.html')).length);
    }
    const [small, large] = sizes as [number, number];
    expect(large / small, `${small} B at 160 pages, ${large} B at 480 pages`).toBeLessThanOrEqual(1.1);

    // With JavaScript the collapsed groups are replaced by the shared navigation file.
    const server = await startKiln(['preview', path.join(tmp.dir, 'site-480'), '--out', big, '--port', '0']);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(server.url + '/docs/section-0/page-1');
      expect(readFileSync(path.join(big, 'docs/section-0/page-1.html'), 'utf8')).toContain('nav-group-stub');
      await expect.poll(() => page.locator('.nav-group-stub').count()).toBe(0);
      expect(await page.locator('.sidebar-nav a.nav-link').count()).toBeGreaterThan(400);
      expect(await page.locator('.sidebar-nav a[aria-current="page"]').getAttribute('href')).toBe('/docs/section-0/page-1');
    } finally {
      await browser.close();
      await server.stop();
    }
  }, 240_000);

  it('a page deep in a group too large to inline gets a window of it, and the whole group once the script runs', async () => {
    // One top-level group of 12 subgroups × 25 pages: 300 links, past the inline limit.
    const site = path.join(tmp.dir, 'site-wide-group');
    const out = path.join(tmp.dir, 'out-wide-group');
    const subgroups = Array.from({ length: 12 }, (_, g) => ({ group: `Resource ${g}`, pages: Array.from({ length: 25 }, (_, k) => `ref/r${g}/p${k}`) }));
    mkdirSync(site, { recursive: true });
    writeFileSync(path.join(site, 'docs.json'), JSON.stringify({ name: 'Wide', theme: 'mint', colors: { primary: '#0D9373' }, navigation: [{ group: 'Start', pages: ['index'] }, { group: 'Reference', pages: subgroups }] }));
    writeFileSync(path.join(site, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
    for (const g of subgroups) {
      for (const id of g.pages) {
        mkdirSync(path.join(site, path.dirname(id)), { recursive: true });
        writeFileSync(path.join(site, `${id}.mdx`), `---\ntitle: Page ${id.replace(/\//g, ' ')}\n---\n\nText of ${id}.\n`);
      }
    }
    const result = await kiln(['build', site, '--out', out], { timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    const html = readFileSync(path.join(out, 'ref/r8/p20.html'), 'utf8');
    // Without the script: the page's subgroup open around it, the cut-off entries as links into them.
    expect(html).toContain('<a class="nav-link" href="/ref/r8/p20" aria-current="page">');
    expect(html).toContain('<a class="nav-link nav-more" href="/ref/r8/p4">');
    expect(html).toContain('<a class="nav-link nav-more" href="/ref/r0/p0">');
    expect(html.match(/class="nav-link"/g)!.length).toBeLessThan(60);

    const server = await startKiln(['preview', site, '--out', out, '--port', '0']);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      await page.goto(server.url + '/ref/r8/p20');
      await expect.poll(() => page.locator('.sidebar-nav a.nav-link').count()).toBe(301);
      expect(await page.locator('.sidebar-nav .nav-more').count()).toBe(0);
      const current = page.locator('.sidebar-nav a[aria-current="page"]');
      expect(await current.count()).toBe(1);
      expect(await current.getAttribute('href')).toBe('/ref/r8/p20');
      // Its subgroup is open and the link is where the reader sees it, inside the sidebar's box.
      expect(await current.isVisible()).toBe(true);
      const [box, link] = await Promise.all([page.locator('#sidebar').boundingBox(), current.boundingBox()]);
      expect(link!.y).toBeGreaterThanOrEqual(box!.y);
      expect(link!.y + link!.height).toBeLessThanOrEqual(box!.y + box!.height);
      // KILN_SHOTS=<dir> keeps a picture to look at.
      if (process.env.KILN_SHOTS) await page.screenshot({ path: path.join(process.env.KILN_SHOTS, 'wide-group.png') });
    } finally {
      await browser.close();
      await server.stop();
    }
  }, 240_000);
});

describe('what kiln runs', () => {
  it('walks trees without naming a function per node (scripts/bundle-node.mjs: 13-16% of a page\'s CPU)', () => {
    const dir = path.join(repoRoot, 'lib/bundle/chunks');
    const chunks = readdirSync(dir).filter((f) => f.endsWith('.js'));
    const walker = chunks.filter((f) => readFileSync(path.join(dir, f), 'utf8').includes('node_modules/unist-util-visit-parents/lib/index.js'));
    expect(walker.length).toBeGreaterThan(0);
    for (const f of walker) expect(readFileSync(path.join(dir, f), 'utf8')).not.toMatch(/defineProperty\(visit\d*, "name"/);
  });
});
