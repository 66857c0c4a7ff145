import { WORD, type Rule } from './native-grammars.js';

const CS_OPERATORS = new Set([
  '=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '??=', '==', '!=', '<', '>', '<=', '>=', '&&', '||', '!',
  '+', '-', '*', '/', '%', '&', '|', '^', '~', '<<', '>>', '++', '--', '??', '?', ':', '=>',
]);
/** Where `<`, `>`, `?` and `:` are no operators: type arguments, nullable types, named arguments, base types. */
const NOT_OPERATORS = new Set(['type_argument_list', 'type_parameter_list', 'nullable_type', 'argument', 'base_list', 'name_colon']);
const LITERALS = new Set(['boolean_literal', 'null_literal', 'modifier']);
/** Parents whose `name` Shiki's grammar colours as a name being declared (entity.name.*). */
const DECLARES = new Set([
  'variable_declarator', 'parameter', 'property_declaration', 'method_declaration', 'class_declaration', 'interface_declaration', 'struct_declaration',
  'enum_declaration', 'record_declaration', 'constructor_declaration', 'enum_member_declaration', 'argument', 'local_function_statement', 'delegate_declaration',
  'namespace_declaration', 'file_scoped_namespace_declaration', 'type_parameter', 'attribute', 'declaration_pattern', 'tuple_element',
]);
/** Parents in which a name is a type's. */
const TYPE_PARENTS = new Set(['qualified_name', 'type_argument_list', 'generic_name', 'base_list', 'array_type', 'nullable_type', 'pointer_type', 'type_parameter_constraint', 'using_directive']);

/** C# (tree-sitter-c-sharp), as Shiki's C# grammar colours it. */
export const csharp: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    // `true`, `null`: the named node around has coloured it.
    if (LITERALS.has(parent)) return;
    if (type === 'this' || type === 'base') return paint('variable.language');
    if (WORD.test(type)) return paint('keyword');
    if (CS_OPERATORS.has(type) && !NOT_OPERATORS.has(parent)) return paint('keyword.operator');
    return;
  }
  switch (type) {
    case 'comment': return paint('comment');
    case 'string_literal': case 'verbatim_string_literal': case 'raw_string_literal': case 'character_literal': case 'interpolated_string_expression': return paint('string');
    case 'interpolation': return paint('source');
    case 'modifier': return paint('storage.modifier');
    case 'implicit_parameter': return paint('entity.name.variable.parameter');
    case 'escape_sequence': return paint('constant.character.escape');
    case 'integer_literal': case 'real_literal': return paint('constant.numeric');
    case 'boolean_literal': case 'null_literal': return paint('constant.language');
    case 'predefined_type': case 'implicit_type': return paint('keyword.type');
    case 'identifier': {
      if (parent === 'member_access_expression') return n.field === 'name' && n.grand === 'invocation_expression' ? paint('entity.name.function') : undefined;
      if (parent === 'invocation_expression') return paint('entity.name.function');
      if (parent === 'member_binding_expression') return n.code.charCodeAt(n.end) === 40 ? paint('entity.name.function') : undefined;
      // `dynamic` is a contextual keyword to tree-sitter, a built-in type to Shiki.
      if (n.field === 'type' || n.field === 'returns' || TYPE_PARENTS.has(parent)) return paint(n.code.startsWith('dynamic', n.start) && n.end - n.start === 7 ? 'keyword.type' : 'entity.name.type');
      if (parent === 'foreach_statement' && n.field === 'left') return paint('entity.name.variable.local');
      if (n.field === 'name' && DECLARES.has(parent)) return paint('entity.name');
      return;
    }
  }
};
