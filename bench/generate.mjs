// A seeded synthetic docs site of N pages, typical of product and API docs: front matter, sections,
// lists, tables, 2–3 code blocks in several languages, callouts, cards, tabs, nested navigation
// groups, and about one page in ten an OpenAPI endpoint page (`openapi:` front matter) against a
// generated spec. The same seed and N always give the same files.
//
// Two profiles of content page: `synthetic` (the default, and the bench's figures before the real
// profile: short pages whose 2-3 blocks repeat 73% of their lines) and `real`
// (generate-real.mjs: code blocks, prose and components in the corpus's proportions, 43% of code
// lines repeated). Both share the navigation, the OpenAPI pages and the settings.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { realPageWriter } from './generate-real.mjs';

export const PROFILES = ['synthetic', 'real'];

/** mulberry32: small, fast, deterministic. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ('queue job worker retry schedule webhook event payload token request response cursor page limit ' +
  'region deploy config cluster tenant project secret key rotate audit log metric trace span latency throughput ' +
  'batch stream partition offset lease timeout backoff jitter idempotent handler function runtime build cache ' +
  'artifact release version migrate schema field index query filter sort export import sync async client server').split(' ');
const ICONS = ['rocket', 'book', 'code', 'gear', 'bolt', 'database', 'lock', 'globe', 'cloud', 'terminal', 'key', 'clock'];
const RESOURCES = ['jobs', 'queues', 'workers', 'schedules', 'webhooks', 'events', 'tokens', 'projects', 'regions', 'secrets', 'audits', 'metrics'];

export function generateSite(dir, pages, seed = 42, profile = 'synthetic') {
  if (!PROFILES.includes(profile)) throw new Error(`Unknown profile ${profile} (${PROFILES.join(', ')})`);
  const realPage = profile === 'real' ? realPageWriter() : undefined;
  // Each page draws from its own stream, so page i has the same text whatever N is (only link
  // targets depend on N): the budgets test compares one page across site sizes.
  let r = rng(seed * 7919 + pages);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => { const s = words(int(8, 18)); return s[0].toUpperCase() + s.slice(1) + '.'; };
  const para = () => Array.from({ length: int(2, 4) }, sentence).join(' ');
  const title = () => words(int(2, 4)).replace(/\b\w/g, (c) => c.toUpperCase());

  // Written over the last run's site, not removed and made again: see `removeStale` below.
  mkdirSync(dir, { recursive: true });
  const written = new Set();
  const write = (rel, text) => {
    const f = path.join(dir, rel);
    written.add(f);
    let same = false;
    try {
      same = readFileSync(f, 'utf8') === text;
    } catch {
      mkdirSync(path.dirname(f), { recursive: true });
    }
    if (!same) writeFileSync(f, text);
  };

  // ~10% API endpoint pages, the rest content pages in groups of ~12 with a nested subgroup.
  const apiCount = Math.max(2, Math.round(pages * 0.1));
  const contentCount = pages - apiCount;
  const ids = Array.from({ length: contentCount }, (_, i) => `docs/section-${Math.floor(i / 12)}/page-${i}`);
  const urls = ids.map((id) => '/' + id);

  const codeBlock = () => {
    const lang = pick(['ts', 'python', 'bash', 'json', 'go', 'yaml', 'rust', 'js']);
    const name = pick(WORDS);
    const n = int(0, 999);
    const bodies = {
      ts: `import { Client } from "@acme/sdk";\n\nconst client = new Client({ apiKey: process.env.ACME_KEY });\nconst ${name} = await client.${name}s.create({ limit: ${n}, region: "eu" });\nconsole.log(${name}.id);`,
      js: `const res = await fetch("https://api.acme.dev/v1/${name}s?limit=${n}", {\n  headers: { Authorization: \`Bearer \${token}\` },\n});\nconst data = await res.json();\nfor (const item of data.items) console.log(item.id);`,
      python: `from acme import Client\n\nclient = Client(api_key=os.environ["ACME_KEY"])\n${name} = client.${name}s.create(limit=${n}, region="eu")\nprint(${name}.id)`,
      bash: `curl -X POST https://api.acme.dev/v1/${name}s \\\n  -H "Authorization: Bearer $ACME_KEY" \\\n  -d limit=${n}`,
      json: `{\n  "id": "${name}_${n}",\n  "status": "active",\n  "limit": ${n},\n  "tags": ["${pick(WORDS)}", "${pick(WORDS)}"]\n}`,
      go: `package main\n\nimport "fmt"\n\nfunc main() {\n\tc := acme.NewClient(os.Getenv("ACME_KEY"))\n\t${name}, _ := c.Create(ctx, ${n})\n\tfmt.Println(${name}.ID)\n}`,
      yaml: `${name}:\n  limit: ${n}\n  region: eu\n  retries:\n    max: ${int(1, 9)}\n    backoff: exponential`,
      rust: `use acme::Client;\n\nfn main() -> anyhow::Result<()> {\n    let client = Client::from_env()?;\n    let ${name} = client.create(${n})?;\n    println!("{}", ${name}.id);\n    Ok(())\n}`,
    };
    return '```' + lang + '\n' + bodies[lang] + '\n```';
  };
  const list = () => Array.from({ length: int(3, 5) }, () => `- ${sentence()}`).join('\n');
  const table = () => {
    const rows = Array.from({ length: int(3, 6) }, () => `| \`${pick(WORDS)}\` | ${pick(['string', 'integer', 'boolean', 'object'])} | ${sentence()} |`);
    return ['| Field | Type | Description |', '| --- | --- | --- |', ...rows].join('\n');
  };
  const calloutFixed = () => { const c = pick(['Note', 'Warning', 'Tip', 'Info']); return `<${c}>\n  ${sentence()}\n</${c}>`; };
  const cards = () => `<CardGroup cols={2}>\n${Array.from({ length: 2 }, () => `  <Card title="${title()}" icon="${pick(ICONS)}" href="${pick(urls)}">\n    ${sentence()}\n  </Card>`).join('\n')}\n</CardGroup>`;
  const tabs = () => `<Tabs>\n  <Tab title="npm">\n    ${sentence()}\n  </Tab>\n  <Tab title="pnpm">\n    ${sentence()}\n  </Tab>\n</Tabs>`;

  for (let i = 0; i < contentCount; i++) {
    r = rng(seed * 1_000_003 + i);
    if (realPage) {
      const fm = [`title: "${title()} ${i}"`, `description: "${sentence()}"`];
      write(`${ids[i]}.mdx`, `---\n${fm.join('\n')}\n---\n\n${realPage(() => r(), urls, { sentence, para, title })}\n`);
      continue;
    }
    const blocks = [];
    const codeCount = int(2, 3);
    const sections = int(3, 5);
    let codes = 0;
    for (let s = 0; s < sections; s++) {
      blocks.push(`## ${title()}`, para());
      if (s === 0) blocks.push(list());
      if (s === 1) blocks.push(table());
      if (codes < codeCount && (s < codeCount || s === sections - 1)) { blocks.push(codeBlock()); codes++; }
      if (s === 1) blocks.push(calloutFixed());
      if (s === 2) blocks.push(r() < 0.5 ? cards() : tabs());
      if (r() < 0.3) blocks.push(`### ${title()}`, para(), `See [${title()}](${pick(urls)}) for details.`);
    }
    while (codes < codeCount) { blocks.push(codeBlock()); codes++; }
    const fm = [`title: "${title()} ${i}"`, `description: "${sentence()}"`];
    if (r() < 0.3) fm.push(`icon: "${pick(ICONS)}"`);
    write(`${ids[i]}.mdx`, `---\n${fm.join('\n')}\n---\n\n${para()}\n\n${blocks.join('\n\n')}\n`);
  }

  // The OpenAPI spec: one path per endpoint page, a shared schema per resource.
  const spec = { openapi: '3.1.0', info: { title: 'Acme API', version: '1.0.0' }, servers: [{ url: 'https://api.acme.dev/v1' }], paths: {}, components: { schemas: {}, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }, security: [{ bearer: [] }] };
  for (const res of RESOURCES) {
    spec.components.schemas[res] = {
      type: 'object', required: ['id'],
      properties: { id: { type: 'string', description: sentence() }, status: { type: 'string', enum: ['active', 'paused', 'deleted'] }, limit: { type: 'integer', description: sentence() }, createdAt: { type: 'string', format: 'date-time' }, tags: { type: 'array', items: { type: 'string' } } },
    };
  }
  r = rng(seed * 7919 + pages);
  const apiIds = [];
  for (let k = 0; k < apiCount; k++) {
    const res = RESOURCES[k % RESOURCES.length];
    const method = ['get', 'post', 'delete', 'patch'][Math.floor(k / RESOURCES.length) % 4];
    const p = `/${res}/v${Math.floor(k / (RESOURCES.length * 4))}/{id}`;
    const op = {
      operationId: `${method}${res}${k}`, summary: `${title()} ${k}`, description: para(), tags: [res],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: sentence() }, { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 }, description: sentence() }],
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${res}` } } } }, 404: { description: 'Not found' } },
    };
    if (method === 'post' || method === 'patch') op.requestBody = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${res}` } } } };
    (spec.paths[p] ??= {})[method] = op;
    const id = `api-reference/${res}/${method}-${k}`;
    apiIds.push(id);
    write(`${id}.mdx`, `---\ntitle: "${op.summary}"\nopenapi: "${method.toUpperCase()} ${p}"\n---\n\n${para()}\n`);
  }
  write('openapi.json', JSON.stringify(spec, null, 1));

  // Navigation: groups of 12 pages with a nested subgroup of the last 4; every 8 groups under a parent.
  const groups = [];
  for (let g = 0; g * 12 < contentCount; g++) {
    const members = ids.slice(g * 12, g * 12 + 12);
    const pagesOf = members.length > 6 ? [...members.slice(0, -4), { group: `Advanced ${g}`, pages: members.slice(-4) }] : members;
    groups.push({ group: `Section ${g}`, icon: ICONS[g % ICONS.length], pages: pagesOf });
  }
  const navigation = [];
  for (let i = 0; i < groups.length; i += 8) {
    const chunk = groups.slice(i, i + 8);
    if (i === 0) navigation.push(...chunk);
    else navigation.push({ group: `Part ${i / 8}`, pages: chunk });
  }
  const byRes = new Map();
  for (const id of apiIds) { const res = id.split('/')[1]; (byRes.get(res) ?? byRes.set(res, []).get(res)).push(id); }
  navigation.push({ group: 'API Reference', pages: [...byRes].map(([res, ps]) => ({ group: res, pages: ps })) });

  const settings = {
    name: 'Acme Bench', colors: { primary: '#2563EB' },
    tabs: [{ name: 'API Reference', url: 'api-reference' }],
    topbarLinks: [{ name: 'Status', url: 'https://status.acme.dev' }],
    navigation, openapi: 'openapi.json', api: { baseUrl: 'https://api.acme.dev/v1' },
  };
  write('docs.json', JSON.stringify(settings, null, 2));
  removeStale(dir, written);
  return { dir, pages, contentPages: ids, apiPages: apiIds };
}

/**
 * Removes what an earlier site of another size or seed left (the build's cache folder `.kiln` is
 * the bench's business). The same site is written over in place instead of removed and made again:
 * see `setAside` in run.mjs for why removing files before a build distorts its timing here.
 */
function removeStale(dir, keep) {
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const f = path.join(e.parentPath ?? e.path, e.name);
    if (e.isFile() && !keep.has(f) && !path.relative(dir, f).startsWith('.kiln')) rmSync(f, { force: true });
  }
}
