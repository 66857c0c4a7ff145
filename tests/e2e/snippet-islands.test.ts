import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, launchBrowser, repoRoot, tempDir, type KilnServer } from './helpers.js';

// React components from snippets (.jsx, and `export const` in MDX snippets and pages) in a
// reader's browser: hydrated islands, event handlers on plain elements, Mintlify's client-side
// patterns (`useEffect`, `typeof document`, reading `window` while rendering).
const fixture = path.join(repoRoot, 'tests/fixtures/snippet-islands');
let browser: Browser;
let server: KilnServer;
let out: { dir: string; cleanup: () => void };
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  out = tempDir();
  server = await buildAndPreview(fixture, out.dir);
  browser = await launchBrowser();
  page = await browser.newPage();
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(server.url + '/');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  out?.cleanup();
});

const island = (name: string) => page.locator(`[data-kiln-island="${name}"]`);

describe('islands of snippets in the browser', () => {
  it('hydrates a component of a .jsx snippet: a click updates its state', async () => {
    await island('ColorSwatch').and(page.locator('[data-hydrated]')).waitFor();
    const swatch = island('ColorSwatch').getByTestId('swatch');
    expect(await swatch.innerText()).toBe('coral 0');
    await swatch.click();
    await expect.poll(() => swatch.innerText()).toBe('coral 1');
  });

  it('runs handlers on plain elements of `export const` components, of the page and of an MDX snippet', async () => {
    await island('Shout').and(page.locator('[data-hydrated]')).waitFor();
    await page.getByTestId('shout').hover();
    await page.getByTestId('shout').click();
    await expect.poll(() => page.evaluate(() => ({ ...document.body.dataset }))).toMatchObject({ shouted: 'yes', hovered: 'yes' });
    await island('MarkLink').and(page.locator('[data-hydrated]')).waitFor();
    await page.getByTestId('mark-link').click();
    await expect.poll(() => page.getByTestId('mark-link').getAttribute('data-marked')).toBe('yes');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('renders after hydration what Mintlify renders in the browser: effects, `typeof document`, `window`', async () => {
    await expect.poll(() => page.getByTestId('mounted').innerText()).toBe('in the browser');
    await expect.poll(() => page.getByTestId('client-only').innerText()).toBe('Islands');
    await expect.poll(() => page.getByTestId('reads-window').innerText()).toBe('/');
  });

  it('renders a snippet component inside an island of the page', async () => {
    await island('LazySwatch').and(page.locator('[data-hydrated]')).waitFor();
    await page.getByTestId('load-swatch').click();
    const swatch = island('LazySwatch').getByTestId('swatch');
    await expect.poll(() => swatch.innerText()).toBe('lazy 0');
    await swatch.click();
    await expect.poll(() => swatch.innerText()).toBe('lazy 1');
  });

  it('keeps the server HTML of an island that renders a built-in, and nothing fails', async () => {
    await island('Tabbed').and(page.locator('[data-kiln-static]')).waitFor();
    expect(await island('Tabbed').locator('.card').count()).toBe(1);
    expect(await island('Tabbed').innerText()).toContain('Card 0');
    expect(problems).toEqual([]);
  });
});
