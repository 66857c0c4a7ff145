import { bundledLanguages } from 'shiki';
import { WORD, type Rule } from './native-grammars.js';

/**
 * PHP's own functions, as Shiki's PHP grammar lists them (its `support` patterns, 105 regular
 * expressions, 29 KB, one per extension): read from the grammar once, before the first block, so
 * a call is coloured as a library function (`str_replace`) or a user's (`view`) as Shiki colours it.
 */
let supportFunction: RegExp | undefined;
const supportCache = new Map<string, boolean>();
export async function readPhpFunctions(): Promise<void> {
  try {
    type Pattern = { match?: string };
    const langs = (await bundledLanguages.php()).default as unknown as { scopeName: string; repository: { support: { patterns: Pattern[] } } }[];
    const sources = langs.find((l) => l.scopeName === 'source.php')!.repository.support.patterns.flatMap((p) => (p.match ? [p.match.replace(/^\(\?i\)/, '')] : []));
    supportFunction = new RegExp(`^(?:${sources.join('|')})$`, 'i');
  } catch {
    // Without the list every call is a user's function.
    supportFunction = /$^/;
  }
}
function isSupportFunction(name: string): boolean {
  let known = supportCache.get(name);
  if (known === undefined) supportCache.set(name, (known = !!supportFunction?.test(name)));
  return known;
}

/** A string Shiki's grammar reads as SQL (`"SELECT …"`), which the tree has no nodes for: such blocks stay with Shiki. */
const SQL_STRING = /["']\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|REPLACE|ALTER|AND|WITH)\b/i;
export const phpDeclines = (code: string) => SQL_STRING.test(code);

const PHP_OPERATORS = new Set([
  '=', '+=', '-=', '*=', '/=', '.=', '%=', '**=', '??=', '|=', '&=', '^=', '<<=', '>>=', '==', '===', '!=', '!==', '<>', '<', '>', '<=', '>=', '<=>',
  '&&', '||', '!', '+', '-', '*', '/', '%', '**', '.', '??', '?', ':', '=>', '->', '?->', '::', '++', '--', '&', '|', '^', '~', '<<', '>>', '...',
]);

/** A constant's name: capitals (`PHP_EOL`), magic constants (`__DIR__`) too. */
const PHP_CONSTANT = /^[A-Z_][A-Z0-9_]*$/;

/** PHP (tree-sitter-php), as Shiki's PHP grammar colours it. */
export const php: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    if (type === 'echo' || type === 'print') return paint('support.function.construct.output');
    if (WORD.test(type)) return paint('keyword');
    if (type === ':' && (parent === 'argument' || parent === 'case_statement' || parent === 'default_statement')) return;
    if (PHP_OPERATORS.has(type)) return paint('keyword.operator');
    return;
  }
  switch (type) {
    case 'comment': return paint('comment');
    // `<?php`: Shiki's embedded-section punctuation, then the language's name.
    case 'php_tag':
      paint('keyword', n.start, n.start + 2);
      return paint('constant', n.start + 2);
    case 'string': case 'encapsed_string': case 'heredoc': case 'nowdoc': return paint('string');
    case 'escape_sequence': return paint('constant.character.escape');
    case 'integer': case 'float': return paint('constant.numeric');
    case 'boolean': case 'null': return paint('constant.language');
    case 'cast_type': return paint('keyword');
    case 'variable_name': return n.code.startsWith('$this', n.start) && n.end - n.start === 5 ? paint('variable.language') : undefined;
    // A namespace's or class's full name (`App\Models\User`) in one colour, its backslashes too.
    case 'namespace_name': return paint(parent === 'namespace_definition' ? 'entity.name.type.namespace' : 'support.other.namespace');
    case 'qualified_name': return paint('support.class');
    case 'name': {
      const text = n.code.slice(n.start, n.end);
      switch (parent) {
        case 'member_call_expression': case 'nullsafe_member_call_expression': case 'scoped_call_expression':
          return n.field === 'name' ? paint('entity.name.function') : paint('support.class');
        case 'function_call_expression': return paint(isSupportFunction(text) ? 'support.function' : 'entity.name.function');
        case 'method_declaration': return paint(text.startsWith('__') ? 'support.function.magic' : 'entity.name.function');
        case 'function_definition': case 'class_declaration': case 'interface_declaration': case 'trait_declaration': case 'enum_declaration':
        case 'base_clause': case 'class_interface_clause':
          return paint('entity.name');
        case 'argument': if (n.field === 'name') return paint('entity.name.variable.parameter'); break;
        case 'namespace_name': case 'qualified_name': return;
        case 'namespace_use_clause': return n.field === 'alias' ? paint('entity.other.alias') : undefined;
        case 'class_constant_access_expression': if (text === 'class') return paint('keyword');
        // falls through
        case 'named_type': case 'object_creation_expression': case 'scoped_property_access_expression': case 'use_declaration':
          return paint('support.class');
      }
      if (PHP_CONSTANT.test(text)) return paint('constant.other');
      return;
    }
  }
};
