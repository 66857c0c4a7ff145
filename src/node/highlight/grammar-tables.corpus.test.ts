import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { corpus, fencedBlocks, starter } from '../test-helpers.js';
import { ANY_FENCE, expectTablesHighlightAsConverting } from './test-helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'kiln-grammars-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('grammar tables on the corpus', () => {
  const fences = fencedBlocks([starter, corpus], ANY_FENCE);
  it(`highlight the ${fences.length} fenced blocks of real pages byte for byte as converting does`, async () => {
    await expectTablesHighlightAsConverting(fences, dir);
  });
});
