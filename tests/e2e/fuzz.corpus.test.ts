import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, repoRoot, starter } from './helpers.js';
import { mutatedCopy, rng, type Mutation } from './fuzz-mutations.js';

// Resilience: broken settings, front matter, MDX and OpenAPI files must give catalogued messages,
// never a crash or a stack trace. Seeded and of a fixed size: RUNS cases, case i of seed SEED + i,
// each a test named by its seed. A case is its seed alone (the seed picks the site and the
// mutations): KILN_FUZZ_SEED=<seed> KILN_FUZZ_RUNS=1 repeats one, and
//   KILN_FUZZ_RUNS=500 npx vitest run tests/e2e/fuzz.corpus.test.ts
// runs many. KILN_FUZZ_VERBOSE=1 prints each case's mutations and the codes it got. The CLI runs
// in this process (lib/cli, as `kiln` runs it) so a case costs a build, not a Node start.
const RUNS = Number(process.env.KILN_FUZZ_RUNS ?? 8);
const SEED = Number(process.env.KILN_FUZZ_SEED ?? 20261122);

const SITES = [starter, ...['CopilotKit__CopilotKit', 'ollama__ollama', 'triggerdotdev__trigger.dev', 'tursodatabase__turso-docs', 'browser-use__browser-use', 'AgentOps-AI__agentops'].map((s) => path.join(corpus, s))];
const siteOf = (seed: number) => SITES[seed % SITES.length]!;

type Main = (argv: string[]) => Promise<void>;
let main: Main;
let codes: Set<string>;
let scratch: string;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  main = ((await import(pathToFileURL(path.join(repoRoot, 'lib/cli/index.js')).href)) as { main: Main }).main;
  codes = new Set(Object.keys(((await import(pathToFileURL(path.join(repoRoot, 'lib/node/diagnostics/catalogue.js')).href)) as { catalogue: object }).catalogue));
  scratch = mkdtempSync(path.join(os.tmpdir(), 'kiln-fuzz-'));
  // Offline, whatever the machine: OpenAPI URLs fail the same way every time.
  globalThis.fetch = async (input) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    throw new TypeError('fetch failed', { cause: Object.assign(new Error(`getaddrinfo ENOTFOUND ${url.hostname}`), { code: 'ENOTFOUND' }) });
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** `kiln <argv>` in this process: its exit code and everything it wrote. */
async function cli(argv: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  const writes = [process.stdout, process.stderr].map((stream) => {
    const original = stream.write;
    stream.write = ((chunk: string | Uint8Array) => {
      output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return true;
    }) as typeof stream.write;
    return () => (stream.write = original);
  });
  process.exitCode = undefined;
  try {
    await main(argv);
  } finally {
    for (const restore of writes) restore();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = undefined;
  return { code, output };
}

/** A stack frame: `at fn (/abs/file.js:1:2)`, `at file:///…:1:2`, `at node:internal/…`. */
const STACK = /^\s+at (?:async )?(?:[^\s(]+ )?\(?(?:file:\/\/|\/|node:)[^)\s]*:\d+:\d+\)?$/m;
/** `file:line:col  severity  code  message` or `severity  code  message`. */
const FINDING = /^(?:\S.*?  )?(error|warning|info)  (\S+)  /gm;

/** What is wrong with one command's result; nothing when it behaved. */
/** What a JavaScript engine says when code meets a value of a type it did not expect. */
const TYPE_ERROR = /Cannot read properties|Cannot convert|is not a function|is not iterable|is not a constructor|Maximum call stack|Invalid array length|Cannot create property|Cannot destructure|\.(?:map|filter|split|replace|toLowerCase|trim|startsWith) is not/;

/**
 * What is wrong with one command's result; nothing when it behaved. `authored` are the files whose
 * MDX body was mutated: an expression there may throw on its own. Anywhere else, a page that fails
 * with a type error was broken by Kiln reading a settings, front matter or OpenAPI value it did
 * not expect: a crash, even though the page's failure is reported.
 */
function problems(name: string, r: { code: number; output: string }, json: boolean, authored: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (const m of r.output.matchAll(/^(\S+?)(?::\d+:\d+)?  error  page\/render-failed  (.*)$/gm)) {
    if (TYPE_ERROR.test(m[2]!) && !authored.has(m[1]!)) out.push(`${name}: ${m[1]} failed on a value Kiln did not expect: ${m[2]}`);
  }
  if (r.code !== 0 && r.code !== 1) out.push(`${name} exited with ${r.code}`);
  if (STACK.test(r.output)) out.push(`${name} printed a stack trace`);
  // V8's own words when the stack or the heap runs out, whatever message carries them.
  const exhausted = /Exception in PromiseRejectCallback|Maximum call stack size exceeded|heap out of memory/.exec(r.output);
  if (exhausted) out.push(`${name} ran out of stack or memory: ${exhausted[0]}`);
  const found = [...r.output.matchAll(FINDING)].map((m) => m[2]!);
  if (json) {
    const start = r.output.indexOf('{\n');
    try {
      const report = JSON.parse(r.output.slice(start)) as { findings: { code: string }[] };
      found.push(...report.findings.map((f) => f.code));
    } catch {
      out.push(`${name} --format json printed no JSON`);
    }
  }
  if (!json && !/pages written|Build failed/.test(r.output)) out.push(`${name} printed no summary`);
  for (const code of new Set(found)) {
    if (code === 'internal/unexpected') out.push(`${name} hit an unexpected error (a crash): ${/internal\/unexpected  (.*)/.exec(r.output)?.[1]}`);
    else if (!codes.has(code)) out.push(`${name} printed "${code}", which is not in the catalogue`);
  }
  return out;
}

describe(`fuzzing build and check (${RUNS} cases from seed ${SEED})`, () => {
  // A hang is caught by the test's time limit, which names the case like any other failure.
  it.each(Array.from({ length: RUNS }, (_, i) => [SEED + i, path.basename(siteOf(SEED + i))] as const))('keeps every mistake catalogued: case %i (%s)', async (seed) => {
    const r = rng(seed);
    const site = siteOf(seed);
    const dir = path.join(scratch, `case-${seed}`);
    const mutations: Mutation[] = mutatedCopy(site, dir, r);
    const out = path.join(scratch, `out-${seed}`);
    const build = await cli(['build', dir, '--out', out]);
    const check = await cli(['check', dir, '--format', 'json']);
    rmSync(out, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    const authored = new Set(mutations.filter((m) => m.kind === 'mdx').map((m) => m.file));
    const found = [...problems('build', build, false, authored), ...problems('check', check, true, authored)];
    if (process.env.KILN_FUZZ_VERBOSE) {
      const codes = [...new Set([...`${build.output}\n${check.output}`.matchAll(/"code": "([^"]+)"|  (?:error|warning)  (\S+)  /g)].map((m) => m[1] ?? m[2]))];
      const reasons = [...build.output.matchAll(/page\/(?:compile|render)-failed  (.*)/g)].map((m) => m[1]!.slice(0, 140));
      process.stderr.write(`case ${seed} ${path.basename(site)} build=${build.code} check=${check.code} [${mutations.map((m) => `${m.kind}:${m.what}`).join(' | ')}] ${codes.join(' ')}\n${reasons.map((r) => `    ${r}\n`).join('')}`);
    }
    // A failure names its seed and says how to run that case again.
    const failure =
      `seed ${seed} (${path.basename(site)}; ${mutations.map((m) => `${m.kind} ${m.file}: ${m.what}`).join('; ')}):\n  ${found.join('\n  ')}\n` +
      `repeat it with KILN_FUZZ_SEED=${seed} KILN_FUZZ_RUNS=1 npx vitest run tests/e2e/fuzz.corpus.test.ts\n${[build.output, check.output].join('\n').slice(-1500)}`;
    expect(found, failure).toEqual([]);
  });

  it('the checks above catch a crash and a stack trace', () => {
    // The assertions must be able to fail: a crash, a stack, an unknown code and a bad exit code.
    expect(problems('build', { code: 1, output: 'error  internal/unexpected  Kiln hit an unexpected problem: x\n✗ Build failed' }, false)).toHaveLength(1);
    expect(problems('build', { code: 1, output: 'TypeError: x\n    at foo (/work/main/lib/a.js:1:2)\n✗ Build failed' }, false)).toEqual(['build printed a stack trace']);
    expect(problems('build', { code: 0, output: 'a.mdx:1:1  warning  made/up  x\n✓ 1 pages written' }, false)).toEqual(['build printed "made/up", which is not in the catalogue']);
    expect(problems('check', { code: 2, output: '{\n"findings": []}' }, true)).toEqual(['check exited with 2']);
    expect(problems('build', { code: 1, output: 'a.mdx  error  page/compile-failed  The page could not be compiled: Maximum call stack size exceeded\n✗ Build failed' }, false)).toHaveLength(1);
    expect(problems('build', { code: 0, output: 'a.mdx:1:1  warning  page/unknown-component  x\n✓ 1 pages written' }, false)).toEqual([]);
    // A type error on a page whose body was not touched is Kiln's; on a mutated body it may be the author's.
    const typeError = { code: 0, output: "api.mdx  error  page/render-failed  The page could not be rendered: Cannot read properties of undefined (reading 'x')\n✓ 1 pages written" };
    expect(problems('build', typeError, false)).toHaveLength(1);
    expect(problems('build', typeError, false, new Set(['api.mdx']))).toEqual([]);
  });
});
