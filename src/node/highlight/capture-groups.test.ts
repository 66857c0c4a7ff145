import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { describe, expect, it } from 'vitest';
import { ruleReads, unionReads, withoutUnreadGroups } from './capture-groups.js';

const convert = (p: string) => defaultJavaScriptRegexConstructor(p, { target: 'auto' });

/** Each group of the first match in `text`: its text and where it is. */
function groups(pattern: string, text: string): { count: number; at: number[][]; values: (string | undefined)[] } {
  const re = convert(pattern);
  const m = re.exec(text)!;
  return { count: m.length - 1, at: [...m.indices!].map((i) => i ?? []), values: [...m] };
}

describe('capture groups the rules read', () => {
  it('are the keys of a match rule’s captures and the `$n` of its names', () => {
    expect(ruleReads({ match: 'x', name: 'a.${4:/downcase}', captures: { 1: { name: 'b.$3' }, 2: { patterns: [] }, comment: 'no group' } })).toEqual({ match: new Set([1, 2, 3, 4]) });
  });

  it('of a begin pattern include the back-references of its end or while pattern', () => {
    const reads = ruleReads({ begin: '(a)(b)(c)', end: '\\2', contentName: 'x.$3', endCaptures: { 0: {} } });
    expect(reads).toEqual({ begin: new Set([2, 3]), end: new Set([0]) });
    expect(ruleReads({ begin: '(a)(b)', while: '\\1', captures: { 2: {} } })).toEqual({ begin: new Set([1, 2]), end: new Set([2]) });
  });

  it('are any group when a capture key is not a number', () => {
    expect(ruleReads({ match: '(a)', captures: { one: {} } })).toEqual({ match: null });
  });

  it('add up over the rules sharing a pattern', () => {
    expect(unionReads(unionReads(undefined, new Set([1])), new Set([3]))).toEqual(new Set([1, 3]));
    expect(unionReads(new Set([1]), null)).toBe(null);
  });
});

describe('withoutUnreadGroups', () => {
  it('drops the groups after the last one read', () => {
    const lean = withoutUnreadGroups('(a(b))(c)', new Set([1]))!;
    expect(groups(lean, 'xabc')).toEqual({ count: 1, at: [[1, 4], [1, 3]], values: ['abc', 'ab'] });
  });

  it('keeps the numbers of the groups read, with empty groups for those dropped before them', () => {
    const text = 'zzbbc';
    for (const [pattern, reads] of [
      ['((a)|(b))+(c)(a)?', [4]],
      ['(z)*(b)+(c)', [2]],
      ['(z(z)(b+))(c)(z)?', [3, 4]],
      ['(?i:(Z)(Z))(b)(?:(x)|b)', [3]],
      ['(?<=(z))(b)(?=(b|(c)))(b)', [2, 4]],
    ] as const) {
      const lean = withoutUnreadGroups(pattern, new Set(reads))!;
      expect(lean, pattern).toBeDefined();
      const [before, after] = [groups(pattern, text), groups(lean, text)];
      expect(after.count, pattern).toBeLessThan(before.count);
      expect(after.at[0], pattern).toEqual(before.at[0]);
      for (const n of reads) expect([after.values[n], after.at[n]], `${pattern} group ${n}`).toEqual([before.values[n], before.at[n]]);
    }
  });

  it('leaves alone what has nothing to drop or refers to its own groups', () => {
    expect(withoutUnreadGroups('(a)(b)', new Set([1, 2]))).toBeUndefined();
    // Group 1 would only come back as an empty group in front of group 2.
    expect(withoutUnreadGroups('(a)(b)', new Set([2]))).toBeUndefined();
    expect(withoutUnreadGroups('(a)(b)\\1', new Set([2]))).toBeUndefined();
    expect(withoutUnreadGroups('(?<x>a)(b)', new Set([2]))).toBeUndefined();
    expect(withoutUnreadGroups('(a)\\g<1>', new Set([0]))).toBeUndefined();
    expect(withoutUnreadGroups('(unclosed', new Set())).toBeUndefined();
  });
});
