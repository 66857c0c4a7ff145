#!/usr/bin/env node
/**
 * `npm run fuzz`: Kiln's own fuzz harness (issue 25). Seeded and deterministic: case n of seed s is
 * always the same docs folder. Each case is a small site with one hostile or careless input of one
 * kind (below), run through `kiln build` and `kiln check` as a user runs them (a process each,
 * offline), and judged:
 *   crash       exit code other than 0 or 1, a stack trace, an uncatalogued code, internal/unexpected
 *   hang        not finished within the case's time (killed)
 *   memory      the process went over 1 GB (resident), measured while it runs and at its exit
 *   no position an error whose position is knowable printed without line and column
 * and counted per kind.
 *
 *   npm run fuzz                          the full run: 320 cases, seed 25
 *   npm run fuzz -- --cases 40 --seed 7   another run
 *   npm run fuzz -- --kind export-const   one kind
 *   npm run fuzz -- --keep                keep the folders of the cases that failed
 *
 * The test suite runs a fixed-seed slice of it (tests/e2e/fuzz-harness.test.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const BIN = path.join(repoRoot, 'bin/kiln.js');
const GB = 1024 * 1024 * 1024;

/** mulberry32: small and good enough to pick mutations; everything follows from the seed. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (xs) => xs[int(xs.length)], chance: (p) => next() < p };
}

/** YAML whose aliases stand for 9^levels values ("billion laughs"). */
const laughs = (levels, indent = '') => {
  const lines = [`${indent}l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
  for (let i = 1; i < levels; i++) lines.push(`${indent}l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  return lines.join('\n');
};

// ---------------------------------------------------------------------------------------------
// The base site: settings, pages with components, code and math, a snippet of each kind, an
// OpenAPI file with an endpoint page. Every case starts from it.

function baseSite() {
  const settings = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Fuzz Docs',
    description: 'A site for the fuzz harness.',
    colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
    navigation: {
      groups: [
        { group: 'Start', pages: ['index', 'guide'] },
        { group: 'More', pages: ['components', { group: 'Nested', pages: ['code'] }] },
        { group: 'API', openapi: 'openapi.yaml', pages: ['api/get-pet'] },
      ],
    },
    footer: { socials: { github: 'https://github.com/example/docs' } },
  };
  const files = {
    'index.mdx': '---\ntitle: Home\ndescription: The home page.\n---\n\nWelcome. See the [guide](/guide).\n\n<Card title="Start" icon="rocket" href="/guide">Begin here.</Card>\n',
    'guide.mdx': "---\ntitle: Guide\ndescription: How to.\nicon: book\n---\n\nimport Note from '/snippets/note.mdx';\nimport { Counter } from '/snippets/counter.jsx';\n\n## Steps\n\n<Steps>\n  <Step title=\"One\">Install.</Step>\n  <Step title=\"Two\">Run.</Step>\n</Steps>\n\n<Note word=\"careful\" />\n\n<Counter start={2} />\n\n- a list\n  - nested\n\n> a quote\n",
    'components.mdx': '---\ntitle: Components\ndescription: Built-ins.\n---\n\nexport const Badge = ({ label }) => <span className="badge">{label}</span>;\n\n<Tabs>\n  <Tab title="One">First</Tab>\n  <Tab title="Two">Second</Tab>\n</Tabs>\n\n<Accordion title="More">Hidden text.</Accordion>\n\n<Badge label="new" />\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    'code.mdx': '---\ntitle: Code\ndescription: Code blocks.\n---\n\n```ts example.ts\nconst greeting: string = "hello";\nconsole.log(greeting);\n```\n\n<CodeGroup>\n```bash npm\nnpm install\n```\n```bash yarn\nyarn\n```\n</CodeGroup>\n\n$$\nE = mc^2\n$$\n',
    'api/get-pet.mdx': '---\ntitle: Get a pet\nopenapi: GET /pets/{id}\n---\n',
    'snippets/note.mdx': '<Note>Be {word}.</Note>\n',
    'snippets/counter.jsx': "export const Counter = ({ start = 0 }) => {\n  const [n, setN] = useState(start);\n  return <button onClick={() => setN(n + 1)}>{n}</button>;\n};\n",
    'openapi.yaml': [
      'openapi: 3.0.3',
      'info:',
      '  title: Pets',
      '  version: "1.0"',
      'servers:',
      '  - url: https://api.example.com',
      'paths:',
      '  /pets/{id}:',
      '    get:',
      '      summary: Get a pet',
      '      parameters:',
      '        - name: id',
      '          in: path',
      '          required: true',
      '          schema: { type: string }',
      '      responses:',
      "        '200':",
      '          description: A pet',
      '          content:',
      '            application/json:',
      '              schema: { $ref: "#/components/schemas/Pet" }',
      'components:',
      '  schemas:',
      '    Pet:',
      '      type: object',
      '      properties:',
      '        name: { type: string }',
      '        tags: { type: array, items: { type: string } }',
      '',
    ].join('\n'),
  };
  return { settings, files };
}

const PAGES = ['index.mdx', 'guide.mdx', 'components.mdx', 'code.mdx'];

/** Replaces the front matter key `key` of an MDX source (or adds it). */
function withFront(source, line) {
  return source.replace(/^---\n/, `---\n${line}\n`);
}

const VALUES = [null, true, 0, -1, 1e308, '', 'x', '<script>alert(1)</script>', '../../../etc/passwd', 'javascript:alert(1)', [], [null], {}, { $ref: '#' }, 'a'.repeat(5000), [1, 'two', {}]];

/** Every path into a JSON value, for picking a node to break. */
function paths(v, limit = 2000) {
  const out = [];
  const walk = (x, p) => {
    if (out.length >= limit) return;
    out.push(p);
    if (Array.isArray(x)) x.forEach((y, i) => walk(y, [...p, i]));
    else if (x && typeof x === 'object') for (const k of Object.keys(x)) walk(x[k], [...p, k]);
  };
  walk(v, []);
  return out.slice(1);
}

function setAt(doc, p, value) {
  let x = doc;
  for (const k of p.slice(0, -1)) x = x[k];
  x[p[p.length - 1]] = value;
}

/**
 * The settings as written. A navigation nested thousands of levels deep is written by hand where
 * `deepNav` says: JSON.stringify recurses once per level and would run out of stack itself.
 */
const settingsText = (site) => {
  const text = JSON.stringify(site.settings, null, 2);
  if (!site.deepNav) return text;
  const nested = `${'{"group": "g", "pages": ['.repeat(site.deepNav)}"index"${']}'.repeat(site.deepNav)}`;
  return text.replace('"__deep__"', nested);
};

/**
 * The kinds of input of issue 25, and the OpenAPI and snippet kinds. Each takes the base site and
 * the case's random source and changes it; it returns what it did (printed with a failure).
 */
export const KINDS = {
  'settings-truncated': (site, r) => {
    const text = settingsText(site);
    site.raw = { 'docs.json': text.slice(0, r.int(text.length)) };
    return 'docs.json cut short';
  },
  'settings-byte-flip': (site, r) => {
    const bytes = Buffer.from(settingsText(site));
    for (let n = 1 + r.int(8); n > 0; n--) bytes[r.int(bytes.length)] = r.int(256);
    site.raw = { 'docs.json': bytes };
    return 'bytes of docs.json changed';
  },
  'wrong-types': (site, r) => {
    const all = paths(site.settings);
    const p = r.pick(all);
    const value = structuredClone(r.pick(VALUES));
    setAt(site.settings, p, value);
    // Front matter too, now and then.
    if (r.chance(0.5)) {
      const page = r.pick(PAGES);
      const key = r.pick(['title', 'description', 'icon', 'sidebarTitle', 'openapi', 'mode', 'hidden']);
      site.files[page] = withFront(site.files[page], `${key}: ${JSON.stringify(r.pick(VALUES))}`);
    }
    return `settings ${p.join('.')} = ${JSON.stringify(value)?.slice(0, 40)}`;
  },
  'invalid-utf8': (site, r) => {
    const target = r.pick(['docs.json', ...PAGES, 'openapi.yaml', 'snippets/note.mdx']);
    const text = target === 'docs.json' ? settingsText(site) : site.files[target];
    const at = r.int(text.length);
    const junk = Buffer.from(r.pick([[0xff], [0xfe, 0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]]));
    site.raw = { ...site.raw, [target]: Buffer.concat([Buffer.from(text.slice(0, at)), junk, Buffer.from(text.slice(at))]) };
    return `invalid UTF-8 in ${target}`;
  },
  bom: (site, r) => {
    const target = r.pick(['docs.json', ...PAGES, 'openapi.yaml', 'snippets/note.mdx', 'snippets/counter.jsx']);
    const text = target === 'docs.json' ? settingsText(site) : site.files[target];
    site.raw = { ...site.raw, [target]: '\uFEFF' + text };
    return `BOM on ${target}`;
  },
  crlf: (site, r) => {
    const targets = ['docs.json', ...PAGES, 'openapi.yaml', 'snippets/note.mdx'].filter(() => r.chance(0.6));
    for (const t of targets) site.raw = { ...site.raw, [t]: (t === 'docs.json' ? settingsText(site) : site.files[t]).replace(/\n/g, '\r\n') };
    return `CRLF in ${targets.join(', ') || 'nothing'}`;
  },
  'duplicate-keys': (site, r) => {
    if (r.chance(0.5)) {
      const text = settingsText(site);
      const key = r.pick(['name', 'theme', 'colors', 'navigation', 'openapi']);
      site.raw = { 'docs.json': text.replace(/^\{/, `{\n  "${key}": ${JSON.stringify(r.pick(VALUES))},`) };
      return `docs.json "${key}" twice`;
    }
    const page = r.pick(PAGES);
    site.files[page] = withFront(site.files[page], r.pick(['title: One\ntitle: Two', 'description: a\ndescription: [b', 'icon: x\nicon: {}']));
    return `front matter key twice in ${page}`;
  },
  'yaml-bomb': (site, r) => {
    if (r.chance(0.5)) {
      const page = r.pick(PAGES);
      site.files[page] = withFront(site.files[page], laughs(8 + r.int(4)));
      return `alias bomb in the front matter of ${page}`;
    }
    site.files['openapi.yaml'] += `x-laughs:\n${laughs(8 + r.int(4), '  ')}\n`;
    return 'alias bomb in openapi.yaml';
  },
  'circular-ref': (site, r) => {
    const variant = r.int(3);
    if (variant === 0) site.files['openapi.yaml'] = site.files['openapi.yaml'].replace('        tags: { type: array, items: { type: string } }', '        parent: { $ref: "#/components/schemas/Pet" }\n        kids: { type: array, items: { $ref: "#/components/schemas/Pet" } }');
    else if (variant === 1) {
      site.files['openapi.yaml'] = site.files['openapi.yaml'].replace('schema: { $ref: "#/components/schemas/Pet" }', 'schema: { $ref: "other.yaml#/A" }');
      site.files['other.yaml'] = 'A: { $ref: "openapi.yaml#/components/schemas/B" }\n';
      site.files['openapi.yaml'] += '    B: { $ref: "other.yaml#/A" }\n';
    } else site.files['openapi.yaml'] = site.files['openapi.yaml'].replace('schema: { $ref: "#/components/schemas/Pet" }', 'schema: { $ref: "#/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema" }');
    return `circular $ref (variant ${variant})`;
  },
  'deep-nesting': (site, r) => {
    const levels = r.pick([300, 1000, 5000]);
    const where = r.int(5);
    if (where === 0) {
      site.settings.navigation.groups.push('__deep__');
      site.deepNav = levels;
    }
    else if (where === 1) site.files['guide.mdx'] += `\n${'- '.repeat(levels)}deep\n`;
    else if (where === 2) site.files['guide.mdx'] += `\n${Array.from({ length: Math.min(levels, 1000) }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')}\n`;
    else if (where === 3) site.files['components.mdx'] += `\n${'<div>'.repeat(levels)}x${'</div>'.repeat(levels)}\n`;
    else {
      // Written by hand, as the deep navigation is (see `settingsText`).
      const schema = `${'{"type": "object", "properties": {"a": '.repeat(levels)}{"type": "string"}${'}}'.repeat(levels)}`;
      site.files['deep.json'] = JSON.stringify({ openapi: '3.0.0', info: { title: 'Deep', version: '1' }, paths: { '/deep': { post: { requestBody: { content: { 'application/json': { schema: '__schema__' } } }, responses: { 200: { description: 'OK' } } } } } }).replace('"__schema__"', schema);
      site.settings.navigation.groups.push({ group: 'Deep', openapi: 'deep.json', pages: ['POST /deep'] });
    }
    return `nested ${levels} deep (place ${where})`;
  },
  'huge-strings': (site, r) => {
    const size = r.pick([100_000, 1_000_000, 5 * 1024 * 1024]);
    const where = r.int(4);
    if (where === 0) site.settings.name = 'N'.repeat(size);
    else if (where === 1) site.files['guide.mdx'] = withFront(site.files['guide.mdx'].replace(/^---\ntitle: Guide\n/, '---\n'), `title: ${'T'.repeat(Math.min(size, 1_000_000))}`);
    else if (where === 2) site.files['code.mdx'] += `\n\`\`\`ts\n${'const a = 1; '.repeat(Math.floor(Math.min(size, 1_000_000) / 13))}\n\`\`\`\n`;
    else site.settings.description = 'D'.repeat(size);
    return `a ${size}-character string (place ${where})`;
  },
  'huge-page': (site, r) => {
    const megabytes = r.pick([0.5, 2, 10]);
    const block = r.pick(['<Card title="Card" icon="star">Some text in a card with **bold**.</Card>\n\n', 'A paragraph of plain text that goes on for a while, with a [link](/guide).\n\n', '| a | b |\n|---|---|\n| 1 | 2 |\n\n']);
    site.files['components.mdx'] += block.repeat(Math.ceil((megabytes * 1024 * 1024) / block.length));
    return `a ${megabytes} MB page`;
  },
  'huge-navigation': (site, r) => {
    const count = r.pick([2000, 10_000]);
    const flat = r.chance(0.5);
    const pages = Array.from({ length: count }, (_, i) => `missing/page-${i}`);
    site.settings.navigation.groups.push(flat ? { group: 'Huge', pages } : { group: 'Huge', pages: Array.from({ length: count / 10 }, (_, g) => ({ group: `G${g}`, pages: pages.slice(g * 10, g * 10 + 10) })) });
    return `${count} navigation entries (${flat ? 'flat' : 'grouped'})`;
  },
  'export-const': (site, r) => {
    const code = r.pick([
      'export const Spin = () => { while (true) {} };\n\n<Spin />',
      'export const x = (() => { while (true) {} })();',
      'export const y = (() => { const a = []; while (true) a.push(new Array(1e5).fill(1)); })();',
      'export const Boom = () => { throw new Error("boom"); };\n\n<Boom />',
      'export const r = (function f(n) { return f(n + 1); })(0);',
      'export const Deep = ({ n }) => n ? <Deep n={n - 1} /> : null;\n\n<Deep n={100000} />',
      'export const s = "x".repeat(2 ** 28);',
      '{(() => { throw new TypeError("bad value") })()}',
      'export const P = new Promise(() => {});\n\n{String(P)}',
    ]);
    const page = r.pick(['guide.mdx', 'components.mdx']);
    site.files[page] += `\n${code}\n`;
    return `author code in ${page}: ${code.split('\n')[0].slice(0, 60)}`;
  },
  openapi: (site, r) => {
    const doc = r.int(5);
    if (doc === 0) site.settings.navigation.groups[2].openapi = r.pick(['missing.yaml', '/nope/openapi.json', '../outside.yaml']);
    else if (doc === 1) site.files['openapi.yaml'] = site.files['openapi.yaml'].slice(0, r.int(site.files['openapi.yaml'].length));
    else if (doc === 2) site.files['openapi.yaml'] = site.files['openapi.yaml'].replace('openapi: 3.0.3', r.pick(['openapi: 9.9', 'swagger: "2.0"', 'title: none', '']));
    else if (doc === 3) site.files['openapi.yaml'] = site.files['openapi.yaml'].replace(/^paths:[\s\S]*?^components:/m, 'components:');
    else site.files['openapi.yaml'] = site.files['openapi.yaml'].replace('$ref: "#/components/schemas/Pet"', r.pick(['$ref: "#/components/schemas/Nope"', '$ref: "missing.yaml#/Pet"', '$ref: "https://example.com/pet.yaml"', '$ref: 5']));
    return `OpenAPI change ${doc}`;
  },
  snippet: (site, r) => {
    const variant = r.int(6);
    if (variant === 0) site.files['snippets/note.mdx'] = '<Note>Be {word.missing.deep}.</Note>\n';
    else if (variant === 1) site.files['snippets/counter.jsx'] = 'export const Counter = () => { while (true) {} };\n';
    else if (variant === 2) site.files['snippets/counter.jsx'] = 'export const Counter = ( => <b>broken</b>;\n';
    else if (variant === 3) site.files['snippets/note.mdx'] = "import Note from '/snippets/note.mdx';\n\n<Note />\n";
    else if (variant === 4) site.files['snippets/note.mdx'] = `<Note>${'<Card>'.repeat(3000)}x</Note>\n`;
    else site.files['snippets/counter.jsx'] = "import x from 'left-pad';\nexport const Counter = () => { throw new Error(x) };\n";
    return `snippet change ${variant}`;
  },
};

/** The docs folder of case `index` of `seed` (kind given, or picked by the case's own random source). */
export function makeCase(dir, seed, index, kind) {
  const r = rng(seed * 100_003 + index);
  const kinds = Object.keys(KINDS);
  const k = kind ?? kinds[index % kinds.length];
  const site = baseSite();
  const what = KINDS[k](site, r);
  mkdirSync(dir, { recursive: true });
  const write = (rel, data) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), data);
  };
  for (const [rel, text] of Object.entries(site.files)) write(rel, text);
  write('docs.json', settingsText(site));
  for (const [rel, data] of Object.entries(site.raw ?? {})) write(rel, data);
  return { kind: k, what };
}

// ---------------------------------------------------------------------------------------------
// Running and judging one command.

/** A stack frame: `at fn (/abs/file.js:1:2)`, `at file:///…:1:2`, `at node:internal/…`. */
const STACK = /^\s+at (?:async )?(?:[^\s(]+ )?\(?(?:file:\/\/|\/|node:)[^)\s]*:\d+:\d+\)?$/m;
/** `file:line:col  severity  code  message` or `[file  ]severity  code  message`. */
const FINDING = /^(?:(\S.*?)  )?(error|warning|info)  (\S+)  (.*)$/gm;
/**
 * Errors whose position is a file, or nothing in a file: a page stopped over its budget (where its
 * code loops is not known), a URL that could not be fetched, the output folder, the command line.
 */
const NO_POSITION = /^(page\/over-time-budget|page\/over-memory-budget|page\/worker-stopped|openapi\/fetch-failed|settings\/not-found|settings\/unreadable|build\/.*|output\/.*|cli\/.*|islands\/bundle-failed)$/;

/** Runs `kiln <args>` as a user does; resolves with its exit, output, peak memory and whether it was killed. */
function runKiln(args, { timeoutMs, cwd }) {
  const rssFile = path.join(cwd, `.rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const preload = pathToFileURL(path.join(repoRoot, 'scripts/fuzz-preload.mjs')).href;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', KILN_FUZZ_RSS: rssFile, NODE_OPTIONS: `--import=${preload}` },
    });
    let output = '';
    let killed;
    let peak = 0;
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const kill = (why) => {
      killed ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('hang'), timeoutMs);
    // Resident memory while it runs: a run over 1 GB is stopped there (the machine is shared).
    const poll = setInterval(() => {
      try {
        const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
        peak = Math.max(peak, kb * 1024);
        if (peak > GB) kill('memory');
      } catch {
        // Gone already.
      }
    }, 200);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      try {
        peak = Math.max(peak, Number(readFileSync(rssFile, 'utf8')) * 1024);
        rmSync(rssFile, { force: true });
      } catch {
        // Killed: no file.
      }
      resolve({ code, signal, output, peak, killed });
    });
  });
}

/** The problems of one command's run, by category. */
export function judge(run, json, catalogueCodes) {
  const found = { crash: [], hang: [], memory: [], position: [] };
  if (run.killed === 'hang') found.hang.push('did not finish in time');
  if (run.killed === 'memory' || run.peak > GB) found.memory.push(`${Math.round(run.peak / 1024 / 1024)} MB resident`);
  if (run.killed) return found;
  if (run.signal || (run.code !== 0 && run.code !== 1)) found.crash.push(`exit ${run.code ?? run.signal}`);
  if (STACK.test(run.output)) found.crash.push('a stack trace');
  const exhausted = /Exception in PromiseRejectCallback|Maximum call stack size exceeded|heap out of memory/.exec(run.output);
  if (exhausted) found.crash.push(exhausted[0]);
  const findings = [];
  if (json) {
    try {
      const report = JSON.parse(run.output.slice(run.output.indexOf('{\n')));
      for (const f of report.findings) findings.push({ code: f.code, severity: f.severity, positioned: f.line !== undefined || f.jsonPath !== undefined, file: f.file, message: f.message });
    } catch {
      found.crash.push('--format json printed no JSON');
    }
  } else {
    for (const m of run.output.matchAll(FINDING)) findings.push({ code: m[3], severity: m[2], positioned: /:\d+:\d+$/.test(m[1] ?? ''), file: m[1], message: m[4] });
    if (!/pages written|Build failed/.test(run.output)) found.crash.push('no summary');
  }
  for (const f of findings) {
    if (f.code === 'internal/unexpected') found.crash.push(`internal/unexpected: ${f.message.slice(0, 160)}`);
    else if (catalogueCodes && !catalogueCodes.has(f.code)) found.crash.push(`uncatalogued code ${f.code}`);
    if (f.severity === 'error' && !f.positioned && !NO_POSITION.test(f.code)) found.position.push(`${f.code} ${f.file ?? ''}: ${f.message.slice(0, 120)}`);
  }
  return found;
}

export const CATEGORIES = ['crash', 'hang', 'memory', 'position'];

/**
 * Runs `cases` cases of `seed`: each case's folder is built and checked. Returns the counts per
 * kind and category and the failures (with what each case did and its seed, to repeat it).
 */
export async function fuzz({ seed = 25, cases = 320, kinds, timeoutMs = 120_000, pageTimeout = 5, keep = false, onCase } = {}) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'kiln-fuzz-harness-'));
  const catalogue = await import(pathToFileURL(path.join(repoRoot, 'lib/node/diagnostics/catalogue.js')).href);
  const codes = new Set(Object.keys(catalogue.catalogue));
  const names = kinds ?? Object.keys(KINDS);
  const table = Object.fromEntries(names.map((k) => [k, { cases: 0, crash: 0, hang: 0, memory: 0, position: 0 }]));
  const failures = [];
  try {
    for (let i = 0; i < cases; i++) {
      const dir = path.join(scratch, `case-${i}`);
      const { kind, what } = makeCase(dir, seed, i, kinds ? names[i % names.length] : undefined);
      const budget = ['--page-timeout', String(pageTimeout)];
      const build = await runKiln(['build', dir, '--out', path.join(dir, 'dist'), '--no-cache', ...budget], { timeoutMs, cwd: scratch });
      const check = await runKiln(['check', dir, '--format', 'json', ...budget], { timeoutMs, cwd: scratch });
      const verdicts = [['build', judge(build, false, codes)], ['check', judge(check, true, codes)]];
      const row = table[kind];
      row.cases++;
      const problems = [];
      for (const c of CATEGORIES) {
        const hits = verdicts.flatMap(([cmd, v]) => v[c].map((p) => `${cmd}: ${c}: ${p}`));
        if (hits.length) row[c]++;
        problems.push(...hits);
      }
      onCase?.({ index: i, kind, what, problems });
      if (problems.length) failures.push({ seed, index: i, kind, what, problems, dir: keep ? dir : undefined, output: `${build.output}\n${check.output}`.slice(-2000) });
      if (!problems.length || !keep) rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    if (!keep) rmSync(scratch, { recursive: true, force: true });
  }
  return { table, failures };
}

/** The per-kind table as text. */
export function formatTable(table) {
  const rows = [['kind', 'cases', ...CATEGORIES.map((c) => (c === 'position' ? 'no position' : c))]];
  for (const [kind, r] of Object.entries(table)) rows.push([kind, String(r.cases), ...CATEGORIES.map((c) => String(r[c]))]);
  const total = Object.values(table).reduce((t, r) => ({ cases: t.cases + r.cases, ...Object.fromEntries(CATEGORIES.map((c) => [c, (t[c] ?? 0) + r[c]])) }), { cases: 0 });
  rows.push(['total', String(total.cases), ...CATEGORIES.map((c) => String(total[c]))]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const seed = Number(opt('seed', 25));
  const cases = Number(opt('cases', 320));
  const kind = opt('kind');
  if (kind && !KINDS[kind]) {
    process.stderr.write(`Unknown kind "${kind}"; the kinds are: ${Object.keys(KINDS).join(', ')}\n`);
    process.exit(2);
  }
  const started = Date.now();
  process.stderr.write(`Kiln fuzz: ${cases} cases, seed ${seed}${kind ? `, kind ${kind}` : ''}\n`);
  const { table, failures } = await fuzz({
    seed,
    cases,
    kinds: kind ? [kind] : undefined,
    keep: args.includes('--keep'),
    onCase: ({ index, kind: k, what, problems }) => process.stderr.write(`${problems.length ? '✗' : '✓'} ${String(index).padStart(3)} ${k}: ${what}${problems.length ? `\n    ${problems.join('\n    ')}` : ''}\n`),
  });
  process.stdout.write(`\n${formatTable(table)}\n\n${cases} cases in ${((Date.now() - started) / 60000).toFixed(1)} min; ${failures.length} with problems.\n`);
  for (const f of failures) process.stdout.write(`\ncase ${f.index} (seed ${f.seed}, ${f.kind}: ${f.what})${f.dir ? ` in ${f.dir}` : ''}\n  ${f.problems.join('\n  ')}\n`);
  process.exitCode = failures.length ? 1 : 0;
}
