import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, launchBrowser, repoRoot, tempDir, type KilnServer } from './helpers.js';

// Mintlify's themes are layout variants of one site: the look-themes fixture is built once per
// theme Kiln draws (its `theme` swapped), and each must look like itself, in both colour schemes.
const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen'] as const;
type Theme = (typeof THEMES)[number];

let browser: Browser;
let work: { dir: string; cleanup: () => void };
const servers = new Map<Theme, KilnServer>();

beforeAll(async () => {
  work = tempDir();
  for (const theme of THEMES) {
    const src = path.join(work.dir, theme, 'docs');
    cpSync(path.join(repoRoot, 'tests/fixtures/look-themes'), src, { recursive: true });
    const file = path.join(src, 'docs.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"theme": "mint"', `"theme": "${theme}"`));
    servers.set(theme, await buildAndPreview(src, path.join(work.dir, theme, 'out')));
  }
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const s of servers.values()) await s.stop();
  work?.cleanup();
});

async function open(theme: Theme, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
  const page = await context.newPage();
  await page.goto(servers.get(theme)!.url + '/guides');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
  return page;
}

/** What tells the themes apart, as computed styles: corners, type, the current page, tabs, sidebar, page. */
function signature(page: Page) {
  return page.evaluate(() => {
    const css = (selector: string, pseudo?: string) => getComputedStyle(document.querySelector(selector)!, pseudo);
    const current = css('.nav-link[aria-current="page"]');
    const tab = css('.tab-bar a[aria-current="true"]');
    return {
      variant: document.documentElement.dataset.themeVariant,
      cardRadius: css('.card').borderTopLeftRadius,
      cardBorder: css('.card').borderTopStyle,
      font: css('.prose p').fontFamily.split(',')[0],
      groupTitle: css('.nav-group-title').textTransform,
      currentBackground: current.backgroundColor,
      currentColor: current.color,
      currentRule: current.borderLeftWidth,
      currentRadius: current.borderTopLeftRadius,
      tabBackground: tab.backgroundColor,
      tabRule: tab.borderBottomWidth,
      sidebar: css('.sidebar').backgroundColor,
      topbarRule: css('.topbar').borderBottomColor,
      article: `${css('.article').borderTopLeftRadius} ${css('.article').backgroundColor}`,
      width: css('.article').maxWidth,
    };
  });
}

const transparent = 'rgba(0, 0, 0, 0)';

describe.each(['light', 'dark'] as const)('themes in the %s scheme', (scheme) => {
  it('each theme Kiln draws looks different from every other', async () => {
    const all = new Map<Theme, Awaited<ReturnType<typeof signature>>>();
    for (const theme of THEMES) {
      const page = await open(theme, scheme);
      all.set(theme, await signature(page));
      await page.context().close();
    }
    for (const [theme, s] of all) expect(s.variant, theme).toBe(theme);
    const distinct = new Set([...all.values()].map((s) => JSON.stringify({ ...s, variant: undefined })));
    expect(distinct.size).toBe(THEMES.length);

    const { mint, maple, palm, willow, linden, almond, aspen } = Object.fromEntries(all) as Record<Theme, Awaited<ReturnType<typeof signature>>>;
    // mint: the current page in a tinted box, tabs underlined, sentence-case group titles.
    expect(mint.currentBackground).not.toBe(transparent);
    expect(mint.tabRule).toBe('2px');
    expect(mint.groupTitle).toBe('none');
    // maple: big corners, pill links and tabs, no rule under the top bar.
    expect(maple.cardRadius).toBe('16px');
    expect(maple.currentRadius).toBe('999px');
    expect(maple.tabBackground).not.toBe(transparent);
    expect(maple.topbarRule).toBe(transparent);
    // palm: the sidebar a tinted panel, the current page marked by a rule, small capitals.
    expect(palm.sidebar).not.toBe(transparent);
    expect(palm.currentRule).toBe('2px');
    expect(palm.groupTitle).toBe('uppercase');
    // willow: no box on the current page, a narrower column.
    expect(willow.currentBackground).toBe(transparent);
    expect(willow.width).toBe('672px');
    // linden: monospace everywhere, square and dashed.
    expect(linden.font).toMatch(/mono/i);
    expect([linden.cardRadius, linden.cardBorder]).toEqual(['0px', 'dashed']);
    // almond: the page on a card.
    expect(almond.article).toMatch(/^20px rgb/);
    // aspen: the current page filled with the button colour, small capitals.
    expect(aspen.currentBackground).toBe(scheme === 'dark' ? 'rgb(96, 165, 250)' : 'rgb(29, 78, 216)');
    expect(aspen.groupTitle).toBe('uppercase');
  });

  it.each(THEMES)('%s keeps the current page readable', async (theme) => {
    const page = await open(theme, scheme);
    // The current sidebar link's text against what is behind it: its own fill and every
    // translucent layer under it, down to the page (colour-mix tints compute as color(srgb …)).
    const ratio = await page.evaluate(() => {
      const parse = (c: string): number[] => {
        const n = c.match(/[\d.]+/g)!.map(Number);
        const rgb = c.startsWith('color(') ? n.slice(0, 3).map((v) => v * 255) : n.slice(0, 3);
        return [...rgb, n[3] ?? 1];
      };
      const link = document.querySelector('.nav-link[aria-current="page"]')!;
      const layers: number[][] = [];
      for (let el: Element | null = link; el; el = el.parentElement) {
        const bg = parse(getComputedStyle(el).backgroundColor);
        if (bg[3]! > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      let under = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) under = [r! * a! + under[0]! * (1 - a!), g! * a! + under[1]! * (1 - a!), b! * a! + under[2]! * (1 - a!)];
      const lum = ([r, g, b]: number[]) => {
        const [x, y, z] = [r!, g!, b!].map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
        return 0.2126 * x! + 0.7152 * y! + 0.0722 * z!;
      };
      const [fg, bg] = [lum(parse(getComputedStyle(link).color)), lum(under)];
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });
});
