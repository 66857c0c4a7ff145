import { describe, expect, it } from 'vitest';
import type { Page } from '../content/pages.js';
import { fakeContent, fakeSettings } from '../seo/test-helpers.js';
import { llmsFullPieces, llmsPages, llmsTxt } from './llms.js';

const content = fakeContent(
  [
    { id: 'intro', title: 'Intro', description: 'Start\nhere.' },
    { id: 'guides/setup', title: 'Setup [beta]' },
    { id: 'guides/secret', title: 'Secret', noindex: true },
    { id: 'extra', title: 'Extra', description: 'Not in the navigation.' },
    { id: 'guides/draft', title: 'Draft', hidden: true },
  ],
  [{ title: 'Start', ids: ['intro'] }, { title: 'Guides', ids: ['guides/setup', 'guides/secret', 'guides/draft'] }],
);

describe('llms.txt', () => {
  it('lists every page of the navigation with its description, grouped by navigation group; hidden pages and pages outside it are left out', () => {
    expect(llmsTxt(fakeSettings({ siteUrl: 'https://docs.acme.dev' }), content)).toBe(
      '# Acme\n\n> Start here.\n\n' +
        '## Start\n\n- [Intro](https://docs.acme.dev/intro.md): Start here.\n\n' +
        '## Guides\n\n- [Setup \\[beta\\]](https://docs.acme.dev/guides/setup.md)\n',
    );
  });

  it('lists the pages outside the navigation too when every page is indexed (`seo.indexing: "all"`)', () => {
    const out = llmsTxt(fakeSettings({ siteUrl: 'https://docs.acme.dev', indexHiddenPages: true }), content);
    expect(out).toContain('- [Setup \\[beta\\]](https://docs.acme.dev/guides/setup.md)\n- [Draft](https://docs.acme.dev/guides/draft.md)\n');
    expect(out).toContain('## Other pages\n\n- [Extra](https://docs.acme.dev/extra.md): Not in the navigation.\n');
  });

  it('uses root-relative links without a site URL, and the site description when given', () => {
    const out = llmsTxt(fakeSettings({ metadata: { 'og:description': 'All about Acme.' } }), content);
    expect(out).toMatch(/^# Acme\n\n> All about Acme\.\n/);
    expect(out).toContain('- [Intro](/intro.md): Start here.');
  });

  it('leaves out noindex pages', () => {
    expect(llmsPages(content, {}).map((p) => p.id)).toEqual(['intro', 'guides/setup']);
    expect(llmsPages(content, { indexHiddenPages: true }).map((p) => p.id)).toEqual(['intro', 'guides/setup', 'guides/draft', 'extra']);
  });
});

describe('llms-full.txt', () => {
  const full = async (pages: Page[]) => {
    const pieces: string[] = [];
    for await (const piece of llmsFullPieces(fakeSettings({ siteUrl: 'https://x.dev' }), pages, async (page) => `# ${page.title}\n\nBody.\n`)) pieces.push(piece);
    return pieces;
  };

  it('joins the pages’ Markdown with their source URLs', async () => {
    expect((await full(llmsPages(content, {}).slice(0, 2))).join('')).toBe(
      '# Acme\n\n# Intro\n\nBody.\n\nSource: https://x.dev/intro\n\n---\n\n# Setup [beta]\n\nBody.\n\nSource: https://x.dev/guides/setup\n',
    );
  });

  it('comes in pieces that each end a line, one per page after the head', async () => {
    const pieces = await full(llmsPages(content, {}).slice(0, 2));
    expect(pieces).toHaveLength(3);
    for (const piece of pieces) expect(piece.endsWith('\n')).toBe(true);
    expect((await full([])).join('')).toBe('# Acme\n\n\n');
  });
});
