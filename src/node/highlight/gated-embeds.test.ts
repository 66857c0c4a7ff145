import { bundledLanguages, type LanguageRegistration } from 'shiki';
import { describe, expect, it } from 'vitest';
import { GATED_EMBEDS, withGatedEmbeds } from './gated-embeds.js';
import { createShikiHighlighter } from './shiki.js';

type Rule = { include?: string; begin?: string; match?: string; patterns?: Rule[]; [captures: string]: unknown };

/** The grammars a language's bundle registers, by name. */
async function bundle(lang: string): Promise<Map<string, LanguageRegistration>> {
  const grammars = (await bundledLanguages[lang as keyof typeof bundledLanguages]()).default;
  return new Map(grammars.map((g) => [g.name, g]));
}

/**
 * The patterns a tokeniser must match to reach a grammar in `scopes` from `grammar`: the begin or
 * match of each rule whose own rules include one, through includes and containers but no other
 * rule with a pattern of its own ('(always)' where the grammar's top level does).
 */
function entries(grammar: LanguageRegistration, scopes: Set<string>): Set<string> {
  const repository = (grammar.repository ?? {}) as Record<string, Rule>;
  const top = grammar.patterns as Rule[];
  const inner = (rule: Rule): Rule[] => [
    ...(rule.patterns ?? []),
    ...['captures', 'beginCaptures', 'endCaptures', 'whileCaptures'].flatMap((k) => Object.values((rule[k] ?? {}) as Record<string, Rule>)),
  ];
  const gate = (rule: Rule) => rule.begin !== undefined || rule.match !== undefined;
  const direct = (rules: Rule[], seen: Set<Rule>): boolean =>
    rules.some((rule) => {
      if (seen.has(rule) || gate(rule)) return false;
      seen.add(rule);
      if (rule.include === undefined) return direct(inner(rule), seen);
      if (rule.include.startsWith('#')) return direct(repository[rule.include.slice(1)] ? [repository[rule.include.slice(1)]!] : [], seen);
      if (rule.include === '$self' || rule.include === '$base') return direct(top, seen);
      return scopes.has(rule.include.split('#')[0]!);
    });
  const all = new Set<Rule>();
  const collect = (rules: Rule[]) => {
    for (const rule of rules) {
      if (all.has(rule)) continue;
      all.add(rule);
      collect(inner(rule));
    }
  };
  collect([...top, ...Object.values(repository)]);
  const found = new Set<string>();
  if (direct(top, new Set())) found.add('(always)');
  for (const rule of all) if (gate(rule) && direct(inner(rule), new Set())) found.add((rule.begin ?? rule.match)!);
  return found;
}

/** Blocks whose colours the gates decide: each gate's text present and absent, in and out of place. */
const BLOCKS: [lang: string, code: string][] = [
  ['http', 'GET /v1/users?limit=10 HTTP/1.1\nHost: api.example.com\nAuthorization: Bearer x\n'],
  ['http', 'POST /v1/users HTTP/1.1\nContent-Type: application/json\n\n{\n  "name": "Ada"\n}\n'],
  ['http', 'POST /graphql HTTP/1.1\nContent-Type: application/graphql\n\nquery GetUser {\n  user(id: 1) { name }\n}\n'],
  ['http', 'POST /graphql HTTP/1.1\n\nmutation { rename(id: ${id}, name: "x") { ok } }\n'],
  ['http', 'GET /search?query=shoes HTTP/1.1\n'],
  ['http', 'POST /soap HTTP/1.1\nContent-Type: text/xml\n\n<?xml version="1.0"?>\n<Envelope a="1"><Body/></Envelope>\n'],
  ['graphql', 'type Query {\n  hello: String\n}\n'],
  ['graphql', 'query { user(id: ${userId}) { name } }\n'],
  // An interpolation in a selection set, where GraphQL's grammar reads it as JavaScript.
  ['graphql', 'query {\n  user {\n    ${fields.join(" ")}\n    id\n  }\n}\n'],
  ['http', 'POST /graphql HTTP/1.1\n\nquery {\n  user { ${fields} }\n}\n'],
];

describe('gated embeds', () => {
  it('each gate finds the text the patterns leading to its languages need, in the grammars installed', async () => {
    // If Shiki's grammars change, these are the patterns to read again and the gates to check.
    const expected: Record<string, string[][]> = {
      http: [['\\s*(?=(query|mutation))'], ['^\\s*(?=<\\S)']],
      graphql: [['\\s*(\\$\\{)']],
    };
    for (const [lang, gates] of Object.entries(GATED_EMBEDS)) {
      const grammars = await bundle(lang);
      const grammar = grammars.get(lang)!;
      const found = [];
      for (const gate of gates) {
        const scopes = new Set<string>();
        for (const l of gate.langs) for (const g of (await bundle(l)).values()) scopes.add(g.scopeName);
        found.push([...entries(grammar, scopes)]);
      }
      expect(found, lang).toEqual(expected[lang]);
    }
    // Each such pattern matches only where its gate's text is.
    const lines = BLOCKS.flatMap(([, code]) => code.split('\n')).concat(['  query {', 'mutation{', '<a>', '   <x y="1">', 'x ${a} y', 'no query here']);
    const entry = [/\s*(?=(query|mutation))/, /^\s*(?=<\S)/, /\s*(\$\{)/];
    const when = [GATED_EMBEDS.http![0]!.when, GATED_EMBEDS.http![1]!.when, GATED_EMBEDS.graphql![0]!.when];
    for (const line of lines) for (let i = 0; i < entry.length; i++) if (entry[i]!.test(line)) expect(when[i]!.test(line), `${when[i]} on ${line}`).toBe(true);
  });

  it('leave out the grammars only a gated language needed', async () => {
    const http = withGatedEmbeds([...(await bundle('http')).values()]);
    expect(http.map((g) => g.name).sort()).toEqual(['http', 'json', 'shellscript']);
    expect(http.find((g) => g.name === 'http')!.embeddedLangsLazy).toEqual(['graphql', 'xml']);
    const markdown = [...(await bundle('markdown')).values()];
    expect(withGatedEmbeds(markdown)).toBe(markdown);
  });

  it('give each block the colours of the grammars loaded whole, whatever came before it', async () => {
    const whole = createShikiHighlighter({ gatedEmbeds: false });
    const expected = [];
    for (const [lang, code] of BLOCKS) expected.push((await whole.highlight({ code, lang })).html);
    for (let i = 0; i < BLOCKS.length; i++) {
      const [lang, code] = BLOCKS[i]!;
      expect((await createShikiHighlighter().highlight({ code, lang })).html, `alone: ${code}`).toBe(expected[i]);
    }
    // A bundle embedding a gated language keeps its colours too: GraphQL in a Ruby heredoc (Shiki's
    // grammar; Ruby's blocks go to tree-sitter otherwise), read without TypeScript's, JSX's or TSX's.
    const ruby = 'QUERY = <<~GRAPHQL\n  query { user(id: ${id}) { name } }\nGRAPHQL\nputs QUERY\n';
    const rubyWhole = (await createShikiHighlighter({ engine: 'shiki', gatedEmbeds: false }).highlight({ code: ruby, lang: 'ruby' })).html;
    expect((await createShikiHighlighter({ engine: 'shiki' }).highlight({ code: ruby, lang: 'ruby' })).html).toBe(rubyWhole);
    // In one highlighter, in order and in reverse: a block needing a gated grammar after one that did not, and back.
    for (const order of [BLOCKS.map((_, i) => i), BLOCKS.map((_, i) => BLOCKS.length - 1 - i)]) {
      const hl = createShikiHighlighter();
      for (const i of order) {
        const [lang, code] = BLOCKS[i]!;
        expect((await hl.highlight({ code, lang })).html, `in turn: ${code}`).toBe(expected[i]);
      }
    }
  });
});
