import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngines, loadSite } from '../site/load.js';
import { pageMarkdown } from './export.js';

/**
 * The build exports each page from the tree its compile parsed; `kiln dev` and the fallback parse
 * the source, with satteri or (KILN_MDX_PARSER=js, or where satteri gives up) micromark. All must
 * write the same Markdown, on our example and on real projects: the text copied from the source
 * is found by the positions of each parser's tree.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const parserSetting = process.env.KILN_MDX_PARSER;
const restoreParser = () => {
  if (parserSetting === undefined) delete process.env.KILN_MDX_PARSER;
  else process.env.KILN_MDX_PARSER = parserSetting;
};
const SITES = [path.join(repo, 'examples/starter'), ...(process.env.KILN_EXPORT_SITES ?? 'ollama__ollama').split(',').map((s) => path.join(repo, '../shared/corpus', s))];

describe('Markdown export from the compiled tree', () => {
  it.each(SITES)('matches the export from the source on every page of %s', async (root) => {
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
  }, 120_000);
});
