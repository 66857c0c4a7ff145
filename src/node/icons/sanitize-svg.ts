/**
 * Inline SVG given as an `icon` string (`icon='<svg viewBox="0 0 24 24">…</svg>'`) is re-serialised
 * from an allow-list: shape elements and presentation attributes only. Everything else is dropped
 * with its content (script, style, foreignObject, use, a, text, …), as are event handlers, links
 * and `url(…)` values other than a local `url(#id)`. The output is built from scratch, so nothing
 * of the input reaches the page unescaped.
 */

const ELEMENTS = new Set(['svg', 'g', 'path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse']);

const ATTRIBUTES = new Set([
  // geometry
  'd', 'cx', 'cy', 'r', 'rx', 'ry', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'width', 'height', 'points',
  'viewbox', 'preserveaspectratio', 'transform', 'pathlength',
  // presentation
  'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'stroke', 'stroke-width', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity',
  'opacity', 'color', 'vector-effect', 'shape-rendering', 'visibility', 'display',
  // root
  'xmlns', 'version',
]);

/** Attribute names whose case matters in SVG (the allow-list above is lower case). */
const CASED: Record<string, string> = { viewbox: 'viewBox', preserveaspectratio: 'preserveAspectRatio', pathlength: 'pathLength' };

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function safeValue(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const squeezed = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
  if (/(javascript|vbscript|data):/.test(squeezed)) return false;
  if (/expression\(/.test(squeezed)) return false;
  // url(…) only as a reference inside the document: url(#gradient)
  for (const m of squeezed.matchAll(/url\(([^)]*)\)/g)) if (!/^['"]?#[\w-]+['"]?$/.test(m[1] ?? '')) return false;
  return true;
}

export interface SanitizeOptions {
  /** Attributes set on the root `<svg>`, replacing the input's (`class`, `width`, `aria-hidden`, …). */
  rootAttributes?: Record<string, string | undefined>;
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<\/\s*([a-zA-Z][\w:.-]*)\s*>|<([a-zA-Z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|[^<]+|</g;
const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Sanitised SVG markup, or undefined when the input holds no `<svg>` element. */
export function sanitizeSvg(markup: string, options: SanitizeOptions = {}): string | undefined {
  let out = '';
  /** Open elements: allowed ones are written, disallowed ones swallow their content. */
  const stack: { name: string; kept: boolean }[] = [];
  let skipping = 0;
  let sawRoot = false;
  let rootClosed = false;

  for (const m of markup.matchAll(TOKEN)) {
    if (rootClosed) break;
    const [token, closeName, openName, rawAttrs = '', selfClose] = m;
    if (closeName !== undefined) {
      const name = closeName.toLowerCase();
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at < 0) continue;
      while (stack.length > at) {
        const e = stack.pop()!;
        if (e.kept) out += `</${e.name}>`;
        else skipping--;
      }
      if (stack.length === 0 && sawRoot) rootClosed = true;
      continue;
    }
    if (openName === undefined) continue; // text, comments, doctype, processing instructions
    const name = openName.toLowerCase();
    const isRoot = !sawRoot;
    if (isRoot && name !== 'svg') continue; // anything before the root <svg>
    sawRoot = true;
    const kept = skipping === 0 && ELEMENTS.has(name) && (isRoot || name !== 'svg');
    if (kept) {
      const attrs = new Map<string, string>();
      for (const a of rawAttrs.matchAll(ATTR)) {
        const key = a[1]!.toLowerCase();
        if (!ATTRIBUTES.has(key)) continue;
        const value = decode(a[2] ?? a[3] ?? a[4] ?? '');
        if (!safeValue(value)) continue;
        attrs.set(CASED[key] ?? key, value);
      }
      if (isRoot) {
        if (!attrs.has('xmlns')) attrs.set('xmlns', 'http://www.w3.org/2000/svg');
        for (const [k, v] of Object.entries(options.rootAttributes ?? {})) {
          if (v === undefined) attrs.delete(k);
          else attrs.set(k, v);
        }
      }
      out += `<${name}${[...attrs].map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('')}`;
      if (selfClose) {
        out += '/>';
        if (isRoot) rootClosed = true;
      } else {
        out += '>';
        stack.push({ name, kept: true });
      }
    } else if (!selfClose) {
      skipping++;
      stack.push({ name, kept: false });
    }
    void token;
  }
  if (!sawRoot) return undefined;
  while (stack.length) {
    const e = stack.pop()!;
    if (e.kept) out += `</${e.name}>`;
  }
  return out;
}
