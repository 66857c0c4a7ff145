import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JS, the harness `npm run fuzz` runs
import { CATEGORIES, formatTable, fuzz, judge, KINDS } from '../../scripts/fuzz.mjs';

// A fixed-seed slice of `npm run fuzz` (scripts/fuzz.mjs): one case of each input kind of issue
// 25, built and checked as a user runs Kiln. The full run (320 cases) is `npm run fuzz`.
type Table = Record<string, Record<string, number>>;
type Failure = { index: number; kind: string; what: string; problems: string[]; output: string };

describe('the fuzz harness', () => {
  it('a fixed-seed slice, one case of each kind: no crash, hang, run over 1 GB or error without a position', async () => {
    const kinds = Object.keys(KINDS);
    const { table, failures } = (await fuzz({ seed: 25, cases: kinds.length, timeoutMs: 180_000 })) as { table: Table; failures: Failure[] };
    process.stderr.write(`${formatTable(table)}\n`);
    expect(Object.values(table).every((row) => row.cases === 1)).toBe(true);
    expect(failures.map((f) => `case ${f.index} ${f.kind} (${f.what}):\n  ${f.problems.join('\n  ')}\n${f.output}`)).toEqual([]);
  }, 1_800_000);

  it('its verdicts can fail: a crash, a hang, a run over 1 GB and an error without a position are each counted', () => {
    const codes = new Set(['page/compile-failed', 'page/over-time-budget']);
    const ok = { code: 1, output: 'a.mdx:3:1  error  page/compile-failed  x\n✗ 1 pages written, 1 failed', peak: 100e6 };
    const count = (run: object, json = false) => Object.fromEntries(CATEGORIES.map((c: string) => [c, (judge(run, json, codes) as Record<string, string[]>)[c]!.length]));
    expect(count(ok)).toEqual({ crash: 0, hang: 0, memory: 0, position: 0 });
    expect(count({ ...ok, code: 134 }).crash).toBe(1);
    expect(count({ ...ok, output: `${ok.output}\n    at run (/work/lib/x.js:1:2)` }).crash).toBe(1);
    expect(count({ ...ok, output: 'error  made/up  x\n✗ Build failed' }).crash).toBe(1);
    expect(count({ ...ok, killed: 'hang' }).hang).toBe(1);
    expect(count({ ...ok, peak: 2 ** 31 }).memory).toBe(1);
    expect(count({ ...ok, output: 'a.mdx  error  page/compile-failed  x\n✗ Build failed' }).position).toBe(1);
    // A page stopped over its budget has no line to point at: its file is the position.
    expect(count({ ...ok, output: 'a.mdx  error  page/over-time-budget  x\n✗ Build failed' }).position).toBe(0);
    expect(count({ code: 1, output: '{\n"findings": [{"code": "page/compile-failed", "severity": "error", "file": "a.mdx", "message": "x"}]}', peak: 0 }, true).position).toBe(1);
  });
});
