import { walkTree, type NativeGrammar, type Rule } from './native-grammars.js';

/** A character reference (`&amp;`, `&#169;`, `&#xA9;`), which Shiki colours as a constant in text and in attribute values. */
const ENTITY = /&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);/g;

/** `<script type=…>` values whose content Shiki's HTML grammar colours as JavaScript (any other type: as plain text). */
const SCRIPT_TYPES = new Set(['module', 'text/javascript', 'application/javascript', 'text/babel', 'text/ecmascript', 'application/ecmascript', 'text/jsx']);

/**
 * What Shiki's grammar colours with another language than the tree-sitter grammars Kiln has:
 * JavaScript in an event handler attribute (`onclick="go()"`), a `<script>` whose type is not
 * JavaScript's (Shiki leaves JSON and templates plain, tree-sitter has no way to tell), a `<style>`
 * in another language than CSS (`lang="scss"`). Such a block stays with Shiki, as does one with a
 * script or a style when TSX's or CSS's binding did not load (`script`, `style`).
 */
export function htmlDeclines(code: string, script: boolean, style: boolean): boolean {
  // Markup inside a script (HTML in a template string) is the script's text, not the block's tags.
  const markup = code.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script\s*>|$)/gi, '$1$2');
  if (/<[A-Za-z][^>]*\son[a-z]+\s*=/i.test(markup)) return true;
  for (const m of markup.matchAll(/<style\b([^>]*)>\s*([^\s<]?)/gi)) {
    if (m[2] && (!style || /\b(?:lang|type)\s*=/i.test(m[1]!))) return true;
  }
  for (const m of code.matchAll(/<script\b([^>]*)>\s*([^\s<]?)/gi)) {
    if (!m[2]) continue;
    if (!script) return true;
    const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[1]!);
    if (type && !SCRIPT_TYPES.has((type[1] ?? type[2] ?? type[3]!).trim().toLowerCase())) return true;
  }
  return false;
}

/**
 * HTML (tree-sitter-html), as Shiki's HTML grammar colours it: tag names, attribute names, values
 * as strings, character references, comments, the doctype's keyword and name; a `<script>`'s
 * JavaScript by the TSX grammar and a `<style>`'s CSS by CSS's, each walked over the element's text
 * (null when its binding did not load: `htmlDeclines` then leaves such blocks to Shiki).
 */
export function htmlRule(script: NativeGrammar | null, style: NativeGrammar | null): Rule {
  return (n, paint) => {
    if (!n.named) return;
    switch (n.type) {
      case 'tag_name': case 'erroneous_end_tag_name': return paint('entity.name.tag');
      case 'attribute_name': return paint('entity.other.attribute-name');
      case 'quoted_attribute_value':
        paint('string');
        return entities(n.code, n.start, n.end, paint);
      case 'attribute_value':
        if (n.parent === 'attribute') paint('string');
        return;
      case 'entity': return paint('constant.character.entity');
      case 'comment': return paint('comment');
      case 'doctype': {
        // `<!DOCTYPE html PUBLIC "…" "…">`: the keyword as a tag's name, words after it as
        // attributes' names, quoted identifiers as strings.
        const m = /^<!(\s*)([A-Za-z]+)([^>]*)/.exec(n.code.slice(n.start, n.end));
        if (!m) return;
        const keyword = n.start + 2 + m[1]!.length;
        paint('entity.name.tag', keyword, keyword + m[2]!.length);
        const rest = keyword + m[2]!.length;
        for (const w of m[3]!.matchAll(/"[^"]*"?|'[^']*'?|[^\s"']+/g)) {
          paint(w[0][0] === '"' || w[0][0] === "'" ? 'string' : 'entity.other.attribute-name', rest + w.index, rest + w.index + w[0].length);
        }
        return;
      }
      case 'raw_text': {
        const embedded = n.parent === 'script_element' ? script : n.parent === 'style_element' ? style : null;
        if (embedded) {
          const from = n.start;
          walkTree(embedded, n.code.slice(from, n.end), (scope, a, b) => paint(scope, from + a, from + b));
        }
        return;
      }
    }
  };
}

function entities(code: string, start: number, end: number, paint: (scope: string, from?: number, to?: number) => void): void {
  const text = code.slice(start, end);
  if (!text.includes('&')) return;
  for (const m of text.matchAll(ENTITY)) paint('constant.character.entity', start + m.index, start + m.index + m[0].length);
}
