import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus, mdxFiles, starter } from '../test-helpers.js';
import { body, compare, type Outcome } from './test-helpers.js';
import { rng } from '../../../tests/e2e/fuzz-mutations.js';

// The native parser's tree beside the JS parser's on every page of the corpus and the example, and
// on mutated copies of them (native-parse.test.ts has the small cases).

describe('on real pages', () => {
  const files = [...mdxFiles(corpus), ...mdxFiles(starter)];

  it('finds the corpus and the example', () => {
    expect(files.length).toBeGreaterThan(1300);
  });

  it('gives the JS tree for every page it parses, and parses nearly all', () => {
    const outcomes = files.map((f) => ({ file: path.relative(path.dirname(corpus), f), ...compare(body(f)) }));
    const by = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind);
    expect(by('differ')).toEqual([]);
    expect(by('js-rejects')).toEqual([]);
    expect(by('gave-up').filter((o) => 'why' in o && o.why.startsWith('internal error'))).toEqual([]);
    // 1,310 of 1,317 pages the JS parser accepts (the rest: huge expressions, `<` in an image alt, …).
    const accepted = outcomes.length - by('both-reject').length;
    expect(by('same').length / accepted).toBeGreaterThan(0.98);
  });

  it('gives the JS tree or none for mutated pages', () => {
    const junk = ['{', '}', '<', '>', '</', '<Foo>', '</Foo>', '{/*', '*/}', '---', '\t', '```', '$$', '$', '`', '"', '\\', '&', '#', '\n', '\n\n', '*', '|', '[', '](', '  ', '- ', '> ', '1. ', '{x}', 'export const a = 1\n', '~~', '_', '[^1]', '<X y={1} />', 'https://x.dev'];
    const { int } = rng(20260214);
    const wrong: string[] = [];
    let same = 0;
    for (let k = 0; k < 400; k++) {
      let s = body(files[int(files.length)]!);
      if (s.length > 3000) {
        const i = int(s.length - 3000);
        s = s.slice(s.lastIndexOf('\n', i) + 1, i + 3000);
      }
      for (let n = 1 + int(3); n > 0; n--) {
        const lines = s.split('\n');
        const i = int(s.length + 1);
        const l = int(lines.length);
        const how = int(4);
        if (how === 0) s = s.slice(0, i) + junk[int(junk.length)] + s.slice(i);
        else if (how === 1) s = s.slice(0, i) + s.slice(i + 1 + int(3));
        else if (how === 2) s = [...lines.slice(0, l), lines[int(lines.length)]!, ...lines.slice(l)].join('\n');
        else s = [...lines.slice(0, l), ['  ', '    ', '- ', '> ', ''][int(5)]! + lines[l]!.trimStart(), ...lines.slice(l + 1)].join('\n');
      }
      const outcome = compare(s);
      if (outcome.kind === 'same') same++;
      if (outcome.kind === 'differ' || outcome.kind === 'js-rejects') wrong.push(`${outcome.kind} ${outcome.detail}\n${s}`);
    }
    expect(wrong).toEqual([]);
    expect(same).toBeGreaterThan(200);
  });
});
