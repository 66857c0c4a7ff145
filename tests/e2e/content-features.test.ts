import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, launchBrowser, scratchCopy, startKiln, starter, type KilnServer } from './helpers.js';

// Math, Mermaid, image zoom, theme-specific images, file trees and code dropdowns on the built
// example (a scratch copy, so a page using a snippet with math can be added), in both themes.
let browser: Browser;
let server: KilnServer;
let site: { dir: string; cleanup: () => void };
let out: string;

beforeAll(async () => {
  site = scratchCopy(starter);
  mkdirSync(path.join(site.dir, 'snippets'), { recursive: true });
  writeFileSync(path.join(site.dir, 'snippets/formula.mdx'), 'The area is $\\pi r^2$.\n');
  writeFileSync(path.join(site.dir, 'snippet-math.mdx'), '---\ntitle: Snippet math\n---\n\n<Snippet file="formula.mdx" />\n');
  // Nodes the author filled, as real diagrams do (`style B fill:#f9f`), one with its own label colour.
  writeFileSync(
    path.join(site.dir, 'filled-diagram.mdx'),
    '---\ntitle: Filled diagram\n---\n\n```mermaid\ngraph LR\n  A[Client] --> B[Pale server]\n  B --> C[Dark store]\n  B --> D[Own colour]\n  style B fill:#f9f,stroke:#333\n  style C fill:#1f2937\n  style D fill:#fde68a,color:#b91c1c\n```\n',
  );
  out = path.join(site.dir, 'dist');
  server = await buildAndPreview(site.dir, out);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.cleanup();
});

async function open(url: string, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
  await page.addInitScript((t) => localStorage.setItem('kiln-theme', t), theme);
  await page.goto(server.url + url);
  return page;
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('content features in the built site', () => {
  it('renders math with KaTeX at build time and loads its stylesheet only on pages with math', async () => {
    const page = await open('/concepts/retries');
    expect(await page.locator('.prose .katex').count()).toBeGreaterThan(3);
    expect(await page.locator('.prose .katex-display').count()).toBe(1);
    // The KaTeX stylesheet applied: its fonts are used and the MathML copy is visually hidden.
    await page.waitForFunction(() => document.fonts.check('16px KaTeX_Main'));
    const mathml = await page.locator('.katex-mathml').first().evaluate((el) => getComputedStyle(el).position);
    expect(mathml).toBe('absolute');
    expect(await page.locator('.katex-html').first().isVisible()).toBe(true);
    // A price after the formulas stays text.
    expect(await page.locator('.prose').innerText()).toContain('from $0.40 per 1,000 jobs');
    await page.close();

    const plain = readFileSync(path.join(out, 'guides/deploying.html'), 'utf8');
    expect(plain).not.toContain('katex');
    expect(plain).not.toContain('mermaid');
    expect(readFileSync(path.join(out, 'concepts/retries.html'), 'utf8')).toContain('<link rel="stylesheet" href="/_kiln/katex/katex.min.css"/>');
    // Math inside a snippet marks the page that uses it.
    expect(readFileSync(path.join(out, 'snippet-math.html'), 'utf8')).toContain('/_kiln/katex/katex.min.css');
    expect(existsSync(path.join(out, '_kiln/katex/fonts/KaTeX_Main-Regular.woff2'))).toBe(true);
    expect(existsSync(path.join(out, '_kiln/vendor/mermaid.min.js'))).toBe(true);
  });

  it('draws a mermaid diagram as SVG in light and dark, again after switching theme', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await open('/guides/webhooks', theme);
      expect(await isDark(page)).toBe(theme === 'dark');
      const diagram = page.locator('.mermaid-diagram');
      await diagram.scrollIntoViewIfNeeded();
      await page.waitForSelector(`.mermaid-diagram[data-rendered="${theme}"] svg`, { timeout: 20_000 });
      expect(await diagram.locator('svg').count()).toBe(1);
      expect(await diagram.locator('svg').innerHTML()).toContain('job.completed');
      if (theme === 'light') {
        const fill = () => diagram.locator('svg rect.actor').first().evaluate((el) => getComputedStyle(el).fill);
        const before = await fill();
        await page.locator('.theme-toggle').click();
        await page.waitForSelector('.mermaid-diagram[data-rendered="dark"] svg', { timeout: 20_000 });
        expect(await fill()).not.toBe(before);
      }
      await page.close();
    }
  });

  it('keeps the labels of nodes the author filled readable in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await open('/filled-diagram', theme);
      await page.locator('.mermaid-diagram').scrollIntoViewIfNeeded();
      await page.waitForSelector(`.mermaid-diagram[data-rendered="${theme}"] svg`, { timeout: 20_000 });
      const labels = await page.locator('.mermaid-diagram g.node').evaluateAll((nodes) =>
        nodes.map((n) => [n.textContent!.trim(), getComputedStyle(n.querySelector(':scope > rect')!).fill, getComputedStyle(n.querySelector('.nodeLabel p') ?? n.querySelector('.nodeLabel')!).color]),
      );
      const byName = Object.fromEntries(labels.map(([name, fill, color]) => [name, { fill, color }]));
      expect(byName['Pale server']).toEqual({ fill: 'rgb(255, 153, 255)', color: 'rgb(0, 0, 0)' });
      expect(byName['Dark store']).toEqual({ fill: 'rgb(31, 41, 55)', color: 'rgb(255, 255, 255)' });
      expect(byName['Own colour']!.color).toBe('rgb(185, 28, 28)'); // the author's colour stays
      await page.close();
    }
  });

  it('loads nothing for diagrams on pages without one', async () => {
    const page = await open('/guides/deploying');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => /mermaid|katex/.test(u))).toEqual([]);
    await page.close();
  });

  it('zooms a content image on click and closes with Escape and with a click', async () => {
    const page = await open('/guides/webhooks');
    const img = page.locator('.frame img.block');
    await img.scrollIntoViewIfNeeded();
    await img.click();
    const dialog = page.locator('dialog.zoom-dialog[open]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-label')).toMatch(/^The Webhooks settings page/);
    expect(await dialog.locator('img').getAttribute('src')).toMatch(/webhook-settings-light\.svg$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await img.evaluate((el) => el === document.activeElement)).toBe(true);
    // Keyboard opens it too; a click closes it.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.mouse.click(20, 20);
    await dialog.waitFor({ state: 'detached' });
    // Images inside links are not zoomable.
    expect(await page.locator('.prose a img.zoomable').count()).toBe(0);
    await page.close();
  });

  it('shows each theme-specific image only in its theme', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await open('/guides/webhooks', theme);
      const light = page.locator('img[src$="webhook-settings-light.svg"]');
      const dark = page.locator('img[src$="webhook-settings-dark.svg"]');
      expect(await light.isVisible()).toBe(theme === 'light');
      expect(await dark.isVisible()).toBe(theme === 'dark');
      await page.close();
    }
  });

  it('opens and closes Tree folders', async () => {
    const page = await open('/guides/deploying');
    const jobs = page.locator('.file-tree summary', { hasText: /^jobs$/ });
    const file = page.locator('.file-tree .tree-file', { hasText: 'send-invoice.ts' });
    expect(await page.locator('.file-tree .tree-file', { hasText: 'worker.ts' }).isVisible()).toBe(true); // open by default
    expect(await file.isVisible()).toBe(false);
    await jobs.click();
    expect(await file.isVisible()).toBe(true);
    await jobs.click();
    expect(await file.isVisible()).toBe(false);
    await page.close();
  });

  it('switches the block a CodeGroup dropdown shows', async () => {
    const page = await open('/guides/webhooks');
    const group = page.locator('[data-code-dropdown]');
    const panels = group.locator('> .tab-panel');
    expect(await panels.nth(0).isVisible()).toBe(true);
    expect(await panels.nth(1).isVisible()).toBe(false);
    await group.locator('select').selectOption({ label: 'app.py' });
    expect(await panels.nth(0).isVisible()).toBe(false);
    expect(await panels.nth(1).isVisible()).toBe(true);
    expect(await group.locator('.code-dropdown-label').textContent()).toBe('app.py');
    expect(await panels.nth(1).innerText()).toContain('from flask import Flask');
    await page.close();
  });
});

describe('content features in dev', () => {
  it('serves the KaTeX and Mermaid files', async () => {
    const dev = await startKiln(['dev', site.dir, '--port', '0']);
    try {
      for (const [url, type] of [['/_kiln/katex/katex.min.css', 'text/css'], ['/_kiln/katex/fonts/KaTeX_Main-Regular.woff2', 'font/woff2'], ['/_kiln/vendor/mermaid.min.js', 'javascript']]) {
        const res = await fetch(dev.url + url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toContain(type);
      }
      expect((await fetch(dev.url + '/_kiln/vendor/other.js')).status).toBe(404);
    } finally {
      await dev.stop();
    }
  });
});
