import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/node/build/report.js';
import { corpus, kiln, offlineEnv, tempDir } from './helpers.js';

// The compatibility test: real docs folders nobody here wrote. Each must build without crashing,
// and what it produced is compared with the figures measured when this test was written, so a
// change in what Kiln accepts shows up here. When a figure changes on purpose, update it below and
// say why in the commit.
//
// Builds run offline (offlineEnv): two sites name OpenAPI URLs, which must give the same result
// with and without a network.
interface Expected {
  written: number;
  failed: string[]; // file:line:column of each page left out (all author errors)
  errors: Record<string, number>;
  warnings: Record<string, number>;
}

const EXPECTED: Record<string, Expected> = {
  'AgentOps-AI__agentops': {
    written: 126,
    // Placeholders like `<openai_key>` in prose, read as unclosed tags; one navigation entry has no file.
    failed: ['local_clickhouse_setup.md:31:4', 'local_supabase_linux.md:23:3'],
    errors: { 'nav/page-not-found': 1, 'page/compile-failed': 2 },
    warnings: { 'icon/unknown': 1 },
  },
  'CopilotKit__CopilotKit': {
    written: 35,
    failed: ['reference/components/CopilotKit.mdx:103:59'], // a stray `"` in a tag
    errors: { 'page/compile-failed': 1 },
    warnings: {},
  },
  'browser-use__browser-use': {
    written: 26,
    failed: [],
    errors: { 'openapi/fetch-failed': 1 },
    warnings: { 'page/unknown-component': 2 },
  },
  'crewAIInc__crewAI': {
    written: 98,
    failed: ['concepts/llms.mdx:745:3'], // a <Tab> never closed
    errors: { 'page/compile-failed': 1 },
    warnings: { 'code/unknown-language': 1, 'icon/unknown': 21 },
  },
  'hoppscotch__docs': { written: 105, failed: [], errors: {}, warnings: {} },
  'julep-ai__julep': { written: 82, failed: [], errors: { 'openapi/fetch-failed': 1 }, warnings: {} },
  'ollama__ollama': { written: 73, failed: [], errors: {}, warnings: { 'code/unknown-language': 1 } },
  'pipecat-ai__docs': { written: 196, failed: [], errors: {}, warnings: { 'code/unknown-language': 5 } },
  'triggerdotdev__trigger.dev': {
    written: 144,
    failed: [],
    errors: {},
    warnings: { 'icon/unknown': 1, 'page/import-not-found': 3, 'page/unknown-component': 3 },
  },
  'tursodatabase__turso-docs': { written: 290, failed: [], errors: {}, warnings: { 'code/unknown-language': 1, 'icon/unknown': 1 } },
};

const sites = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const reports = new Map<string, BuildReport>();
const scratch = tempDir();
afterAll(() => scratch.cleanup());

describe('kiln build on the corpus', () => {
  it('finds the corpus, and a figure for each site', () => {
    expect(sites).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(sites)(
    '%s builds as measured',
    async (name) => {
      const out = path.join(scratch.dir, name);
      const reportFile = path.join(scratch.dir, `${name}.json`);
      const result = await kiln(['build', path.join(corpus, name), '--out', out, '--report', reportFile, '--no-cache'], { timeoutMs: 240_000, env: offlineEnv });
      expect(result.code, result.stderr.slice(-2000)).toBe(0);
      expect(result.stderr).not.toMatch(/internal\/unexpected|\n\s+at .+:\d+:\d+\)?\n/);
      rmSync(out, { recursive: true, force: true });
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as BuildReport;
      reports.set(name, report);
      const expected = EXPECTED[name]!;
      expect({
        written: report.pages.written,
        failed: report.failed.map((f) => `${f.file}:${f.line}:${f.column}`),
        errors: report.errors.byCode,
        warnings: report.warnings.byCode,
      }).toEqual(expected);
      expect(report.pages.failed).toBe(expected.failed.length);
      // Every failure is reported with its reason, and on the terminal with its position.
      for (const f of report.failed) {
        expect(f.code).toBe('page/compile-failed');
        expect(f.reason).toMatch(/^The page could not be compiled: \S/);
        expect(result.stderr).toContain(`${f.file}:${f.line}:${f.column}  error  ${f.code}  ${f.reason}`);
      }
      // The summary line says the same as the report.
      expect(result.stderr).toContain(`✓ ${report.pages.written} pages written, ${report.pages.failed} failed, ${report.filesCopied} files copied; ${report.errors.total} errors, ${report.warnings.total} warnings`);
    },
    300_000,
  );

  it('renders at least 99.5 % of the pages over the whole corpus', () => {
    expect(reports.size).toBe(sites.length);
    let written = 0;
    let failed = 0;
    for (const r of reports.values()) {
      written += r.pages.written;
      failed += r.pages.failed;
    }
    expect(written / (written + failed)).toBeGreaterThanOrEqual(0.995);
  });
});
