import type { Rule } from './native-grammars.js';

const SELECTOR_COMBINATORS = new Set(['>', '+', '~']);
/** The media features Shiki's grammar knows (others it leaves plain, their values too). */
const MEDIA_FEATURE = /^(?:(?:min-|max-)?(?:height|width|aspect-ratio|color|color-index|monochrome|resolution)|grid|scan|orientation|display-mode|hover|(?:min-|max-)?device-(?:height|width|aspect-ratio)|[-_](?:webkit|apple|khtml|epub|moz|ms|o|xv|ah|rim|atsc|hp|tc|wap|ro)-[-\w]+|(?:mso|prince)-[-\w]+)$/i;
const MEDIA_KEYWORDS = new Set(['portrait', 'landscape', 'progressive', 'interlace', 'fullscreen', 'standalone', 'minimal-ui', 'browser', 'hover']);
const OPERATORS = new Set(['=', '~=', '^=', '|=', '*=', '$=', '+', '-', '*', '/']);

/**
 * Whether the declaration walked into last is outside any rule's block: tree-sitter reads a bare
 * `--x: 1;` or `color: red;` as a declaration, Shiki's grammar as text it does not colour.
 */
let loose = false;
/** The keyword of the at-rule walked into last (`@layer`'s names are names), and whether the media feature walked into last is one Shiki knows. */
let atRule = '';
let knownFeature = false;

/** CSS (tree-sitter-css), as Shiki's CSS grammar colours it. */
export const css: Rule = (n, paint) => {
  const { type, parent } = n;
  if (type === 'declaration') loose = parent !== 'block';
  if (loose && (parent === 'declaration' || n.grand === 'declaration')) return;
  if (!n.named) {
    // `@import`, `@media`, `@keyframes` …: an at-rule's keyword.
    if (type.startsWith('@')) return paint('keyword.control.at-rule');
    if (SELECTOR_COMBINATORS.has(type) && parent.endsWith('_selector')) return paint('keyword.operator.combinator');
    if (OPERATORS.has(type) && (parent === 'attribute_selector' || parent === 'binary_expression')) return paint('keyword.operator');
    if ((type === 'and' || type === 'or' || type === 'not' || type === 'only') && parent.endsWith('_query')) return paint('keyword.operator.logical');
    return;
  }
  if (parent === 'feature_query' && type !== 'feature_name') {
    if (!knownFeature) return;
    if (type === 'plain_value') return MEDIA_KEYWORDS.has(n.code.slice(n.start, n.end).toLowerCase()) ? paint('support.constant.property-value') : undefined;
  }
  switch (type) {
    case 'comment': case 'js_comment': return paint('comment');
    case 'at_keyword':
      atRule = n.code.slice(n.start, n.end).toLowerCase();
      return paint('keyword.control.at-rule');
    case 'keyword_query':
      if (parent === 'at_rule') return atRule === '@layer' ? paint('variable.parameter.layer-name') : undefined;
      return paint('support.constant.media');
    // A class, an id, a pseudo-class or pseudo-element, whole: a tag name in it is painted over.
    case 'class_selector': case 'id_selector': case 'pseudo_class_selector': case 'pseudo_element_selector': return paint('entity.other.attribute-name');
    case 'tag_name':
      // The name after `::` is the pseudo-element's.
      if (parent === 'pseudo_element_selector' && n.code.charCodeAt(n.start - 1) === 58) return;
      return paint('entity.name.tag');
    case 'universal_selector': case 'nesting_selector': return paint('entity.name.tag');
    case 'attribute_name': return paint('entity.other.attribute-name');
    case 'property_name': return paint(n.code.startsWith('--', n.start) ? 'variable' : 'support.type.property-name');
    case 'feature_name':
      knownFeature = MEDIA_FEATURE.test(n.code.slice(n.start, n.end));
      return knownFeature ? paint('support.type.property-name') : undefined;
    case 'important': return paint('keyword.other.important');
    case 'string_value': return paint('string');
    case 'color_value': return paint('constant.other.color');
    case 'integer_value': case 'float_value':
      return paint(parent === 'keyframe_block' ? 'entity.other.keyframe-offset' : 'constant.numeric');
    // A keyframe's `from`, `to` and `50%`, as its selectors.
    case 'from': case 'to': return parent === 'keyframe_block' ? paint('entity.other.keyframe-offset') : undefined;
    case 'unit': return n.grand === 'keyframe_block' ? undefined : paint('keyword.other.unit');
    case 'function_name': return paint('support.function');
    case 'keyframes_name': return paint('variable');
    case 'plain_value':
      if (n.code.startsWith('--', n.start)) return paint('variable');
      // `url(img.png)`: the unquoted address.
      if (parent === 'arguments' && n.grand === 'call_expression' && /url\(\s*$/i.test(n.code.slice(Math.max(0, n.start - 8), n.start))) return paint('variable.parameter.url');
      return paint('support.constant.property-value');
  }
};
