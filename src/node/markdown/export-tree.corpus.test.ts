import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngines, loadSite } from '../site/load.js';
import { corpus, starter } from '../test-helpers.js';
import { pageMarkdown } from './export.js';

/**
 * The build exports each page from the tree its compile parsed; `kiln dev` and the fallback parse
 * the source, with satteri or (KILN_MDX_PARSER=js, or where satteri gives up) micromark. All must
 * write the same Markdown for every page of the site at `root`: the text copied from the source
 * is found by the positions of each parser's tree.
 */
async function expectExportsAgree(root: string): Promise<void> {
  const parserSetting = process.env.KILN_MDX_PARSER;
  const restoreParser = () => {
    if (parserSetting === undefined) delete process.env.KILN_MDX_PARSER;
    else process.env.KILN_MDX_PARSER = parserSetting;
  };
  const { site } = await loadSite({ root, dev: false });
  const { compiler } = createEngines();
  let compared = 0;
  const differ: string[] = [];
  for (const page of site!.content.pages.values()) {
    const out = await compiler.compile({ source: page.body, file: page.file, root, pageId: page.id, keepTree: true });
    if (!out.tree) continue;
    const fromTree = await pageMarkdown(page, { root }, out.tree);
    const fromSource = await pageMarkdown(page, { root });
    process.env.KILN_MDX_PARSER = 'js';
    const fromJs = await pageMarkdown(page, { root }).finally(() => restoreParser());
    if (fromTree !== fromSource || fromJs !== fromSource) differ.push(page.url);
    compared++;
  }
  expect(compared).toBeGreaterThan(10);
  expect(differ).toEqual([]);
}

// The example and ollama; KILN_EXPORT_SITES=a,b,… names other corpus sites.
const SITES = [starter, ...(process.env.KILN_EXPORT_SITES ?? 'ollama__ollama').split(',').map((s) => path.join(corpus, s))];

describe('Markdown export from the compiled tree', () => {
  it.each(SITES.map((site) => [path.basename(site), site]))('matches the export from the source on every page of %s', async (_, site) => {
    await expectExportsAgree(site);
  });
});
