import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kiln, repoRoot, scratchCopies } from './helpers.js';

// migrate.corpus.test.ts migrates the classic sites of the corpus.

const copies = scratchCopies();
afterAll(copies.cleanup);
const copyOf = copies.copy;

const fixture = path.join(repoRoot, 'tests/fixtures/migrate-classic');

describe('kiln migrate', () => {
  it('writes docs.json beside mint.json, and warns at its position about each setting docs.json has no place for', async () => {
    const dir = copyOf(fixture);
    const mint = readFileSync(path.join(dir, 'mint.json'), 'utf8');
    const run = await kiln(['migrate', dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`mint.json:14:3  warning  migrate/not-carried  \`feedback\` is not carried over to docs.json: docs.json has no feedback buttons (Mintlify moved them to its dashboard); Kiln shows none for a docs.json site.
  mint.json is kept as it was; move the setting by hand if docs.json gains a place for it.`);
    expect(run.stderr).toContain('mint.json:15:3  warning  migrate/not-carried  `rounded` is not carried over to docs.json: docs.json has no corner style setting.');
    expect(run.stderr).toMatch(/✓ Wrote .*docs\.json from mint\.json; 2 settings were not carried over \(above\)\./);
    expect(readFileSync(path.join(dir, 'mint.json'), 'utf8')).toBe(mint);
    expect(JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'))).toEqual(JSON.parse(readFileSync(path.join(fixture, 'expected-docs.json'), 'utf8')));

    // The folder now builds from docs.json, to the same pages.
    const build = await kiln(['build', dir, '--out', path.join(dir, 'dist')]);
    expect(build.stderr).toMatch(/✓ 3 pages written, 0 failed/);
  });

  it('keeps an existing docs.json unless --force, and needs a mint.json', async () => {
    const dir = copyOf(fixture);
    writeFileSync(path.join(dir, 'docs.json'), '{}\n');
    const refused = await kiln(['migrate', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`error  migrate/docs-json-exists  ${path.join(dir, 'docs.json')} already exists; \`kiln migrate\` does not replace it, so nothing was written.`);
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe('{}\n');
    expect((await kiln(['migrate', dir, '--force'])).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8')).name).toBe('Migrate fixture');

    const empty = copyOf(path.join(fixture, 'guides'));
    const none = await kiln(['migrate', empty]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`error  migrate/no-mint-json  No mint.json in ${empty}; there is nothing to migrate.`);
  });
});
