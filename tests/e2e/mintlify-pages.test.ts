import { readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, repoRoot, scratchCopy, startKiln, type KilnRun, type KilnServer } from './helpers.js';

// Pages of today's Mintlify as a reader sees them, one fixture folder per scenario under
// tests/fixtures/: the components Kiln lacked, the attributes of the ones it had, unknown
// components, HTML written in pages, the table of contents beside tabs, navigation edges, the
// front matter keys, and code block notations and languages. Each is built once and previewed;
// what a reader sees is checked in the light and the dark theme.

const FIXTURES = ['components-mintlify', 'component-attributes', 'unknown-components', 'html-structure', 'tabs-toc', 'nav-edges', 'frontmatter-keys', 'code-notation'] as const;
type Fixture = (typeof FIXTURES)[number];

let browser: Browser;
const built = new Map<Fixture, { dir: string; out: string; build: KilnRun; server: KilnServer; cleanup: () => void }>();

beforeAll(async () => {
  browser = await launchBrowser();
  for (const name of FIXTURES) {
    const site = scratchCopy(path.join(repoRoot, 'tests/fixtures', name));
    // A fixed modification time: the page that shows its date shows this one.
    if (name === 'frontmatter-keys') utimesSync(path.join(site.dir, 'dated.mdx'), new Date('2026-02-03T12:00:00Z'), new Date('2026-02-03T12:00:00Z'));
    const out = path.join(site.dir, 'dist');
    const build = await kiln(['build', site.dir, '--out', out]);
    // nav-edges names pages that do not exist: the build reports them (errors: it exits 1) and still writes the site.
    expect(build.stderr, build.stderr.slice(-2000)).toMatch(name === 'nav-edges' ? /✗ \d+ pages written, 0 failed/ : /✓ \d+ pages written, 0 failed/);
    const server = await startKiln(['preview', site.dir, '--out', out, '--port', '0']);
    built.set(name, { dir: site.dir, out, build, server, cleanup: site.cleanup });
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const b of built.values()) {
    await b.server.stop();
    b.cleanup();
  }
});

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

async function context(theme: Theme, width = 1280): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
  await ctx.addInitScript((t) => localStorage.setItem('kiln-theme', t), theme);
  return ctx;
}

async function open(fixture: Fixture, url: string, theme: Theme = 'light', width = 1280): Promise<Page> {
  const ctx = await context(theme, width);
  const page = await ctx.newPage();
  page.on('close', () => void ctx.close());
  await page.goto(built.get(fixture)!.server.url + url);
  return page;
}

const html = (fixture: Fixture, file: string) => readFileSync(path.join(built.get(fixture)!.out, file), 'utf8');
const color = (page: Page, selector: string, property: string) => page.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

describe('components Kiln lacked', () => {
  it.each(THEMES)('Panel: its content sits in the side column in place of "On this page" (%s)', async (theme) => {
    const page = await open('components-mintlify', '/panel', theme);
    const panel = page.locator('.api-aside .side-panel');
    expect(await panel.locator('.callout-info').innerText()).toBe('Pin this note to the side panel.');
    expect(await page.locator('.api-aside').getAttribute('aria-label')).toBe('Side panel');
    const prose = (await page.locator('.prose').boundingBox())!;
    expect((await panel.boundingBox())!.x).toBeGreaterThan(prose.x + prose.width);
    expect(await page.locator('.toc').count()).toBe(0);
    await page.close();
  });

  it.each(THEMES)('Panel: several stack in the side column; one in a tab shows while its tab is open (%s)', async (theme) => {
    const page = await open('components-mintlify', '/panels', theme);
    const shown = () => page.locator('.api-aside .side-panel:visible').allInnerTexts();
    expect(await shown()).toEqual(["The page's own panel.", 'Learn more about proxies']);
    await page.locator('[role="tab"]', { hasText: 'Contexts' }).click();
    await expect.poll(shown).toEqual(["The page's own panel.", 'Learn more about contexts']);
    expect(await page.locator('.api-aside .side-panel a:visible').getAttribute('href')).toBe('/tiles');
    // Nothing is left in the text where the panels were written.
    expect(await page.locator('.prose .side-panel, .prose .callout-info').count()).toBe(0);
    // Without JavaScript, the first tab's panel is the one shown.
    const written = html('components-mintlify', 'panels.html');
    expect(written).toContain('<div class="side-panel panel" data-side-panel="1"><p><a href="/panel">Learn more about proxies</a></p></div>');
    expect(written).toContain('<div class="side-panel panel" data-side-panel="2" hidden=""><p><a href="/tiles">Learn more about contexts</a></p></div>');
    // A wide page has no side column: its panel is not shown, nor anything in its place.
    await page.goto(built.get('components-mintlify')!.server.url + '/panel-wide');
    expect(await page.locator('.side-panel, .api-aside').count()).toBe(0);
    expect(await page.locator('.prose').innerText()).not.toContain('Not shown');
    await page.close();
  });

  it.each(THEMES)('Prompt: copies the prompt as written and opens it in Cursor (%s)', async (theme) => {
    const ctx = await context(theme);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: built.get('components-mintlify')!.server.url });
    const page = await ctx.newPage();
    await page.goto(built.get('components-mintlify')!.server.url + '/prompt');
    const prompt = page.locator('.prompt');
    expect(await prompt.locator('.prompt-description').innerHTML()).toBe('Use this <strong>pre-built</strong> prompt to get started.');
    expect(await prompt.locator('.prompt-body h1').innerText()).toBe('Tailwind CSS Expert');
    const source = '# Tailwind CSS Expert\n\nYou are a **Tailwind CSS expert**. Always use utility classes over custom CSS.';
    expect(await prompt.locator('a.prompt-action').getAttribute('href')).toBe(`https://cursor.com/link/prompt?text=${encodeURIComponent(source)}`);
    await prompt.locator('.prompt-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(source);
    expect(await prompt.locator('.prompt-copy').evaluate((b) => b.classList.contains('copied'))).toBe(true);
    await ctx.close();
  });

  it.each(THEMES)('Tile and Columns: a grid of linked previews, the image of the theme shown (%s)', async (theme) => {
    const page = await open('components-mintlify', '/tiles', theme);
    const tiles = page.locator('.columns.cols-3 > a.tile');
    expect(await tiles.count()).toBe(3);
    expect(await tiles.first().getAttribute('href')).toBe('/panel');
    expect(await tiles.first().locator('.tile-title').innerText()).toBe('Panel');
    expect(await tiles.first().locator('.tile-description').innerText()).toBe('A side column');
    const [light, dark] = [tiles.first().locator('img').first(), tiles.first().locator('img').nth(1)];
    expect(await light.isVisible()).toBe(theme === 'light');
    expect(await dark.isVisible()).toBe(theme === 'dark');
    // Three tiles side by side, and the two <Column>s.
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await tiles.nth(i).boundingBox())!));
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
    expect(await page.locator('.columns > .column').count()).toBe(2);
    await page.close();
  });

  it.each(THEMES)('View: a dropdown of the views shows one at a time, and the table of contents follows (%s)', async (theme) => {
    const page = await open('components-mintlify', '/views', theme);
    const select = page.locator('select.view-select');
    expect(await select.locator('option').allInnerTexts()).toEqual(['JavaScript', 'Python']);
    expect(await page.locator('.view[data-view="JavaScript"]').isVisible()).toBe(true);
    expect(await page.locator('.view[data-view="Python"]').isVisible()).toBe(false);
    expect(await page.locator('.toc li:visible a').allInnerTexts()).toEqual(['Install', 'With npm']);
    await select.selectOption('Python');
    expect(await page.locator('.view[data-view="Python"]').isVisible()).toBe(true);
    expect(await page.locator('.view[data-view="JavaScript"]').isVisible()).toBe(false);
    await expect.poll(() => page.locator('.toc li:visible a').allInnerTexts()).toEqual(['Install', 'With pip']);
    await page.close();
  });

  it('Visibility: text for agents is in the Markdown, not the page; text for people the other way round', async () => {
    const page = await open('components-mintlify', '/visibility');
    expect(await page.locator('.prose').innerText()).toContain('Click the Get started button');
    expect(html('components-mintlify', 'visibility.html')).not.toContain('POST /v1/accounts');
    const md = html('components-mintlify', 'visibility.md');
    expect(md).toContain('To create an account, call `POST /v1/accounts`.');
    expect(md).not.toContain('Get started');
    expect(html('components-mintlify', 'llms-full.txt')).toContain('To create an account, call `POST /v1/accounts`.');
    await page.close();
  });

  it.each(THEMES)('Banner, Color, Timeline, GitHub.Repo and Mention render as a reader expects (%s)', async (theme) => {
    const page = await open('components-mintlify', '/banner', theme);
    expect(await color(page, '.banner-warning', 'background-color')).toBe('rgb(146, 64, 14)');
    expect(await page.locator('.banner-info a').getAttribute('href')).toBe('/');
    await page.goto(built.get('components-mintlify')!.server.url + '/color');
    // A theme-aware swatch shows the colour of the theme; the row title is Markdown.
    expect(await color(page, '.color-item:nth-child(3) .color-swatch', 'background-color')).toBe(theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(0, 0, 0)');
    expect(await page.locator('.color-row-title').first().innerHTML()).toBe('<strong>Primary</strong>');
    await page.goto(built.get('components-mintlify')!.server.url + '/timeline');
    expect(await page.locator('.timeline-item .timeline-title').allInnerTexts()).toEqual(['v2.0 released', 'v1.0 released']);
    await page.goto(built.get('components-mintlify')!.server.url + '/github');
    expect(await page.locator('a.github-repo').evaluateAll((a) => a.map((x) => x.getAttribute('href')))).toEqual(['https://github.com/mintlify/docs', 'https://github.com/mintlify/starter']);
    await page.goto(built.get('components-mintlify')!.server.url + '/');
    expect(await page.locator('a.mention-page').innerText()).toBe('Prompt');
    expect(await page.locator('.mention-user').innerText()).toBe('@wintergreen');
    // The description is inline Markdown.
    expect(await page.locator('.page-header .description a').getAttribute('href')).toBe('/panel');
    await page.close();
  });

  it.each(THEMES)('Color: a swatch click copies its value (%s)', async (theme) => {
    const ctx = await context(theme);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: built.get('components-mintlify')!.server.url });
    const page = await ctx.newPage();
    await page.goto(built.get('components-mintlify')!.server.url + '/color');
    await page.locator('.color-item', { hasText: 'blue-700' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('#1D4ED8');
    await ctx.close();
  });

  it.each(THEMES)('CodeBlock: highlighted with its filename, icon, line numbers and highlighted line, its code as written (%s)', async (theme) => {
    const page = await open('components-mintlify', '/code-block', theme);
    const block = page.locator('.code-block').first();
    expect(await block.locator('.code-block-title').innerText()).toBe('server.py');
    expect(await block.locator('.code-block-title svg[data-icon="python"]').count()).toBe(1);
    expect(await block.evaluate((b) => b.classList.contains('line-numbers'))).toBe(true);
    expect(await block.locator('.line').allInnerTexts()).toEqual(['from acme import Client', '# connect', 'client = Client(api_key="__KEY__")']);
    expect(await block.locator('.line.highlighted').innerText()).toBe('# connect');
    expect(await color(page, '.code-block .line:first-child span', 'color')).not.toBe(await color(page, '.code-block .line:first-child span:nth-child(2)', 'color'));
    expect(await page.locator('.prose h1').count()).toBe(0);
    expect(await page.locator('.code-block').nth(1).locator('.line').allInnerTexts()).toEqual(['const a = 1;', 'const b = 2;']);
    await page.close();
  });

  it.each(THEMES)('Popup: its content shows while the trigger is hovered, and its link can be followed (%s)', async (theme) => {
    const page = await open('components-mintlify', '/popup', theme);
    const content = page.locator('.popup-content');
    expect(await content.isVisible()).toBe(false);
    await page.locator('.popup-trigger').hover();
    await expect.poll(() => content.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await content.locator('a').click();
    await page.waitForURL('**/panel');
    await page.close();
  });
});

describe('attributes of the components Kiln had', () => {
  it.each(THEMES)('Badge: sizes, shapes, icons, stroke, disabled and colours (%s)', async (theme) => {
    const page = await open('component-attributes', '/', theme);
    const badge = (text: string) => page.locator('.badge', { hasText: text });
    expect(await badge('Green').locator('svg').count()).toBe(1);
    expect(await badge('Small').evaluate((b) => b.className)).toBe('badge badge-sm');
    expect(await badge('Pill').evaluate((b) => getComputedStyle(b).borderRadius)).toBe('999px');
    expect(await badge('Default').evaluate((b) => getComputedStyle(b).borderRadius)).toBe('6px');
    expect(await badge('Stroke').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(await badge('Disabled').evaluate((b) => getComputedStyle(b).opacity)).toBe('0.5');
    expect(await badge('Destructive').evaluate((b) => getComputedStyle(b).color)).toBe(theme === 'light' ? 'rgb(185, 28, 28)' : 'rgb(252, 165, 165)');
    expect((await badge('XS').boundingBox())!.height).toBeLessThan((await badge('Pill').boundingBox())!.height);
    await page.close();
  });

  it.each(THEMES)('Tooltip: a headline and a call to action the reader can reach and follow (%s)', async (theme) => {
    const page = await open('component-attributes', '/', theme);
    const tip = page.locator('.tooltip');
    await tip.hover();
    const text = tip.locator('[role="tooltip"]');
    await expect.poll(() => text.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await text.locator('.tooltip-headline').innerText()).toBe('API');
    expect(await text.locator('.tooltip-tip').innerText()).toBe('Application Programming Interface.');
    await text.locator('a.tooltip-cta').click();
    await page.waitForURL('**/cards');
    await page.close();
  });

  it.each(THEMES)('Card: cta, arrow, horizontal, image and callout types (%s)', async (theme) => {
    const page = await open('component-attributes', '/cards', theme);
    const card = (title: string) => page.locator('.card', { has: page.locator('.card-title', { hasText: title }) });
    expect(await card('Link card').locator('.card-cta').innerText()).toBe('Click here →');
    expect(await card('Link card').locator('.card-arrow').innerText()).toBe('→');
    expect(await card('External').locator('.card-arrow').innerText()).toBe('↗');
    expect(await card('No arrow').locator('.card-arrow').count()).toBe(0);
    const horizontal = card('Horizontal card');
    const [icon, title] = [(await horizontal.locator('.card-icon').boundingBox())!, (await horizontal.locator('.card-title').boundingBox())!];
    expect(title.x).toBeGreaterThan(icon.x + icon.width);
    expect(await card('Warning card').locator('.card-type-icon svg').count()).toBe(1);
    expect(await card('Warning card').evaluate((c) => getComputedStyle(c).backgroundColor)).not.toBe(await card('No arrow').evaluate((c) => getComputedStyle(c).backgroundColor));
    expect(await card('Image card').locator('img.card-image').isVisible()).toBe(true);
    await page.close();
  });

  it.each(THEMES)('Frame: Markdown in the caption and hint; an autoplaying video is muted and loops (%s)', async (theme) => {
    const page = await open('component-attributes', '/frames', theme);
    expect(await page.locator('figure.frame figcaption a').getAttribute('href')).toBe('/cards');
    expect(await page.locator('figure.frame figcaption strong').innerText()).toBe('bold');
    expect(await page.locator('.frame-hint strong').innerText()).toBe('circle');
    const video = page.locator('figure.frame video');
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.playsInline])).toEqual([true, true, true]);
    await page.close();
  });

  it.each(THEMES)('ParamField and ResponseField: labels before and after the name (%s)', async (theme) => {
    const page = await open('component-attributes', '/fields', theme);
    const head = page.locator('.field').first().locator('.field-head');
    expect(await head.locator(':scope > *').evaluateAll((els) => els.map((e) => e.className))).toEqual(['field-label', 'field-name', 'field-label', 'field-label', 'field-type', 'field-required']);
    expect(await head.locator('.field-label').allInnerTexts()).toEqual(['beta', 'read-only', 'unique']);
    expect(await page.locator('.field').nth(1).locator('.field-label').innerText()).toBe('optional');
    await page.close();
  });

  it.each(THEMES)('Accordion: a link to its id opens it; opening one puts its id in the address (%s)', async (theme) => {
    const page = await open('component-attributes', '/accordions#remove', theme);
    const remove = page.locator('details#remove');
    await expect.poll(() => remove.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await remove.locator('.accordion-content').isVisible()).toBe(true);
    await page.locator('details#install > summary').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#install');
    // A link in the page to a closed one opens it too.
    await remove.locator('summary').click();
    expect(await remove.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await page.locator('.prose a[href="#remove"]').click();
    await expect.poll(() => remove.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await page.close();
  });

  it.each(THEMES)('Tabs: sync={false} keeps a set to itself; borderBottom closes it with a rule (%s)', async (theme) => {
    const page = await open('component-attributes', '/tabs', theme);
    const [synced, independent] = [page.locator('.tabs').first(), page.locator('.tabs').nth(1)];
    const group = page.locator('.code-group');
    const chosen = (set: typeof synced) => set.locator('[role="tab"][aria-selected="true"]').innerText();
    await synced.locator('[role="tab"]', { hasText: 'yarn' }).click();
    expect(await chosen(synced)).toBe('yarn');
    expect(await chosen(group)).toBe('yarn');
    expect(await chosen(independent)).toBe('npm');
    await independent.locator('[role="tab"]', { hasText: 'yarn' }).click();
    await synced.locator('[role="tab"]', { hasText: 'npm' }).click();
    expect(await chosen(independent)).toBe('yarn');
    expect(await independent.evaluate((t) => getComputedStyle(t).borderBottomStyle)).toBe('solid');
    expect(await synced.evaluate((t) => getComputedStyle(t).borderBottomStyle)).toBe('none');
    await page.close();
  });
});

describe('unknown components', () => {
  it('are reported by the build with their position', () => {
    const out = built.get('unknown-components')!.build.stderr;
    for (const [where, name] of [['5:14', 'Chip'], ['5:64', 'Link'], ['7:1', 'Mystery'], ['11:1', 'Image'], ['13:1', 'Chart.Legend'], ['16:3', 'Tree.Leaf'], ['19:1', 'motion.div']]) {
      expect(out).toContain(`index.mdx:${where}  warning  page/unknown-component  Unknown component <${name}>; readers see what it holds, without it (\`kiln dev\` marks the place).`);
    }
  });

  it.each(THEMES)('show readers what they hold: inline in its line, a Link as a link, an Image as an image, no box (%s)', async (theme) => {
    const page = await open('unknown-components', '/', theme);
    const first = page.locator('.prose > p').first();
    expect(await first.innerText()).toBe('Text with an inline chip in the middle of it, and a link to the other page.');
    expect(await first.locator('a').getAttribute('href')).toBe('/other');
    expect(await page.locator('.prose img[alt="A pixel"]').getAttribute('src')).toBe('/pixel.svg');
    expect(await page.locator('.prose > p', { hasText: 'A block the author wrote' }).count()).toBe(1);
    for (const text of ['Legend text', 'Leaf text', 'Animated text']) expect(await page.locator('.prose').innerText()).toContain(text);
    expect(await page.locator('.missing-component').count()).toBe(0);
    await page.close();
  });

  it.each(THEMES)('are a dashed box naming them in kiln dev (%s)', async (theme) => {
    const dev = await startKiln(['dev', built.get('unknown-components')!.dir, '--port', '0']);
    try {
      const ctx = await context(theme);
      const page = await ctx.newPage();
      await page.goto(dev.url + '/');
      const box = page.locator('.missing-component[data-component="Mystery"]');
      expect(await box.locator('.missing-component-label').innerText()).toBe('Unknown component <Mystery>');
      expect(await box.evaluate((b) => getComputedStyle(b).borderTopStyle)).toBe('dashed');
      // Inline, it stays in its line.
      const chip = page.locator('.missing-component[data-component="Chip"]');
      expect(await chip.evaluate((c) => getComputedStyle(c).display)).toBe('inline');
      await ctx.close();
    } finally {
      await dev.stop();
    }
  });
});

describe('HTML written in a page', () => {
  it.each(THEMES)('keeps its structure and classes: no paragraph in a paragraph or a heading (%s)', async (theme) => {
    const page = await open('html-structure', '/', theme);
    const lead = page.locator('p.lead-note');
    expect(await lead.locator('strong').innerText()).toBe('bold');
    expect(await lead.innerText()).toBe("Some bold text in the author's paragraph.\nA second paragraph of it.");
    expect(await page.locator('h2.fancy-title').innerText()).toBe('A heading written as HTML');
    expect(await page.locator('h2.fancy-title p, p p').count()).toBe(0);
    expect(await page.locator('p[align="center"] > a > img').count()).toBe(1);
    expect(await page.locator('a.block-link > div.block-link-inner').innerText()).toBe('A block inside a link');
    // A <p> that holds a list is a <div> with its class.
    expect(await page.locator('div.holds-list > ul > li').allInnerTexts()).toEqual(['first', 'second']);
    await page.close();
  });
});

describe('the table of contents beside tabs', () => {
  it('lists the first tab\'s headings without JavaScript, never those of text the page does not show', () => {
    const page = html('tabs-toc', 'index.html');
    const toc = page.slice(page.indexOf('<aside class="toc"'));
    expect(toc).toContain('<li class="toc-item toc-depth-2"><a href="#install-on-macos">Install on macOS</a></li>');
    expect(toc).toContain('<li class="toc-item toc-depth-2" hidden=""><a href="#install-on-linux">Install on Linux</a></li>');
    expect(toc).not.toContain('only-for-agents');
  });

  it.each(THEMES)('follows the tab that is open (%s)', async (theme) => {
    const page = await open('tabs-toc', '/', theme);
    const entries = () => page.locator('.toc li:visible a').allInnerTexts();
    expect(await entries()).toEqual(['Overview', 'Install on macOS', 'Verify on macOS', 'Afterwards']);
    await page.locator('[role="tab"]', { hasText: 'Linux' }).click();
    await expect.poll(entries).toEqual(['Overview', 'Install on Linux', 'Afterwards']);
    await page.close();
  });
});

describe('anchors written for Mintlify', () => {
  // Mintlify keeps more of a heading in its id than GitHub's slugs, which Kiln's are; links and
  // bookmarks made for it find the heading by its letters and digits.
  it.each(THEMES)('take the reader to the heading, its own id in the address, a closed tab opened (%s)', async (theme) => {
    const page = await open('tabs-toc', '/anchors#option-2:-remote-server-deployment', theme, 1280);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#option-2-remote-server-deployment');
    const inView = (id: string) => page.locator(`[id="${id}"]`).evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; });
    await expect.poll(() => inView('option-2-remote-server-deployment')).toBe(true);
    // A link in the page, to a heading in a tab that is not open.
    await page.evaluate(() => scrollTo(0, 0));
    await page.locator('.prose a', { hasText: 'the error message' }).click();
    await expect.poll(() => page.evaluate(() => decodeURIComponent(location.hash))).toBe('#error-');
    await expect.poll(() => page.locator('[id="error-"]').isVisible()).toBe(true);
    await expect.poll(() => inView('error-')).toBe(true);
    // Mintlify's id for a <ParamField>: param-<name>.
    await page.evaluate(() => scrollTo(0, 0));
    await page.locator('.prose a', { hasText: 'the timeout option' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#query-timeout');
    await expect.poll(() => inView('query-timeout')).toBe(true);
    await page.close();
  });

  it('are not broken links for kiln check', async () => {
    const check = await kiln(['check', built.get('tabs-toc')!.dir]);
    expect(check.stdout + check.stderr).not.toMatch(/broken-anchor/);
  });
});

describe('navigation edges', () => {
  it.each(THEMES)('no empty crumb, no group of missing pages, a long version name inside the sidebar (%s)', async (theme) => {
    const page = await open('nav-edges', '/guides/first', theme);
    expect(await page.locator('.breadcrumbs').count()).toBe(0);
    expect(await page.locator('.sidebar').innerText()).not.toContain('Nothing here');
    expect(await page.locator('.nav-subgroup').count()).toBe(0);
    const sidebar = (await page.locator('.sidebar').boundingBox())!;
    const select = (await page.locator('#kiln-version').boundingBox())!;
    expect(select.x + select.width).toBeLessThanOrEqual(sidebar.x + sidebar.width);
    await page.goto(built.get('nav-edges')!.server.url + '/guides/second');
    expect(await page.locator('.breadcrumbs li').allInnerTexts()).toEqual(['Guides', 'Second guide']);
    await page.close();
    expect(built.get('nav-edges')!.build.stderr).toContain('nav/page-not-found');
  });
});

describe('front matter', () => {
  it.each(THEMES)('tag and deprecated beside the title, in the sidebar and above the content (%s)', async (theme) => {
    const page = await open('frontmatter-keys', '/tagged', theme);
    expect(await page.locator('.nav-link[href="/tagged"] .nav-tag').innerText()).toBe('NEW');
    expect(await page.locator('.nav-link[href="/old"] .nav-deprecated').innerText()).toBe('DEPRECATED');
    expect(await page.locator('.page-header .page-tag').innerText()).toBe('NEW');
    await page.goto(built.get('frontmatter-keys')!.server.url + '/old');
    expect(await page.locator('.page-header .page-deprecated').isVisible()).toBe(true);
    // `url`: the entry links to the other site.
    const npm = page.locator('.nav-link', { hasText: 'npm package' });
    expect(await npm.getAttribute('href')).toBe('https://www.npmjs.com/package/emberline');
    expect(await npm.getAttribute('target')).toBe('_blank');
    await page.close();
  });

  it.each(THEMES)('modes: frame keeps the sidebar without the page chrome; custom drops the sidebar; wide drops the table of contents (%s)', async (theme) => {
    const page = await open('frontmatter-keys', '/frame', theme);
    expect(await page.locator('.sidebar').isVisible()).toBe(true);
    expect(await page.locator('.page-header, .toc, .prev-next').count()).toBe(0);
    expect(await page.locator('.frame-canvas').isVisible()).toBe(true);
    await page.goto(built.get('frontmatter-keys')!.server.url + '/custom');
    expect(await page.locator('.sidebar').count()).toBe(0);
    await page.goto(built.get('frontmatter-keys')!.server.url + '/wide');
    expect(await page.locator('.toc').count()).toBe(0);
    expect(await page.locator('body').getAttribute('class')).toContain('mode-wide');
    await page.goto(built.get('frontmatter-keys')!.server.url + '/center');
    expect(await page.locator('body').getAttribute('class')).toContain('mode-center');
    await page.close();
  });

  it('hideFooterPagination drops the previous and next links', async () => {
    const page = await open('frontmatter-keys', '/no-pagination');
    expect(await page.locator('.prev-next').count()).toBe(0);
    await page.goto(built.get('frontmatter-keys')!.server.url + '/keywords');
    expect(await page.locator('.prev-next').count()).toBe(1);
    await page.close();
  });

  it.each(THEMES)('hidden: published at its address, but not in the sidebar, the previous/next links or llms.txt, and kept from search engines (%s)', async (theme) => {
    const page = await open('frontmatter-keys', '/secret', theme);
    expect(await page.locator('.prose').innerText()).toBe('Reachable by its address only.');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('.sidebar a[href="/secret"]').count()).toBe(0);
    // Its sidebar is the one of where it is listed, and the pages either side link to each other.
    expect(await page.locator('.sidebar .nav-link', { hasText: 'Keywords' }).count()).toBe(1);
    await page.goto(built.get('frontmatter-keys')!.server.url + '/keywords');
    expect(await page.locator('.prev-next a.prev').getAttribute('href')).toBe('/no-pagination');
    expect(html('frontmatter-keys', 'llms.txt')).not.toContain('secret');
    await page.close();
  });

  it.each(THEMES)('noindex: listed in the sidebar, kept from search engines (%s)', async (theme) => {
    const page = await open('frontmatter-keys', '/unindexed', theme);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('.sidebar .nav-link[href="/unindexed"]').isVisible()).toBe(true);
    await page.goto(built.get('frontmatter-keys')!.server.url + '/last');
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    expect(await page.locator('.prev-next a.next').getAttribute('href')).toBe('/unindexed');
    await page.close();
  });

  it('keywords find the page in the search without being shown', async () => {
    const page = await open('frontmatter-keys', '/keywords');
    expect(await page.locator('.page-keywords').isVisible()).toBe(false);
    // Pagefind's own API, as the search dialog uses it (a string: the test runner would rewrite an import()).
    const urls = await page.evaluate(`(async () => {
      const pagefind = await import('/_kiln/search/pagefind.js');
      const search = await pagefind.search('zephyrword');
      return Promise.all(search.results.map(async (r) => (await r.data()).url));
    })()`);
    expect(urls).toEqual(['/keywords']);
    await page.close();
  });

  it.each(THEMES)('timestamp: the date shows where the page asks for it, the file\'s when git has none (%s)', async (theme) => {
    const page = await open('frontmatter-keys', '/dated', theme);
    expect(await page.locator('.last-updated').innerText()).toBe('Last updated Feb 3, 2026');
    await page.goto(built.get('frontmatter-keys')!.server.url + '/last');
    expect(await page.locator('.last-updated').count()).toBe(0);
    await page.close();
  });
});

describe('code blocks', () => {
  it.each(THEMES)('diff notation: added and removed lines marked, the notation gone from the code and the copy (%s)', async (theme) => {
    const ctx = await context(theme);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: built.get('code-notation')!.server.url });
    const page = await ctx.newPage();
    await page.goto(built.get('code-notation')!.server.url + '/');
    const block = page.locator('.code-block').first();
    expect(await block.locator('.code-block-title').innerText()).toBe('JavaScript diff');
    expect(await block.locator('.code-block-title svg').count()).toBe(1);
    expect(await block.locator('.line.diff.add').count()).toBe(2);
    expect(await block.locator('.line.diff.remove').innerText()).toBe('  console.log("Hello, World!"); ');
    expect(await block.locator('.line.highlighted').innerText()).toBe('sayHello(); ');
    expect(await block.locator('.line.diff.add').first().evaluate((l) => getComputedStyle(l, '::after').content)).toBe('"+"');
    expect(await block.innerText()).not.toContain('[!code');
    await block.locator('.copy-button').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toContain('[!code');
    // Focus: the other lines are dimmed.
    const focus = page.locator('.code-block').nth(1);
    expect(await focus.locator('.line.focused').allInnerTexts()).toEqual(['    print("Hello")', '    print("World")']);
    expect(await focus.locator('.line:not(.focused)').first().evaluate((l) => getComputedStyle(l).opacity)).toBe('0.45');
    // `twoslash` is an option, not part of the title.
    expect(await page.locator('.code-block').nth(2).locator('.code-block-title').innerText()).toBe('Twoslash example');
    expect(await page.locator('.code-block.wrap pre').evaluate((p) => getComputedStyle(p).whiteSpace)).toBe('pre-wrap');
    expect(await page.locator('.code-block.expandable .code-expand').isVisible()).toBe(true);
    await ctx.close();
  });

  it.each(THEMES)('languages without a grammar of their own are coloured with the nearest one (%s)', async (theme) => {
    const page = await open('code-notation', '/languages', theme);
    for (const lang of ['terminal', 'command', 'curl', 'env', 'jinja2', 'cel', 'gradle']) {
      const colours = await page.locator(`.code-block[data-language="${lang}"] pre span[style]`).evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size);
      expect(colours, lang).toBeGreaterThan(1);
    }
    await page.close();
    const out = built.get('code-notation')!.build.stderr;
    expect(out).toContain('languages.mdx:33:1  warning  code/unknown-language  Unknown code language "nosuchlanguage"; the block is shown as plain text.');
    expect(out.match(/code\/unknown-language/g)).toHaveLength(1);
  });
});
