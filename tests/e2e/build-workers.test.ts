import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kiln, starter, tempDir } from './helpers.js';

/** Every file of a build, by path, except the Pagefind index (its hashes follow the order pages arrive in). */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, e.name);
      const rel = path.relative(dir, abs);
      if (e.isDirectory()) walk(abs);
      else if (!rel.startsWith('_kiln/search/')) out.set(rel, readFileSync(abs, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

describe('kiln build --workers', () => {
  const tmp = tempDir();
  afterAll(() => tmp.cleanup());

  it('writes the same site on worker threads as in one thread', async () => {
    const one = path.join(tmp.dir, 'one');
    const two = path.join(tmp.dir, 'two');
    const a = await kiln(['build', starter, '--out', one, '--workers', '0']);
    const b = await kiln(['build', starter, '--out', two, '--workers', '2']);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const x = files(one);
    const y = files(two);
    expect([...y.keys()].sort()).toEqual([...x.keys()].sort());
    expect([...x.keys()].filter((f) => x.get(f) !== y.get(f))).toEqual([]);
    expect(x.size).toBeGreaterThan(40);
    // Both indexed every page.
    const count = (dir: string) => JSON.parse(readFileSync(path.join(dir, '_kiln/search/pagefind-entry.json'), 'utf8')).languages.en.page_count;
    expect(count(two)).toBe(count(one));
  }, 180_000);

  it('rejects a worker count that is not a whole number', async () => {
    const r = await kiln(['build', starter, '--out', path.join(tmp.dir, 'bad'), '--workers', 'many']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('`--workers many` is not a whole number from 0 to 64.');
  });
});
