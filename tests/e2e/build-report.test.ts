import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/node/build/report.js';
import { kiln, tempDir, type KilnRun } from './helpers.js';

// `kiln build --report <file>`: the printed summary as JSON, for CI and the compatibility test.
let site: ReturnType<typeof tempDir>;
let run: KilnRun;
let report: BuildReport;

beforeAll(async () => {
  site = tempDir();
  const at = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(site.dir, rel)), { recursive: true });
    writeFileSync(path.join(site.dir, rel), text);
  };
  at('docs.json', JSON.stringify({ name: 'Report', colors: { primary: '#0D9373' }, navigation: [{ group: 'Docs', icon: 'not-an-icon', pages: ['index', 'broken', 'odd'] }] }, null, 2));
  at('index.mdx', '---\ntitle: Home\n---\n\nHello <Icon icon="sparkles" /> <Icon icon="no-such-icon" />.\n');
  at('broken.mdx', '---\ntitle: Broken\n---\n\nText\n\n<Card title="x">\nnever closed\n');
  at('odd.mdx', '---\ntitle: Odd\n---\n\n<Sparkle />\n\n<Glitter />\n');
  at('images/a.png', 'not really a png');
  run = await kiln(['build', site.dir, '--out', path.join(site.dir, 'dist'), '--report', 'reports/kiln.json'], { cwd: site.dir });
  report = JSON.parse(readFileSync(path.join(site.dir, 'reports/kiln.json'), 'utf8')) as BuildReport;
});

afterAll(() => site?.cleanup());

describe('kiln build --report', () => {
  it('writes the same figures the build prints, and exits 1: a page failed', () => {
    expect(run.code, run.stderr).toBe(1);
    const printed = /✗ (\d+) pages written, (\d+) failed, (\d+) files copied; (\d+) errors, (\d+) warnings/.exec(run.stderr);
    expect(printed, run.stderr).not.toBeNull();
    const [, written, failed, copied, errors, warnings] = printed!.map(Number);
    expect(report).toMatchObject({ ok: true, exitCode: 1, pages: { written, failed }, filesCopied: copied, errors: { total: errors }, warnings: { total: warnings } });
    expect(report.pages).toEqual({ written: 2, failed: 1, unchanged: 0 });
    expect(report.filesCopied).toBe(1);
    expect(report.root).toBe(site.dir);
    expect(report.outDir).toBe(path.join(site.dir, 'dist'));
    expect(report.ms).toBeGreaterThan(0);
  });

  it('names each failed page with file:line:column and the reason', () => {
    expect(report.failed).toEqual([
      { url: '/broken', file: 'broken.mdx', line: 7, column: 1, code: 'page/compile-failed', reason: 'The page could not be compiled: Expected a closing tag for `<Card>`' },
    ]);
  });

  it('counts warnings and errors by code and lists every diagnostic', () => {
    expect(report.warnings.byCode).toEqual({ 'icon/unknown': 2, 'page/unknown-component': 2 });
    expect(report.notes.byCode).toEqual({ 'icon/pro-substitute': 1 });
    expect(report.errors.byCode).toEqual({ 'page/compile-failed': 1 });
    const unknown = report.diagnostics.filter((d) => d.code === 'page/unknown-component');
    expect(unknown.map((d) => [d.file, d.line, d.column, d.severity])).toEqual([
      ['odd.mdx', 5, 1, 'warning'],
      ['odd.mdx', 7, 1, 'warning'],
    ]);
  });

  it('lists the icons shown as the default, with their positions (docs.json ones too)', () => {
    expect(report.defaultIcons).toEqual({
      total: 2,
      icons: [
        { name: 'not-an-icon', file: 'docs.json', line: 9, column: 15 },
        { name: 'no-such-icon', file: 'index.mdx', line: 5, column: 44 },
      ],
    });
  });

  it('reports a report file it cannot write as a catalogued error', async () => {
    const r = await kiln(['build', site.dir, '--out', path.join(site.dir, 'dist'), '--report', path.join(site.dir, 'index.mdx', 'x.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error  build/report-failed  The build report could not be written to ');
    // No stack trace (a settings finding names its JSON path as `at navigation[0].icon`).
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });
});

// Issue 26, item 10: warnings alone pass; `--strict` makes them fail, and then the output is
// left as it was (a strict build used to fail on errors only).
describe('kiln build --strict', () => {
  const strict = tempDir();
  afterAll(() => strict.cleanup());
  const out = path.join(strict.dir, 'dist');
  const page = (word: string) => writeFileSync(path.join(strict.dir, 'index.mdx'), `---\ntitle: Home\n---\n\n${word} <Sparkle />\n`);

  it('exits 0 on warnings without it, 1 with it, and leaves the output as it was', async () => {
    writeFileSync(path.join(strict.dir, 'docs.json'), JSON.stringify({ name: 'Strict', colors: { primary: '#0D9373' }, navigation: [{ group: 'Docs', pages: ['index'] }] }));
    page('Before');
    const lax = await kiln(['build', strict.dir]);
    expect(lax.code, lax.stderr).toBe(0);
    expect(lax.stderr).toMatch(/index\.mdx:5:8 {2}warning {2}page\/unknown-component {2}/);
    expect(lax.stderr).toMatch(/✓ 1 pages written, 0 failed, 0 files copied; 0 errors, 1 warnings/);

    page('After');
    const r = await kiln(['build', strict.dir, '--strict', '--report', path.join(strict.dir, 'report.json')]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/✗ Build failed: 0 pages written, 0 failed, 0 files copied; 0 errors, 1 warnings .*\n {2}The previous output in .*dist was left as it was\.\n$/);
    expect(JSON.parse(readFileSync(path.join(strict.dir, 'report.json'), 'utf8'))).toMatchObject({ ok: false, exitCode: 1 });
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('Before');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).not.toContain('After');
  });
});
