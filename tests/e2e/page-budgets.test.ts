import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kiln, startKiln, tempDir } from './helpers.js';

// The hangs of issue 25, one site folder each: every one used to keep `kiln build` (and most
// `kiln check`) busy until killed. Each now ends with one catalogued message about that page and
// the rest of the site written. Budgets are passed small (a 2 s time budget against a loop that
// never ends), so the tests assert the error, never a duration.
const STACK = /\n\s+at .+:\d+:\d+|Exception in|RangeError|Maximum call stack/;
let tmp: ReturnType<typeof tempDir>;

/** A site of its own: docs.json, a home page and the pages given (relative path → source). */
function site(name: string, pages: Record<string, string>, settings: Record<string, unknown> = {}): string {
  const dir = path.join(tmp.dir, name);
  mkdirSync(dir, { recursive: true });
  const ids = Object.keys(pages).map((f) => f.replace(/\.mdx$/, ''));
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify({ name: 'Budgets', theme: 'mint', colors: { primary: '#0D9373' }, navigation: [{ group: 'Pages', pages: ['index', ...ids] }], ...settings }));
  writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\ndescription: Still built.\n---\n\nThe home page.\n');
  for (const [file, source] of Object.entries(pages)) writeFileSync(path.join(dir, file), source);
  return dir;
}

const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: A page of issue 25.\n---\n\n${body}\n`;

beforeAll(() => {
  tmp = tempDir();
});
afterAll(() => tmp?.cleanup());

/** `kiln build` of `dir` into its `dist`, and the output's home page, which must be written whatever the other page did. */
async function build(dir: string, ...flags: string[]) {
  const r = await kiln(['build', dir, '--no-cache', ...flags], { timeoutMs: 180_000 });
  expect(r.stderr).not.toMatch(STACK);
  expect(readFileSync(path.join(dir, 'dist/index.html'), 'utf8')).toContain('The home page.');
  return r;
}

async function check(dir: string, ...flags: string[]) {
  const r = await kiln(['check', dir, ...flags], { timeoutMs: 180_000 });
  expect(r.stderr + r.stdout).not.toMatch(STACK);
  return r;
}

describe('issue 25: no page can hang a build', () => {
  // The line was 1 MB, over the page size limit now (the next test's error); half of it
  // still took minutes to highlight.
  it('a code fence holding a 0.5 MB line of TypeScript: shown unhighlighted (build and check)', async () => {
    const line = 'const a = 1; '.repeat(38_000);
    const dir = site('long-line', { 'code.mdx': page('Code', `\`\`\`ts\nconst short = 2;\n${line}\n\`\`\``) });
    const r = await build(dir);
    expect(r.code, r.stderr).toBe(0);
    const html = readFileSync(path.join(dir, 'dist/code.html'), 'utf8');
    expect(html).toContain(`<span class="line"><span>${line.trimEnd()}`);
    expect((await check(dir)).stdout).not.toMatch(/  error  /);
  }, 400_000);

  it('a list nested 5,000 deep: page/too-deep at the spot (build and check)', async () => {
    const dir = site('deep-list', { 'list.mdx': page('List', `${'- '.repeat(5000)}x`) });
    const r = await build(dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('list.mdx:6:401  error  page/too-deep  Lists or quotes are nested 5000 levels deep here, over the 200 a page may have; the page was not compiled.');
    expect(r.stderr).toMatch(/✗ 1 pages written, 1 failed/);
    expect((await check(dir)).stdout).toContain('list.mdx:6:401  error  page/too-deep');
  }, 400_000);

  it('a 10 MB page made of components: page/too-large (build and check)', async () => {
    const cards = '<Card title="Card" icon="star">Some text in a card with **bold**.</Card>\n\n'.repeat(140_000);
    const dir = site('big-page', { 'big.mdx': page('Big', cards) });
    const r = await build(dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/big\.mdx:\d+:\d+  error  page\/too-large  The page is 9\.\d MB long, over the 0\.50 MB a page may have; it was not compiled\./);
    expect(r.stderr).toMatch(/✗ 1 pages written, 1 failed/);
    expect((await check(dir)).stdout).toMatch(/big\.mdx:\d+:\d+  error  page\/too-large/);
  }, 400_000);

  it('a 5 MB name in docs.json: cut where it is displayed, with a warning at its position', async () => {
    const dir = site('long-name', {}, { name: 'N'.repeat(5 * 1024 * 1024) });
    const r = await build(dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('docs.json:1:9  warning  settings/value-too-long  `name` is 5,242,880 characters long; its first 300 are shown (page titles, the social card).');
    const html = readFileSync(path.join(dir, 'dist/index.html'), 'utf8');
    expect(html).toContain(`<title>Home - ${'N'.repeat(300)}…</title>`);
    expect(html.length).toBeLessThan(200_000);
    expect((await check(dir)).stdout).toContain('settings/value-too-long');
  }, 400_000);

  it('an infinite loop in an export const component: stopped at the time budget (build and check)', async () => {
    const dir = site('loop-component', {
      'loop.mdx': page('Loop', 'export const Spin = () => { while (true) {} };\n\n<Spin />'),
      'fine.mdx': page('Fine', 'export const Ok = () => <b>fine code</b>;\n\n<Ok />'),
      // Made, and its warning reported, long before the loop is stopped.
      'zed.mdx': page('Zed', '<Zebra>Stripes.</Zebra>'),
    });
    const r = await build(dir, '--page-timeout', '2', '--report', path.join(dir, 'report.json'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('loop.mdx  error  page/over-time-budget  The page took longer than its time budget of 2 s to make; it was stopped and left out.');
    expect(r.stderr).toMatch(/✗ 3 pages written, 1 failed/);
    // In file order, whichever page finished first.
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as { diagnostics: { file: string; code: string }[] };
    expect(report.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['loop.mdx page/over-time-budget', 'zed.mdx page/unknown-component']);
    // The page with code that ends was rendered on the worker that replaced the stopped one, or before it.
    expect(readFileSync(path.join(dir, 'dist/fine.html'), 'utf8')).toContain('<b>fine code</b>');
    expect(existsSync(path.join(dir, 'dist/loop.html'))).toBe(false);
    const c = await check(dir, '--page-timeout', '2');
    expect(c.stdout).toContain('loop.mdx  error  page/over-time-budget');
  }, 400_000);

  it('an infinite loop at module level of a page: stopped at the time budget (KILN_PAGE_TIMEOUT)', async () => {
    const dir = site('loop-module', { 'loop.mdx': page('Loop', 'export const x = (() => { while (true) {} })();\n\nText.') });
    const r = await kiln(['build', dir, '--no-cache'], { env: { KILN_PAGE_TIMEOUT: '2' }, timeoutMs: 180_000 });
    expect(r.stderr).not.toMatch(STACK);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('loop.mdx  error  page/over-time-budget  The page took longer than its time budget of 2 s');
    expect(readFileSync(path.join(dir, 'dist/index.html'), 'utf8')).toContain('The home page.');
  }, 400_000);

  it('an export const that allocates without end: stopped at the memory budget', async () => {
    const dir = site('alloc', { 'alloc.mdx': page('Alloc', 'export const x = (() => { const a = []; while (true) a.push(new Array(1e6).fill(1)); })();\n\nText.') });
    const r = await build(dir, '--page-memory', '128', '--page-timeout', '600');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('alloc.mdx  error  page/over-memory-budget  Making the page took more than its memory budget of 128 MB; it was stopped and left out.');
    expect(r.stderr).toMatch(/✗ 1 pages written, 1 failed/);
  }, 400_000);

  it('refuses a budget that is not a number, naming the flag', async () => {
    const dir = site('flags', {});
    const r = await kiln(['build', dir, '--page-timeout', 'soon']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error  cli/invalid-flag  Option --page-timeout: "soon" is not a number of seconds of at least 0.1.');
  });

  it('kiln dev answers other pages while one loops, and shows the error page for it', async () => {
    const dir = site('dev-loop', { 'loop.mdx': page('Loop', 'export const Spin = () => { while (true) {} };\n\n<Spin />') });
    // A budget the test never reaches: the looping page cannot be answered before the home page is,
    // unless the server is stuck in the loop (the home page would then not be answered at all).
    const patient = await startKiln(['dev', dir, '--port', '0', '--page-timeout', '600']);
    try {
      let loopAnswered = false;
      const looping = fetch(`${patient.url}/loop`).then(() => (loopAnswered = true));
      const home = await fetch(patient.url + '/');
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('The home page.');
      expect(loopAnswered).toBe(false);
      void looping.catch(() => undefined);
    } finally {
      await patient.stop();
    }
    const server = await startKiln(['dev', dir, '--port', '0', '--page-timeout', '2']);
    try {
      const looping = fetch(`${server.url}/loop`);
      expect((await fetch(server.url + '/')).status).toBe(200);
      const failed = await looping;
      expect(failed.status).toBe(500);
      expect(await failed.text()).toContain('page/over-time-budget');
      // The server keeps serving after the worker was replaced, and the page, asked again, goes to the new worker.
      expect((await fetch(server.url + '/')).status).toBe(200);
      const again = await fetch(`${server.url}/loop`);
      expect(again.status).toBe(500);
      expect(await again.text()).toContain('page/over-time-budget');
    } finally {
      await server.stop();
    }
  }, 400_000);
});
