import { WORD, type Rule } from './native-grammars.js';

/** Operators Shiki colours where an expression has them (not a block's `|x|`, a class's `<`, `?:`). */
const RUBY_OPERATORS = new Set(['=', '==', '===', '!=', '<', '>', '<=', '>=', '<=>', '=~', '!~', '+', '-', '*', '/', '%', '**', '&&', '||', '!', '&', '|', '^', '<<', '>>', '+=', '-=', '*=', '/=', '||=', '&&=', '&.']);
const OPERATOR_PARENTS = new Set(['assignment', 'operator_assignment', 'binary', 'unary', 'call', 'splat_argument', 'hash_splat_argument']);
/** Shiki's `keyword.other.special-method`, after a dot too (`Client.new`). */
const RUBY_SPECIAL = new Set('initialize new loop include extend prepend raise fail attr_reader attr_writer attr_accessor attr catch throw private private_class_method module_function public public_class_method protected refine using'.split(' '));
/** Shiki's `support.function.kernel`: Kernel's methods called without a receiver. */
const RUBY_KERNEL = new Set(
  'abort at_exit autoload binding callcc caller caller_locations chomp chop eval exec exit fork format gets global_variables gsub lambda load local_variables open p print printf proc putc puts rand readline readlines select set_trace_func sleep spawn sprintf srand sub syscall system test trace_var trap untrace_var warn'.split(' '),
);

/** Whether the name at `at` is called on a receiver (`x.name`, `x&.name`, `X::name`). */
function hasReceiver(code: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (code[i] === ' ' || code[i] === '\t' || code[i] === '\n')) i--;
  return code[i] === '.' || (code[i] === ':' && code[i - 1] === ':');
}

/** Ruby (tree-sitter-ruby), as Shiki's Ruby grammar colours it. */
export const ruby: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    // `nil`, `true`, `self`: the named node of the same type has coloured it.
    if (type === parent && (type === 'nil' || type === 'true' || type === 'false' || type === 'self')) return;
    if (WORD.test(type)) return paint('keyword');
    if ((RUBY_OPERATORS.has(type) && OPERATOR_PARENTS.has(parent)) || (type === '?' && parent === 'conditional')) return paint('keyword.operator');
    // A symbol key's colon (`name:`), not a string key's (`"name":`).
    if (type === ':' && (parent === 'pair' || parent === 'keyword_parameter')) {
      const before = n.code.charCodeAt(n.start - 1);
      if (before !== 34 && before !== 39) paint('constant.other.symbol');
    }
    return;
  }
  switch (type) {
    case 'comment': return paint('comment');
    case 'string': case 'subshell': case 'heredoc_body': case 'heredoc_beginning': case 'character': return paint('string');
    // Inside `#{…}` what Shiki leaves uncoloured is in the string's colour.
    case 'interpolation': return paint('string');
    case 'regex': return paint('string.regexp');
    case 'escape_sequence': return paint('constant.character.escape');
    case 'integer': case 'float': case 'rational': case 'complex': return paint('constant.numeric');
    case 'nil': case 'true': case 'false': case 'self': return paint('constant.language');
    case 'simple_symbol': case 'delimited_symbol': case 'hash_key_symbol': return paint('constant.other.symbol');
    case 'instance_variable': case 'class_variable': case 'global_variable': return paint('variable.other.readwrite');
    // A superclass is a name of a type to Shiki, `::` included.
    case 'superclass': return paint('entity.other.inherited-class', n.start + 1);
    case 'constant':
      if ((parent === 'class' || parent === 'module') && n.field === 'name') return paint('entity.name.type');
      if (parent === 'superclass' || (parent === 'scope_resolution' && n.grand === 'superclass')) return paint('entity.other.inherited-class');
      return paint('variable.other.constant');
    case 'identifier': {
      const text = n.code.slice(n.start, n.end);
      if (parent === 'method' || parent === 'singleton_method') return n.field === 'name' ? paint('entity.name.function') : undefined;
      if (RUBY_SPECIAL.has(text)) return paint('keyword.other.special-method');
      if (parent === 'call' && n.field === 'method') {
        if (hasReceiver(n.code, n.start)) return paint('entity.name.function');
        if (text === 'require' || text === 'require_relative') return paint('keyword.other.special-method');
        if (RUBY_KERNEL.has(text)) return paint('support.function.kernel');
        // A call with no receiver is a function to Shiki only with its parentheses.
        return n.code.charCodeAt(n.end) === 40 ? paint('entity.name.function') : undefined;
      }
      if ((parent === 'assignment' || parent === 'operator_assignment') && n.field === 'left') return paint('variable');
      if (parent === 'keyword_parameter' && n.field === 'name') return paint('constant.other.symbol');
      return;
    }
  }
};
