import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './helpers.js';

const lib = (p: string) => import(path.join(repoRoot, 'lib/node', p));
const { loadSite, createEngines } = (await lib('site/load.js')) as typeof import('../../src/node/site/load.js');
const { WorkerPool } = (await lib('build/workers.js')) as typeof import('../../src/node/build/workers.js');
const { DEFAULT_BUDGETS } = (await lib('budgets.js')) as typeof import('../../src/node/budgets.js');

/** A page with an `export` (so it is rendered on a worker) importing a snippet. */
const root = path.join(repoRoot, 'tests/fixtures/sandbox-compiled');

describe('a page rendered on a worker', () => {
  let pool: InstanceType<typeof WorkerPool> | undefined;
  afterAll(() => pool?.close());

  it('is rendered from what the sender compiled, and compiled there only when nothing was sent', async () => {
    const { site } = await loadSite({ root, dev: false, exclude: [] });
    const page = site!.content.pages.get('index')!;
    const snippet = path.join(root, 'snippets/origin.mdx');
    const { compiler } = createEngines();
    // Outputs that differ from what the files on disk compile to: the HTML shows which were rendered.
    const sent = await compiler.compile({ source: page.body.replace("'on disk'", "'by the sender'"), file: page.file, root, pageId: page.id });
    const sentSnippet = await compiler.compile({ source: 'The snippet was compiled by the sender too.\n', file: snippet, root, pageId: 'snippets/origin' });
    pool = await WorkerPool.start(1, { root, exclude: [], target: { base: '/' } }, DEFAULT_BUDGETS);

    const fromSender = await pool.render(page, false, [[page.file, sent], [snippet, sentSnippet]]);
    expect(fromSender.html).toContain('The page was compiled by the sender.');
    expect(fromSender.html).toContain('The snippet was compiled by the sender too.');

    // The worker keeps no page compiled for the next render (the sender may have changed it);
    // snippets stay compiled, as they are when it compiles them itself.
    const alone = await pool.render(page);
    expect(alone.html).toContain('The page was compiled on disk.');
    expect(alone.html).toContain('The snippet was compiled by the sender too.');
  });
});
