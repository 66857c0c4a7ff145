import { WORD, type Rule } from './native-grammars.js';

/** Go's predeclared types, which Shiki's Go grammar colours as storage types wherever they are. */
const GO_TYPES = new Set('bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr'.split(' '));
const GO_OPERATORS = new Set(['=', ':=', '==', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '&^', '&&', '||', '!', '<-', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '&^=', '...']);

/** `fmt`'s verbs (`%v`, `%-8.2f`, `%[1]d`), which Shiki colours in any interpreted string, as its grammar finds them. */
const GO_VERB = /%(?:\[\d+\])?(?:[+#\-0 ]{0,2}(?:(?:\d+|\*)?(?:\.?(?:\d+|\*|\[\d+\]\*?)?(?:\[\d+\])?)?))?[vT%tbcdoqxXUeEfFgGspw]/g;

/** Whether the import declaration walked into last reads `import (`: Shiki's grammar takes `import(` for a call, its paths for strings. */
let importList = true;

/** Go (tree-sitter-go), as Shiki's Go grammar colours it. */
export const go: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    if (WORD.test(type)) return paint('keyword');
    if (GO_OPERATORS.has(type)) return paint('keyword.operator');
    return;
  }
  switch (type) {
    case 'comment': return paint('comment');
    case 'import_declaration':
      importList = n.code.charCodeAt(n.start + 6) !== 40;
      return;
    case 'interpreted_string_literal': case 'raw_string_literal': case 'rune_literal': return paint('string');
    case 'interpreted_string_literal_content': {
      // An import path is a name to Shiki, its quotes a string's.
      if (parent === 'interpreted_string_literal' && n.grand === 'import_spec') return importList ? paint('entity.name.import') : undefined;
      const text = n.code.slice(n.start, n.end);
      if (text.includes('%')) for (const m of text.matchAll(GO_VERB)) paint('constant.other.placeholder', n.start + m.index, n.start + m.index + m[0].length);
      return;
    }
    case 'escape_sequence': return paint('constant.character.escape');
    case 'int_literal': case 'float_literal': case 'imaginary_literal': return paint('constant.numeric');
    case 'nil': case 'true': case 'false': case 'iota': return paint('constant.language');
    case 'type_identifier': return paint(GO_TYPES.has(n.code.slice(n.start, n.end)) ? 'storage.type' : 'entity.name.type');
    // A package's name before a type (`http.Client`) is the type's colour; elsewhere (a call the
    // tree reads as a type conversion, an import's alias) the plain colour.
    case 'package_identifier':
      if (parent === 'package_clause') return paint('entity.name.type.package');
      return parent === 'qualified_type' && n.grand !== 'type_conversion_expression' && n.grand !== 'ERROR' ? paint('entity.name.type.package') : undefined;
    case 'field_identifier':
      if (parent === 'selector_expression' && n.grand === 'call_expression' && n.field === 'field') return paint('entity.name.function');
      if (parent === 'method_elem' || parent === 'method_declaration') return paint('entity.name.function');
      return;
    case 'identifier':
      // A conversion to a predeclared type (`string(b)`) is a type to Shiki, other calls functions.
      if (parent === 'call_expression' && n.field === 'function') return paint(GO_TYPES.has(n.code.slice(n.start, n.end)) ? 'storage.type' : 'entity.name.function');
      if (parent === 'function_declaration' && n.field === 'name') return paint('entity.name.function');
      if (parent === 'parameter_declaration' || parent === 'variadic_parameter_declaration' || parent === 'type_parameter_declaration') return paint('variable.parameter');
      if (parent === 'const_spec' && n.field === 'name') return paint('constant');
      return;
  }
};
