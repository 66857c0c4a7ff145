import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { isCssColor } from '../../shared/colour.js';
import { cssColor, cssString, cssUrl, escapeHtml, jsonInScript, jsString, styleText } from './encode.js';

/** The elements an HTML parser makes of a page whose <style> holds `--x:<value>`. */
function parsedVariable(value: string): { styles: string[]; scripts: number } {
  const tree: Root = fromHtml(`<!doctype html><html><head><style>${styleText(`:root{--x:${value}}`)}</style></head><body></body></html>`);
  const styles: string[] = [];
  let scripts = 0;
  visit(tree, 'element', (el: Element) => {
    if (el.tagName === 'style') styles.push(toString(el));
    if (el.tagName === 'script') scripts++;
  });
  return { styles, scripts };
}

describe('CSS encoders', () => {
  it('keep a value inside its string: quotes, backslashes, <, parentheses and controls are hex escapes', () => {
    expect(cssString('/bg.svg')).toBe('"/bg.svg"');
    expect(cssString('a"b\\c')).toBe('"a\\22 b\\5c c"');
    expect(cssString('</style><script>x()</script>')).toBe('"\\3c /style\\3e \\3c script\\3e x\\28 \\29 \\3c /script\\3e "');
    expect(cssString('a\nb\u0000')).toBe('"a\\a b\\fffd "');
    expect(cssString('café')).toBe('"caf\\e9 "');
    expect(cssUrl('/images/my bg.png')).toBe('url("/images/my bg.png")');
  });

  it('a url() of a hostile value stays one declaration of the one <style> element', () => {
    const parsed = parsedVariable(cssUrl('/bg.svg</style><script>window.__xss=1</script>'));
    expect(parsed.scripts).toBe(0);
    expect(parsed.styles).toEqual([':root{--x:url("/bg.svg\\3c /style\\3e \\3c script\\3e window.__xss=1\\3c /script\\3e ")}']);
  });

  it('styleText turns any < of the style element into an escape', () => {
    expect(styleText(':root{--x:"</style>"}')).toBe(':root{--x:"\\3c /style>"}');
    expect(parsedVariable('"</style><script>1</script>"').scripts).toBe(0);
  });

  it('cssColor passes one colour and nothing else', () => {
    for (const c of ['#0d9373', '#FFF', '#0d937380', 'red', 'transparent', 'rgb(1, 2, 3)', 'hsl(120 50% 50% / 0.5)', 'oklch(0.7 0.1 200)']) expect(isCssColor(c), c).toBe(true);
    for (const c of ['red;background:url(/x)', 'red}</style>', 'url(/x)', 'expression(alert(1))', '#12', 'rgb(1,2,3);x:y', '']) expect(isCssColor(c), c).toBe(false);
    expect(cssColor(' #abc ')).toBe('#abc');
    expect(cssColor('red;position:fixed')).toBeUndefined();
    expect(cssColor(undefined)).toBeUndefined();
  });
});

describe('script and HTML encoders', () => {
  it('jsonInScript is JSON with the same value that cannot end a script or open a comment', () => {
    const value = { name: '</script><script>alert(1)</script>', c: '<!--', sep: 'a\u2028b\u2029c', amp: 'a&b' };
    const text = jsonInScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('jsString keeps </script> and line separators out of the script text', () => {
    expect(jsString('</script>')).toBe('"\\u003c/script\\u003e"');
    expect(jsString('a\u2028b')).toBe('"a\\u2028b"');
    expect(jsString(42)).toBe('"42"');
  });

  it('escapeHtml escapes what ends text or a quoted attribute', () => {
    expect(escapeHtml(`"'<a>&`)).toBe('&quot;&#39;&lt;a&gt;&amp;');
  });
});
