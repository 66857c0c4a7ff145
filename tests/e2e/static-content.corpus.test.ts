import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { corpus, tempDir } from './helpers.js';
import { expectStaticBuildsAgree } from './static-compare.js';

// Three sites of the corpus, with many static pages and many components between them;
// KILN_STATIC_CORPUS=1 compares all 40 (two builds each).
const SAMPLE = ['ollama__ollama', 'CopilotKit__CopilotKit', 'resend__react-email'];
const sites = process.env.KILN_STATIC_CORPUS === '1' ? readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : SAMPLE;
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('static pages on the corpus', () => {
  it.each(sites)('are written as the compiled code writes them: %s', async (site) => {
    await expectStaticBuildsAgree(path.join(corpus, site), tmp.dir);
  });
});
