import { bundledLanguages } from 'shiki';
import { describe, expect, it } from 'vitest';
import { spellOut } from './native-php.js';

/** The `support` patterns of Shiki's PHP grammar: PHP's own functions, one pattern per extension. */
async function supportPatterns(): Promise<string[]> {
  const langs = (await bundledLanguages.php()).default as unknown as { scopeName: string; repository: { support: { patterns: { match?: string }[] } } }[];
  return langs.find((l) => l.scopeName === 'source.php')!.repository.support.patterns.flatMap((p) => (p.match ? [p.match.replace(/^\(\?i\)/, '')] : []));
}

describe('spellOut', () => {
  it('spells out nested groups, classes and optional parts, and declines anything else', () => {
    expect(spellOut('\\bgmp_(sqrt(rem)?|div_(qr??|r)|[gs]et)\\b')?.sort()).toEqual(['gmp_div_q', 'gmp_div_qr', 'gmp_div_r', 'gmp_get', 'gmp_set', 'gmp_sqrt', 'gmp_sqrtrem']);
    expect(spellOut('\\b(?:a|b)c\\b')).toEqual(['ac', 'bc']);
    // A letter made optional ends the run of letters before it.
    expect(spellOut('\\bnat(case)?sortx?y\\b')).toEqual(['natsorty', 'natsortxy', 'natcasesorty', 'natcasesortxy']);
    expect(spellOut('\\bfoo\\w+\\b')).toBeNull();
    expect(spellOut('\\bfoo(bar\\b')).toBeNull();
    expect(spellOut('foo')).toBeNull();
  });

  it('gives, for every pattern of the PHP grammar it spells out, exactly the words the pattern matches', async () => {
    const patterns = await supportPatterns();
    let spelled = 0;
    for (const source of patterns) {
      const words = spellOut(source);
      if (!words) continue;
      spelled++;
      const re = new RegExp(`^(?:${source})$`, 'i');
      const set = new Set(words.map((w) => w.toLowerCase()));
      for (const w of words) expect(re.test(w), `${w} of ${source.slice(0, 40)}`).toBe(true);
      // Near misses: each word with a letter added, dropped or changed matches only if spelled out too.
      for (const w of words) {
        for (const near of [w + 'x', w.slice(0, -1), 'x' + w, w.replace(/_/, '')]) expect(re.test(near), `${near} of ${source.slice(0, 40)}`).toBe(set.has(near.toLowerCase()));
      }
    }
    // The grammar's lists are plain word lists: a change that made them regular expressions again would be slow.
    expect(spelled).toBe(patterns.length);
  });
});
