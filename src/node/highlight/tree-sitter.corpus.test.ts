import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the bench (no types); tests are not type-checked by tsc.
import { corpusBlocks, corpusRoot } from '../../../bench/corpus-blocks.mjs';
import { contrastRatio } from '../../shared/colour.js';
import { createShikiHighlighter } from './shiki.js';
import { drawnColours } from './test-helpers.js';
import { CODE_BACKGROUNDS, loadCodeThemes } from './themes.js';
import { TREE_SITTER_LANGUAGES } from './tree-sitter.js';

const treeSitter = createShikiHighlighter();
const shiki = createShikiHighlighter({ engine: 'shiki' });

describe('tree-sitter highlighting on the corpus', () => {
  // The corpus's blocks tree-sitter takes: the first 300 of each grammar, and of the fences that
  // say JSX (all of them with KILN_TREE_SITTER_CORPUS=1), highlighted by both engines.
  const all = !!process.env.KILN_TREE_SITTER_CORPUS;
  type Block = { lang: string; code: string; site: string; file: string };
  const byLanguage = new Map<string, Block[]>();
  for (const b of corpusBlocks(corpusRoot(process.cwd())) as Block[]) {
    const lang = b.lang.toLowerCase();
    const grammar = TREE_SITTER_LANGUAGES[lang] && (lang === 'tsx' || lang === 'jsx' ? `${TREE_SITTER_LANGUAGES[lang]} (tsx, jsx)` : TREE_SITTER_LANGUAGES[lang]);
    if (!grammar) continue;
    const list = byLanguage.get(grammar) ?? [];
    if (all || list.length < 300) byLanguage.set(grammar, [...list, b]);
  }

  /**
   * The share of visible characters drawn in the colour Shiki draws them in (light theme), per
   * grammar, over the blocks above: measured, less a margin. Where they differ it is what the
   * grammars tell apart: TextMate's colours a constant's name (`const client`) and a parameter,
   * tree-sitter's query an imported name as a type, `<` and `>` of type arguments as operators.
   */
  const AGREEMENT: Record<string, number> = { typescript: 0.86, 'typescript (tsx, jsx)': 0.94 };

  it.each([...byLanguage.keys()])('draws the corpus blocks in %s with the same text, in the themes’ colours, mostly as Shiki does', async (grammar) => {
    const blocks = byLanguage.get(grammar)!;
    let same = 0;
    let visible = 0;
    const ours = new Set<string>();
    for (const b of blocks) {
      const [a, r] = await Promise.all([treeSitter.highlight({ code: b.code, lang: b.lang }), shiki.highlight({ code: b.code, lang: b.lang })]);
      const x = drawnColours(a.html);
      const y = drawnColours(r.html);
      expect(x.text, `${b.site} ${b.file}: ${b.code.slice(0, 80)}`).toBe(y.text);
      for (let i = 0; i < x.light.length; i++) {
        if (!x.light[i]) continue;
        visible++;
        if (x.light[i] === y.light[i]) same++;
        ours.add(`${x.light[i]} ${x.dark[i]}`);
      }
    }
    expect(visible).toBeGreaterThan(0);
    expect(same / visible, `${grammar}: ${same} of ${visible} characters`).toBeGreaterThanOrEqual(AGREEMENT[grammar]!);
    // Only the themes' own colours, a rule's light and dark colour together, each at AA on its background.
    const themes = await loadCodeThemes();
    const rules = (t: typeof themes.light) => (t.tokenColors ?? []).map((r) => r.settings.foreground?.toUpperCase());
    const [lightRules, darkRules] = [rules(themes.light), rules(themes.dark)];
    const palette = new Set(lightRules.map((l, i) => `${l} ${darkRules[i]}`));
    const fg = (t: typeof themes.light) => (t.fg ?? t.colors!['editor.foreground']!).toUpperCase();
    palette.add(`${fg(themes.light)} ${fg(themes.dark)}`);
    for (const pair of ours) {
      const [light, dark] = pair.split(' ') as [string, string];
      expect(palette.has(pair), `${grammar}: ${pair} is not a rule of the themes`).toBe(true);
      expect(contrastRatio(light, CODE_BACKGROUNDS.light), pair).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(dark, CODE_BACKGROUNDS.dark), pair).toBeGreaterThanOrEqual(4.5);
    }
  }, 120_000);
});
