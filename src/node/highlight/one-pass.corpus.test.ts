import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { corpus, fencedBlocks } from '../test-helpers.js';
import { expectOnePassDrawsAsPerTheme, TOP_FENCE } from './test-helpers.js';

// one-pass.test.ts does the same on the example's blocks.
const sites = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe('one-pass highlighting on the corpus', () => {
  it.each(sites)('draws the fenced blocks of %s as highlighting once per theme does', async (site) => {
    await expectOnePassDrawsAsPerTheme(fencedBlocks([path.join(corpus, site)], TOP_FENCE));
  });
});
