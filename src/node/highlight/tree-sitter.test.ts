import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the bench (no types); tests are not type-checked by tsc.
import { corpusBlocks, corpusRoot } from '../../../bench/corpus-blocks.mjs';
import { contrastRatio } from '../../shared/colour.js';
import { createShikiHighlighter } from './shiki.js';
import { CODE_BACKGROUNDS, loadCodeThemes } from './themes.js';
import { scopeOf, TREE_SITTER_LANGUAGES } from './tree-sitter.js';

/** Each character of a `<pre>` Kiln wrote, with the light and dark colours it is drawn in. */
function drawn(html: string): { text: string; light: string[]; dark: string[] } {
  const code = /<code>([\s\S]*)<\/code>/.exec(html)![1]!;
  const light: string[] = [];
  const dark: string[] = [];
  let text = '';
  for (const m of code.matchAll(/<span style="([^"]*)">([^<]*)<\/span>|<span class="[^"]*">|<\/span>|(\n)/g)) {
    if (m[3]) text += '\n';
    if (m[2] === undefined) continue;
    const value = m[2].replace(/&#x3C;/g, '<').replace(/&#x26;/g, '&');
    const l = /--shiki-light:([^;]+)/.exec(m[1]!)?.[1] ?? '';
    const d = /--shiki-dark:([^;]+)/.exec(m[1]!)?.[1] ?? '';
    for (const ch of value) {
      text += ch;
      light.push(/\s/.test(ch) ? '' : l);
      dark.push(/\s/.test(ch) ? '' : d);
    }
  }
  return { text, light, dark };
}

const treeSitter = createShikiHighlighter();
const shiki = createShikiHighlighter({ engine: 'shiki' });

describe('tree-sitter highlighting', () => {
  it('looks a capture up by its name, then without its last part, and leaves unknown ones uncoloured', () => {
    expect(scopeOf('keyword')).toBe('keyword');
    expect(scopeOf('function.method.call')).toBe('entity.name.function');
    expect(scopeOf('function.builtin')).toBe('support.function');
    expect(scopeOf('string.escape')).toBe('constant.character.escape');
    expect(scopeOf('embedded')).toBeUndefined();
    expect(scopeOf('spell')).toBeUndefined();
  });

  it('writes the same <pre> as Shiki: classes, line marks, escapes, both themes', async () => {
    const code = 'const a = b < c && d;\nlet s = "x";\nf();\n';
    const [ts, sh] = await Promise.all([
      treeSitter.highlight({ code, lang: 'ts', highlight: [2], focus: [1, 2] }),
      shiki.highlight({ code, lang: 'ts', highlight: [2], focus: [1, 2] }),
    ]);
    expect(ts.known).toBe(true);
    const head = (h: string) => h.slice(0, h.indexOf('<code>'));
    expect(head(ts.html)).toBe(head(sh.html));
    expect(ts.html).toContain('<span class="line highlighted">');
    expect(ts.html.match(/<span class="line blurred">/g)).toHaveLength(1);
    expect(drawn(ts.html).text).toBe(code.replace(/\n$/, ''));
    // `<` and `&` escaped as hast-util-to-html escapes them, nothing else.
    expect(ts.html).toContain('&#x3C;');
    expect(ts.html).toContain('&#x26;&#x26;');
    expect(ts.html.slice(ts.html.indexOf('<code>'))).not.toMatch(/&(?!#x3C;|#x26;)/);
    // `const` and the string in the themes' keyword and string colours, as Shiki draws them.
    const colourOf = (html: string, text: string) => new RegExp(`<span style="([^"]*)">\\s*${text}</span>`).exec(html)?.[1];
    expect(colourOf(ts.html, 'const')).toBe(colourOf(sh.html, 'const'));
    expect(colourOf(ts.html, '"x"')).toBe(colourOf(sh.html, '"x"'));
  });

  it('takes a tsx or jsx block without JSX in it, and keeps type arguments', async () => {
    const code = 'export function useItems(): Promise<Item[]> {\n  const [items, setItems] = useState<Item[]>([]);\n  return fetchAll<Item>(url);\n}\n';
    for (const lang of ['tsx', 'jsx']) {
      const [a, b] = await Promise.all([treeSitter.highlight({ code, lang }), treeSitter.highlight({ code, lang: 'ts' })]);
      expect(a.html, lang).toBe(b.html);
      expect(a.html, lang).not.toBe((await shiki.highlight({ code, lang })).html);
    }
  });

  it('keeps text that is not ASCII where it was (offsets in UTF-16 code units)', async () => {
    const code = 'const name = "héllo 👋 wörld"; // ✓ done\nconsole.log(`${name} → 𝒳`);\n';
    expect(drawn((await treeSitter.highlight({ code, lang: 'ts' })).html).text).toBe(code.replace(/\n$/, ''));
  });

  it('leaves JSX, and the languages it has no grammar for, to Shiki', async () => {
    const jsx = 'export default function A() {\n  return <div className="a">hi</div>;\n}\n';
    for (const [code, lang] of [
      [jsx, 'js'],
      [jsx, 'tsx'],
      [jsx, 'jsx'],
      // An opening tag cut off before its closing one, in a block that says it is JSX.
      ['export const A = () => (\n  <Provider store={store}>\n', 'tsx'],
      ['function B() {\n  return <>\n', 'jsx'],
      ['SELECT 1;', 'sql'],
      ['def f(x):\n    return x\n', 'python'],
    ] as const) {
      const [a, b] = await Promise.all([treeSitter.highlight({ code, lang }), shiki.highlight({ code, lang })]);
      expect(a.html, `${lang}: ${code}`).toBe(b.html);
    }
  });

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
      const x = drawn(a.html);
      const y = drawn(r.html);
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
