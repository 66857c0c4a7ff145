import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, launchBrowser, scratchCopy, startKiln, starter, type KilnServer } from './helpers.js';

// Reading aids on the built example (a scratch copy, made a git checkout with one dated commit):
// "On this page" scroll-spy, breadcrumbs, the last-updated date.
let browser: Browser;
let server: KilnServer;
let site: { dir: string; cleanup: () => void };
let out: string;

beforeAll(async () => {
  site = scratchCopy(starter);
  out = path.join(site.dir, 'dist');
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Kiln', '-c', 'user.email=kiln@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd: site.dir, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_DATE: '2026-11-03T12:00:00Z', GIT_COMMITTER_DATE: '2026-11-03T12:00:00Z' },
    });
  // The page asks for its date (front matter `timestamp`; docs.json's `metadata.timestamp` does it for every page).
  const deploying = path.join(site.dir, 'guides/deploying.mdx');
  writeFileSync(deploying, readFileSync(deploying, 'utf8').replace(/^---\n/, '---\ntimestamp: true\n'));
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'docs');
  // A page written after the commit has no date from git.
  writeFileSync(path.join(site.dir, 'draft.mdx'), '---\ntitle: Draft\n---\n\nNot committed yet.\n');
  writeFileSync(path.join(site.dir, 'tabbed.mdx'), TABBED);
  const result = await kiln(['build', site.dir, '--out', out]);
  expect(result.stderr).toMatch(/✓ \d+ pages written, 0 failed/);
  server = await startKiln(['preview', site.dir, '--out', out, '--port', '4701']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.cleanup();
});

async function open(url: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(server.url + url);
  return page;
}

const WAIT = { timeout: 5000 };

// Headings inside tabs: only the open tab's are on screen.
const filler = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of filler text, long enough to let the page scroll past the tabs.`).join('\n\n');
const TABBED = `---
title: Tabbed
---

## Overview

Some text.

<Tabs>
  <Tab title="First">
    ## In the first tab

    First tab text.
  </Tab>
  <Tab title="Second">
    ## In the second tab

    Second tab text.
  </Tab>
</Tabs>

${filler}
`;

/** The hashes of the "On this page" links marked current. */
const current = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll<HTMLAnchorElement>('.toc a[aria-current]'), (a) => a.hash));

describe('"On this page" scroll-spy', () => {
  it('marks the entry of the section scrolled to, one at a time', async () => {
    const page = await open('/guides/deploying');
    const ids = await page.locator('.toc a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).hash.slice(1)));
    expect(ids.length).toBeGreaterThanOrEqual(4);
    // At the top of the page, the first section is current.
    expect(await current(page)).toEqual([`#${ids[0]}`]);
    // Each heading, scrolled to the top of the viewport, marks its own entry (in either direction).
    for (const id of [ids[2]!, ids[1]!, ids[3]!]) {
      await page.evaluate((h) => document.getElementById(h)!.scrollIntoView(), id);
      await page.waitForFunction((h) => document.querySelector(`.toc a[href="#${h}"]`)?.getAttribute('aria-current') === 'location', id, WAIT);
      expect(await current(page)).toEqual([`#${id}`]);
      expect(await page.locator(`.toc a[href="#${id}"]`).evaluate((a) => a.classList.contains('active'))).toBe(true);
    }
    // The end of the page marks the last entry, even when its heading cannot reach the top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction((h) => document.querySelector(`.toc a[href="#${h}"]`)?.hasAttribute('aria-current'), ids.at(-1)!, WAIT);
    expect(await current(page)).toEqual([`#${ids.at(-1)}`]);
    // Back to the top: the first entry again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction((h) => document.querySelector(`.toc a[href="#${h}"]`)?.hasAttribute('aria-current'), ids[0]!, WAIT);
    await page.close();
  });

  it('skips headings in a closed tab, and follows the tab that is opened', async () => {
    const page = await open('/tabbed');
    const ids = await page.locator('.toc a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).hash));
    expect(ids).toEqual(['#overview', '#in-the-first-tab', '#in-the-second-tab']);
    // At the top: the first section, not the heading of the hidden second tab.
    expect(await current(page)).toEqual(['#overview']);
    await page.evaluate(() => document.getElementById('in-the-first-tab')!.scrollIntoView());
    await page.waitForFunction(() => document.querySelector('.toc a[href="#in-the-first-tab"]')?.hasAttribute('aria-current'), undefined, WAIT);
    // Opening the second tab puts its heading where the first one was, without any scrolling.
    await page.locator('[role="tab"]').nth(1).evaluate((tab: HTMLElement) => tab.click());
    await page.waitForFunction(() => document.querySelector('.toc a[href="#in-the-second-tab"]')?.hasAttribute('aria-current'), undefined, WAIT);
    expect(await current(page)).toEqual(['#in-the-second-tab']);
    await page.close();
  });

  it('marks the entry that was clicked', async () => {
    const page = await open('/guides/deploying');
    const link = page.locator('.toc a').nth(2);
    const hash = (await link.getAttribute('href'))!;
    await link.click();
    await page.waitForURL(`**/guides/deploying${hash}`);
    await page.waitForFunction((h) => document.querySelector(`.toc a[href="${h}"]`)?.hasAttribute('aria-current'), hash, WAIT);
    expect(await current(page)).toEqual([hash]);
    await page.close();
  });
});

describe('breadcrumbs', () => {
  it('show the navigation groups above the title, then the page', async () => {
    const page = await open('/concepts/retries');
    const crumbs = page.locator('.page-header nav.breadcrumbs[aria-label="Breadcrumb"] li');
    expect(await crumbs.allInnerTexts()).toEqual(['Core concepts', 'Reliability', 'Retries']);
    expect(await crumbs.last().getAttribute('aria-current')).toBe('page');
    // Above the title, and visibly separated.
    const nav = (await page.locator('.breadcrumbs').boundingBox())!;
    const h1 = (await page.locator('.page-header h1').boundingBox())!;
    expect(nav.y + nav.height).toBeLessThanOrEqual(h1.y);
    expect(await crumbs.nth(1).evaluate((li) => getComputedStyle(li, '::before').content)).toContain('›');
    await page.goto(server.url + '/guides/deploying');
    expect(await page.locator('.breadcrumbs li').allInnerTexts()).toEqual(['Guides', 'Deploying workers']);
    await page.close();
  });

  it('are absent on the home page', async () => {
    const page = await open('/');
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('.breadcrumbs').count()).toBe(0);
    await page.close();
  });
});

describe('last updated', () => {
  it('shows the date of the last commit that changed the page, at the bottom', async () => {
    const page = await open('/guides/deploying');
    const updated = page.locator('.page-feedback .last-updated');
    expect(await updated.innerText()).toBe('Last updated Nov 3, 2026');
    expect(await updated.locator('time').getAttribute('datetime')).toBe('2026-11-03T12:00:00Z');
    // Below the content, beside the feedback links.
    const prose = (await page.locator('.prose').boundingBox())!;
    expect((await updated.boundingBox())!.y).toBeGreaterThan(prose.y + prose.height);
    expect(await page.locator('meta[property="article:modified_time"]').getAttribute('content')).toBe('2026-11-03T12:00:00Z');
    await page.close();
  });

  it('is absent where neither the page nor the site asks for it, and git has no date for a file it does not track', async () => {
    const other = await open('/guides/scheduling');
    expect(await other.locator('.last-updated').count()).toBe(0);
    await other.close();
    const page = await open('/draft');
    expect(await page.locator('h1').innerText()).toBe('Draft');
    expect(await page.locator('.last-updated').count()).toBe(0);
    expect(readFileSync(path.join(out, 'draft.html'), 'utf8')).not.toContain('article:modified_time');
    await page.close();
  });
});

describe('changelog feed', () => {
  it('is linked from the changelog page and lists one well-formed item per Update', async () => {
    const page = await open('/changelog');
    const href = await page.locator('head link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
    expect(href).toBe('/changelog/rss.xml');
    // The "Subscribe" link in the page points at the same feed.
    expect(await page.locator('.prose a', { hasText: 'RSS feed' }).getAttribute('href')).toBe(href);
    const updates = await page.locator('section.update').evaluateAll((s) => s.map((el) => el.id));
    const feed = await page.evaluate(async (url) => {
      const res = await fetch(url);
      const xml = new DOMParser().parseFromString(await res.text(), 'application/xml');
      return {
        type: res.headers.get('content-type'),
        error: xml.querySelector('parsererror')?.textContent ?? null,
        channel: xml.querySelector('channel > title')?.textContent,
        items: Array.from(xml.querySelectorAll('item'), (i) => ({
          title: i.querySelector('title')?.textContent,
          link: i.querySelector('link')?.textContent,
          date: i.querySelector('pubDate')?.textContent,
          description: i.querySelector('description')?.textContent,
        })),
      };
    }, href!);
    expect(feed.error).toBeNull();
    expect(feed.type).toMatch(/xml/);
    expect(feed.channel).toBe('Changelog - Emberline');
    expect(updates.length).toBeGreaterThanOrEqual(3);
    // Absolute: the example gives its site URL (`metadata.og:url`).
    expect(feed.items.map((i) => i.link)).toEqual(updates.map((id) => `https://docs.emberline.dev/changelog#${id}`));
    expect(feed.items[0]).toMatchObject({ title: 'March 2025', date: 'Sat, 01 Mar 2025 00:00:00 GMT' });
    expect(feed.items[0]!.description).toContain('<h2>Typed queues and deprecations</h2>');
    // Pages without Update have no feed.
    await page.goto(server.url + '/guides/deploying');
    expect(await page.locator('link[type="application/rss+xml"]').count()).toBe(0);
    await page.close();
  });
});

describe('social card', () => {
  it('every page shares the card the settings give, as a large image', async () => {
    const page = await open('/guides/deploying');
    const meta = (sel: string) => page.locator(`meta[${sel}]`).getAttribute('content');
    expect(await meta('property="og:image"')).toBe('https://docs.emberline.dev/images/social-card.png');
    expect(await meta('name="twitter:image"')).toBe('https://docs.emberline.dev/images/social-card.png');
    expect(await meta('name="twitter:card"')).toBe('summary_large_image');
    // The card is a PNG of the size social sites ask for (1200×630), served by the build.
    const size = await page.evaluate(async () => {
      const img = new Image();
      img.src = '/images/social-card.png';
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([1200, 630]);
    await page.close();
  });
});
