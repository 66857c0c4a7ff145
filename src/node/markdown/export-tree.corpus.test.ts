import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../site/load.js';
import { corpus, starter } from '../test-helpers.js';
import { markdownTree, pageMarkdown } from './export.js';

/**
 * Each page's export is made from its document (mdx/page-document.ts), parsed by satteri or
 * (KILN_MDX_PARSER=js, or where satteri gives up) micromark. Both must write the same Markdown
 * for every page of the site at `root`: the text copied from the source is found by the
 * positions of each parser's tree.
 */
async function expectExportsAgree(root: string): Promise<void> {
  const parserSetting = process.env.KILN_MDX_PARSER;
  const restoreParser = () => {
    if (parserSetting === undefined) delete process.env.KILN_MDX_PARSER;
    else process.env.KILN_MDX_PARSER = parserSetting;
  };
  const { site } = await loadSite({ root, dev: false });
  let compared = 0;
  const differ: string[] = [];
  for (const page of site!.content.pages.values()) {
    if (!markdownTree(page)) continue;
    const fromNative = await pageMarkdown(page, { root });
    process.env.KILN_MDX_PARSER = 'js';
    const fromJs = await pageMarkdown(page, { root }).finally(() => restoreParser());
    if (fromJs !== fromNative) differ.push(page.url);
    compared++;
  }
  expect(compared).toBeGreaterThan(10);
  expect(differ).toEqual([]);
}

// The example and ollama; KILN_EXPORT_SITES=a,b,… names other corpus sites.
const SITES = [starter, ...(process.env.KILN_EXPORT_SITES ?? 'ollama__ollama').split(',').map((s) => path.join(corpus, s))];

describe('Markdown export from the page document', () => {
  it.each(SITES.map((site) => [path.basename(site), site]))('is the same from either parser on every page of %s', async (_, site) => {
    await expectExportsAgree(site);
  });
});
