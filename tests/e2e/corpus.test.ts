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
// A site's top-level README.md and CONTRIBUTING.md are not pages (Mintlify's default ignores,
// content/scan.ts), so they are not among the pages written.
//
// Builds run offline (offlineEnv): two sites name OpenAPI URLs, which must give the same result
// with and without a network.
interface Expected {
  /**
   * The exit code when it is not the one the figures give (1 when a page failed or there is any
   * error, else 0): the build failed as a whole.
   */
  exit?: number;
  written: number;
  failed: string[]; // file:line:column of each page left out, each explained above its site
  errors: Record<string, number>;
  warnings: Record<string, number>;
}

const EXPECTED: Record<string, Expected> = {
  'ag-ui-protocol__ag-ui': {
    // Author errors: Rust and Dart generics (`Agent<StateT>`, `Map<String, dynamic>`) and a `{'…'}` in prose, read as JSX by MDX (Mintlify's parser too).
    written: 105,
    failed: ['sdk/dart/client/overview.mdx:141:24', 'sdk/ruby/encoder/overview.mdx:48:27', 'sdk/rust/client/agent-trait.mdx:116:38', 'sdk/rust/client/http-agent.mdx:89:3', 'sdk/rust/client/subscriber.mdx:70:23', 'sdk/rust/core/events.mdx:8:1', 'sdk/rust/core/overview.mdx:8:1', 'sdk/rust/core/types.mdx:88:77'],
    errors: { 'page/compile-failed': 8 },
    warnings: {},
  },
  'AgentOps-AI__agentops': {
    // Placeholders like `<openai_key>` in prose, read as unclosed tags; one navigation entry has no file.
    written: 125,
    failed: ['local_clickhouse_setup.md:31:4', 'local_supabase_linux.md:23:3'],
    errors: { 'nav/page-not-found': 1, 'page/compile-failed': 2 },
    warnings: {},
  },
  'AgentOps-AI__AgentStack': {
    written: 42,
    failed: [],
    errors: {},
    warnings: {},
  },
  'browser-use__browser-use': {
    written: 25,
    failed: [],
    errors: { 'openapi/fetch-failed': 1 },
    warnings: { 'page/unknown-component': 2 },
  },
  'browserbase__stagehand': {
    // Offline, its one OpenAPI URL cannot be fetched (one error): its 32 endpoint pages say the spec is unavailable.
    written: 175,
    failed: [],
    errors: { 'openapi/fetch-failed': 1 },
    warnings: { 'code/unknown-language': 3, 'nav/duplicate-page': 5 },
  },
  'camel-ai__camel': {
    // Author errors: HTML that is not JSX (`<br>` unclosed in a table, `<img>` closed by `</a>`, `<port>` placeholder, `{=…}` in prose).
    written: 523,
    failed: ['cookbooks/advanced_features/agents_with_oceanbase_advanced_usage.mdx:196:21', 'cookbooks/data_processing/agent_with_chunkr_for_pdf_parsing.mdx:26:102', 'key_modules/Benchmark.mdx:30:47', 'reference/camel.toolkits.microsoft_outlook_mail_toolkit.mdx:153:3'],
    errors: { 'page/compile-failed': 4 },
    warnings: {},
  },
  'chroma-core__chroma': {
    // Offline, two OpenAPI URLs cannot be fetched (one error each): their 33 endpoint pages say the spec is unavailable.
    written: 176,
    failed: [],
    errors: { 'openapi/fetch-failed': 2 },
    warnings: { 'nav/duplicate-page': 2, 'openapi/ref-not-found': 4, 'settings/unknown-key': 1, 'settings/unsupported': 3 },
  },
  'clauderic__dnd-kit': {
    // Icons no library has (Font Awesome, Lucide, Tabler): "ts" and "solidjs", in docs.json and index.mdx.
    written: 73,
    failed: [],
    errors: {},
    warnings: { 'icon/unknown': 4, 'nav/duplicate-page': 4, 'page/unknown-component': 2, 'settings/unknown-key': 2 },
  },
  'cline__cline': {
    written: 113,
    failed: [],
    errors: {},
    warnings: { 'code/unknown-language': 1, 'page/unknown-component': 3, 'settings/unknown-key': 2 },
  },
  'codemod-com__codemod': {
    written: 58,
    failed: [],
    errors: {},
    warnings: {},
  },
  'coinbase__x402': {
    written: 21,
    failed: [],
    errors: {},
    warnings: { 'feedback/no-repository': 1 },
  },
  'CopilotKit__CopilotKit': {
    // A stray `"` in a tag.
    written: 34,
    failed: ['reference/components/CopilotKit.mdx:103:59'],
    errors: { 'page/compile-failed': 1 },
    warnings: {},
  },
  'crewAIInc__crewAI': {
    // A <Tab> never closed. An icon no library has: a CSS declaration as the `icon` of tools/apifyactorstool.mdx.
    written: 98,
    failed: ['concepts/llms.mdx:745:3'],
    errors: { 'page/compile-failed': 1 },
    warnings: { 'icon/unknown': 1 },
  },
  'diggerhq__digger': {
    written: 112,
    failed: [],
    errors: {},
    warnings: { 'page/unknown-component': 1 },
  },
  'dograh-hq__dograh': {
    written: 128,
    failed: [],
    errors: {},
    warnings: { 'settings/unknown-key': 1, 'settings/unsupported': 3 },
  },
  'elementary-data__elementary': {
    written: 197,
    failed: [],
    errors: { 'nav/page-not-found': 1 },
    warnings: { 'feedback/no-repository': 1, 'settings/unsupported': 2 },
  },
  'featureform__featureform': {
    written: 80,
    failed: [],
    errors: { 'nav/page-not-found': 1 },
    warnings: { 'nav/duplicate-page': 3 },
  },
  'hoppscotch__docs': {
    written: 104,
    failed: [],
    errors: {},
    warnings: {},
  },
  'inngest__agent-kit': {
    written: 59,
    failed: [],
    errors: {},
    warnings: {},
  },
  'julep-ai__julep': {
    written: 81,
    failed: [],
    errors: { 'openapi/fetch-failed': 1 },
    warnings: {},
  },
  'livepeer__docs': {
    // Its AI pages name operations of ai/api-reference/gateway.openapi.yaml, which the settings do not name, some with the server's path first.
    written: 270,
    failed: [],
    errors: {},
    warnings: { 'feedback/no-repository': 1, 'page/unknown-component': 5 },
  },
  'llm-tools__embedJs': {
    written: 74,
    failed: [],
    errors: {},
    warnings: {},
  },
  'mage-ai__mage-ai': {
    // Font Awesome Pro icons no free library has: "cloud-bolt-moon", "space-station-moon-construction".
    written: 463,
    failed: [],
    errors: {},
    warnings: { 'code/unknown-language': 1, 'icon/unknown': 4, 'nav/duplicate-page': 2 },
  },
  'MCPJam__inspector': {
    written: 244,
    failed: [],
    errors: {},
    warnings: { 'settings/unsupported': 4 },
  },
  'meilisearch__documentation': {
    // Its settings are split with `$ref`; two redirect sources written with `\_` are left out with a warning.
    written: 442,
    failed: [],
    errors: {},
    warnings: { 'nav/duplicate-page': 1, 'page/import-not-found': 1, 'page/unknown-component': 1, 'settings/unknown-key': 2, 'settings/unreachable-redirect-source': 2, 'settings/unsupported': 1 },
  },
  'memodb-io__memobase': {
    written: 60,
    failed: [],
    errors: {},
    warnings: {},
  },
  'odigos-io__odigos': {
    written: 435,
    failed: [],
    errors: {},
    warnings: { 'page/import-not-found': 5, 'page/unknown-component': 9, 'settings/unknown-key': 1 },
  },
  'ollama__ollama': {
    written: 72,
    failed: [],
    errors: {},
    warnings: {},
  },
  'OpenPipe__OpenPipe': {
    written: 25,
    failed: [],
    errors: {},
    warnings: {},
  },
  'oxy-hq__oxy': {
    written: 84,
    failed: [],
    errors: {},
    warnings: { 'page/unknown-component': 4 },
  },
  'pezzolabs__pezzo': {
    written: 22,
    failed: [],
    errors: {},
    warnings: {},
  },
  'pipecat-ai__docs': {
    written: 195,
    failed: [],
    errors: {},
    warnings: {},
  },
  'polarsource__polar': {
    // Each API version's entries are that version's own pages (its openapi file and directory).
    written: 439,
    failed: [],
    errors: { 'nav/page-not-found': 2 },
    warnings: {},
  },
  'PrefectHQ__ControlFlow': {
    written: 62,
    failed: [],
    errors: {},
    warnings: {},
  },
  'resend__react-email': {
    written: 88,
    failed: [],
    errors: {},
    warnings: { 'settings/unsupported': 1 },
  },
  'supermemoryai__supermemory': {
    // Offline, its OpenAPI URL cannot be fetched (one error): its 40 endpoint pages say the spec is unavailable.
    written: 160,
    failed: [],
    errors: { 'openapi/fetch-failed': 1 },
    warnings: { 'nav/duplicate-page': 1, 'settings/unsupported': 1 },
  },
  'triggerdotdev__trigger.dev': {
    written: 143,
    failed: [],
    errors: {},
    warnings: { 'page/import-not-found': 3, 'page/unknown-component': 3 },
  },
  'tursodatabase__turso-docs': {
    // An icon no library has: "llama" (agentfs/sdk/python.mdx).
    written: 288,
    failed: [],
    errors: {},
    warnings: { 'icon/unknown': 1 },
  },
  'vocodedev__vocode-core': {
    written: 99,
    failed: [],
    errors: {},
    warnings: {},
  },
  'VRSEN__agency-swarm': {
    written: 62,
    failed: [],
    errors: {},
    warnings: {},
  },
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
      const result = await kiln(['build', path.join(corpus, name), '--out', out, '--report', reportFile, '--no-cache'], { timeoutMs: 1_200_000, env: offlineEnv });
      const { exit, ...expected } = EXPECTED[name]!;
      expect(result.code, result.stderr.slice(-2000)).toBe(exit ?? (expected.failed.length > 0 || Object.keys(expected.errors).length > 0 ? 1 : 0));
      expect(result.stderr).not.toMatch(/internal\/unexpected|\n\s+at .+:\d+:\d+\)?\n/);
      rmSync(out, { recursive: true, force: true });
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as BuildReport;
      reports.set(name, report);
      expect(report.exitCode).toBe(result.code);
      expect({
        written: report.pages.written,
        failed: report.failed.map((f) => `${f.file}:${f.line}:${f.column}`),
        errors: report.errors.byCode,
        warnings: report.warnings.byCode,
      }).toEqual(expected);
      expect(report.pages.failed).toBe(expected.failed.length);
      // Every failure is reported with its reason, and on the terminal with its position.
      for (const f of report.failed) {
        expect(f.code).toMatch(/^page\/(compile|render)-failed$/);
        expect(f.reason).toMatch(/^The page could not be (compiled|rendered): \S/);
        const where = f.line === null ? f.file : `${f.file}:${f.line}:${f.column}`;
        expect(result.stderr).toContain(`${where}  error  ${f.code}  ${f.reason}`);
      }
      // The summary line says the same as the report.
      expect(result.stderr).toContain(`${result.code === 0 ? '✓' : report.ok ? '✗' : '✗ Build failed:'} ${report.pages.written} pages written, ${report.pages.failed} failed, ${report.filesCopied} files copied; ${report.errors.total} errors, ${report.warnings.total} warnings`);
    },
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

// `kiln check` reports every page the build leaves out, as an error at the position the build
// gives (the figures above), so an author finds with check what would drop pages from the site.
describe('kiln check on the corpus', () => {
  const failing = sites.filter((name) => EXPECTED[name]!.failed.length > 0);

  it.each(failing)('%s: each page the build leaves out is an error of check, where the build says', async (name) => {
    const result = await kiln(['check', path.join(corpus, name), '--format', 'json'], { timeoutMs: 1_200_000, env: offlineEnv });
    expect(result.code, result.stderr.slice(-2000)).toBe(1);
    const findings = (JSON.parse(result.stdout) as { findings: { file: string | null; line: number | null; column: number | null; severity: string; code: string }[] }).findings;
    const pageErrors = findings.filter((f) => f.severity === 'error' && /^page\/(compile|render)-failed$/.test(f.code)).map((f) => `${f.file}:${f.line}:${f.column}`);
    expect(pageErrors.sort()).toEqual([...EXPECTED[name]!.failed].sort());
  });
});
