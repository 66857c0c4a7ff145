import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kiln, repoRoot, starter, tempDir } from './helpers.js';

const planted = path.join(repoRoot, 'tests/fixtures/check-planted');

describe('kiln check (CLI)', () => {
  it('reports the planted mistakes one per line, grouped by file, and exits 1', async () => {
    const r = await kiln(['check', planted]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('broken.mdx:8:1  error  page/compile-failed  The page could not be compiled: Expected a closing tag for `<Card>`\n');
    expect(r.stdout).toContain('docs.json:21:18  error  check/unknown-version  ');
    expect(r.stdout).toMatch(/10 pages checked: 15 errors, 11 warnings, 1 notes in [\d.]+ s\n$/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('reports each page a build would leave out, at the position where it fails', async () => {
    const folder = path.join(repoRoot, 'tests/fixtures/check-render');
    const r = await kiln(['check', folder]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("throws.mdx:7:23  error  page/render-failed  The page could not be rendered: Cannot read properties of undefined (reading 'version')\n");
    expect(r.stdout).toContain("snippets/list.jsx:3:12  error  page/render-failed  The page could not be rendered: Cannot read properties of undefined (reading 'map')\n");
    expect(r.stdout).toContain('boom.mdx:6:39  error  page/render-failed  The page could not be rendered: boom\n');
    expect(r.stdout).toMatch(/7 pages checked: 6 errors, 0 warnings, 0 notes in [\d.]+ s\n$/);
    const out = tempDir();
    const b = await kiln(['build', folder, '--out', out.dir]);
    out.cleanup();
    expect(b.stderr).toContain('1 pages written, 6 failed');
  });

  it('--format json gives machine-readable findings', async () => {
    const r = await kiln(['check', planted, '--format', 'json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as { summary: { errors: number; warnings: number }; findings: { code: string }[] };
    expect(json.summary).toMatchObject({ errors: 15, warnings: 11 });
    expect(json.findings.map((f) => f.code)).toContain('check/broken-anchor');
  });

  it('the example passes, even with --strict', async () => {
    const r = await kiln(['check', starter, '--strict']);
    expect(r.stdout).toMatch(/0 errors, 0 warnings/);
    expect(r.code).toBe(0);
  });

  it('kiln schema prints the JSON Schema that lib/docs.schema.json ships', async () => {
    const r = await kiln(['schema']);
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout) as { title: string; anyOf: unknown[] };
    expect(schema.title).toBe('Kiln docs.json');
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(path.join(repoRoot, 'lib/docs.schema.json'), 'utf8'))).toEqual(schema);
  });

  it('lists both commands in --help', async () => {
    const r = await kiln(['--help']);
    expect(r.stdout).toContain('kiln check [dir]');
    expect(r.stdout).toContain('kiln schema');
  });
});
