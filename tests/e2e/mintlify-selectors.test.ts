import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, scratchCopy, startKiln, type KilnServer } from './helpers.js';

// Mintlify's custom scripts guide (customize/custom-scripts, "Identifiers" and "Selectors") names
// the ids and classes of its layout and components that authors' CSS and scripts select. Kiln
// draws each on its own part of the same kind (render/layout/mintlify-ids.ts); the ones it has no
// such part for are listed with why. The fixture has every part and a style.css written against them.

const IDENTIFIERS = [
  'api-playground-input', 'assistant-entry', 'assistant-entry-mobile', 'banner', 'body-content', 'changelog-filters',
  'changelog-filters-content', 'chat-assistant-sheet', 'chat-assistant-textarea', 'content-area', 'content-container',
  'content-side-layout', 'feedback-form', 'feedback-form-cancel', 'feedback-form-input', 'feedback-form-submit',
  'feedback-thumbs-down', 'feedback-thumbs-up', 'footer', 'header', 'navbar-transition', 'navigation-items', 'navbar',
  'page-context-menu', 'page-context-menu-button', 'page-title', 'pagination', 'panel', 'request-example',
  'response-example', 'search-bar-entry', 'search-bar-entry-mobile', 'search-input', 'sidebar', 'sidebar-content',
  'table-of-contents', 'table-of-contents-content', 'table-of-contents-layout', 'topbar-cta-button',
];
const SELECTORS = [
  'accordion', 'accordion-group', 'almond-layout', 'almond-nav-bottom-section', 'almond-nav-bottom-section-divider',
  'nav-anchor', 'nav-anchors', 'api-section', 'api-section-heading', 'api-section-heading-subtitle',
  'api-section-heading-title', 'callout', 'card', 'card-group', 'chat-assistant-sheet', 'chat-assistant-sheet-header',
  'chat-assistant-sheet-content', 'chat-assistant-input', 'chat-assistant-send-button', 'code-block', 'code-group',
  'mdx-content', 'nav-dropdown-trigger', 'nav-dropdown-content', 'nav-dropdown-item', 'nav-dropdown-item-text-container',
  'nav-dropdown-item-title', 'nav-dropdown-item-description', 'nav-dropdown-item-icon', 'expandable', 'eyebrow',
  'feedback-toolbar', 'field', 'frame', 'icon', 'link', 'login-link', 'nav-logo', 'mermaid', 'method-nav-pill',
  'method-pill', 'navbar-link', 'nav-tag-pill', 'nav-tag-pill-text', 'option-dropdown', 'pagination-next',
  'pagination-prev', 'pagination-title', 'panel', 'sidebar-group', 'sidebar-group-icon', 'sidebar-group-header',
  'sidebar-nav-group-divider', 'sidebar-title', 'step', 'steps', 'tab', 'tabs', 'nav-tabs', 'nav-tabs-item', 'toc',
  'toc-item', 'tooltip', 'topbar-right-container', 'tryit-button', 'update', 'mobile-nav-tabs-item',
];

const NO_ASSISTANT = 'Kiln has no AI assistant';
/** What Kiln does not draw, and why. */
const NOT_DRAWN: Record<string, string> = {
  '#assistant-entry': NO_ASSISTANT, '#assistant-entry-mobile': NO_ASSISTANT, '#chat-assistant-sheet': NO_ASSISTANT,
  '#chat-assistant-textarea': NO_ASSISTANT, '.chat-assistant-sheet': NO_ASSISTANT, '.chat-assistant-sheet-header': NO_ASSISTANT,
  '.chat-assistant-sheet-content': NO_ASSISTANT, '.chat-assistant-input': NO_ASSISTANT, '.chat-assistant-send-button': NO_ASSISTANT,
  '#changelog-filters': 'a changelog is not filtered by tag', '#changelog-filters-content': 'a changelog is not filtered by tag',
  '#content-container': "no wrapper of the content and side column: they sit in the page's grid",
  '#content-side-layout': "no wrapper of the content and side column: they sit in the page's grid",
  '#table-of-contents-layout': 'no wrapper around "On this page": it is #table-of-contents',
  '#feedback-form': 'the thumbs rating reports to analytics; there is no written feedback',
  '#feedback-form-cancel': 'the thumbs rating reports to analytics; there is no written feedback',
  '#feedback-form-input': 'the thumbs rating reports to analytics; there is no written feedback',
  '#feedback-form-submit': 'the thumbs rating reports to analytics; there is no written feedback',
  '#navbar-transition': 'the top bar does not change as the page scrolls',
  '#panel': 'a page can have several panels: each is .panel',
  '#search-input': 'made by the search dialog when it first opens (tests/e2e/search.test.ts)',
  '.almond-layout': 'the Almond theme is drawn as Mint', '.almond-nav-bottom-section': 'the Almond theme is drawn as Mint',
  '.almond-nav-bottom-section-divider': 'the Almond theme is drawn as Mint',
  '.api-section-heading-title': 'an API section heading is its title, with no subtitle',
  '.api-section-heading-subtitle': 'an API section heading is its title, with no subtitle',
  '.link': "content links keep the classes their author gave them",
  '.login-link': 'no sign-in',
  '.mermaid': "Mermaid's script draws every .mermaid it finds; Kiln's diagrams are .mermaid-diagram, drawn by Kiln",
  '.mobile-nav-tabs-item': 'phones have the same tab bar: its items are .nav-tabs-item',
  '.nav-tag-pill-text': 'the pill holds its text',
  '.option-dropdown': 'examples are chosen by tabs',
  '.sidebar-nav-group-divider': 'no line between sidebar groups',
};

let browser: Browser;
let server: KilnServer;
let out: string;
let cleanup: () => void;

beforeAll(async () => {
  browser = await launchBrowser();
  const site = scratchCopy(path.join(repoRoot, 'tests/fixtures/mintlify-selectors'));
  cleanup = site.cleanup;
  out = path.join(site.dir, 'dist');
  const build = await kiln(['build', site.dir, '--out', out]);
  expect(build.stderr, build.stderr.slice(-2000)).toMatch(/✓ 3 pages written, 0 failed/);
  server = await startKiln(['preview', site.dir, '--out', out, '--port', '0']);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  cleanup?.();
});

/** Every id and class on the built pages. */
function drawn(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(out, { recursive: true }) as string[]) {
    if (!file.endsWith('.html') || file.startsWith('_kiln')) continue;
    const html = readFileSync(path.join(out, file), 'utf8');
    for (const m of html.matchAll(/\sid="([^"]+)"/g)) names.add('#' + m[1]);
    for (const m of html.matchAll(/\sclass="([^"]+)"/g)) for (const c of m[1]!.split(/\s+/)) names.add('.' + c);
  }
  return names;
}

async function open(url: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(server.url + url);
  return page;
}
const style = (page: Page, selector: string, property: string) => page.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

describe("Mintlify's identifiers and selectors", () => {
  it('are on the parts Kiln draws, and only those listed are not', () => {
    const names = drawn();
    const documented = [...IDENTIFIERS.map((i) => '#' + i), ...SELECTORS.map((s) => '.' + s)];
    expect(documented.filter((n) => !names.has(n) && !(n in NOT_DRAWN))).toEqual([]);
    // The list stays true: what it says is not drawn is not.
    expect(Object.keys(NOT_DRAWN).filter((n) => names.has(n))).toEqual([]);
    expect(Object.keys(NOT_DRAWN).filter((n) => !documented.includes(n))).toEqual([]);
  });

  it("carry an author's style.css written for Mintlify", async () => {
    const page = await open('/components');
    expect(await style(page, '#navbar', 'background-color')).toBe('rgb(1, 2, 3)');
    expect(await style(page, '.nav-logo', 'height')).toBe('30px');
    expect(await style(page, '#content-area', 'max-width')).toBe('640px');
    expect(await style(page, '#sidebar-content li[data-active] > a', 'color')).toBe('rgb(200, 0, 0)');
    expect(await page.locator('#sidebar-content li[data-active]').innerText()).toBe('Components');
    expect(await page.locator('.sidebar-group[data-active] .sidebar-group-header').innerText()).toBe('Start\nNew');
    expect(await style(page, '.nav-tabs-item', 'letter-spacing')).toBe('2px');
    expect(await style(page, '.mdx-content p', 'word-spacing')).toBe('3px');
    expect(await style(page, '#pagination .pagination-title', 'text-decoration-line')).toBe('underline');
    expect(await style(page, '[data-badge][data-color="blue"][data-size="sm"]', 'outline-color')).toBe('rgb(0, 0, 255)');
    expect(await style(page, '#topbar-cta-button', 'border-top-left-radius')).toBe('0px');
    await page.close();
  });

  it('mark the "On this page" entry being read and the one it sits under', async () => {
    const page = await open('/');
    await page.evaluate(() => document.getElementById('a-detail')!.scrollIntoView());
    await expect.poll(() => page.locator('.toc-item[data-active-deepest]').innerText()).toBe('A detail');
    expect(await page.locator('.toc-item[data-active]').allInnerTexts()).toEqual(['First steps', 'A detail']);
    await page.close();
  });

  it('give the menu of a tab its dropdown parts, the chosen item marked', async () => {
    const page = await open('/api/get-thing');
    // In the tab's closed menu.
    expect(await page.locator('.nav-dropdown-item[data-active] .nav-dropdown-item-title').allTextContents()).toEqual(['REST']);
    expect(await page.locator('.nav-dropdown-item-description').first().textContent()).toBe('HTTP endpoints');
    expect(await page.locator('#sidebar-content li[data-active] .method-nav-pill').textContent()).toBe('GET');
    expect(await page.locator('#content-area .method-pill').first().textContent()).toBe('GET');
    await page.close();
  });
});
