import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
// @ts-expect-error: plain JS, shared with `npm run fuzz`
import { rng as mulberry32 } from '../../scripts/fuzz.mjs';

/**
 * Seeded mutations of a docs folder for the fuzz test: the settings, front matter, MDX bodies,
 * snippets and OpenAPI files are broken the ways authors and editors break them (cut short,
 * stray bytes, lost brackets, wrong types, duplicate keys, dangling references).
 * Everything follows from the seed, so a failure is reproduced by its seed alone.
 */

/** mulberry32, as `npm run fuzz` uses it. */
export const rng = mulberry32 as (seed: number) => Rng;

export interface Rng {
  next(): number;
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
}

type TextMutation = (s: string, r: Rng) => string;

const JUNK = ['{', '}', '<', '>', '</', '<Foo', '{/*', '*/}', '---', '\t', '\0', '```', '$$', '<!--', ']]', '${', '`', '"', "'", '\\', ':', '&', '#', '\uFFFD', '\u202E', '\r', '\n\n', '%', '*', '|', '[', '](', '<br>', '&amp', '{{', '}}'];

const text: Record<string, TextMutation> = {
  truncate: (s, r) => s.slice(0, r.int(s.length + 1)),
  flipChars: (s, r) => {
    const a = [...s];
    for (let n = 1 + r.int(6); n > 0 && a.length; n--) a[r.int(a.length)] = String.fromCharCode(r.int(0x80) || 0x2028);
    return a.join('');
  },
  deleteBrackets: (s, r) => {
    const at = [...s.matchAll(/[{}[\]<>()"]/g)].map((m) => m.index);
    const drop = new Set(Array.from({ length: 1 + r.int(4) }, () => r.pick(at)));
    return drop.size ? [...s].filter((_, i) => !drop.has(i)).join('') : s;
  },
  insertJunk: (s, r) => {
    let out = s;
    for (let n = 1 + r.int(3); n > 0; n--) {
      const i = r.int(out.length + 1);
      out = out.slice(0, i) + r.pick(JUNK) + out.slice(i);
    }
    return out;
  },
  duplicateLine: (s, r) => lines(s, r, (ls, i) => ls.splice(i, 0, ls[i]!)),
  deleteLine: (s, r) => lines(s, r, (ls, i) => ls.splice(i, 1)),
  swapLines: (s, r) =>
    lines(s, r, (ls, i) => {
      const j = r.int(ls.length);
      [ls[i], ls[j]] = [ls[j]!, ls[i]!];
    }),
  indent: (s, r) => lines(s, r, (ls, i) => (ls[i] = r.pick(['\t', '  ', '    ', ' ']) + ls[i])),
  repeat: (s, r) => {
    const i = r.int(s.length + 1);
    return s.slice(0, i) + s.slice(i, i + 200).repeat(1 + r.int(50)) + s.slice(i);
  },
  crlf: (s) => s.replace(/\n/g, '\r\n'),
  bom: (s) => '\uFEFF' + s,
};

function lines(s: string, r: Rng, edit: (ls: string[], i: number) => void): string {
  const ls = s.split('\n');
  edit(ls, r.int(ls.length));
  return ls.join('\n');
}

/** `[[[…]]]` `levels` deep: nesting that exhausts whatever recurses once per level. */
const nested = (levels: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

/** YAML whose aliases stand for 9^levels values ("billion laughs"). */
export const laughs = (levels: number): string => {
  const lines = ['l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < levels; i++) lines.push(`l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  return lines.join('\n');
};

/** Values of the wrong type (or the right type with a hostile value) for structured mutations. */
const VALUES: unknown[] = [
  nested(1000),
  null, true, false, 0, -1, 1.5, 1e308, '', ' ', 'x', '0', 'null', '<script>alert(1)</script>', '../../../etc/passwd', '/', '#', '{', '}}',
  'https://', '//', 'javascript:alert(1)', '\u0000', 'a'.repeat(5000), [], [null], [[[[]]]], [1, 'two', {}], {}, { '': null }, { $ref: '#' },
  { $ref: '#/components/schemas/Nope' }, { $ref: 'missing.yaml#/x' }, { group: 1, pages: 'x' }, { type: 'object', properties: 5 }, ['..', '/'],
];

type Json = unknown;

/** Every path into a JSON value (up to `limit`), for picking a node to break. */
function paths(v: Json, limit = 5000): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (x: Json, p: (string | number)[]) => {
    if (out.length >= limit) return;
    out.push(p);
    if (Array.isArray(x)) x.forEach((y, i) => walk(y, [...p, i]));
    else if (x && typeof x === 'object') for (const k of Object.keys(x)) walk((x as Record<string, Json>)[k], [...p, k]);
  };
  walk(v, []);
  return out;
}

function getAt(v: Json, p: (string | number)[]): Json {
  return p.reduce<Json>((x, k) => (x as Record<string | number, Json>)?.[k], v);
}

/** One structural change somewhere in a parsed document; returns what it did. */
function mutateTree(doc: Json, r: Rng): { doc: Json; what: string } {
  const all = paths(doc);
  // Mostly lists and objects (`parameters`, `schema`, `pages`): a wrong type there breaks more.
  const containers = all.slice(1).filter((q) => {
    const v = getAt(doc, q);
    return v !== null && typeof v === 'object';
  });
  const p = containers.length && r.chance(0.7) ? r.pick(containers) : all.length > 1 ? r.pick(all.slice(1)) : [];
  if (!p.length) return { doc: r.pick(VALUES), what: 'replaced the whole document' };
  const parent = getAt(doc, p.slice(0, -1)) as Record<string | number, Json>;
  const key = p[p.length - 1]!;
  const where = p.join('.');
  switch (r.int(6)) {
    case 0:
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return { doc, what: `deleted ${where}` };
    case 1: {
      // Another node of the document here: shared subtrees, lists where objects belong.
      const other = getAt(doc, r.pick(all));
      parent[key] = other === doc ? {} : structuredClone(other);
      return { doc, what: `copied another node to ${where}` };
    }
    case 2:
      if (Array.isArray(parent)) {
        parent.splice(key as number, 0, structuredClone(parent[key]));
        return { doc, what: `duplicated item ${where}` };
      }
      parent[`${String(key)}${r.pick(['', ' ', 'X', '_'])}`] = structuredClone(parent[key]);
      return { doc, what: `added a near-duplicate key of ${where}` };
    default: {
      const value = r.pick(VALUES);
      parent[key] = structuredClone(value);
      return { doc, what: `set ${where} to ${JSON.stringify(value)?.slice(0, 40)}` };
    }
  }
}

/** A JSON object member repeated in the text (JSON.parse keeps the last; editors allow it). */
function duplicateJsonKey(s: string, r: Rng): string {
  const ls = s.split('\n');
  const keyed = ls.map((l, i) => (/^\s*"[^"]+"\s*:\s*[^{[]*,?\s*$/.test(l) ? i : -1)).filter((i) => i >= 0);
  if (!keyed.length) return s;
  const i = r.pick(keyed);
  const line = ls[i]!.replace(/,?\s*$/, ',');
  ls.splice(i, 0, line.replace(/:\s*.*$/, `: ${JSON.stringify(r.pick(VALUES))},`));
  return ls.join('\n');
}

function duplicateYamlKey(s: string, r: Rng): string {
  const ls = s.split('\n');
  const keyed = ls.map((l, i) => (/^\s*[\w$-]+\s*:/.test(l) ? i : -1)).filter((i) => i >= 0);
  if (!keyed.length) return s;
  const i = r.pick(keyed);
  ls.splice(i + 1, 0, ls[i]!.replace(/:.*$/, `: ${r.pick(['1', '[]', '{}', 'null', '"x"', '[a, b', '&a [*a]', '|'])}`));
  return ls.join('\n');
}

const FRONT_MATTER_KEYS = ['title', 'description', 'sidebarTitle', 'icon', 'iconType', 'openapi', 'api', 'mode', 'hidden', 'noindex', 'tag', 'url', 'version', 'og:image', 'keywords', 'deprecated', 'rss'];
const MDX_INSERTS = [
  '<Card title="x">', '</Card>', '<Tabs><Tab title={1}>', '<CodeGroup>', '<Steps><Step>x</Step>', '<Accordion title={{}}>x</Accordion>', '<Icon icon={null} />',
  '<Icon icon={{}} />', '<img src={null} />', '<img />', '<Frame>', '<ParamField body={{}} type={5} />', '<ResponseField name={1} type={[]} />', '<Snippet file={0} />',
  '{undefined.x}', '{(() => { throw new Error("boom") })()}', '{null}', '{[1,2,3]}', '{{}}', '{/* unclosed', 'export const x = {', 'export const Y = () => <Z />',
  'export default function X() { return null }', 'import X from "./nope.mdx"', 'import { a } from "/snippets/none.mdx"', 'import * as y from "react"',
  '```js\nunclosed', '$$\n\\frac{', '<Update label="">', '<Tooltip tip={1}>x</Tooltip>', '<a href={5}>x</a>', '[x](#)', '[x](/nope#nope)', '![](/nope.png)',
  '<Mermaid chart={1} />', `${'<div>'.repeat(3000)}x${'</div>'.repeat(3000)}`, `${'> '.repeat(2000)}deep quote`, `${'- '.repeat(1500)}deep list`, '```mermaid\ngraph TD; A-->\n```', '<Latex>\\x{</Latex>', '<div class="a" style={{color: 1}}>', '<br>', '<h1>', '<RequestExample>',
];

function splitFront(s: string): { front?: string; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(s);
  return m ? { front: m[1], body: s.slice(m[0].length) } : { body: s };
}

export type Kind = 'settings' | 'frontmatter' | 'mdx' | 'openapi';

export interface Mutation {
  kind: Kind;
  file: string;
  what: string;
}

function mutateSettings(s: string, r: Rng): [string, string] {
  const did: string[] = [];
  if (r.chance(0.5)) {
    try {
      const t = mutateTree(JSON.parse(s), r);
      did.push(t.what);
      s = JSON.stringify(t.doc, null, 2);
    } catch {
      // Already broken by an earlier mutation: a text one instead.
    }
  }
  if (!did.length || r.chance(0.3)) {
    const name = r.pick([...Object.keys(text), 'duplicateKey']);
    s = name === 'duplicateKey' ? duplicateJsonKey(s, r) : text[name]!(s, r);
    did.push(name);
  }
  return [s, did.join(', ')];
}

function mutateFrontMatter(s: string, r: Rng): [string, string] {
  const { front = '', body } = splitFront(s);
  switch (r.int(5)) {
    case 0: {
      let data: Record<string, unknown> = {};
      try {
        const parsed = yaml.load(front);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
      } catch {
        /* start from nothing */
      }
      const key = r.pick(FRONT_MATTER_KEYS);
      const value = r.pick(VALUES);
      data[key] = value;
      return [`---\n${yaml.dump(data, { skipInvalid: true })}---\n${body}`, `front matter ${key}: ${JSON.stringify(value)?.slice(0, 40)}`];
    }
    case 1:
      return [`---\n${duplicateYamlKey(front, r)}\n---\n${body}`, 'duplicate front matter key'];
    case 2:
      return [`---\n${front}\n${body}`, 'front matter never closed'];
    case 3: {
      const line = `${r.pick(FRONT_MATTER_KEYS)}: ${r.pick([`\n${laughs(10).replace(/^/gm, '  ')}`, '[', '{', '"unclosed', '&a [*a]', '*nope', '!!binary x', '!!js/function "x"', '- a\n- b', ': :', '@x', '`x`', '|\n bad', '>-'])}`;
      return [`---\n${front}\n${line}\n---\n${body}`, `front matter line ${JSON.stringify(line)}`];
    }
    default: {
      const name = r.pick(Object.keys(text));
      return [`---\n${text[name]!(front, r)}\n---\n${body}`, `front matter ${name}`];
    }
  }
}

function mutateMdx(s: string, r: Rng): [string, string] {
  const { front, body } = splitFront(s);
  const head = front === undefined ? '' : `---\n${front}\n---\n`;
  if (r.chance(0.5)) {
    const insert = r.pick(MDX_INSERTS);
    const ls = body.split('\n');
    ls.splice(r.int(ls.length + 1), 0, insert);
    return [head + ls.join('\n'), `inserted ${JSON.stringify(insert)}`];
  }
  const name = r.pick(Object.keys(text));
  return [head + text[name]!(body, r), name];
}

function mutateOpenApi(s: string, r: Rng, json: boolean): [string, string] {
  if (r.chance(0.6)) {
    try {
      let doc = json ? JSON.parse(s) : yaml.load(s);
      const did: string[] = [];
      for (let n = 1 + r.int(4); n > 0; n--) {
        const t = mutateTree(doc, r);
        doc = t.doc;
        did.push(t.what);
      }
      return [json ? JSON.stringify(doc, null, 2) : yaml.dump(doc, { noRefs: true, skipInvalid: true }), did.join(', ')];
    } catch {
      // Fall through to a text mutation.
    }
  }
  if (r.chance(0.2)) return [json ? duplicateJsonKey(s, r) : duplicateYamlKey(s, r), 'duplicate key'];
  if (!json && r.chance(0.1)) return [`${s}\nx-laughs:\n${laughs(10).replace(/^/gm, '  ')}\n`, 'alias bomb'];
  const name = r.pick(Object.keys(text));
  return [text[name]!(s, r), name];
}

const PAGE = /\.mdx?$/i;
const OPENAPI = /(openapi|swagger)[^/]*\.(ya?ml|json)$|\.(ya?ml)$/i;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.kiln', '.git']);
/** Media big enough to slow the copy; the pages that use them report them missing, which is fine. */
const MAX_ASSET = 64 * 1024;

function walk(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) out.push(...walk(dir, r));
    } else if (e.isFile()) out.push(r);
  }
  return out;
}

/**
 * A small copy of `source` in `target`, with one to three mutations applied: the settings and
 * OpenAPI files, the snippets and a few pages (so each build stays short). Returns what was done.
 */
export function mutatedCopy(source: string, target: string, r: Rng, pagesKept = 4): Mutation[] {
  const files = walk(source);
  const isSnippet = (f: string) => /(^|\/)_?snippets\//.test(f);
  const pages = files.filter((f) => PAGE.test(f) && !isSnippet(f));
  const kept = new Set<string>();
  // Endpoint pages first (up to half), so mutated OpenAPI files are rendered, not just parsed.
  const endpoints = pages.filter((f) => /^openapi\s*:/m.test(readFileSync(path.join(source, f), 'utf8').slice(0, 2000)));
  while (kept.size < Math.min(Math.ceil(pagesKept / 2), endpoints.length)) kept.add(r.pick(endpoints));
  while (kept.size < Math.min(pagesKept, pages.length)) kept.add(r.pick(pages));
  const copy = files.filter((f) => (PAGE.test(f) ? kept.has(f) || isSnippet(f) : statSync(path.join(source, f)).size <= MAX_ASSET));
  const content = new Map<string, string>();
  for (const f of copy) {
    mkdirSync(path.dirname(path.join(target, f)), { recursive: true });
    // Read and write (not copy): the corpus files are read-only, the copies must not be.
    const buf = readFileSync(path.join(source, f));
    writeFileSync(path.join(target, f), buf);
    if (/\.(mdx?|json|ya?ml)$/i.test(f)) content.set(f, buf.toString('utf8'));
  }

  const settings = copy.filter((f) => f === 'docs.json' || f === 'mint.json');
  const mdx = copy.filter((f) => PAGE.test(f));
  const openapi = copy.filter((f) => OPENAPI.test(f) && !settings.includes(f));
  const kinds: Kind[] = ['settings', 'frontmatter', 'mdx', ...(openapi.length ? (['openapi', 'openapi'] as const) : [])];
  const done: Mutation[] = [];
  for (let n = 1 + r.int(3); n > 0; n--) {
    const kind = r.pick(kinds);
    const file = r.pick(kind === 'settings' ? settings : kind === 'openapi' ? openapi : mdx);
    if (!file) continue;
    const before = content.get(file)!;
    const [after, what] =
      kind === 'settings' ? mutateSettings(before, r) : kind === 'frontmatter' ? mutateFrontMatter(before, r) : kind === 'mdx' ? mutateMdx(before, r) : mutateOpenApi(before, r, file.endsWith('.json'));
    content.set(file, after);
    // Now and then, bytes that are not UTF-8.
    const bytes = r.chance(0.1) ? Buffer.concat([Buffer.from(after), Buffer.from([0xff, 0xfe, 0xc3])]) : after;
    writeFileSync(path.join(target, file), bytes);
    done.push({ kind, file, what });
  }
  return done;
}
