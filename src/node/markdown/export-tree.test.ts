import { describe, it } from 'vitest';
import { starter } from '../test-helpers.js';
import { expectExportsAgree } from './test-helpers.js';

// export-tree.corpus.test.ts does the same on real projects.
describe('Markdown export from the compiled tree', () => {
  it('matches the export from the source on every page of the example', async () => {
    await expectExportsAgree(starter);
  });
});
