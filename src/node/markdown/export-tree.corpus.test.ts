import path from 'node:path';
import { describe, it } from 'vitest';
import { corpus } from '../test-helpers.js';
import { expectExportsAgree } from './test-helpers.js';

// KILN_EXPORT_SITES=a,b,… names other corpus sites to compare.
const SITES = (process.env.KILN_EXPORT_SITES ?? 'ollama__ollama').split(',');

describe('Markdown export from the compiled tree, on the corpus', () => {
  it.each(SITES)('matches the export from the source on every page of %s', async (site) => {
    await expectExportsAgree(path.join(corpus, site));
  });
});
