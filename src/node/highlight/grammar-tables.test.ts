import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledLanguages } from 'shiki';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { afterAll, describe, expect, it } from 'vitest';
import { grammarPatterns, openGrammarTables, patternReads, writeGrammarTables } from './grammar-tables.js';

const convert = (p: string) => defaultJavaScriptRegexConstructor(p, { target: 'auto' }) as RegExp & { rawOptions?: object };

const dir = mkdtempSync(path.join(tmpdir(), 'kiln-grammars-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// grammar-tables.corpus.test.ts highlights every fenced block of the corpus with and without tables.
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

  it('builds the RegExp the engine would convert, subclass, options and matches alike, less the groups no rule reads', async () => {
    await writeGrammarTables(dir, { langs: ['typescript', 'python', 'bash', 'yaml'] });
    const tables = openGrammarTables(dir);
    for (const lang of ['typescript', 'python', 'bash', 'yaml']) tables.prepare(lang);
    const grammars = await Promise.all(['typescript', 'python', 'shellscript', 'yaml'].map(async (l) => (await bundledLanguages[l as 'yaml']()).default.at(-1)!));
    const sample = 'export const x = async (a: string) => `${a}` // c\nif [[ -n "$X" ]]; then echo 1; fi\ndef f(x): return {"k": [1, 2.5e3]}\n  - key: &a value\nconst f = (a, b) => a; class A { private m = async <T,>(x: T): Promise<T> => x }\n';
    let emulated = 0;
    let lean = 0;
    for (const g of grammars) {
      for (const [p, reads] of patternReads(g as unknown as Parameters<typeof patternReads>[0])) {
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
        if (re.rawOptions) emulated++;
        // Where no group was dropped, the very RegExp; else the same matches in the groups read.
        const same = re.source === expected.source;
        if (same) expect([re.flags, re.rawOptions]).toEqual([expected.flags, expected.rawOptions]);
        else lean++;
        const kept = same ? undefined : [0, ...reads!];
        const seen = (m: RegExpExecArray | null) => m && [m.index, ...(kept ?? m.map((_, n) => n)).map((n) => [m[n], m.indices?.[n]])];
        for (let at = 0; at < sample.length; at += 7) {
          re.lastIndex = expected.lastIndex = at;
          expect(seen(re.exec(sample)), p).toEqual(seen(expected.exec(sample)));
        }
      }
    }
    expect(emulated).toBeGreaterThan(10);
    expect(lean).toBeGreaterThan(50);
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
});
