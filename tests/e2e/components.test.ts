import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAndPreview, launchBrowser, scratchCopy, startKiln, starter, type KilnServer } from './helpers.js';

// The interactions of the built-in components (tabs, code groups, accordions, expandables,
// tooltips, copy), Tailwind classes, request/response examples, Update entries in the table of
// contents, and stateful `export const` components (islands), on a built scratch copy of the example.
let browser: Browser;
let server: KilnServer;
let site: { dir: string; cleanup: () => void };
let out: string;

const PLAYGROUND = `---
title: Playground
---

## Tabs

<Tabs>
  <Tab title="npm">Install with npm.</Tab>
  <Tab title="pnpm">Install with pnpm.</Tab>
  <Tab title="yarn">Install with yarn.</Tab>
</Tabs>

<CodeGroup>

\`\`\`bash npm
npm install emberline
\`\`\`

\`\`\`bash pnpm
pnpm add emberline
\`\`\`

\`\`\`bash yarn
yarn add emberline
\`\`\`

</CodeGroup>

## Disclosure

<AccordionGroup>
  <Accordion title="First question">First answer.</Accordion>
  <Accordion title="Second question" defaultOpen>Second answer.</Accordion>
</AccordionGroup>

<ResponseField name="job" type="object">
  The job.
  <Expandable title="job fields">
    <ResponseField name="id" type="string">Identifier of the job.</ResponseField>
  </Expandable>
</ResponseField>

Hover <Tooltip tip="Application programming interface">API</Tooltip> for its meaning.

## Stateful

export const Counter = ({ start = 0, children }) => {
  const [n, setN] = React.useState(start);
  return <button type="button" className="rounded-xl px-3 py-1" data-testid="counter" onClick={() => setN(n + 1)}>{children} {n}</button>;
};

export const Label = ({ text }) => <em data-testid="label">{text}</em>;

export const Toggle = () => {
  const [on, setOn] = useState(false);
  useEffect(() => { document.body.dataset.toggleMounted = 'yes'; }, []);
  return <p><Label text={on ? 'on' : 'off'} /> <Counter start={10}>Nested</Counter> <button type="button" data-testid="toggle" onClick={() => setOn(!on)}>Toggle</button></p>;
};

<Counter start={2}>Clicks</Counter>

<Toggle />

<div className="mt-8 rounded-xl bg-sky-100 p-6 dark:bg-sky-900" data-testid="tw">Styled with Tailwind.</div>

<img className="rounded-xl" src="/images/architecture.svg" alt="Architecture" data-testid="tw-img" />

<a href="/quickstart"><button className="rounded-md bg-primary-dark px-4 py-2 font-bold text-white dark:bg-primary-light" data-testid="tw-brand">Get started</button></a>
`;

const SECOND = `---
title: Second
---

<Tabs>
  <Tab title="npm">npm here.</Tab>
  <Tab title="yarn">yarn here.</Tab>
</Tabs>
`;

const API = `---
title: Example endpoint
---

Some text about the endpoint.

## Parameters

<ParamField body="name" type="string">The name.</ParamField>

<RequestExample>

\`\`\`bash cURL
curl https://api.example.com
\`\`\`

</RequestExample>

<ResponseExample>

\`\`\`json 200
{ "ok": true }
\`\`\`

</ResponseExample>
`;

beforeAll(async () => {
  site = scratchCopy(starter);
  writeFileSync(path.join(site.dir, 'playground.mdx'), PLAYGROUND);
  writeFileSync(path.join(site.dir, 'second.mdx'), SECOND);
  writeFileSync(path.join(site.dir, 'endpoint.mdx'), API);
  out = path.join(site.dir, 'dist');
  server = await buildAndPreview(site.dir, out);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.cleanup();
});

async function open(url: string, opts: { theme?: 'light' | 'dark'; width?: number; keepStorage?: Page } = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: opts.width ?? 1280, height: 900 }, colorScheme: opts.theme ?? 'light' });
  await page.addInitScript((t) => localStorage.setItem('kiln-theme', t), opts.theme ?? 'light');
  await page.goto(server.url + url);
  return page;
}

const selectedTab = (page: Page, set: string) => page.locator(`${set} [role="tab"][aria-selected="true"]`).innerText();

describe('tabs and code groups', () => {
  it('switch on click and with the arrow, Home and End keys', async () => {
    const page = await open('/playground');
    const tabs = page.locator('.tabs').first();
    await tabs.locator('[role="tab"]', { hasText: 'pnpm' }).click();
    expect(await selectedTab(page, '.tabs')).toBe('pnpm');
    expect(await tabs.locator('[role="tabpanel"]:visible').innerText()).toContain('Install with pnpm');
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page, '.tabs')).toBe('yarn');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('yarn');
    await page.keyboard.press('ArrowRight'); // wraps around
    expect(await selectedTab(page, '.tabs')).toBe('npm');
    await page.keyboard.press('End');
    expect(await selectedTab(page, '.tabs')).toBe('yarn');
    await page.keyboard.press('Home');
    expect(await selectedTab(page, '.tabs')).toBe('npm');
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page, '.tabs')).toBe('yarn');
    await page.close();
  });

  it('sync by label across the page and, through localStorage, across pages', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(server.url + '/playground');
    await page.locator('.code-group [role="tab"]', { hasText: 'yarn' }).click();
    // The Tabs set with the same label switched too, and the code group shows the yarn block.
    expect(await selectedTab(page, '.tabs')).toBe('yarn');
    expect(await page.locator('.code-group [role="tabpanel"]:visible').innerText()).toContain('yarn add emberline');
    expect(await page.evaluate(() => localStorage.getItem('kiln-tabs'))).toContain('yarn');
    await page.goto(server.url + '/second');
    expect(await selectedTab(page, '.tabs')).toBe('yarn');
    expect(await page.locator('.tabs [role="tabpanel"]:visible').innerText()).toContain('yarn here');
    await context.close();
  });
});

describe('accordions, expandables and tooltips', () => {
  it('accordions open and close by click and by keyboard', async () => {
    const page = await open('/playground');
    const first = page.locator('details.accordion').first();
    const second = page.locator('details.accordion').nth(1);
    expect(await first.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await second.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true); // defaultOpen
    await first.locator('summary').click();
    expect(await first.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await first.locator('.accordion-content').isVisible()).toBe(true);
    await first.locator('summary').click();
    expect(await first.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await first.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await page.keyboard.press('Space');
    expect(await first.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await page.close();
  });

  it('an expandable shows and hides its nested properties', async () => {
    const page = await open('/playground');
    const exp = page.locator('details.expandable').first();
    expect(await exp.locator('.expandable-show').isVisible()).toBe(true);
    expect(await exp.locator('.expandable-content').isVisible()).toBe(false);
    await exp.locator('summary').click();
    expect(await exp.locator('.expandable-content').isVisible()).toBe(true);
    expect(await exp.locator('.expandable-hide').isVisible()).toBe(true);
    expect(await exp.locator('.expandable-show').isVisible()).toBe(false);
    await exp.locator('summary').click();
    expect(await exp.locator('.expandable-content').isVisible()).toBe(false);
    await page.close();
  });

  it('a tooltip shows on hover and on keyboard focus', async () => {
    const page = await open('/playground');
    const tip = page.locator('.tooltip').first();
    const opacity = () => tip.locator('.tooltip-text').evaluate((el) => getComputedStyle(el).opacity);
    expect(await opacity()).toBe('0');
    await tip.hover();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.tooltip-text')!).opacity === '1');
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.tooltip-text')!).opacity === '0');
    await tip.focus();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.tooltip-text')!).opacity === '1');
    expect(await tip.locator('[role="tooltip"]').innerText()).toBe('Application programming interface');
    await page.close();
  });
});

describe('copy button', () => {
  it('copies the visible block of a code group', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(server.url + '/playground');
    const group = page.locator('.code-group').first();
    await group.locator('[role="tab"]', { hasText: 'pnpm' }).click();
    await group.locator('[role="tabpanel"]:visible .copy-button').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('pnpm add emberline');
    await context.close();
  });
});

describe('stateful components (islands)', () => {
  it('hydrate: a click increments, bare hooks and nested components work', async () => {
    const page = await open('/playground');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
    await page.waitForSelector('[data-kiln-island="Counter"][data-hydrated]');
    const counter = page.locator('[data-kiln-island="Counter"] [data-testid="counter"]');
    expect(await counter.innerText()).toBe('Clicks 2');
    await counter.click();
    await counter.click();
    expect(await counter.innerText()).toBe('Clicks 4');
    // Toggle uses bare useState/useEffect and renders Counter and Label inside it (one island).
    await page.waitForSelector('[data-kiln-island="Toggle"][data-hydrated]');
    expect(await page.evaluate(() => document.body.dataset.toggleMounted)).toBe('yes');
    const toggle = page.locator('[data-kiln-island="Toggle"]');
    expect(await toggle.locator('[data-testid="label"]').innerText()).toBe('off');
    await toggle.locator('[data-testid="toggle"]').click();
    expect(await toggle.locator('[data-testid="label"]').innerText()).toBe('on');
    const nested = toggle.locator('[data-testid="counter"]');
    expect(await nested.innerText()).toBe('Nested 10');
    await nested.click();
    expect(await nested.innerText()).toBe('Nested 11');
    expect(await toggle.locator('[data-kiln-island]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('render their first state without JavaScript', async () => {
    const html = readFileSync(path.join(out, 'playground.html'), 'utf8');
    expect(html.match(/<div data-kiln-island="Counter".*?<\/div>/)?.[0]).toMatch(/<div data-kiln-island="Counter" data-kiln-source="[0-9a-f]+" data-props="\{&quot;start&quot;:2,&quot;children&quot;:&quot;Clicks&quot;\}"><button[^>]*>Clicks<!-- --> <!-- -->2<\/button><\/div>/);
    expect(html).toMatch(/<script type="module" src="\/_kiln\/islands\/page-[0-9a-f]+\.js"><\/script>/);
  });

  it('only pages with islands load React; other pages stay within the JavaScript budget', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (r) => { if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
    await page.goto(server.url + '/guides/webhooks', { waitUntil: 'networkidle' });
    expect(scripts.some((s) => s.startsWith('/_kiln/islands/'))).toBe(false);
    const js = scripts.map((s) => gzipSync(readFileSync(path.join(out, s))).length).reduce((a, b) => a + b, 0);
    expect(js).toBeLessThan(25 * 1024);
    scripts.length = 0;
    await page.goto(server.url + '/playground', { waitUntil: 'networkidle' });
    expect(scripts.some((s) => s.startsWith('/_kiln/islands/'))).toBe(true);
    await page.close();
    for (const f of readdirSync(path.join(out, 'guides'))) expect(readFileSync(path.join(out, 'guides', f), 'utf8')).not.toContain('data-kiln-island');
  });
});

describe('Tailwind classes', () => {
  it('are generated once for the site, follow the theme toggle, and win over the theme on their element', async () => {
    const assets = readdirSync(path.join(out, '_kiln/assets')).filter((f) => /^tailwind\.[0-9a-f]+\.css$/.test(f));
    expect(assets).toHaveLength(1);
    const css = readFileSync(path.join(out, '_kiln/assets', assets[0]!), 'utf8');
    expect(css).toContain('.rounded-xl');
    expect(css).toContain('.dark\\:bg-sky-900:where(.dark,.dark *)');
    expect(css).not.toMatch(/(^|[}\s])html\s*\{|box-sizing:border-box/); // no preflight
    for (const theme of ['light', 'dark'] as const) {
      const page = await open('/playground', { theme });
      const box = page.locator('[data-testid="tw"]');
      const bg = await box.evaluate((el) => getComputedStyle(el).backgroundColor);
      // bg-sky-100 in light mode, dark:bg-sky-900 in dark mode.
      const [r, g, b] = bg.match(/[\d.]+/g)!.map(Number);
      if (theme === 'light') expect(r! + g! + b!).toBeGreaterThan(600);
      else expect(r! + g! + b!).toBeLessThan(300);
      expect(await box.evaluate((el) => getComputedStyle(el).paddingTop)).toBe('24px');
      // `.prose img` sets its own radius; the author's rounded-xl wins.
      expect(await page.locator('[data-testid="tw-img"]').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('12px');
      // Mintlify's colour names are the site's colours (colors.dark, colors.light); an author's
      // <button> has no browser bevel, as under Tailwind's preflight.
      const brand = await page.locator('[data-testid="tw-brand"]').evaluate((el) => {
        const s = getComputedStyle(el);
        return [s.backgroundColor, s.color, s.borderTopWidth, s.paddingLeft];
      });
      expect(brand).toEqual([theme === 'light' ? 'rgb(194, 65, 12)' : 'rgb(251, 146, 60)', 'rgb(255, 255, 255)', '0px', '16px']);
      await page.close();
    }
  });
});

describe('request and response examples', () => {
  it('sit in a sticky column beside the content on wide screens, in place of the table of contents', async () => {
    const page = await open('/endpoint', { width: 1440 });
    const aside = page.locator('.api-aside');
    expect(await aside.locator('.api-example').count()).toBe(2);
    expect(await aside.getAttribute('aria-label')).toBe('Examples');
    expect(await page.locator('.toc').count()).toBe(0);
    const prose = await page.locator('.prose').boundingBox();
    const box = (await aside.boundingBox())!;
    expect(box.x).toBeGreaterThan(prose!.x + prose!.width);
    expect(await aside.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await page.close();
  });

  it('flow in the page on narrow screens', async () => {
    const page = await open('/endpoint', { width: 800 });
    const prose = (await page.locator('.prose').boundingBox())!;
    const box = (await page.locator('.api-aside').boundingBox())!;
    expect(Math.abs(box.x - prose.x)).toBeLessThan(2);
    expect(box.y).toBeLessThan(prose.y);
    await page.close();
  });
});

describe('changelog', () => {
  it('lists each Update in "On this page", linking to its anchor', async () => {
    const page = await open('/changelog');
    const links = page.locator('.toc a');
    const texts = await links.allInnerTexts();
    expect(texts.slice(0, 2)).toEqual(['March 2025', 'Typed queues and deprecations']);
    expect(await page.locator('.toc li.toc-depth-2').count()).toBeGreaterThanOrEqual(3);
    const href = await links.first().getAttribute('href');
    expect(await page.locator(`section.update${href}`).count()).toBe(1);
    await page.close();
  });
});

describe('in the dev server', () => {
  it('makes the Tailwind stylesheet and the island bundle per page, and regenerates them on change', async () => {
    const dev = scratchCopy(starter);
    writeFileSync(path.join(dev.dir, 'playground.mdx'), PLAYGROUND);
    const devServer = await startKiln(['dev', dev.dir, '--port', '0']);
    try {
      const links = async () => {
        const html = await (await fetch(devServer.url + '/playground')).text();
        return { css: /href="(\/_kiln\/assets\/tailwind\.[0-9a-f]+\.css)"/.exec(html)?.[1], js: /type="module" src="(\/_kiln\/islands\/[^"]+)"/.exec(html)?.[1] };
      };
      const first = await links();
      expect(first.css).toBeDefined();
      expect(first.js).toBeDefined();
      const js = await fetch(devServer.url + first.js);
      expect(js.status).toBe(200);
      expect(await js.text()).toContain('data-kiln-island');
      expect(await (await fetch(devServer.url + first.css)).text()).not.toContain('bg-lime-300');
      writeFileSync(path.join(dev.dir, 'playground.mdx'), PLAYGROUND + '\n<div className="bg-lime-300">New</div>\n');
      await expect.poll(async () => (await links()).css, { timeout: 10_000 }).not.toBe(first.css);
      expect(await (await fetch(devServer.url + (await links()).css)).text()).toContain('bg-lime-300');
      // A page without classes or islands links neither.
      const plain = await (await fetch(devServer.url + '/concepts/idempotency')).text();
      expect(plain).not.toContain('/_kiln/islands/');
    } finally {
      await devServer.stop();
      dev.cleanup();
    }
  });
});
