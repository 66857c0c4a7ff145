import { afterAll, describe, it } from 'vitest';
import { starter, tempDir } from './helpers.js';
import { expectStaticBuildsAgree } from './static-compare.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('static pages', () => {
  it('are written as the compiled code writes them: the example', async () => {
    await expectStaticBuildsAgree(starter, tmp.dir);
  });
});
