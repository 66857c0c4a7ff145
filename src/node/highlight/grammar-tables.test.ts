import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledLanguages } from 'shiki';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { afterAll, describe, expect, it } from 'vitest';
import { grammarPatterns, openGrammarTables, writeGrammarTables } from './grammar-tables.js';
import { createShikiHighlighter } from './shiki.js';

const convert = (p: string) => defaultJavaScriptRegexConstructor(p, { target: 'auto' }) as RegExp & { rawOptions?: object };

// Every fenced block of the example site and, where it is checked out beside the repository, the corpus.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const roots = [path.join(repo, 'examples/starter'), path.join(repo, '../shared/corpus')].filter((r) => existsSync(r));
const fences: [lang: string, code: string][] = [];
const walk = (d: string): void => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') walk(path.join(d, e.name));
    else if (/\.mdx?$/.test(e.name)) {
      for (const m of readFileSync(path.join(d, e.name), 'utf8').matchAll(/^[ \t]*```(\w[\w+#-]*)[^\n]*\n([\s\S]*?)^[ \t]*```/gm)) fences.push([m[1]!, m[2]!]);
    }
  }
};
for (const r of roots) walk(r);

const dir = mkdtempSync(path.join(tmpdir(), 'kiln-grammars-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('grammar tables', () => {
  it('lists the patterns as vscode-textmate gives them to the engine', () => {
    const patterns = grammarPatterns({
      name: 'x',
      patterns: [{ match: 'a\\z' }, { begin: '\\Gb', end: '\\1c' }, { begin: 'd', while: 'e' }, { include: '#r' }],
      repository: { r: { begin: '(f)', end: '', beginCaptures: { 1: { patterns: [{ match: '\\\\G\\Ah' }] } } } },
    });
    expect([...patterns]).toEqual([
      'a$(?!\\n)(?<!\\n)',
      // `\G` replaced where not allowed; the end's back-reference is only given resolved.
      '\\\uFFFFb',
      '\\Gb',
      'd',
      'e',
      '(f)',
      '\uFFFF',
      // An escaped backslash is no anchor; the `\A` after it is.
      '\\\\G\\\uFFFFh',
      '\\\\G\\Ah',
    ]);
  });

  it('builds the RegExp the engine would convert, subclass, options and matches alike', async () => {
    await writeGrammarTables(dir, { langs: ['typescript', 'python', 'bash', 'yaml'] });
    const tables = openGrammarTables(dir);
    for (const lang of ['typescript', 'python', 'bash', 'yaml']) tables.prepare(lang);
    const grammars = await Promise.all(['typescript', 'python', 'shellscript', 'yaml'].map(async (l) => (await bundledLanguages[l as 'yaml']()).default.at(-1)!));
    const sample = 'export const x = async (a: string) => `${a}` // c\nif [[ -n "$X" ]]; then echo 1; fi\ndef f(x): return {"k": [1, 2.5e3]}\n  - key: &a value\n';
    let emulated = 0;
    for (const g of grammars) {
      for (const p of grammarPatterns(g as unknown as Parameters<typeof grammarPatterns>[0])) {
        let expected: ReturnType<typeof convert> | Error;
        try {
          expected = convert(p);
        } catch (e) {
          expected = e as Error;
        }
        if (expected instanceof Error) {
          expect(() => tables.regex(p)).toThrow();
          continue;
        }
        const re = tables.regex(p) as typeof expected;
        expect(re.constructor).toBe(expected.constructor);
        expect([re.source, re.flags, re.rawOptions]).toEqual([expected.source, expected.flags, expected.rawOptions]);
        if (re.rawOptions) emulated++;
        for (let at = 0; at < sample.length; at += 7) {
          re.lastIndex = expected.lastIndex = at;
          const [a, b] = [re.exec(sample), expected.exec(sample)];
          expect(a && [a.index, [...a], a.indices && [...a.indices]]).toEqual(b && [b.index, [...b], b.indices && [...b.indices]]);
        }
      }
    }
    expect(emulated).toBeGreaterThan(10);
    expect(tables.stats.converted).toBe(0);
    expect(tables.stats.precompiled).toBeGreaterThan(500);
  }, 120_000);

  it('converts every pattern when there are no tables or they are from other versions', async () => {
    const missing = openGrammarTables(path.join(dir, 'none'));
    missing.prepare('json');
    expect(missing.regex('\\d+').source).toBe(convert('\\d+').source);
    expect(missing.stats).toEqual({ precompiled: 0, converted: 1 });

    await writeGrammarTables(dir, { langs: ['json'] });
    const index = path.join(dir, 'index.json');
    const manifest = JSON.parse(readFileSync(index, 'utf8')) as { conversion: string };
    const pattern = [...grammarPatterns((await bundledLanguages.json()).default[0] as never)][0]!;
    const current = openGrammarTables(dir);
    current.prepare('json');
    current.regex(pattern);
    expect(current.stats).toEqual({ precompiled: 1, converted: 0 });
    const conversion = JSON.parse(manifest.conversion) as { versions: Record<string, string> };
    conversion.versions['oniguruma-to-es'] = '0.0.0';
    writeFileSync(index, JSON.stringify({ ...manifest, conversion: JSON.stringify(conversion) }));
    const stale = openGrammarTables(dir);
    stale.prepare('json');
    stale.regex(pattern);
    expect(stale.stats).toEqual({ precompiled: 0, converted: 1 });
  });

  it(`highlights the ${fences.length} fenced blocks of real pages byte for byte as converting does`, async () => {
    expect(fences.length).toBeGreaterThan(20);
    // Every grammar, as `npm run build:pkg` writes them: a Markdown block may load any language it names.
    await writeGrammarTables(dir);
    const tables = openGrammarTables(dir);
    const none = openGrammarTables(false);
    // The patterns the tables left to convert.
    const converted = new Set<string>();
    const fromTables = tables.regex.bind(tables);
    tables.regex = (pattern) => {
      const before = tables.stats.converted;
      try {
        return fromTables(pattern);
      } finally {
        if (tables.stats.converted > before) converted.add(pattern);
      }
    };
    const [withTables, converting] = [createShikiHighlighter({ grammarTables: tables }), createShikiHighlighter({ grammarTables: none })];
    for (const [lang, code] of fences) {
      const [a, b] = await Promise.all([withTables.highlight({ code, lang }), converting.highlight({ code, lang })]);
      expect(a.html, `${lang}: ${code.slice(0, 80)}`).toBe(b.html);
      expect(a.known).toBe(b.known);
    }
    expect(none.stats.precompiled).toBe(0);
    // Only end patterns made from a begin match's text are left to convert: each is an `end` or
    // `while` of a grammar with its back-references (\1, \2, …) filled in.
    const templates: RegExp[] = [];
    const collect = (o: unknown): void => {
      if (!o || typeof o !== 'object') return;
      for (const [k, v] of Object.entries(o)) {
        if ((k === 'end' || k === 'while') && typeof v === 'string' && /\\\d/.test(v)) {
          templates.push(new RegExp(`^${v.split(/\\\d/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^]*')}$`));
        } else collect(v);
      }
    };
    for (const load of Object.values(bundledLanguages)) collect((await load()).default);
    expect(converted.size).toBeGreaterThan(0);
    expect([...converted].filter((p) => !templates.some((t) => t.test(p)))).toEqual([]);
    expect(tables.stats.precompiled).toBeGreaterThan(10 * tables.stats.converted);
  }, 600_000);
});
