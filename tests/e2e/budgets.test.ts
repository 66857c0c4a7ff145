import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, starter, tempDir } from './helpers.js';

// Size budgets of issue 9: what a content page loads. (Per-page HTML still grows with the navigation:
// `npm run bench` measures it; the check joins this file when the sidebar stops being inlined whole.)
// Budgets are gzip -9 sizes of the files a page links (stylesheets, scripts, module
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
});
