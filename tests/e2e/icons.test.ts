import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/node/build/report.js';
import { kiln, launchBrowser, repoRoot, startKiln, tempDir, type KilnServer } from './helpers.js';

// One fixture site per icon library (tests/fixtures/icons/): each icon a reader sees must be the
// very drawing its npm package has, in both themes, and each stand-in or unknown name must be
// reported where it is written.
const require = createRequire(import.meta.url);
const fixtures = path.join(repoRoot, 'tests/fixtures/icons');

type Element = [string, Record<string, string>];
/** Where the expected drawing comes from: a free Font Awesome module, or a Lucide / Tabler SVG file. */
type Source = { fa: 'solid' | 'regular' | 'brands'; name: string } | { svg: string };

/** The drawing a package has for an icon, as the elements an `<svg>` holds. */
function expected(source: Source): { elements?: Element[]; svgText?: string } {
  if ('fa' in source) {
    const module = 'fa' + source.name.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
    const { svgPathData } = require(`@fortawesome/free-${source.fa}-svg-icons/${module}`) as { svgPathData: string };
    return { elements: [['path', { d: svgPathData }]] };
  }
  return { svgText: readFileSync(require.resolve(source.svg), 'utf8') };
}

interface Case {
  library: string;
  /** Card title → the icon its card must show, and the class Kiln gives it. */
  cards: Record<string, { source: Source; className: string }>;
  /** The sidebar group's icon. */
  group: { title: string; source: Source };
  /** Every icon finding of the build: `file:line:col severity code message`. */
  findings: string[];
  defaultIcons: number;
}

const fa = (style: 'solid' | 'regular' | 'brands', name: string) => ({ source: { fa: style, name } as Source, className: `kiln-icon-${style}` });
const lucide = (name: string) => ({ source: { svg: `lucide-static/icons/${name}.svg` } as Source, className: 'kiln-icon-lucide' });
const tabler = (name: string, style = 'outline') => ({ source: { svg: `@tabler/icons/${style}/${name}.svg` } as Source, className: 'kiln-icon-tabler' });

const CASES: Case[] = [
  {
    library: 'fontawesome',
    cards: {
      Solid: fa('solid', 'rocket'),
      Regular: fa('regular', 'bookmark'),
      Brands: fa('brands', 'github'),
      'Class list': fa('solid', 'bolt'),
      Light: fa('regular', 'bookmark'),
      Duotone: fa('solid', 'bookmark'),
      'Pro name': fa('solid', 'rocket'),
      'Lucide name': lucide('telescope'),
      Unknown: fa('regular', 'circle'),
    },
    group: { title: 'Start', source: { fa: 'solid', name: 'rocket' } },
    findings: [
      'docs.json:8:34 warning icon/unknown Unknown icon "not-a-group-icon"; a default icon is shown instead.',
      'docs.json:11:47 info icon/pro-substitute "signal-stream" is a Font Awesome Pro icon; the free "tower-broadcast" is shown instead.',
      'index.mdx:15:32 info icon/pro-substitute "rocket-launch" is a Font Awesome Pro icon; the free "rocket" is shown instead.',
      'index.mdx:16:35 info icon/other-library Icon "telescope" is not in Font Awesome; Lucide\'s "telescope" is shown instead.',
      'index.mdx:17:31 warning icon/unknown Unknown icon "no-such-icon"; a default icon is shown instead.',
      'more.mdx:3:7 info icon/pro-substitute "sparkles" is a Font Awesome Pro icon; the free "wand-magic-sparkles" is shown instead.',
    ],
    defaultIcons: 2,
  },
  {
    library: 'lucide',
    cards: {
      Lucide: lucide('rocket'),
      'Former name': lucide('house'),
      Numbered: lucide('settings-2'),
      'Component name': lucide('book-open'),
      'Not in Lucide': fa('brands', 'github'),
      Unknown: lucide('circle'),
    },
    group: { title: 'Start', source: { svg: 'lucide-static/icons/house.svg' } },
    findings: [
      'docs.json:9:52 info icon/other-library Icon "discord" is not in Lucide; Font Awesome\'s "discord" is shown instead.',
      'index.mdx:11:37 info icon/other-library Icon "github" is not in Lucide; Font Awesome\'s "github" is shown instead.',
      'index.mdx:12:31 warning icon/unknown Unknown icon "no-such-icon"; a default icon is shown instead.',
    ],
    defaultIcons: 1,
  },
  {
    library: 'tabler',
    cards: {
      Tabler: tabler('rocket'),
      Brand: tabler('brand-github'),
      Filled: tabler('heart', 'filled'),
      'Class list': tabler('bolt'),
      'Not in Tabler': lucide('book-open-text'),
      Unknown: tabler('circle'),
    },
    group: { title: 'Start', source: { svg: '@tabler/icons/outline/home.svg' } },
    findings: [
      'index.mdx:11:37 info icon/other-library Icon "book-open-text" is not in Tabler; Lucide\'s "book-open-text" is shown instead.',
      'index.mdx:12:31 warning icon/unknown Unknown icon "no-such-icon"; a default icon is shown instead.',
    ],
    defaultIcons: 1,
  },
];

/** What the page shows in an `<svg>`: its elements with their attributes, its class, size and colours. */
async function shown(page: Page, selector: string, svgText?: string) {
  return page.evaluate(
    ([selector, svgText]) => {
      const svg = document.querySelector(selector) as SVGSVGElement | null;
      if (!svg) return null;
      const elements = (root: Element) => [...root.children].map((e) => [e.tagName, Object.fromEntries([...e.attributes].map((a) => [a.name, a.value]))] as [string, Record<string, string>]);
      // The package file, parsed by the browser: its elements but Tabler's empty frame path.
      const fromFile = svgText ? elements(new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement).filter(([, a]) => a.d !== 'M0 0h24v24H0z') : undefined;
      const style = getComputedStyle(svg);
      let bg = 'rgba(0, 0, 0, 0)';
      for (let el: Element | null = svg; el && bg === 'rgba(0, 0, 0, 0)'; el = el.parentElement) bg = getComputedStyle(el).backgroundColor;
      const box = svg.getBoundingClientRect();
      return { className: svg.getAttribute('class'), elements: elements(svg), fromFile, width: box.width, height: box.height, color: style.color, fill: style.fill, stroke: style.stroke, bg };
    },
    [selector, svgText] as const,
  );
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(CASES)('icons of a $library site', (c) => {
  let server: KilnServer;
  let report: BuildReport;
  const scratch = tempDir();
  const dir = path.join(fixtures, c.library);

  beforeAll(async () => {
    const out = path.join(scratch.dir, 'dist');
    const reportFile = path.join(scratch.dir, 'report.json');
    const result = await kiln(['build', dir, '--out', out, '--report', reportFile, '--no-cache']);
    expect(result.code, result.stderr).toBe(0);
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as BuildReport;
    server = await startKiln(['preview', dir, '--out', out, '--port', '0']);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    scratch.cleanup();
  });

  it('reports each stand-in and unknown name where it is written, in the catalogue wording', () => {
    const findings = report.diagnostics
      .filter((d) => d.code.startsWith('icon/'))
      .map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(findings).toEqual(c.findings);
    expect(report.defaultIcons.total).toBe(c.defaultIcons);
  });

  it.each(['light', 'dark'] as const)('shows the package drawing of every icon, visibly, in the %s theme', async (scheme) => {
    const context = await browser.newContext({ colorScheme: scheme });
    try {
      const page = await context.newPage();
      await page.goto(server.url + '/');
      await expect.poll(() => page.evaluate(() => document.documentElement.style.colorScheme)).toBe(scheme);
      for (const [title, want] of Object.entries(c.cards)) {
        const { elements, svgText } = expected(want.source);
        const index = await page.evaluate((title) => [...document.querySelectorAll('.card')].findIndex((card) => card.querySelector('.card-title')?.textContent === title), title);
        expect(index, title).toBeGreaterThanOrEqual(0);
        const got = await shown(page, `.card:nth-child(${index + 1} of .card) .card-icon > svg`, svgText);
        expect(got, title).not.toBeNull();
        expect(got!.className, title).toContain(want.className);
        expect(got!.elements, title).toEqual(elements ?? got!.fromFile);
        expect(got!.elements.length, title).toBeGreaterThan(0);
        expect(got!.width, title).toBeGreaterThanOrEqual(16);
        // Drawn in the text colour, whatever the theme: a stroke for the outline sets, a fill for Font Awesome.
        const paint = got!.className!.includes('kiln-icon-lucide') || (got!.className!.includes('kiln-icon-tabler') && got!.fill === 'none') ? got!.stroke : got!.fill;
        expect(paint, title).toBe(got!.color);
        expect(paint, title).not.toBe(got!.bg);
      }
      const group = expected(c.group.source);
      const groupIcon = await shown(page, '.nav-group-title > svg', group.svgText);
      expect(groupIcon!.elements).toEqual(group.elements ?? groupIcon!.fromFile);
    } finally {
      await context.close();
    }
  });
});
