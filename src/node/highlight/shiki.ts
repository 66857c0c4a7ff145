import type { Element } from 'hast';
import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight } from '@shikijs/transformers';
import { LIMITS } from '../budgets.js';
import { bundledLanguages, bundledLanguagesInfo, createHighlighter, type HighlighterGeneric, type ShikiTransformer, type ThemedToken } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { toHtml } from 'hast-util-to-html';
import type { HighlightRequest, HighlightResult, Highlighter } from './highlighter.js';
import { openGrammarTables, type GrammarTables } from './grammar-tables.js';
import { FENCED_MARKDOWN, fencedMarkdown, fenceRuns, runCode, spliceRuns, type FencedMarkdown } from './markdown-fences.js';
import { blockCode, COMPONENT_LANGUAGES, spliceBlocks, splitComponent } from './sfc-blocks.js';
import { createOnePass, ID_THEME, mergeWhitespace, preAttributes, preHtml, tokensToTree, type OnePass } from './one-pass.js';
import type { HighlightStore } from './store.js';
import { loadCodeThemes } from './themes.js';
import { createTreeSitterHighlighter, type TreeSitterHighlighter } from './tree-sitter.js';
import { injectingOnlyInHosts } from './injections.js';
import { GATED_EMBEDS, withGatedEmbeds } from './gated-embeds.js';
import type { LoadNative } from './native-grammars.js';

/** Theme names registered by `loadCodeThemes`. */
const THEMES = { light: 'kiln-github-light', dark: 'kiln-github-dark' } as const;
/**
 * Fence languages real pages use that Shiki knows by another name, or has no grammar for and one
 * fits: commands (`terminal`, `curl`, `command`, `cli`) are shell; `.env` files are dotenv;
 * Jinja2 and Go templates share the `{{ … }}`/`{% … %}` syntax of Jinja's grammar; Gradle build
 * files are Groovy; newline-delimited JSON is JSON Lines; CEL expressions (Google's Common
 * Expression Language) read as C-like expressions, which JavaScript's grammar colours right
 * (strings, numbers, `&&`, `?:`, calls and fields).
 */
export const ALIASES: Record<string, string> = {
  env: 'dotenv', '.env': 'dotenv', console: 'shellsession', 'shell-session': 'shellsession', text: 'plaintext', txt: 'plaintext', plain: 'plaintext', mdx: 'mdx',
  terminal: 'shellscript', curl: 'shellscript', command: 'shellscript', commands: 'shellscript', cli: 'shellscript', 'shell-script': 'shellscript',
  jinja2: 'jinja', j2: 'jinja', gotmpl: 'jinja', 'go-template': 'jinja', gotemplate: 'jinja',
  gradle: 'groovy', ndjson: 'jsonl', cel: 'javascript', svg: 'xml',
  // Text with no syntax to colour: plain, as the author meant, not an unknown language.
  output: 'plaintext', prompt: 'plaintext', gitignore: 'plaintext', dockerignore: 'plaintext', vtt: 'plaintext', webvtt: 'plaintext', srt: 'plaintext',
};

/** The grammar for a fence's language as written: case and R Markdown's braces (```` ```{python} ````) aside. */
export function languageOf(written: string): string {
  const lang = (written || 'plaintext').toLowerCase().replace(/^\{(.+)\}$/, '$1');
  return ALIASES[lang] ?? lang;
}
/** Highlighted blocks kept in memory per highlighter (a page's blocks, re-rendered in dev, hit it). */
export const MEMORY_ENTRIES = 2000;
const PLAIN = new Set(['plaintext', 'text', 'txt', 'plain', '']);

/** The grammars Markdown reads raw HTML with: block HTML by `html`'s, inline tags by `html-derivative`'s. */
const MARKDOWN_HTML = ['html', 'html-derivative'];

/**
 * Languages a grammar embeds lazily that it uses without the block naming them: Markdown's raw HTML
 * and front matter, MDX's JSX and front matter. Its other lazy embeds are named where used (a
 * ```java fence, `<style lang="scss">`).
 */
const STRUCTURAL_EMBEDS: Record<string, readonly string[]> = { markdown: [...MARKDOWN_HTML, 'yaml', 'toml'], mdx: ['tsx', 'yaml', 'toml'] };

/** Each bundled language's id and aliases. */
const NAMES = new Map(bundledLanguagesInfo.map((l) => [l.id, [l.id, ...(l.aliases ?? [])]]));
const MARKDOWN = new Set(NAMES.get('markdown'));
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Some grammars (Markdown, MDX, Vue, Svelte, AsciiDoc, …) embed other languages lazily: Shiki
 * colours a ```java fence inside a Markdown block only if Java happens to be loaded already. A
 * block's colours would then depend on which pages the thread highlighted before it, and differ
 * from build to build (a corpus page did). Before such a block is tokenised, the embeds it names
 * (by id or alias, as a word anywhere in it) and the grammar's structural ones are loaded, so its
 * colours follow from its own text. Loading all of Markdown's 57 lazy embeds up front took 2 s.
 */
async function lazyEmbeds(lang: string): Promise<{ structural: string[]; named?: { re: RegExp; byWord: Map<string, string> } }> {
  const grammars = (await bundledLanguages[lang as keyof typeof bundledLanguages]()).default;
  const lazy = [...new Set(grammars.flatMap((g) => g.embeddedLangsLazy ?? []))].filter((l) => l in bundledLanguages);
  const structural = (STRUCTURAL_EMBEDS[lang] ?? []).filter((l) => lazy.includes(l));
  const byWord = new Map<string, string>();
  for (const l of lazy) for (const w of NAMES.get(l) ?? [l]) byWord.set(w.toLowerCase(), l);
  if (!byWord.size) return { structural };
  const words = [...byWord.keys()].sort((a, b) => b.length - a.length).map(escapeRe);
  return { structural, named: { re: new RegExp(`(?<![\\w-])(${words.join('|')})(?![\\w-])`, 'gi'), byWord } };
}

/**
 * Shiki's comment notations (`// [!code ++]`, `[!code --]`, `[!code highlight]`, `[!code focus]`,
 * with `:n` for n lines), as @shikijs/transformers applies them: the lines get `diff add`/`diff
 * remove`, `highlighted` and `focused`, the `<pre>` `has-diff`, `has-highlighted`, `has-focused`,
 * and the comment is taken out of the code.
 */
const NOTATION: ShikiTransformer[] = [transformerNotationDiff(), transformerNotationHighlight(), transformerNotationFocus()];
/** Whether `code` may hold a notation: only such blocks go through the transformers (rare, and slower). */
export const hasNotation = (code: string) => code.includes('[!code');

/** A block's `<pre>` with its notations applied (see NOTATION), from tokens made without Shiki. */
function notationHtml(tokens: ThemedToken[][], code: string, lang: string, marks: { highlight: Set<number>; focus: Set<number> }, pre: { className: string; style: string }): string {
  const root = tokensToTree(tokens, code, lang, [markLines(marks.highlight, marks.focus), ...NOTATION], pre);
  return toHtml(root.children.find((n): n is Element => n.type === 'element' && n.tagName === 'pre')!);
}

function markLines(highlight: Set<number>, focus: Set<number>): ShikiTransformer {
  return {
    name: 'kiln:lines',
    line(node, line) {
      if (highlight.has(line)) this.addClassToHast(node, 'highlighted');
      if (focus.size && !focus.has(line)) this.addClassToHast(node, 'blurred');
    },
  };
}

export interface ShikiHighlighterOptions {
  /** False: each theme tokenised on its own (the reference one-pass.ts is tested against). */
  onePass?: boolean;
  /** False: a language loads every grammar it embeds at once (the reference gated-embeds.ts is tested against). */
  gatedEmbeds?: boolean;
  store?: HighlightStore;
  keepTrees?: boolean;
  grammarTables?: GrammarTables;
  /**
   * `hybrid` (the default): the languages tree-sitter.ts has a grammar for are highlighted by it,
   * the others by Shiki; `shiki`: every language by Shiki (the reference the hybrid is compared with).
   */
  engine?: 'hybrid' | 'shiki';
  /** Shiki's regular expressions: JavaScript's (the default, tables made at build time) or Oniguruma's WebAssembly build. */
  regexEngine?: 'javascript' | 'oniguruma';
  /** How tree-sitter's native bindings are loaded (tests make them fail); `require` by default. */
  loadNative?: LoadNative;
}

/**
 * Code blocks coloured for both themes, emitted as CSS variables so the site theme switches colours
 * without re-highlighting. The common languages go to tree-sitter grammars (tree-sitter.ts), the
 * rest to Shiki with the JavaScript regex engine (no WebAssembly start-up), its languages loaded on
 * first use, their regular expressions from the tables made at package build time (grammar-tables.ts).
 * Tree-sitter's blocks are written as Shiki's are, tokens to HTML (one-pass.ts), so the pipeline
 * sees one kind of `<pre>`.
 */
export function createShikiHighlighter(options: ShikiHighlighterOptions = {}): Highlighter {
  const tables = options.grammarTables ?? openGrammarTables();
  let instance:
    | Promise<{ hl: HighlighterGeneric<string, string>; onePass?: OnePass; treeSitter?: TreeSitterHighlighter; pre: { className: string; style: string } }>
    | undefined;
  const loading = new Map<string, Promise<void>>();
  const embeds = new Map<string, ReturnType<typeof lazyEmbeds>>();
  // Blocks in memory, the most recently used last. Bounded, and HTML only unless `keepTrees` (tests):
  // a block's hast is ~60 KB against its ~5 KB of HTML, and keeping every block's tree is what took
  // a 10,000-page build to 2 GB.
  type Entry = { pre?: Element; html: string; known: boolean };
  const cache = new Map<string, Entry>();
  const remember = (key: string, entry: Entry) => {
    cache.set(key, entry);
    if (cache.size > MEMORY_ENTRIES) cache.delete(cache.keys().next().value!);
  };
  const result = (hit: Entry): HighlightResult => ({
    html: hit.html,
    known: hit.known,
    get pre() {
      return hit.pre && structuredClone(hit.pre);
    },
  });

  // Both themes from one tokenisation when they allow it (one-pass.ts); `onePass: false` is the
  // reference path its tests compare with.
  const get = () =>
    (instance ??= loadCodeThemes().then(async (themes) => {
      const onePass = options.onePass === false ? undefined : createOnePass(themes.light, themes.dark);
      const hl = (await createHighlighter({
        themes: [themes.light, themes.dark, ...(onePass ? [onePass.theme] : [])],
        langs: [],
        engine:
          options.regexEngine === 'oniguruma'
            ? await createOnigurumaEngine(import('shiki/wasm'))
            : createJavaScriptRegexEngine({ forgiving: true, regexConstructor: tables.regex }),
      })) as HighlighterGeneric<string, string>;
      const pre = preAttributes(hl.codeToHast('x', { lang: 'plaintext', themes: THEMES, defaultColor: false }));
      const treeSitter = options.engine === 'shiki' ? undefined : createTreeSitterHighlighter(themes, { loadNative: options.loadNative });
      return { hl, onePass, treeSitter, pre };
    }));

  async function ensureLanguage(hl: HighlighterGeneric<string, string>, lang: string): Promise<boolean> {
    if (PLAIN.has(lang)) return true;
    if (hl.getLoadedLanguages().includes(lang)) return true;
    if (!(lang in bundledLanguages)) return false;
    let p = loading.get(lang);
    if (!p) {
      const grammars = bundledLanguages[lang as keyof typeof bundledLanguages]().then((m) => {
        const bundle = m.default.map(injectingOnlyInHosts);
        return options.gatedEmbeds === false ? bundle : withGatedEmbeds(bundle);
      });
      loading.set(
        lang,
        (p = grammars.then((g) => {
          if (options.regexEngine !== 'oniguruma') tables.prepare(lang, g.map((x) => x.name));
          return hl.loadLanguage(...g);
        })),
      );
    }
    await p;
    return true;
  }

  /**
   * A Markdown block's tokens, each fence's code highlighted as a block of its own
   * (markdown-fences.ts); undefined where that would not give Shiki's colours (a fence in a quote).
   */
  let fenced: Promise<FencedMarkdown> | undefined;
  async function markdownTokens(hl: HighlighterGeneric<string, string>, onePass: OnePass, treeSitter: TreeSitterHighlighter, code: string): Promise<ThemedToken[][] | undefined> {
    const f = await (fenced ??= (async () => {
      const markdown = (await bundledLanguages.markdown()).default.find((g) => g.name === 'markdown')!;
      const made = fencedMarkdown(markdown);
      if (options.regexEngine !== 'oniguruma') tables.prepare('markdown');
      for (const g of made.grammars) await hl.loadLanguage(g);
      return made;
    })());
    // Raw HTML's grammars, as for Markdown read whole (STRUCTURAL_EMBEDS), when the block may hold
    // some: else its HTML was coloured only once another block had loaded them. (Front matter is
    // highlighted as a fence is.)
    if (code.includes('<')) for (const l of MARKDOWN_HTML) await ensureLanguage(hl, l);
    const base = hl.codeToTokensBase(code, { lang: FENCED_MARKDOWN, theme: ID_THEME, includeExplanation: 'scopeName', tokenizeTimeLimit: 0, tokenizeMaxLineLength: LIMITS.highlightedLineLength });
    const runs = fenceRuns(base, f.languages, onePass.isPlain);
    if (!runs) return undefined;
    const codeLines = code.split('\n');
    const highlighted: ThemedToken[][][] = [];
    for (const run of runs) highlighted.push(await blockTokens(hl, onePass, treeSitter, run.lang, runCode(run, codeLines)));
    return mergeWhitespace(spliceRuns(onePass.styled(base), codeLines, runs, highlighted));
  }

  /** A Vue or Svelte component's tokens, its scripts and styles highlighted as blocks of their own (sfc-blocks.ts); undefined when it has none. */
  async function componentTokens(hl: HighlighterGeneric<string, string>, onePass: OnePass, treeSitter: TreeSitterHighlighter, lang: string, code: string): Promise<ThemedToken[][] | undefined> {
    const split = splitComponent(code);
    if (!split) return undefined;
    await ensureLanguage(hl, lang);
    await ensureEmbeds(hl, lang, split.shell);
    const shell = onePass.tokens(hl, split.shell, lang);
    const highlighted: ThemedToken[][][] = [];
    for (const block of split.blocks) highlighted.push(await blockTokens(hl, onePass, treeSitter, block.lang, blockCode(split, block)));
    return spliceBlocks(split, shell, highlighted);
  }

  /** A block's styled tokens, as `highlight` makes them without marks or notations. */
  async function blockTokens(hl: HighlighterGeneric<string, string>, onePass: OnePass, treeSitter: TreeSitterHighlighter, lang: string, code: string): Promise<ThemedToken[][]> {
    if (treeSitter.handles(lang, code)) {
      const tokens = await treeSitter.tokens(lang, code);
      if (tokens) return tokens;
    }
    if (MARKDOWN.has(lang) && !code.includes('\r')) {
      const tokens = await markdownTokens(hl, onePass, treeSitter, code);
      if (tokens) return tokens;
    }
    if (COMPONENT_LANGUAGES.has(lang) && !code.includes('\r')) {
      const tokens = await componentTokens(hl, onePass, treeSitter, lang, code);
      if (tokens) return tokens;
    }
    const known = await ensureLanguage(hl, lang);
    if (known && !PLAIN.has(lang)) await ensureEmbeds(hl, lang, code);
    return onePass.tokens(hl, code, known ? lang : 'plaintext');
  }

  /** Loads the lazily embedded languages `code` names (see `lazyEmbeds`) and the gated ones it can reach (gated-embeds.ts). */
  async function ensureEmbeds(hl: HighlighterGeneric<string, string>, lang: string, code: string): Promise<void> {
    let e = embeds.get(lang);
    if (!e) embeds.set(lang, (e = lazyEmbeds(lang)));
    const { structural, named } = await e;
    const needed = new Set(structural);
    if (named) for (const m of code.matchAll(named.re)) needed.add(named.byWord.get(m[1]!.toLowerCase())!);
    for (const l of needed) await ensureLanguage(hl, l);
    if (options.gatedEmbeds !== false) await ensureGated(hl, code);
  }

  /**
   * Loads the gated embeds (gated-embeds.ts) of every loaded language that `code` can reach: the
   * block's own, and those its grammars embed (GraphQL in an HTTP body, or in a Ruby heredoc).
   */
  async function ensureGated(hl: HighlighterGeneric<string, string>, code: string): Promise<void> {
    const tried = new Set<string>();
    for (let more = true; more; ) {
      more = false;
      const loaded = hl.getLoadedLanguages();
      for (const [lang, gates] of Object.entries(GATED_EMBEDS)) {
        if (!loaded.includes(lang)) continue;
        for (const gate of gates) {
          if (!gate.when.test(code)) continue;
          for (const l of gate.langs) {
            if (loaded.includes(l) || tried.has(l)) continue;
            tried.add(l);
            more = (await ensureLanguage(hl, l)) || more;
          }
        }
      }
    }
  }

  return {
    async highlight(req: HighlightRequest): Promise<HighlightResult> {
      const key = `${req.lang}\0${req.highlight?.join(',') ?? ''}\0${req.focus?.join(',') ?? ''}\0${req.code}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return result(hit);
      }
      const stored = await options.store?.get(key);
      if (stored) {
        remember(key, stored);
        return result(stored);
      }

      const { hl, onePass, treeSitter, pre: preAttrs } = await get();
      const lang = languageOf(req.lang);
      const code = req.code.replace(/\n$/, '');
      const marks = { highlight: new Set(req.highlight ?? []), focus: new Set(req.focus ?? []) };
      const notation = hasNotation(code);
      if (treeSitter?.handles(lang, code) && !options.keepTrees) {
        const tokens = await treeSitter.tokens(lang, code);
        if (tokens) {
          // Notations by Shiki's own transformers, on a tree of tree-sitter's tokens, so that a block
          // with one does not load the language's TextMate grammar (TypeScript's: 0.5-0.7 s of a thread).
          const html = notation ? notationHtml(tokens, code, lang, marks, preAttrs) : preHtml(tokens, marks, preAttrs);
          const entry = { html, known: true };
          remember(key, entry);
          options.store?.set(key, entry);
          return result(entry);
        }
      }
      // Lines split at \n alone: a block with \r\n keeps the old path.
      if ((MARKDOWN.has(lang) || COMPONENT_LANGUAGES.has(lang)) && treeSitter && onePass && !notation && !options.keepTrees && !code.includes('\r')) {
        const tokens = MARKDOWN.has(lang) ? await markdownTokens(hl, onePass, treeSitter, code) : await componentTokens(hl, onePass, treeSitter, lang, code);
        if (tokens) {
          const entry = { html: preHtml(tokens, marks, preAttrs), known: true };
          remember(key, entry);
          options.store?.set(key, entry);
          return result(entry);
        }
      }
      const known = await ensureLanguage(hl, lang);
      if (known && !PLAIN.has(lang)) await ensureEmbeds(hl, lang, req.code);
      const knownOrPlain = known || PLAIN.has(req.lang.toLowerCase());
      // HTML straight from the tokens (one-pass.ts), unless the tree itself is wanted (tests) or
      // the code has notations, which Shiki's transformers apply to the tree.
      if (onePass && !options.keepTrees && !notation) {
        const entry = { html: onePass.toHtml(hl, code, known ? lang : 'plaintext', marks, preAttrs), known: knownOrPlain };
        remember(key, entry);
        options.store?.set(key, entry);
        return result(entry);
      }
      const transformers = [markLines(marks.highlight, marks.focus), ...(notation ? NOTATION : [])];
      // Notations go through Shiki's own per-theme tree: its transformers strip a comment from
      // tokens split as Shiki splits them, which one-pass's tokens are not (a space was lost).
      const root = onePass && !notation
        ? onePass.toHast(hl, code, known ? lang : 'plaintext', transformers, preAttrs)
        : hl.codeToHast(code, {
            lang: known ? lang : 'plaintext',
            themes: THEMES,
            defaultColor: false,
            // No time limit: Shiki stops tokenising a line after 500 ms by default and colours the rest
            // as one token. The first use of a grammar compiles its regular expressions, and on a busy
            // machine (build workers) that crossed the limit: the same page came out with the first
            // theme's colours wrong, differently from run to run.
            tokenizeTimeLimit: 0,
            tokenizeMaxLineLength: LIMITS.highlightedLineLength,
            transformers,
          });
      const pre = root.children.find((n): n is Element => n.type === 'element' && n.tagName === 'pre')!;
      const entry = { pre: options.keepTrees ? pre : undefined, html: toHtml(pre), known: knownOrPlain };
      remember(key, entry);
      options.store?.set(key, { html: entry.html, known: entry.known });
      return result(entry);
    },
  };
}
