import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, kiln, tempDir } from './helpers.js';

// Real docs folders nobody here wrote: the build must never crash on them. Pages that fail are
// reported with file:line:column and the rest are written.
const sites = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe('kiln build on the corpus', () => {
  it('finds the corpus', () => {
    expect(sites.length).toBe(10);
  });

  it.each(sites)('%s builds without crashing', async (name) => {
    const out = tempDir();
    const result = await kiln(['build', path.join(corpus, name), '--out', out.dir], { timeoutMs: 180_000 });
    out.cleanup();
    expect(result.code, result.stderr.slice(-2000)).toBe(0);
    expect(result.stderr).not.toMatch(/internal\/unexpected|\n\s+at .+:\d+:\d+\)?\n/);
    const summary = /✓ (\d+) pages written, (\d+) failed/.exec(result.stderr);
    expect(summary, result.stderr.slice(-2000)).not.toBeNull();
    const [written, failed] = [Number(summary![1]), Number(summary![2])];
    expect(written).toBeGreaterThan(0);
    // Every failure names its file, line and column.
    const failures = result.stderr.split('\n').filter((l) => /  error  page\/(compile|render)-failed/.test(l));
    expect(failures.length).toBe(failed);
    for (const line of failures) expect(line).toMatch(/^\S+\.mdx?:\d+:\d+  error  /);
  });
});
