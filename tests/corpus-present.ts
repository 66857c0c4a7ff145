import { existsSync } from 'node:fs';
import { corpus } from '../src/node/test-helpers.js';

/**
 * The corpus tier's global setup: without the 40 real sites every one of its files fails on a
 * missing folder, one error each; this says once where they are looked for and what to do.
 */
export default function corpusPresent(): void {
  if (existsSync(corpus)) return;
  throw new Error(
    `The corpus tests read the real sites in ${corpus}, which does not exist. Clone Kiln beside the folder that holds shared/corpus, ` +
      'or run the other tiers alone: npm run test:unit, npm run test:e2e.',
  );
}
