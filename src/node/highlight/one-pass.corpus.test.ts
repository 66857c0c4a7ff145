import { describe, it } from 'vitest';
import { corpus, fencedBlocks, starter } from '../test-helpers.js';
import { expectOnePassDrawsAsPerTheme, TOP_FENCE } from './test-helpers.js';

describe('one-pass highlighting on the corpus', () => {
  const fences = fencedBlocks([starter, corpus], TOP_FENCE);
  it(`draws the ${fences.length} fenced blocks of real pages as highlighting once per theme does`, async () => {
    await expectOnePassDrawsAsPerTheme(fences);
  });
});
