import { WORD, type Rule } from './native-grammars.js';

const RUST_OPERATORS = new Set([
  '=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '==', '!=', '<=', '>=', '&&', '||', '!', '+', '-', '*', '/', '%', '^', '<<', '>>',
  '.', '::', '?', '->', '=>', '..', '..=', ':', '&', '|',
]);
/** Where `<`, `>`, `:`, `&`, `|` are not Shiki's operators: generics, patterns, closures' parameter bars. */
const NOT_OPERATORS = new Set(['type_arguments', 'type_parameters', 'or_pattern', 'field_pattern']);
/** Shiki's constants: a name in capitals (`INDEX_UID`); other capitalised names are types (`None`, `Ok`). */
const RUST_CAPS = /^[A-Z][A-Z0-9_]+$/;

/** Rust (tree-sitter-rust), as Shiki's Rust grammar colours it. */
export const rust: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    if (parent === 'boolean_literal') return;
    // `default` is a keyword only where it starts an item; `Type::default()` is a call.
    if (type === 'default' && (parent === 'token_tree' || n.code.charCodeAt(n.end) === 40)) return n.code.charCodeAt(n.end) === 40 ? paint('entity.name.function') : undefined;
    if (WORD.test(type)) return paint('keyword');
    if (type === '!' && parent === 'macro_invocation') return paint('entity.name.function.macro');
    // A macro's `!` inside another macro's tokens: painted with its name.
    if (type === '!' && parent === 'token_tree' && /\w/.test(n.code[n.start - 1] ?? '')) return;
    if (RUST_OPERATORS.has(type) && !NOT_OPERATORS.has(parent)) return paint('keyword.operator');
    return;
  }
  switch (type) {
    case 'line_comment': case 'block_comment': return paint('comment');
    case 'string_literal': case 'raw_string_literal': case 'char_literal': return paint('string');
    case 'escape_sequence': return paint('constant.character.escape');
    case 'integer_literal': case 'float_literal': return paint('constant.numeric');
    case 'boolean_literal': return paint('constant.language');
    case 'primitive_type': return paint('entity.name.type.primitive');
    case 'type_identifier': return paint('entity.name.type');
    case 'self': return paint('variable.language.self');
    case 'crate': case 'super': return paint('keyword.other');
    case 'mutable_specifier': return paint('storage.modifier.mut');
    // `'a`: the quote plain, the name a type's.
    case 'lifetime': return paint('entity.name.type.lifetime', n.start + 1);
    case 'field_identifier':
      return parent === 'field_expression' && (n.grand === 'call_expression' || n.grand === 'generic_function') && n.field === 'field' ? paint('entity.name.function') : undefined;
    case 'identifier': {
      if (parent === 'macro_invocation') return paint('entity.name.function.macro');
      // An attribute's name (`#[tokio::main]`) is plain to Shiki.
      if (parent === 'attribute' || (parent === 'scoped_identifier' && n.grand === 'attribute')) return;
      const first = n.code.charCodeAt(n.start);
      if (first >= 65 && first <= 90) return paint(RUST_CAPS.test(n.code.slice(n.start, n.end)) ? 'constant.other.caps' : 'entity.name.type');
      if (parent === 'call_expression' && n.field === 'function') return paint('entity.name.function');
      if (parent === 'function_item' || parent === 'function_signature_item') return n.field === 'name' ? paint('entity.name.function') : undefined;
      if (parent === 'scoped_identifier' || parent === 'scoped_type_identifier' || parent === 'scoped_use_list' || parent === 'use_list' || parent === 'use_declaration' || parent === 'use_as_clause' || parent === 'use_wildcard') return paint('entity.name');
      // In a macro's arguments the tree has tokens only: a name before `(` is a call, before `!` a macro.
      if (parent === 'token_tree') {
        const c = n.code.charCodeAt(n.end);
        if (c === 40) return paint('entity.name.function');
        if (c === 33) return paint('entity.name.function.macro', n.start, n.end + 1);
      }
      return;
    }
  }
};
