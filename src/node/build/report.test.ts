import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { BuildSummary } from './build.js';
import { buildExitCode, buildReport } from './report.js';

const finding = (severity: Diagnostic['severity']): Diagnostic => ({ severity, code: `x/${severity}`, message: severity });
const summary = (over: Partial<BuildSummary> = {}): BuildSummary => ({
  ok: true,
  output: 'replaced',
  pagesWritten: 3,
  pagesFailed: 0,
  pagesReused: 0,
  pagesOnWorkers: 0,
  failedPages: [],
  assetsCopied: 0,
  diagnostics: [],
  ms: 1,
  ...over,
});

// Issue 26, item 10: builds whose pages failed exited 0, while the README said 1 on errors.
describe("kiln build's exit code", () => {
  it.each<[string, Partial<BuildSummary>, boolean, number]>([
    ['everything written, notes only', { diagnostics: [finding('info')] }, false, 0],
    ['warnings', { diagnostics: [finding('warning'), finding('info')] }, false, 0],
    ['warnings, with --strict', { ok: false, output: 'untouched', diagnostics: [finding('warning')] }, true, 1],
    ['a page failed (the rest written)', { pagesFailed: 1, diagnostics: [finding('error')] }, false, 1],
    ['an error, no page failed (a settings value, an OpenAPI file)', { diagnostics: [finding('error')] }, false, 1],
    ['the output not replaced', { ok: false, output: 'untouched', diagnostics: [finding('error')] }, false, 1],
    ['the output folder refused', { ok: false, refused: true, output: 'untouched', diagnostics: [finding('error')] }, false, 2],
  ])('%s', (_, over, strict, code) => {
    expect(buildExitCode(summary(over), strict)).toBe(code);
    expect(buildReport(summary(over), '/docs', '/docs/dist', strict).exitCode).toBe(code);
  });
});
