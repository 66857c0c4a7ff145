import { WORD, type Rule } from './native-grammars.js';

const JAVA_OPERATORS = new Set(['=', '==', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '!', '&&', '||', '&', '|', '^', '~', '<<', '>>', '>>>', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '>>>=', '?', ':', '->', '::']);
/** Where `<`, `>` and `,` are a type's brackets, not operators. */
const TYPE_BRACKETS = new Set(['type_arguments', 'type_parameters']);

/**
 * The components of the record walked into last, and the outermost type arguments (`<…>`), where
 * a qualified name is a type's to Shiki: a walk has no way out of a node to clear them, so they are
 * ranges, cleared at each tree's root.
 */
let recordComponents = { start: 0, end: 0 };
let typeArguments = { start: 0, end: 0 };
const within = (r: { start: number; end: number }, at: number) => at >= r.start && at < r.end;

/** Java (tree-sitter-java), as Shiki's Java grammar colours it. */
export const java: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    if (WORD.test(type)) {
      // `Foo.class` is a property to Shiki's grammar.
      if (type === 'class' && parent === 'class_literal') return;
      return paint(type === 'instanceof' ? 'keyword.operator' : 'keyword');
    }
    if (type === '@') return;
    if (type === '*' && parent === 'asterisk') return paint('variable.language.wildcard');
    // `catch (A | B e)` lists types.
    if (JAVA_OPERATORS.has(type) && !TYPE_BRACKETS.has(parent) && parent !== 'catch_type') return paint('keyword.operator');
    return;
  }
  switch (type) {
    case 'program':
      recordComponents = { start: 0, end: 0 };
      typeArguments = { start: 0, end: 0 };
      return;
    case 'type_arguments':
      if (!within(typeArguments, n.start)) typeArguments = { start: n.start, end: n.end };
      return;
    case 'formal_parameters':
      if (parent === 'record_declaration') recordComponents = { start: n.start, end: n.end };
      return;
    case 'line_comment': case 'block_comment': return paint('comment');
    case 'string_literal': case 'character_literal': case 'text_block': return paint('string');
    case 'escape_sequence': return paint('constant.character.escape');
    case 'decimal_integer_literal': case 'hex_integer_literal': case 'octal_integer_literal': case 'binary_integer_literal':
    case 'decimal_floating_point_literal': case 'hex_floating_point_literal':
      return paint('constant.numeric');
    case 'true': case 'false': case 'null_literal': return paint('constant.language');
    case 'this': return paint('variable.language.this');
    case 'super': return paint('variable.language');
    case 'integral_type': case 'floating_point_type': case 'boolean_type': case 'void_type': return paint('storage.type.primitive');
    case 'marker_annotation': case 'annotation': return paint('storage.type.annotation', n.start + 1, n.start + 1 + (n.code.slice(n.start + 1, n.end).match(/^[\w.]+/)?.[0].length ?? 0));
    case 'type_identifier':
      if (parent === 'type_parameter' || parent === 'type_arguments' || parent === 'type_bound') return paint('storage.type.generic');
      if (parent === 'array_type' || parent === 'array_creation_expression') return paint('storage.type.object.array');
      if (parent === 'scoped_type_identifier' && within(typeArguments, n.start)) return paint('storage.type.generic');
      // `new Foo(…)` is a call to Shiki's grammar (`new Foo<>(…)` is not).
      if (parent === 'object_creation_expression') return paint('entity.name.function');
      if (parent === 'superclass' || parent === 'type_list' || (parent === 'generic_type' && (n.grand === 'superclass' || n.grand === 'type_list'))) return paint('entity.other.inherited-class');
      if ((parent === 'local_variable_declaration' || parent === 'resource' || parent === 'enhanced_for_statement') && n.code.slice(n.start, n.end) === 'var') return paint('storage.type.local');
      return;
    case 'identifier':
      switch (parent) {
        case 'class_declaration': case 'interface_declaration': case 'enum_declaration': case 'record_declaration': case 'annotation_type_declaration':
          return n.field === 'name' ? paint('entity.name.type') : undefined;
        case 'method_declaration': case 'constructor_declaration':
          return n.field === 'name' ? paint('entity.name.function') : undefined;
        case 'method_invocation':
          return n.field === 'name' ? paint('entity.name.function') : undefined;
        case 'element_value_pair': return n.field === 'key' ? paint('constant.other.key') : undefined;
        case 'enum_constant': return n.field === 'name' ? paint('constant.other.enum') : undefined;
        // A record's components are not parameters to Shiki's grammar.
        case 'formal_parameter': case 'spread_parameter': case 'catch_formal_parameter': return n.field === 'name' && !within(recordComponents, n.start) ? paint('variable.parameter') : undefined;
        case 'variable_declarator': if (n.grand === 'spread_parameter') return paint('variable.parameter'); return;
      }
      return;
  }
};
