import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { corpus, fencedBlocks, starter } from '../test-helpers.js';
import { expectOnePassDrawsAsPerTheme, TOP_FENCE } from './test-helpers.js';

// The example and each site of the corpus.
const sites = [starter, ...readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(corpus, d.name))];

describe('one-pass highlighting on the corpus', () => {
  it.each(sites.map((site) => [path.basename(site), site]))('draws the fenced blocks of %s as highlighting once per theme does', async (_, site) => {
    await expectOnePassDrawsAsPerTheme(fencedBlocks([site], TOP_FENCE));
  });
});
