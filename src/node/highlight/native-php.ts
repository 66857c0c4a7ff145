import { bundledLanguages } from 'shiki';
import { WORD, type Rule } from './native-grammars.js';

/**
 * PHP's own functions, as Shiki's PHP grammar lists them (its `support` patterns, 105 regular
 * expressions, 29 KB, one per extension): read from the grammar once, before the first block, so
 * a call is coloured as a library function (`str_replace`) or a user's (`view`) as Shiki colours it.
 * The patterns are word lists written as nested groups (`\bgmp_(sqrt(rem)?|…)\b`): spelled out
 * into a set of names. One regular expression of them all took 90 ms to compile and 40 µs a name
 * on each build thread; a pattern that is not a plain word list stays a regular expression.
 */
let supportNames: Set<string> | undefined;
let supportRest: RegExp | undefined;
export async function readPhpFunctions(): Promise<void> {
  try {
    type Pattern = { match?: string };
    const langs = (await bundledLanguages.php()).default as unknown as { scopeName: string; repository: { support: { patterns: Pattern[] } } }[];
    const sources = langs.find((l) => l.scopeName === 'source.php')!.repository.support.patterns.flatMap((p) => (p.match ? [p.match.replace(/^\(\?i\)/, '')] : []));
    const names = new Set<string>();
    const rest: string[] = [];
    for (const source of sources) {
      const words = spellOut(source);
      if (words) for (const w of words) names.add(w.toLowerCase());
      else rest.push(source);
    }
    supportNames = names;
    supportRest = rest.length ? new RegExp(`^(?:${rest.join('|')})$`, 'i') : undefined;
  } catch {
    // Without the list every call is a user's function.
    supportNames = new Set();
    supportRest = undefined;
  }
}
function isSupportFunction(name: string): boolean {
  return !!supportNames?.has(name.toLowerCase()) || !!supportRest?.test(name);
}

const WORD_CHAR = /[A-Za-z0-9_]/;

/**
 * Every word a pattern `\b…\b` matches, when it is made only of letters, digits, `_`, groups
 * (`(…)`, `(?:…)`) of alternatives, character classes of letters (`[gs]`) and optional parts (`?`,
 * `??`); otherwise null.
 */
export function spellOut(source: string): string[] | null {
  const body = /^\\b(.*)\\b$/s.exec(source)?.[1];
  if (body === undefined) return null;
  let at = 0;
  const alternatives = (): string[] | null => {
    const all: string[] = [];
    for (;;) {
      const seq = sequence();
      if (!seq) return null;
      all.push(...seq);
      if (body[at] !== '|') return all;
      at++;
    }
  };
  const sequence = (): string[] | null => {
    let words = [''];
    while (at < body.length && body[at] !== '|' && body[at] !== ')') {
      let part: string[] | null;
      const c = body[at]!;
      if (c === '(') {
        at += body.startsWith('(?:', at) ? 3 : 1;
        part = alternatives();
        if (!part || body[at] !== ')') return null;
        at++;
      } else if (c === '[') {
        const end = body.indexOf(']', at);
        const chars = end < 0 ? '' : body.slice(at + 1, end);
        if (!/^[A-Za-z0-9_]+$/.test(chars)) return null;
        part = [...chars];
        at = end + 1;
      } else if (WORD_CHAR.test(c)) {
        // A run of letters at once (each one alone multiplied every word so far by one).
        let end = at + 1;
        while (end < body.length && WORD_CHAR.test(body[end]!) && body[end + 1] !== '?') end++;
        part = [body.slice(at, end)];
        at = end;
      } else return null;
      if (body[at] === '?') {
        part = ['', ...part];
        at += body[at + 1] === '?' ? 2 : 1;
      }
      words = words.flatMap((w) => part!.map((p) => w + p));
      if (words.length > 100_000) return null;
    }
    return words;
  };
  const words = alternatives();
  return words && at === body.length ? words : null;
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
