import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Theme, type IRawTheme } from '@shikijs/vscode-textmate';
import { flatTokenVariants, type ThemeRegistration, type ThemedToken } from 'shiki';
import type { CodeThemes } from './themes.js';
import { LIMITS } from '../budgets.js';
import { loadNativeGrammar, NATIVE_LANGUAGES, walkTree, type LoadNative, type NativeGrammar, type NativeName } from './native-grammars.js';

/**
 * Tree-sitter grammars compiled to WebAssembly (the `@arborium/*` packages, one per language), for
 * the languages most code blocks are in. A TextMate grammar finds tokens by trying its regular
 * expressions at each position of each line; TypeScript's are the costliest, 3-4 ms of CPU for a
 * corpus block of 365 characters where its tree-sitter parser and highlight query take 0.6 ms.
 * What comes out is the same kind of `<pre>` Shiki writes (one-pass.ts's HTML), in the same two
 * themes: each capture name the grammar's query gives ("keyword", "string.escape",
 * "function.builtin") stands for a TextMate scope that the themes colour as they colour Shiki's
 * tokens, through vscode-textmate's own theme matching, AA adjustments included (themes.ts).
 *
 * Where tree-sitter's native bindings load (native-grammars.ts), they take TypeScript and
 * JavaScript, with JSX too, Bash, Python, JSON, Go, Ruby, C#, PHP, YAML, Rust, HTML, CSS and Java instead, their trees coloured by node type; the
 * WebAssembly grammar is what TypeScript falls back to. The other languages stay with Shiki (shiki.ts).
 */

/** What an `@arborium/<language>` package exports (wasm-bindgen). */
interface GrammarModule {
  initSync(options: { module: Uint8Array }): unknown;
  create_session(): number;
  set_text(session: number, text: string): void;
  parse_utf16(session: number): { spans?: Capture[] };
}
interface Capture {
  start: number;
  end: number;
  capture: string;
  pattern_index?: number;
}

/**
 * Fence language (as Kiln resolved it: lower case, Kiln's aliases applied) → grammar package.
 * TypeScript only, and JavaScript, which is TypeScript as far as its highlighting goes, both
 * without JSX (see `handles`); a `tsx` or `jsx` block with no JSX in it (a hook, a type, a config)
 * too: it is TypeScript or JavaScript, and Shiki's TSX grammar cost 3.9 ms of CPU for such a block
 * of the corpus (296 of its 687 `tsx` blocks, 58 of 209 `jsx`). Measured on the corpus's blocks (bench/highlight-engines.mjs), the other
 * published grammars (Python, Bash, Java, Kotlin, Dart, …) cost as much CPU per block as Shiki
 * or more: their TextMate grammars are cheap and tree-sitter's WebAssembly parsers run at
 * 0.5-1 MB/s on blocks of a few hundred characters; TypeScript's TextMate grammar is the
 * costliest there is (20 µs a character).
 */
export const TREE_SITTER_LANGUAGES: Readonly<Record<string, string>> = {
  typescript: 'typescript', ts: 'typescript', mts: 'typescript', cts: 'typescript',
  javascript: 'typescript', js: 'typescript', mjs: 'typescript', cjs: 'typescript',
  tsx: 'typescript', jsx: 'typescript',
};

function hasLineLongerThan(code: string, limit: number): boolean {
  let start = 0;
  while (start <= code.length) {
    const end = code.indexOf('\n', start);
    if ((end === -1 ? code.length : end) - start > limit) return true;
    if (end === -1) return false;
    start = end + 1;
  }
  return false;
}

/** JSX needs a grammar that knows it (Shiki's tsx/jsx): a closing tag or a self-closing one tells. */
const JSX = /<\/|\/>/;
/**
 * In a block written as `tsx` or `jsx`, also an opening tag or fragment where an expression starts
 * (after `return`, `(`, `=`, `=>`, `,`, `?`, `:`, `{` or at a line's start), which a type argument
 * (`Promise<void>`, after a name) is not: a snippet cut before its closing tag stays with Shiki.
 */
const JSX_OPENING = /(?:^|[=(,?:{&|!]|=>|\breturn)\s*<[A-Za-z>]/m;
const JSX_LANGUAGES = new Set(['tsx', 'jsx']);

/**
 * The native grammar for a block: a `ts` block with JSX in it is TSX (Shiki's TypeScript grammar
 * took such blocks before, 24 ms of CPU each on the corpus, 0.5 s for one of them, with JSX
 * coloured as comparisons).
 */
function nativeGrammarOf(lang: string, code: string): NativeName | undefined {
  const name = NATIVE_LANGUAGES[lang];
  return name === 'typescript' && JSX.test(code) ? 'tsx' : name;
}

/**
 * The TextMate scope a capture stands for. A capture not listed is looked up without its last
 * part ("function.method.call" → "function.method" → "function"); one with no entry at all
 * (`embedded`, `spell`, `none`) colours nothing, so what encloses it shows through.
 */
const CAPTURE_SCOPES: Readonly<Record<string, string>> = {
  comment: 'comment',
  string: 'string',
  'string.escape': 'constant.character.escape',
  escape: 'constant.character.escape',
  'string.regexp': 'string.regexp',
  'string.special': 'string',
  character: 'string',
  number: 'constant.numeric',
  float: 'constant.numeric',
  boolean: 'constant.language',
  constant: 'constant',
  'constant.builtin': 'constant.language',
  'constant.null': 'constant.language',
  'identifier.constant': 'constant',
  keyword: 'keyword',
  'keyword.operator': 'keyword.operator',
  conditional: 'keyword.control',
  repeat: 'keyword.control',
  exception: 'keyword.control',
  include: 'keyword.control',
  storageclass: 'storage.modifier',
  preproc: 'keyword.control',
  operator: 'keyword.operator',
  function: 'entity.name.function',
  'function.builtin': 'support.function',
  constructor: 'entity.name.type',
  type: 'entity.name.type',
  'type.builtin': 'support.type',
  attribute: 'entity.other.attribute-name',
  tag: 'entity.name.tag',
  'tag.delimiter': 'punctuation.definition.tag',
  property: 'variable.other.property',
  variable: 'variable.other',
  'variable.builtin': 'variable.language',
  'variable.parameter': 'variable.parameter.function',
  parameter: 'variable.parameter.function',
  'identifier.parameter': 'variable.parameter.function',
  punctuation: 'punctuation',
  delimiter: 'punctuation',
  label: 'entity.name.label',
  namespace: 'entity.name.type.module',
  'text.title': 'markup.heading',
  'text.emphasis': 'markup.italic',
  'text.strong': 'markup.bold',
  'text.uri': 'markup.underline.link',
  'text.literal': 'markup.inline.raw',
  'diff.addition': 'markup.inserted',
  'diff.deletion': 'markup.deleted',
};

/** The capture's scope, or undefined when it colours nothing. */
export function scopeOf(capture: string): string | undefined {
  for (let name = capture; ; ) {
    const scope = CAPTURE_SCOPES[name];
    if (scope) return scope;
    const dot = name.lastIndexOf('.');
    if (dot < 0) return undefined;
    name = name.slice(0, dot);
  }
}

type Style = Record<string, string>;

/** A theme's colour and font style for a scope, as vscode-textmate's theme matching gives them to Shiki. */
function themeMatcher(theme: ThemeRegistration) {
  const raw: IRawTheme = { name: theme.name, settings: (theme.tokenColors ?? theme.settings ?? []) as IRawTheme['settings'] };
  const matcher = Theme.createFromRawTheme(raw);
  const colours = matcher.getColorMap();
  const upper = (c: string | undefined) => (c && c.startsWith('#') ? c.toUpperCase() : c);
  const fg = upper(theme.fg ?? theme.colors?.['editor.foreground']);
  return (scope: string | undefined) => {
    const m = scope ? matcher.match({ parent: null, scopeName: scope } as unknown as Parameters<Theme['match']>[0]) : null;
    return {
      color: (m && m.foregroundId > 0 ? colours[m.foregroundId] : undefined) ?? fg,
      bgColor: m && m.backgroundId > 0 ? colours[m.backgroundId] : undefined,
      fontStyle: m && m.fontStyle > 0 ? m.fontStyle : 0,
    };
  };
}

export interface TreeSitterHighlighter {
  /** Whether this highlighter takes a block in `lang` (lower case, Kiln's aliases applied). */
  handles(lang: string, code: string): boolean;
  /** The block's lines of tokens, each with its two-theme style; undefined if the grammar failed on it (Shiki takes it then). */
  tokens(lang: string, code: string): Promise<ThemedToken[][] | undefined>;
}

export interface TreeSitterOptions {
  /** How the native bindings are loaded (`require`); tests make them fail. */
  loadNative?: LoadNative;
}

export function createTreeSitterHighlighter(themes: CodeThemes, options: TreeSitterOptions = {}): TreeSitterHighlighter {
  const require = createRequire(import.meta.url);
  type Loaded = { module: GrammarModule; session: number } | null;
  const grammars = new Map<string, Loaded>();
  const loading = new Map<string, Promise<Loaded>>();
  const light = themeMatcher(themes.light);
  const dark = themeMatcher(themes.dark);

  // One style object per distinct look: tokens share them, and preHtml writes each tag once.
  const styles: Style[] = [];
  const styleIds = new Map<string, number>();
  const styleIdOfScope = new Map<string | undefined, number>();
  const styleOf = (scope: string | undefined): number => {
    let id = styleIdOfScope.get(scope);
    if (id !== undefined) return id;
    const variants = { light: light(scope), dark: dark(scope) };
    const htmlStyle = flatTokenVariants({ content: '', offset: 0, variants }, ['light', 'dark'], '--shiki-', false, 'css-vars').htmlStyle as Style;
    const key = JSON.stringify(htmlStyle);
    id = styleIds.get(key);
    if (id === undefined) {
      styleIds.set(key, (id = styles.length));
      styles.push(htmlStyle);
    }
    styleIdOfScope.set(scope, id);
    return id;
  };
  const plain = styleOf(undefined);
  /** Capture name → style id, or -1 for a capture that colours nothing; per grammar. */
  const captureStyles = new Map<string, Map<string, number>>();

  /** The grammar, loaded on first use: its module, compiled from the package's `.wasm`, and one parsing session. */
  const grammar = async (name: string): Promise<Loaded> => {
    const known = grammars.get(name);
    if (known !== undefined) return known;
    let p = loading.get(name);
    if (!p) {
      p = (async () => {
        try {
          const module = (await import(`@arborium/${name}`)) as GrammarModule;
          module.initSync({ module: readFileSync(require.resolve(`@arborium/${name}/grammar_bg.wasm`)) });
          return { module, session: module.create_session() };
        } catch {
          return null;
        }
      })().then((g) => {
        if (!grammars.has(name)) grammars.set(name, g);
        return grammars.get(name)!;
      });
      loading.set(name, p);
    }
    return p;
  };

  /** Native grammars, loaded on first use (a synchronous `require`); null when a binding failed to load. */
  const natives = new Map<NativeName, NativeGrammar | null>();
  const native = (name: NativeName) => {
    let g = natives.get(name);
    if (g === undefined) natives.set(name, (g = loadNativeGrammar(name, options.loadNative)));
    return g;
  };

  return {
    handles(lang, code) {
      const nativeName = nativeGrammarOf(lang, code);
      const nativeGrammar = nativeName && native(nativeName);
      if (nativeGrammar) return !nativeGrammar.declines?.(code) && !hasLineLongerThan(code, LIMITS.highlightedLineLength);
      const name = TREE_SITTER_LANGUAGES[lang];
      if (!name) return false;
      if (name === 'typescript' && (JSX.test(code) || (JSX_LANGUAGES.has(lang) && JSX_OPENING.test(code)))) return false;
      // Shiki shows a line past the limit as plain text (budgets.ts); tree-sitter would parse it all.
      if (hasLineLongerThan(code, LIMITS.highlightedLineLength)) return false;
      return grammars.get(name) !== null;
    },
    async tokens(lang, code) {
      const nativeName = nativeGrammarOf(lang, code);
      const nativeGrammar = nativeName && native(nativeName);
      if (nativeGrammar) {
        await nativeGrammar.ready;
        const paint = new Int32Array(code.length).fill(plain);
        try {
          if (!walkTree(nativeGrammar, code, (scope, from, to) => paint.fill(styleOf(scope), from, Math.min(to, code.length)))) return undefined;
        } catch {
          return undefined;
        }
        return linesOf(code, paint);
      }
      const name = TREE_SITTER_LANGUAGES[lang]!;
      const g = await grammar(name);
      if (!g) return undefined;
      let captures: Capture[];
      try {
        g.module.set_text(g.session, code);
        captures = g.module.parse_utf16(g.session).spans ?? [];
      } catch {
        // A grammar that trapped may have left its memory in any state: Shiki takes its language from now on.
        grammars.set(name, null);
        return undefined;
      }
      let byCapture = captureStyles.get(name);
      if (!byCapture) captureStyles.set(name, (byCapture = new Map()));

      // Each UTF-16 unit takes the style of the innermost capture over it; where a node has several
      // captures the query's last pattern wins (tree-sitter's highlighters agree on both).
      const paint = new Int32Array(code.length).fill(plain);
      captures.sort((a, b) => b.end - b.start - (a.end - a.start) || (a.pattern_index ?? 0) - (b.pattern_index ?? 0));
      for (const c of captures) {
        let id = byCapture.get(c.capture);
        if (id === undefined) {
          const scope = scopeOf(c.capture);
          byCapture.set(c.capture, (id = scope ? styleOf(scope) : -1));
        }
        if (id >= 0 && c.end > c.start) paint.fill(id, c.start, Math.min(c.end, code.length));
      }
      return linesOf(code, paint);
    },
  };

  /** The block's tokens: runs of one style, cut at line ends. */
  function linesOf(code: string, paint: Int32Array): ThemedToken[][] {
    // A blank run joins the token after it on its line, as Shiki's do.
    const lines: ThemedToken[][] = [];
    let line: ThemedToken[] = [];
    let start = 0;
    let blank = '';
    let blankAt = 0;
    const push = (end: number) => {
      if (end <= start) return;
      const content = code.slice(start, end);
      if (/^\s+$/.test(content)) {
        if (!blank) blankAt = start;
        blank += content;
      } else {
        line.push({ content: blank + content, offset: blank ? blankAt : start, htmlStyle: styles[paint[start]!] } as ThemedToken);
        blank = '';
      }
      start = end;
    };
    const endLine = () => {
      if (blank) line.push({ content: blank, offset: blankAt, htmlStyle: styles[plain] } as ThemedToken);
      blank = '';
      lines.push(line);
      line = [];
    };
    for (let i = 0; i < code.length; i++) {
      if (code.charCodeAt(i) === 10) {
        push(i);
        endLine();
        start = i + 1;
      } else if (paint[i] !== paint[start]) push(i);
    }
    push(code.length);
    endLine();
    return lines;
  }
}
