import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const starter = path.join(repoRoot, 'examples/starter');
export const corpus = path.resolve(repoRoot, '../shared/corpus');
const bin = path.join(repoRoot, 'bin/kiln.js');

/** Debian's chromium with the flags this machine needs (no network beyond loopback). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface KilnRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `NODE_OPTIONS` that make the CLI's fetch() fail for any host but 127.0.0.1, as offline (tests/fixtures/offline-fetch.mjs). */
export const offlineEnv: NodeJS.ProcessEnv = { NODE_OPTIONS: `--import=${path.join(repoRoot, 'tests/fixtures/offline-fetch.mjs')}` };

/** Run the built CLI to completion (`bin`: another copy of it, such as an installed package's). */
export function kiln(args: string[], opts: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv; bin?: string } = {}): Promise<KilnRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [opts.bin ?? bin, ...args], { cwd: opts.cwd ?? repoRoot, env: { ...process.env, NO_COLOR: '1', ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface KilnServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Start `kiln dev` or `kiln preview` and wait for it to print its URL. */
export function startKiln(args: string[], opts: { cwd?: string; bin?: string } = {}): Promise<KilnServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [opts.bin ?? bin, ...args], { cwd: opts.cwd ?? repoRoot, env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        child.stderr!.off('data', onData);
        child.stderr!.on('data', (more) => (out += more));
        resolve({
          url: m[1]!,
          child,
          output: () => out,
          stop: () => new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
        });
      }
    };
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`kiln ${args.join(' ')} exited with ${code}:\n${out}`)));
    setTimeout(() => reject(new Error(`kiln ${args.join(' ')} did not start:\n${out}`)), 30_000);
  });
}

/** A scratch copy of a docs folder, removed by the returned function. */
export function scratchCopy(from: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-e2e-'));
  // Not the caches a build of the original left in it: a copy starts as a fresh checkout would.
  cpSync(from, dir, { recursive: true, filter: (src) => path.basename(src) !== '.kiln' });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Scratch copies (`copy(from)` gives the copy's folder), all removed by `cleanup`. */
export function scratchCopies(): { copy: (from: string) => string; cleanup: () => void } {
  const made: (() => void)[] = [];
  return {
    copy(from) {
      const copy = scratchCopy(from);
      made.push(copy.cleanup);
      return copy.dir;
    },
    cleanup: () => made.splice(0).forEach((cleanup) => cleanup()),
  };
}

export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-e2e-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `kiln build` a docs folder into `out` (asserting it succeeds with no failed page), then `kiln preview` it. */
export async function buildAndPreview(dir: string, out: string): Promise<KilnServer> {
  const result = await kiln(['build', dir, '--out', out]);
  if (result.code !== 0 || !/✓ \d+ pages written, 0 failed/.test(result.stderr)) {
    throw new Error(`kiln build ${dir} failed (exit ${result.code}):\n${result.stderr.slice(-3000)}`);
  }
  return startKiln(['preview', dir, '--out', out, '--port', '0']);
}

export interface FixturePreview {
  /** The build's run: its exit code and messages. */
  built: KilnRun;
  /** The temporary folder the site is built into (`dist/` inside it). */
  dir: string;
  server: KilnServer;
  browser: Browser;
  /** A new page of the preview at `url`; throws unless it answers 200. */
  open(url: string, width?: number): Promise<Page>;
  /** Closes the browser and the preview and removes the folder. */
  close(): Promise<void>;
}

/**
 * `kiln build` a fixture into a temporary folder without the cache (`args` added, given that
 * folder), then `kiln preview` it beside a browser. The caller asserts what the build said.
 */
export async function previewFixture(fixture: string, opts: { args?: (dir: string) => string[]; env?: NodeJS.ProcessEnv } = {}): Promise<FixturePreview> {
  const { dir, cleanup } = tempDir();
  const out = path.join(dir, 'dist');
  const built = await kiln(['build', fixture, '--out', out, '--no-cache', ...(opts.args?.(dir) ?? [])], { env: opts.env });
  const [server, browser] = await Promise.all([startKiln(['preview', fixture, '--out', out, '--port', '0']), launchBrowser()]);
  return {
    built, dir, server, browser,
    async open(url, width = 1300) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const res = await page.goto(`${server.url}${url}`);
      if (res?.status() !== 200) throw new Error(`${url} answered ${res?.status()}`);
      return page;
    },
    async close() {
      await browser.close();
      await server.stop();
      cleanup();
    },
  };
}

/**
 * A test file's fixture site: built and previewed in its `beforeAll` (the build must succeed),
 * closed in its `afterAll`. Its fields are there once `beforeAll` has run.
 */
export function previewedFixture(fixture: string): { readonly site: FixturePreview; readonly stderr: string; open(url: string, width?: number): Promise<Page> } {
  let site: FixturePreview | undefined;
  beforeAll(async () => {
    site = await previewFixture(fixture);
    expect(site.built.code, site.built.stderr).toBe(0);
  });
  afterAll(() => site?.close());
  const ready = () => site ?? (() => { throw new Error('the fixture is built in beforeAll'); })();
  return {
    get site() { return ready(); },
    get stderr() { return ready().built.stderr; },
    open: (url, width) => ready().open(url, width),
  };
}
