/**
 * Encoders for values (from settings, front matter, OpenAPI files) that are written into a page as
 * text rather than through React's attributes and children: each one makes a value inert in one
 * context. What React renders is escaped by React; what is put together as a string (inline
 * styles and scripts, JSON-LD, redirect pages, analytics snippets) goes through these.
 *
 * The rule they keep: a value never ends the element it sits in (`</style>`, `</script>`) and
 * never leaves the token it was put in (a CSS string, a JavaScript string, an attribute).
 */

import { isCssColor } from '../../shared/colour.js';

/** HTML text or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * A value as JSON that is safe inside an inline `<script>` (JSON-LD included): `<`, `>` and `&` as
 * `\u003c`-style escapes, so it can neither end the script nor open a comment, and the two line
 * separators older JavaScript does not allow in strings. Still valid JSON, with the same value.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, unicodeEscape);
}

/** A JavaScript string literal that is safe inside an inline `<script>`. */
export function jsString(value: string | number): string {
  return jsonInScript(String(value));
}

/** What may stand in a CSS string as itself; everything else is written as a CSS hex escape. */
const CSS_PLAIN = /[A-Za-z0-9 _.,:;/?#=&%@+!~*$-]/;

/**
 * A CSS string token (`"…"`) holding `value` exactly: quotes, backslashes, `<`, `>`, parentheses,
 * line breaks and other controls, and every non-ASCII character are hex escapes (`\3c `), so the
 * string cannot end early, end the `<style>` element, or hide a character from a reader.
 */
export function cssString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    // NUL is not allowed in CSS; the replacement character is what a browser would read.
    out += CSS_PLAIN.test(ch) ? ch : `\\${(code === 0 ? 0xfffd : code).toString(16)} `;
  }
  return out + '"';
}

/** A CSS `url()` of `url`, quoted and escaped as a CSS string. */
export function cssUrl(url: string): string {
  return `url(${cssString(url)})`;
}

/** `value` when it is one CSS colour, else undefined: a colour never carries other declarations. */
export function cssColor(value: string | undefined): string | undefined {
  return value !== undefined && isCssColor(value) ? value.trim() : undefined;
}

/**
 * The text of a `<style>` element. The values in it are encoded already; this is the last guard
 * for the element itself: a `<` (only ever in a string or a comment in valid CSS) becomes the
 * escape `\3c `, so no value can write `</style>`.
 */
export function styleText(css: string): string {
  return css.replace(/</g, '\\3c ');
}
