import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the bench (no types); tests are not type-checked by tsc.
import { corpusBlocks, corpusRoot } from '../../../bench/corpus-blocks.mjs';
import { contrastRatio } from '../../shared/colour.js';
import { NATIVE_LANGUAGES } from './native-grammars.js';
import { createShikiHighlighter, languageOf } from './shiki.js';
import { blockCode, splitComponent } from './sfc-blocks.js';
import { drawnColours, drawnLines, watchedTables } from './test-helpers.js';
import { CODE_BACKGROUNDS, loadCodeThemes } from './themes.js';
import { createTreeSitterHighlighter } from './tree-sitter.js';

const treeSitter = createShikiHighlighter();
const shiki = createShikiHighlighter({ engine: 'shiki' });

type Block = { lang: string; code: string; site: string; file: string };

/**
 * Each block highlighted by `ours` and by Shiki alone: the same text (asserted), and how many of
 * its visible characters are in Shiki's colours, per theme; the colour pairs `ours` drew.
 */
async function compare(blocks: Block[], ours: typeof shiki) {
  let same = 0;
  let sameDark = 0;
  let visible = 0;
  const drawn = new Set<string>();
  for (const b of blocks) {
    const [a, r] = await Promise.all([ours.highlight({ code: b.code, lang: b.lang }), shiki.highlight({ code: b.code, lang: b.lang })]);
    const x = drawnColours(a.html);
    const y = drawnColours(r.html);
    expect(x.text, `${b.site} ${b.file}: ${b.code.slice(0, 80)}`).toBe(y.text);
    for (let i = 0; i < x.light.length; i++) {
      if (!x.light[i]) continue;
      visible++;
      if (x.light[i] === y.light[i]) same++;
      if (x.dark[i] === y.dark[i]) sameDark++;
      drawn.add(`${x.light[i]} ${x.dark[i]}`);
    }
  }
  return { same, sameDark, visible, ours: drawn };
}

describe('tree-sitter highlighting on the corpus', () => {
  // The corpus's blocks tree-sitter takes: the first 300 of each grammar (all of them with
  // KILN_TREE_SITTER_CORPUS=1), highlighted by both engines. JavaScript, JSX and TSX are `tsx`.
  const all = !!process.env.KILN_TREE_SITTER_CORPUS;
  const byLanguage = new Map<string, Block[]>();
  for (const b of corpusBlocks(corpusRoot(process.cwd())) as Block[]) {
    const lang = b.lang.toLowerCase();
    const grammar = NATIVE_LANGUAGES[languageOf(lang)];
    if (!grammar) continue;
    const list = byLanguage.get(grammar) ?? [];
    if (all || list.length < 300) byLanguage.set(grammar, [...list, b]);
  }

  /**
   * The share of visible characters drawn in the colour Shiki draws them in (each theme), per
   * grammar, over the blocks above: measured, less a margin. Where they differ it is what the
   * grammars tell apart: TextMate's colours a key or a constant whose value is a function as a
   * function, tree-sitter's tree has no such node; strings inside code inside strings (`${…}` in a
   * template in a Markdown example) come out otherwise; a `typescript` block with JSX in it is read
   * as TSX, where Shiki's TypeScript grammar reads its tags as comparisons and types.
   * Bash, Python and JSON (native-grammars.ts): where the text is not the language the fence says
   * (program output, JSON or Terraform plans in a `bash` block, placeholders like `<name>`), the
   * grammars recover from the error differently; Shiki's colours format fields and regular
   * expressions inside Python strings, which tree-sitter's tree has no nodes for.
   * Go (native-go.ts): Go templates and shell commands in a `go` block, which both grammars read
   * as broken Go, each its own way; a call the tree reads as a conversion to a generic type.
   * Ruby (native-ruby.ts): a superclass written `Migration[8.0]`, which Shiki's grammar reads in
   * part as the class's name.
   * C# (native-csharp.ts): where Shiki's grammar loses its place (a lambda's parameters over
   * several lines, `[FromBody]` before a parameter) and leaves the rest of a block plain.
   * PHP (native-php.ts): Blade templates and `.env` files in `php` fences, read as broken PHP by
   * both grammars; a block with SQL in a string stays with Shiki, which colours the SQL.
   * YAML (native-yaml.ts): a block whose tree has an error (72 of the corpus's 1,410, mostly
   * lines indented wrong) stays with Shiki, whose lines go on past it; an alias's name.
   * Rust (native-rust.ts): JavaScript's quotes in a `rust` block; module paths Shiki's grammar
   * colours or not by where it meets them (`use a::b;`, `Box<dyn std::error::Error>`).
   * HTML (native-html.ts): a comment inside a tag, which sends Shiki's grammar off course for the
   * rest of the tag; a `/>` Shiki's grammar marks as illegal on some tags (`<iframe/>`); and its
   * scripts' JavaScript, coloured as TSX's blocks are.
   * CSS (native-css.ts): the same colours on the corpus's blocks; Shiki's grammar reads some
   * preprocessor syntax its own way.
   * Java (native-java.ts): a record written without its body, and a block of string pieces joined
   * by `+` outside any statement, both of which the tree reads as errors.
   */
  const AGREEMENT: Record<string, number> = { typescript: 0.94, tsx: 0.96, bash: 0.95, python: 0.99, json: 0.99, go: 0.995, ruby: 0.995, csharp: 0.99, php: 0.99, yaml: 0.995, rust: 0.99, html: 0.98, css: 0.99, java: 0.995 };

  it.each([...byLanguage.keys()])('draws the corpus blocks in %s with the same text, in the themes’ colours, mostly as Shiki does', async (grammar) => {
    const blocks = byLanguage.get(grammar)!;
    const engine = createTreeSitterHighlighter(await loadCodeThemes());
    const taken = blocks.filter((b) => engine.handles(languageOf(b.lang), b.code.replace(/\n$/, ''))).length;
    const { same, sameDark, visible, ours } = await compare(blocks, treeSitter);
    expect(visible).toBeGreaterThan(0);
    // The native grammars took the blocks (a binding that did not load leaves them to Shiki, which
    // would agree everywhere); only blocks with a line past the highlighting limit stay with Shiki.
    expect(taken / blocks.length, `${grammar}: ${taken} of ${blocks.length} blocks taken`).toBeGreaterThan(0.9);
    expect(same / visible, `${grammar}: ${same} of ${visible} characters`).toBeGreaterThanOrEqual(AGREEMENT[grammar]!);
    expect(sameDark / visible, `${grammar}, dark: ${sameDark} of ${visible} characters`).toBeGreaterThanOrEqual(AGREEMENT[grammar]!);
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

  it("draws the corpus's Markdown blocks as Shiki does, their fences' code by tree-sitter", async () => {
    const blocks = (corpusBlocks(corpusRoot(process.cwd())) as Block[]).filter((b) => ['md', 'markdown'].includes(b.lang.toLowerCase()));
    const { loaded, tables } = watchedTables();
    const hybrid = createShikiHighlighter({ grammarTables: tables });
    const fences = blocks.filter((b) => /^\s*```(ts|typescript|python|go)\b/m.test(b.code)).length;
    const { same, sameDark, visible } = await compare(blocks, hybrid);
    // Where they differ, it is in the fences' code: tree-sitter's colours of it against Shiki's (above).
    expect(same / visible, `${same} of ${visible} characters`).toBeGreaterThanOrEqual(0.998);
    expect(sameDark / visible, `dark: ${sameDark} of ${visible} characters`).toBeGreaterThanOrEqual(0.998);
    expect(fences).toBeGreaterThan(3);
    for (const lang of ['typescript', 'python', 'go', 'yaml']) expect(loaded, lang).not.toContain(lang);
  }, 120_000);

  it("draws the corpus's Vue and Svelte components as Shiki does, their scripts' and styles' code as the same code alone", async () => {
    const blocks = (corpusBlocks(corpusRoot(process.cwd())) as Block[]).filter((b) => ['vue', 'svelte'].includes(b.lang.toLowerCase()));
    let split = 0;
    for (const b of blocks) {
      const where = `${b.site} ${b.file}: ${b.code.slice(0, 80)}`;
      const [ours, reference] = await Promise.all([treeSitter.highlight({ code: b.code, lang: b.lang }), shiki.highlight({ code: b.code, lang: b.lang })]);
      const expected = drawnLines(reference.html);
      const component = splitComponent(b.code.replace(/\n$/, ''));
      for (const block of component?.blocks ?? []) {
        const alone = drawnLines((await treeSitter.highlight({ code: blockCode(component!, block), lang: block.lang })).html);
        expected.splice(block.first, alone.length, ...alone);
      }
      if (component) split++;
      expect(drawnLines(ours.html), where).toEqual(expected);
    }
    // Two are left whole: templates alone, with no script or style.
    expect([blocks.length, split]).toEqual([42, 40]);
  }, 120_000);
});
