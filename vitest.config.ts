import { defineConfig } from 'vitest/config';

/**
 * Three tiers, each a project (`npm run test:unit`, `test:e2e`, `test:corpus`; `npm test` runs all):
 * - unit: the sources' own tests, fast, reading nothing outside the repository;
 * - e2e: the built CLI and the browser on the fixtures and the example site;
 * - corpus: everything that reads ../shared/corpus (its 40 real sites): the compatibility figures
 *   and the differential checks that compare two ways of doing one thing on every real page.
 * A test file reads the corpus exactly when it is named `corpus.test.ts` or `*.corpus.test.ts`
 * (tests/unit/tiers.test.ts holds every file to that).
 */
export const CORPUS_TESTS = ['src/**/corpus.test.{ts,tsx}', 'src/**/*.corpus.test.{ts,tsx}', 'tests/**/corpus.test.ts', 'tests/**/*.corpus.test.ts'];

/**
 * Time limits only a hang reaches: how fast a test runs is the tier's total time, never a limit a
 * loaded machine can exceed. expect.poll's own default gives up after one second.
 */
const limits = { testTimeout: 60_000, hookTimeout: 120_000, expect: { poll: { timeout: 30_000 } } };
/** Browser tests build sites and start servers in their tests too. */
const e2eLimits = { ...limits, testTimeout: 300_000, hookTimeout: 300_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...CORPUS_TESTS],
          environment: 'node',
          ...limits,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...CORPUS_TESTS],
          environment: 'node',
          // Browser tests share one machine with 2 cores: run files one after another.
          fileParallelism: false,
          ...e2eLimits,
        },
      },
      {
        test: {
          name: 'corpus',
          include: CORPUS_TESTS,
          globalSetup: ['tests/corpus-present.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          // Each file builds or parses many sites: one file at a time.
          fileParallelism: false,
          ...e2eLimits,
          // Some tests compare every page or block of the 40 sites in one go.
          testTimeout: 1_800_000,
        },
      },
    ],
  },
});
