import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
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
    await expect
      .poll(() => child.exitCode !== null || (existsSync(tmp) && readdirSync(tmp, { recursive: true }).length >= 3), { timeout: 60_000, interval: 10 })
      .toBe(true);
    expect(child.exitCode, `the build ended before it could be interrupted:\n${stderr}`).toBeNull();
    child.kill('SIGINT');
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

/** The processes `pid` started (Linux: from /proc), with their command line. */
function childrenOf(pid: number): { pid: number; cmd: string }[] {
  const found: { pid: number; cmd: string }[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push({ pid: Number(e), cmd: readFileSync(`/proc/${e}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** Whether a process has ended (a zombie nobody reaped has too). */
const ended = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
};

/** SIGKILL, to a process or (negative) a process group, that may have ended meanwhile. */
const kill = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

// A build stuck in a page's own code: `export const` runs a loop that never ends, on the thread
// that makes the page. Signal handlers run only when their thread is free, so Ctrl-C and SIGTERM
// did nothing until SIGKILL. The build now runs on a thread of its own and the main thread, which
// only waits for it, stops it.
describe('stopping a build stuck in a page', () => {
  let stuck: ReturnType<typeof scratchCopy>;
  let dist: string;
  let before: Map<string, string>;
  beforeAll(async () => {
    stuck = scratchCopy(starter);
    dist = path.join(stuck.dir, 'dist');
    expect((await kiln(['build', stuck.dir])).code).toBe(0);
    before = snapshot(dist);
    // Made after pages that start Pagefind's indexer (the fourth page in the navigation).
    writeFileSync(path.join(stuck.dir, 'concepts/queues.mdx'), '---\ntitle: Queues\n---\n\nexport const never = (() => { process.stderr.write("LOOPING\\n"); while (true) {} })();\n\nText.\n');
  });
  afterAll(() => stuck?.cleanup());

  const cases: [string, (child: ChildProcess) => void, number][] = [
    ['Ctrl-C (SIGINT to the build)', (child) => child.kill('SIGINT'), 130],
    ['SIGTERM', (child) => child.kill('SIGTERM'), 143],
    // As a terminal sends it: to every process of the foreground group, Kiln's children too.
    ['Ctrl-C in a terminal (SIGINT to the process group)', (child) => process.kill(-child.pid!, 'SIGINT'), 130],
  ];
  for (const [what, send, code] of cases) {
    it(`${what}: exits ${code}, its processes and temporary folder gone, the previous output as it was`, async () => {
      // Without the cache, every page is made (and indexed) again.
      const child = spawn(process.execPath, [path.join(repoRoot, 'bin/kiln.js'), 'build', stuck.dir, '--no-cache'], { env: { ...process.env, NO_COLOR: '1' }, detached: true });
      let stderr = '';
      const looping = new Promise<void>((resolve) =>
        child.stderr.on('data', (d) => {
          stderr += d;
          if (stderr.includes('LOOPING')) resolve();
        }),
      );
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (c, signal) => resolve({ code: c, signal })));
      let started: { pid: number; cmd: string }[] = [];
      // A build that did not stop would loop for ever, and its indexer with it (also when the test times out).
      onTestFinished(() => {
        if (child.exitCode === null && child.signalCode === null) kill(-child.pid!);
        for (const c of started) if (!ended(c.pid)) kill(c.pid);
      });
      await looping;
      started = childrenOf(child.pid!);
      expect(started.map((c) => c.cmd)).toContainEqual(expect.stringMatching(/pagefind/));
      send(child);
      expect(await exited).toEqual({ code, signal: null });
      expect(started.filter((c) => !ended(c.pid))).toEqual([]);
      expect(stderr.replace(/^Building .*\n/, '')).toBe('LOOPING\n');
      expect(leftovers(stuck.dir)).toEqual([]);
      expect(snapshot(dist)).toEqual(before);
    }, 60_000);
  }
});
