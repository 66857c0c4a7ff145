import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The tiers of vitest.config.ts are told apart by name: a test file reads the corpus of real sites
// (../shared/corpus) exactly when it is named `corpus.test.ts` or `*.corpus.test.ts`, so the unit
// and e2e tiers never wait for it and the corpus tier is everything that does.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const testFiles = (dir: string) =>
  readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
const files = [...testFiles('src'), ...testFiles('tests')];
const self = 'tests/unit/tiers.test.ts';

/** The corpus by its path, by the bench's corpus reader, or by the name the test helpers give it. */
const READS_CORPUS = /shared\/corpus|corpus-blocks\.mjs|import\s*\{[^}]*\bcorpus\b[^}]*\}\s*from\s*'[^']*(?:test-)?helpers\.js'/;
const NAMED_CORPUS = /(?:^|\/|\.)corpus\.test\.tsx?$/;

describe('test tiers', () => {
  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('tests/e2e/corpus.test.ts');
  });

  it('names a test file for the corpus exactly when it reads the corpus', () => {
    const misnamed = files.filter((f) => f !== self && READS_CORPUS.test(readFileSync(path.join(repo, f), 'utf8')) !== NAMED_CORPUS.test(f));
    expect(misnamed).toEqual([]);
  });

  it('tells a file that reads the corpus from one that does not', () => {
    expect(READS_CORPUS.test("const CORPUS = path.resolve(here, '../../../../shared/corpus');")).toBe(true);
    expect(READS_CORPUS.test("import { corpus, kiln, tempDir } from './helpers.js';")).toBe(true);
    expect(READS_CORPUS.test("import { corpus, mdxFiles } from '../test-helpers.js';")).toBe(true);
    expect(READS_CORPUS.test("import { corpusBlocks, corpusRoot } from '../../../bench/corpus-blocks.mjs';")).toBe(true);
    expect(READS_CORPUS.test("import { kiln, starter } from './helpers.js';\n// compared on the corpus elsewhere")).toBe(false);
  });
});
