import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, repoRoot, scratchCopy, starter } from './helpers.js';

// Ctrl-C in the middle of `kiln build`: the previous output stays as it was, and nothing
// temporary is left behind (the output's sibling folder, half-written cache files).
let site: ReturnType<typeof scratchCopy>;
let out: string;

/** Every file under `dir` (relative), with its content, so two snapshots compare exactly. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else files.set(r, readFileSync(path.join(dir, r), 'latin1'));
    }
  };
  walk('');
  return files;
}

/** Leftovers of an interrupted write anywhere in the project folder. */
function leftovers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /kiln-tmp|\.tmp$/.test(f));
}

beforeAll(async () => {
  site = scratchCopy(starter);
  out = path.join(site.dir, 'dist');
  const first = await kiln(['build', site.dir]);
  expect(first.code, first.stderr).toBe(0);
});

afterAll(() => site?.cleanup());

describe('interrupting kiln build', () => {
  it('keeps the previous output and leaves no temporary folder (SIGINT mid-build)', async () => {
    const before = snapshot(out);
    expect(before.size).toBeGreaterThan(20);
    // A changed page, so a finished build would have changed the output.
    appendFileSync(path.join(site.dir, 'quickstart.mdx'), '\n\nInterrupted edit.\n');

    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/kiln.js'), 'build', site.dir], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const tmp = path.join(site.dir, `.dist.kiln-tmp-${child.pid}`);

    // Wait until the build is writing pages into its temporary folder, then press Ctrl-C.
    const deadline = Date.now() + 60_000;
    let interrupted = false;
    while (Date.now() < deadline && child.exitCode === null) {
      if (existsSync(tmp) && readdirSync(tmp, { recursive: true }).length >= 3) {
        child.kill('SIGINT');
        interrupted = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(interrupted, `the build ended before it could be interrupted:\n${stderr}`).toBe(true);
    const { code, signal } = await exited;
    expect({ code, signal }).toEqual({ code: 130, signal: null });
    expect(stderr).not.toMatch(/\n\s+at /);

    expect(snapshot(out)).toEqual(before);
    expect(leftovers(site.dir)).toEqual([]);
    expect(readFileSync(path.join(out, 'quickstart.html'), 'utf8')).not.toContain('Interrupted edit.');
  });

  it('the next build after an interruption finishes and writes the change', async () => {
    const r = await kiln(['build', site.dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(path.join(out, 'quickstart.html'), 'utf8')).toContain('Interrupted edit.');
    expect(leftovers(site.dir)).toEqual([]);
  });
});
