import type { Element, Root } from 'hast';
import { LIMITS } from '../budgets.js';
import { flatTokenVariants, isPlainLang, tokenizeWithTheme, tokensToHast, type HighlighterGeneric, type ShikiTransformer, type ThemeRegistration, type ThemedToken, type ThemedTokenWithVariants } from 'shiki';
import { createLineMemo } from './line-memo.js';

/**
 * Both themes from one tokenisation. Shiki colours code for two themes by tokenising it once per
 * theme; GitHub's light and dark themes have the same rules (scopes, font styles) in the same order
 * and differ only in colours, so one pass with a stand-in theme whose colours name the rule that
 * matched ("token ids") tells both themes' colours. That halves the highlighter's work, about a
 * fifth of a page's build. Themes whose rules differ are not eligible (`createOnePass` returns
 * undefined) and are tokenised per theme as usual.
 */

export const ID_THEME = 'kiln-token-ids';

const FOREGROUND = 0x000000;
const BACKGROUND = 0x100000;
const DEFAULT_BACKGROUND = 0x200000;
const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`;

interface Colours {
  fg: string[];
  bg: string[];
  defaultFg: string;
  defaultBg: string;
}

type Rule = NonNullable<ThemeRegistration['tokenColors']>[number];

function rulesOf(theme: ThemeRegistration): Rule[] {
  return (theme.tokenColors ?? theme.settings ?? []) as Rule[];
}

function coloursOf(theme: ThemeRegistration): Colours {
  const rules = rulesOf(theme);
  return {
    fg: rules.map((r) => r.settings.foreground ?? ''),
    bg: rules.map((r) => r.settings.background ?? ''),
    defaultFg: theme.fg ?? theme.colors?.['editor.foreground'] ?? '',
    defaultBg: theme.bg ?? theme.colors?.['editor.background'] ?? '',
  };
}

/** Same scopes, font styles and which colours each rule sets: then the matched rule decides both themes. */
function sameShape(a: ThemeRegistration, b: ThemeRegistration): boolean {
  const ra = rulesOf(a);
  const rb = rulesOf(b);
  if (ra.length !== rb.length || !ra.length) return false;
  return ra.every((r, i) => {
    const s = rb[i]!;
    return (
      JSON.stringify(r.scope) === JSON.stringify(s.scope) &&
      r.settings.fontStyle === s.settings.fontStyle &&
      !!r.settings.foreground === !!s.settings.foreground &&
      !!r.settings.background === !!s.settings.background
    );
  });
}

/** Shiki's own whitespace merge (codeToHast's default): a blank token joins the next one. */
export function mergeWhitespace(tokens: ThemedToken[][]): ThemedToken[][] {
  const UNDERLINE_OR_STRIKE = 4 | 8;
  return tokens.map((line) => {
    const out: ThemedToken[] = [];
    let carry = '';
    let first: number | undefined;
    line.forEach((token, i) => {
      const canMerge = !((token.fontStyle ?? 0) & UNDERLINE_OR_STRIKE);
      if (canMerge && /^\s+$/.test(token.content) && line[i + 1]) {
        first ??= token.offset;
        carry += token.content;
      } else if (carry) {
        if (canMerge) out.push({ ...token, offset: first!, content: carry + token.content });
        else out.push({ content: carry, offset: first! } as ThemedToken, token);
        first = undefined;
        carry = '';
      } else out.push(token);
    });
    return out;
  });
}

export interface OnePass {
  /** The stand-in theme to register with the highlighter. */
  theme: ThemeRegistration;
  /** The `<pre>` Shiki's `codeToHast` with `themes: { light, dark }` and `defaultColor: false` gives, from one pass. */
  toHast(hl: HighlighterGeneric<string, string>, code: string, lang: string, transformers: ShikiTransformer[], pre: { className: string; style: string }): Root;
  /**
   * The same `<pre>` as HTML, written straight from the tokens: what hast-util-to-html makes of
   * `toHast`'s tree with Kiln's line marks (classes `highlighted`, `blurred`) as its only transformer,
   * without making the tree (a span element, its properties and a text node per token).
   */
  toHtml(hl: HighlighterGeneric<string, string>, code: string, lang: string, marks: LineMarks, pre: { className: string; style: string }): string;
  /** The tokens `toHtml` writes: each with its two-theme style, blank ones merged as Shiki merges them. */
  tokens(hl: HighlighterGeneric<string, string>, code: string, lang: string): ThemedToken[][];
  /** Tokens made with the stand-in theme (`ID_THEME`), each given its two-theme style; blanks not merged. */
  styled(base: ThemedToken[][]): ThemedToken[][];
  /** Whether a stand-in theme token takes no colour, background or font style from the theme. */
  isPlain(token: ThemedToken): boolean;
}

/** Lines (1-based) marked in the fence meta: `{1,3-4}` highlights, `focus=` blurs the others. */
export interface LineMarks {
  highlight: ReadonlySet<number>;
  focus: ReadonlySet<number>;
}

// hast-util-to-html's escapes: `<` and `&` in text, `"` and `&` in double-quoted attributes, as hexadecimal references.
const escapeText = (s: string) => (/[<&]/.test(s) ? s.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;') : s);
const escapeAttr = (s: string) => (/["&]/.test(s) ? s.replace(/&/g, '&#x26;').replace(/"/g, '&#x22;') : s);

function slowOpenTag(token: ThemedToken): string {
  let out = '<span';
  for (const [k, v] of Object.entries(token.htmlAttrs ?? {})) if (v != null) out += ` ${k}="${escapeAttr(String(v))}"`;
  const style = Object.entries(token.htmlStyle ?? {}).map(([k, v]) => `${k}:${v}`).join(';');
  if (style) out += ` style="${escapeAttr(style)}"`;
  return out + '>';
}

/** `<span style=…>` as hast-util-to-html writes it, by style object. */
const openTags = new WeakMap<object, string>();
function openTag(token: ThemedToken): string {
  if (token.htmlAttrs) return slowOpenTag(token);
  if (!token.htmlStyle) return '<span>';
  let tag = openTags.get(token.htmlStyle);
  if (tag === undefined) openTags.set(token.htmlStyle, (tag = slowOpenTag(token)));
  return tag;
}

/**
 * The `<pre>` of a block's tokens (a line each, each token with its two-theme style) as
 * hast-util-to-html writes Shiki's tree with Kiln's line marks. Tokens sharing a style object share
 * its tag, worked out once.
 */
export function preHtml(lines: readonly (readonly ThemedToken[])[], marks: LineMarks, pre: { className: string; style: string }): string {
  const out = lines.map((line, i) => {
    const n = i + 1;
    let cls = 'line';
    if (marks.highlight.has(n)) cls += ' highlighted';
    if (marks.focus.size && !marks.focus.has(n)) cls += ' blurred';
    let html = `<span class="${cls}">`;
    for (const token of line) html += `${openTag(token)}${escapeText(token.content)}</span>`;
    return html + '</span>';
  });
  return `<pre class="${escapeAttr(pre.className)}" style="${escapeAttr(pre.style)}" tabindex="0"><code>${out.join('\n')}</code></pre>`;
}

export function createOnePass(light: ThemeRegistration, dark: ThemeRegistration): OnePass | undefined {
  if (!sameShape(light, dark)) return undefined;
  const colours = { light: coloursOf(light), dark: coloursOf(dark) };
  const theme: ThemeRegistration = {
    name: ID_THEME,
    type: 'light',
    fg: hex(FOREGROUND),
    bg: hex(DEFAULT_BACKGROUND),
    colors: { 'editor.foreground': hex(FOREGROUND), 'editor.background': hex(DEFAULT_BACKGROUND) },
    tokenColors: rulesOf(light).map((r, i) => ({
      ...r,
      settings: {
        ...(r.settings.fontStyle !== undefined ? { fontStyle: r.settings.fontStyle } : {}),
        ...(r.settings.foreground ? { foreground: hex(FOREGROUND + i + 1) } : {}),
        ...(r.settings.background ? { background: hex(BACKGROUND + i + 1) } : {}),
      },
    })),
  };

  // Shiki writes colours as its theme registry normalised them: upper case.
  const decode = (c: Colours, id: string | undefined): string | undefined => upper(decodeId(c, id));
  const upper = (s: string | undefined) => (s && s.startsWith('#') ? s.toUpperCase() : s);
  const decodeId = (c: Colours, id: string | undefined): string | undefined => {
    if (!id) return undefined;
    const n = parseInt(id.slice(1, 7), 16);
    if (n === FOREGROUND) return c.defaultFg;
    if (n === DEFAULT_BACKGROUND) return c.defaultBg;
    if (n > BACKGROUND && n < DEFAULT_BACKGROUND) return c.bg[n - BACKGROUND - 1];
    if (n > FOREGROUND && n < BACKGROUND) return c.fg[n - FOREGROUND - 1];
    return undefined;
  };

  const memo = createLineMemo();

  /**
   * A token's style for both themes (Shiki's `flatTokenVariants`), by what it depends on: its
   * colour, background and font style in the stand-in theme. The same few dozen styles recur in
   * every block: working each out anew was half of this module's time.
   */
  const styles = new Map<string, Record<string, string>>();
  const styleOf = (t: ThemedToken): Record<string, string> => {
    const key = `${t.color}\n${t.bgColor}\n${t.fontStyle}`;
    let style = styles.get(key);
    if (!style) {
      const variant = (c: Colours) => ({ color: decode(c, t.color), bgColor: decode(c, t.bgColor), fontStyle: t.fontStyle });
      const merged: ThemedTokenWithVariants = { content: '', offset: 0, variants: { light: variant(colours.light), dark: variant(colours.dark) } };
      style = flatTokenVariants(merged, ['light', 'dark'], '--shiki-', false, 'css-vars').htmlStyle as Record<string, string>;
      styles.set(key, style);
    }
    return style;
  };
  return {
    theme,
    toHast(hl, code, lang, transformers, pre) {
      return tokensToTree(tokensOf(hl, code, lang), code, lang, transformers, pre);
    },
    toHtml(hl, code, lang, marks, pre) {
      return preHtml(tokensOf(hl, code, lang), marks, pre);
    },
    tokens: tokensOf,
    styled,
    isPlain: (t) => !t.fontStyle && !t.bgColor && (!t.color || parseInt(t.color.slice(1, 7), 16) === FOREGROUND),
  };

  /** What `codeToTokensBase` returns, with lines seen before answered from `memo`. */
  function baseTokens(hl: HighlighterGeneric<string, string>, code: string, lang: string): ThemedToken[][] {
    // Lines past the limit come out as one plain token (../budgets.ts LIMITS).
    const options = { lang, theme: ID_THEME, tokenizeTimeLimit: 0, tokenizeMaxLineLength: LIMITS.highlightedLineLength };
    const resolved = hl.resolveLangAlias(lang);
    if (isPlainLang(resolved) || resolved === 'ansi') return hl.codeToTokensBase(code, options);
    const { theme, colorMap } = hl.setTheme(ID_THEME);
    return tokenizeWithTheme(code, memo.grammar(hl.getLanguage(lang)), theme, colorMap, options);
  }

  /** Tokens with both themes' colours as CSS variables, blank tokens merged as Shiki merges them. */
  function tokensOf(hl: HighlighterGeneric<string, string>, code: string, lang: string): ThemedToken[][] {
    return mergeWhitespace(styled(baseTokens(hl, code, lang)));
  }

  function styled(base: ThemedToken[][]): ThemedToken[][] {
    return base.map((line) => line.map((t) => ({ content: t.content, explanation: undefined, offset: t.offset, htmlStyle: styleOf(t) })));
  }
}

/**
 * Shiki's tree of a block's tokens (each with its two-theme style), its transformers applied as
 * `codeToHast` applies them: Shiki's tokens or tree-sitter's (tree-sitter.ts), which are split
 * where Shiki splits its own, a blank run joined to the token after it.
 */
export function tokensToTree(tokens: ThemedToken[][], code: string, lang: string, transformers: ShikiTransformer[], pre: { className: string; style: string }): Root {
  const context = {
    meta: {},
    options: { lang, transformers },
    codeToHast: () => { throw new Error('not available in one-pass highlighting'); },
    codeToTokens: () => { throw new Error('not available in one-pass highlighting'); },
    source: code,
  };
  // Tokens share their style objects (see `styleOf`): copies, for transformers that change them.
  const copies = tokens.map((line) => line.map((t) => (t.htmlStyle ? { ...t, htmlStyle: { ...t.htmlStyle } } : t)));
  return tokensToHast(copies, { lang, transformers, themeName: pre.className.replace(/^shiki\s*/, ''), rootStyle: pre.style } as Parameters<typeof tokensToHast>[1], context as unknown as Parameters<typeof tokensToHast>[2]);
}

/** The class and style of the `<pre>` Shiki writes for the two themes, read once from a real dual-theme run. */
export function preAttributes(root: Root): { className: string; style: string } {
  const el = root.children.find((n): n is Element => n.type === 'element' && n.tagName === 'pre')!;
  const cls = el.properties.className;
  return { className: Array.isArray(cls) ? cls.join(' ') : String(el.properties.class ?? cls ?? ''), style: String(el.properties.style ?? '') };
}
