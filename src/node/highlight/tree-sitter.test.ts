import { describe, expect, it } from 'vitest';
import { createShikiHighlighter } from './shiki.js';
import { drawnColours } from './test-helpers.js';
import { scopeOf } from './tree-sitter.js';

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
    expect(drawnColours(ts.html).text).toBe(code.replace(/\n$/, ''));
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
    expect(drawnColours((await treeSitter.highlight({ code, lang: 'ts' })).html).text).toBe(code.replace(/\n$/, ''));
  });

  it('leaves the languages it has no grammar for to Shiki', async () => {
    for (const [code, lang] of [
      ['SELECT 1;', 'sql'],
      ['fun f(x: Int) = x * 2\n', 'kotlin'],
    ] as const) {
      const [a, b] = await Promise.all([treeSitter.highlight({ code, lang }), shiki.highlight({ code, lang })]);
      expect(a.html, `${lang}: ${code}`).toBe(b.html);
    }
  });

  it('without the native bindings, leaves JSX to Shiki: the WebAssembly grammar is TypeScript’s', async () => {
    const wasm = createShikiHighlighter({
      loadNative: () => {
        throw new Error('not loaded');
      },
    });
    const jsx = 'export default function A() {\n  return <div className="a">hi</div>;\n}\n';
    for (const [code, lang] of [
      [jsx, 'js'],
      [jsx, 'tsx'],
      [jsx, 'jsx'],
      // An opening tag cut off before its closing one, in a block that says it is JSX.
      ['export const A = () => (\n  <Provider store={store}>\n', 'tsx'],
      ['function B() {\n  return <>\n', 'jsx'],
      [jsx, 'ts'],
    ] as const) {
      const [a, b] = await Promise.all([wasm.highlight({ code, lang }), shiki.highlight({ code, lang })]);
      expect(a.html, `${lang}: ${code}`).toBe(b.html);
    }
  });

});
