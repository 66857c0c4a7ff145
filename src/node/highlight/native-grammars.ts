import { createRequire } from 'node:module';
import { csharp } from './native-csharp.js';
import { css } from './native-css.js';
import { go } from './native-go.js';
import { htmlDeclines, htmlRule } from './native-html.js';
import { java } from './native-java.js';
import { php, phpDeclines, readPhpFunctions } from './native-php.js';
import { ruby } from './native-ruby.js';
import { rust } from './native-rust.js';
import { yaml } from './native-yaml.js';

/**
 * Tree-sitter's native Node bindings (`tree-sitter`, under the name `TREE_SITTER` below, and one
 * `tree-sitter-<language>` package per grammar, optional dependencies with prebuilt binaries) for
 * the common languages: Bash, Python, JSON, and TypeScript and TSX, which take JavaScript and JSX too (tree-sitter.ts runs
 * TypeScript's grammar as WebAssembly when the bindings do not load); and, each with its table in
 * a file of its own, Go (native-go.ts), Ruby (native-ruby.ts), C# (native-csharp.ts), PHP (native-php.ts), YAML (native-yaml.ts), Rust (native-rust.ts),
 * HTML (native-html.ts, its scripts and styles by the TSX and CSS grammars), CSS (native-css.ts) and Java (native-java.ts). Parsing a corpus block
 * natively costs 0.04-0.09 ms; running the grammar's highlight query on it costs two to three times
 * that again (a JavaScript object per capture, its `#match?` predicates evaluated in JavaScript),
 * about what Shiki costs. So the tree is not queried: a cursor walks it once and a table per
 * language below gives a node its TextMate scope from its type, its parent's type and its field, the
 * scopes Shiki's grammar gives the same text (measured on the corpus, token by token), which the
 * themes then colour as they colour Shiki's (tree-sitter.ts).
 *
 * When a binding does not load (no prebuilt binary for the platform, a Node it was not built for,
 * optional dependencies left out), its languages stay with Shiki, TypeScript with the WebAssembly
 * grammar.
 */

/** Fence language (as Kiln resolved it) → native grammar. */
export const NATIVE_LANGUAGES: Readonly<Record<string, NativeName>> = {
  bash: 'bash', sh: 'bash', shell: 'bash', zsh: 'bash', shellscript: 'bash',
  python: 'python', py: 'python',
  json: 'json',
  typescript: 'typescript', ts: 'typescript', mts: 'typescript', cts: 'typescript',
  // JavaScript, with or without JSX, is TSX as far as its highlighting goes.
  javascript: 'tsx', js: 'tsx', mjs: 'tsx', cjs: 'tsx', jsx: 'tsx', tsx: 'tsx',
  go: 'go', golang: 'go',
  ruby: 'ruby', rb: 'ruby',
  csharp: 'csharp', 'c#': 'csharp', cs: 'csharp',
  php: 'php',
  yaml: 'yaml', yml: 'yaml',
  rust: 'rust', rs: 'rust',
  html: 'html', htm: 'html',
  css: 'css',
  java: 'java',
};
export type NativeName = 'bash' | 'python' | 'json' | 'typescript' | 'tsx' | 'go' | 'ruby' | 'csharp' | 'php' | 'yaml' | 'rust' | 'html' | 'css' | 'java';

/**
 * The `tree-sitter` package, depended on under an npm alias. The grammars each declare an optional
 * peer dependency on `tree-sitter` with ranges no one version meets (^0.21.1 for most, ^0.22.1 for
 * Python and Rust, ^0.22.4 for YAML), yet none of them loads it: only Kiln does. Under its own name
 * it is not a `tree-sitter` to npm, so the peers stay unmet (npm never installs an optional peer)
 * and every grammar installs in a user's project, where a root `overrides` would not apply.
 */
export const TREE_SITTER = 'kiln-tree-sitter';

/** Each grammar's package, and the export that is the grammar when the package holds several. */
const PACKAGES: Record<NativeName, readonly [string, string?]> = {
  bash: ['tree-sitter-bash'],
  python: ['tree-sitter-python'],
  json: ['tree-sitter-json'],
  typescript: ['tree-sitter-typescript', 'typescript'],
  tsx: ['tree-sitter-typescript', 'tsx'],
  go: ['tree-sitter-go'],
  ruby: ['tree-sitter-ruby'],
  csharp: ['tree-sitter-c-sharp'],
  // PHP code with or without its `<?php` (`php` reads what has none as HTML).
  php: ['tree-sitter-php', 'php_only'],
  yaml: ['@tree-sitter-grammars/tree-sitter-yaml'],
  rust: ['tree-sitter-rust'],
  html: ['tree-sitter-html'],
  css: ['tree-sitter-css'],
  java: ['tree-sitter-java'],
};

/** The node the cursor is on, as a rule sees it (one object per walk, moved from node to node). */
export interface NodeAt {
  readonly type: string;
  readonly named: boolean;
  /** The parent's type and its parent's. */
  readonly parent: string;
  readonly grand: string;
  readonly field: string | null;
  /** Where the node starts and ends (UTF-16 offsets into `code`), read from the tree when asked for. */
  readonly start: number;
  readonly end: number;
  readonly code: string;
}
/** Paints `scope` over the node, or over [from, to) of it; the scope `source` is the plain colour. */
export type Paint = (scope: string, from?: number, to?: number) => void;
export type Rule = (n: NodeAt, paint: Paint) => void;

/** What a grammar's package exports, as `tree-sitter`'s `Parser.setLanguage` takes it. */
export interface NativeGrammar {
  /** The tree's cursor; null for a tree with an error in it when the grammar's broken trees are not coloured. */
  parse(code: string): TreeCursorLike | null;
  rule: Rule;
  /** Settled when what the rule reads besides the tree (a list from Shiki's grammar) is read. */
  ready?: Promise<void>;
  /** Whether a block is left to Shiki: it holds what the tree has no nodes for. */
  declines?: (code: string) => boolean;
  /**
   * Whether a tree with an error in it is coloured as far as it goes (false: Shiki takes the
   * block; YAML's tree stops at a line indented wrong, where Shiki's lines go on).
   */
  brokenTrees?: false;
  /** Node type names and whether each is named, and field names, by id, as walks meet them. */
  names: string[];
  named: boolean[];
  fields: string[];
}
export interface TreeCursorLike {
  nodeType: string;
  nodeTypeId: number;
  nodeIsNamed: boolean;
  currentFieldName: string | null | undefined;
  currentFieldId: number;
  startIndex: number;
  endIndex: number;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
}

/** An unnamed node that is a word: a keyword. */
export const WORD = /^[a-z_]+$/;

/** `python`'s builtins Shiki colours as support (tree-sitter-python's highlights.scm list). */
const PYTHON_BUILTINS = new Set(
  'abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip __import__'.split(' '),
);
/** Python's built-in exceptions (Shiki: support.type.exception). */
const PYTHON_EXCEPTIONS = new Set(
  'ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError DeprecationWarning EOFError EncodingWarning EnvironmentError Exception ExceptionGroup FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning ZeroDivisionError'.split(' '),
);
/** Names Shiki colours as types wherever they are (not after a dot). */
const PYTHON_TYPES = new Set('bool bytearray bytes classmethod complex dict float frozenset int list object property set slice staticmethod str super tuple type'.split(' '));
const PYTHON_OPERATORS = new Set(['=', '==', '!=', '<', '>', '<=', '>=', '+', '-', '*', '/', '//', '%', '**', '@', '|', '&', '^', '~', '<<', '>>', '+=', '-=', '*=', '/=', ':=']);
/** Shiki's `constant.other.caps`: a name in capitals. */
const CAPS = /^_*[A-Z][A-Z0-9_]*$/;
const DUNDER = /^__\w+__$/;
const FORMAT_FIELD = /\{\{|\}\}|\{[A-Za-z_]\w*(?:\.\w+|\[\w+\])*(?:![rsa])?(?::[^{}'"\n]*)?\}/g;

const python: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    if (WORD.test(type)) paint('keyword');
    else if (type === '@' && parent === 'decorator') paint('entity.name.function.decorator');
    else if (PYTHON_OPERATORS.has(type)) paint('keyword.operator');
    return;
  }
  switch (type) {
    case 'comment': return paint('comment');
    case 'string': return paint('string');
    case 'string_start': {
      // A prefix (`f"`, `rb'`) is storage.type.string in Shiki's grammar.
      let i = n.start;
      while (i < n.end && /[A-Za-z]/.test(n.code[i]!)) i++;
      if (i > n.start) paint('storage.type.string', n.start, i);
      return;
    }
    case 'escape_sequence': return paint('constant.character.escape');
    case 'interpolation': return paint('source');
    case 'string_content': {
      // `str.format`'s fields (`"{name}"`), which Shiki colours in any string.
      const text = n.code.slice(n.start, n.end);
      if (text.includes('{')) for (const m of text.matchAll(FORMAT_FIELD)) paint('constant.character.format.placeholder.other', n.start + m.index, n.start + m.index + m[0].length);
      return;
    }
    // A call's arguments in a decorator are not the decorator's colour.
    case 'argument_list': return paint('source');
    case 'integer': case 'float': return paint('constant.numeric');
    case 'ellipsis': return paint('constant.other.ellipsis');
    case 'true': case 'false': case 'none': return paint('constant.language');
    case 'decorator': return paint('entity.name.function.decorator');
    case 'identifier': {
      const text = n.code.slice(n.start, n.end);
      const field = n.field;
      if (parent === 'function_definition' && field === 'name') return paint(DUNDER.test(text) ? 'support.function.magic' : 'entity.name.function');
      if (parent === 'class_definition' && field === 'name') return paint('entity.name.type.class');
      if (parent === 'keyword_argument' && field === 'name') return paint('variable.parameter.function-call');
      // Parameters, `self` too, are in the plain colour.
      if (parent === 'parameters' || parent === 'typed_parameter' || ((parent === 'default_parameter' || parent === 'typed_default_parameter') && field === 'name')) return;
      if (parent === 'argument_list' && n.grand === 'class_definition') return paint('entity.other.inherited-class');
      if (parent === 'decorator' && PYTHON_BUILTINS.has(text)) return paint('support.type');
      if (text === 'self' || text === 'cls') return paint('variable.language.special');
      if (PYTHON_EXCEPTIONS.has(text)) return paint('support.type.exception');
      if (CAPS.test(text)) return paint('constant.other.caps');
      if (parent === 'call' && field === 'function' && PYTHON_BUILTINS.has(text)) return paint('support.function.builtin');
      if (PYTHON_TYPES.has(text) && !(parent === 'attribute' && field === 'attribute')) return paint('support.type');
      if (DUNDER.test(text)) return paint('support.variable.magic');
      return;
    }
  }
};
// Braces of an f-string's interpolation are Shiki's format placeholders.
const pythonRule: Rule = (n, paint) => {
  if (!n.named && n.parent === 'interpolation' && (n.type === '{' || n.type === '}')) return paint('constant.character.format.placeholder.other');
  python(n, paint);
};

/** Bash's builtins, as Shiki's shell grammar lists them (support.function.builtin). */
const BASH_BUILTINS = new Set(
  'alias bg bind break builtin caller cd command compgen complete dirs disown echo enable eval exec exit false fc fg getopts hash help history jobs kill let logout mapfile popd printf pushd pwd read readarray readonly set shift shopt source suspend test times trap true type ulimit umask unalias unset wait'.split(' '),
);
const BASH_OPERATORS = new Set(['|', '|&', '||', '>', '<', '>>', '>&', '&>', '&>>', '<&', '<<', '<<-', '<<<', '=', '+=', '=~', '==', '!=', '!']);

/** Whether the concatenation last walked into starts as an option does (`--name=<value>`). */
let optionConcatenation = false;

const bash: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    if (WORD.test(type)) paint('keyword');
    else if (BASH_OPERATORS.has(type)) paint('keyword.operator');
    else if (type === '`') paint('string');
    return;
  }
  switch (type) {
    case 'program': {
      // A line continuation is no node of the tree; Shiki colours its backslash as an escape.
      for (let i = n.code.indexOf('\\\n'); i >= 0; i = n.code.indexOf('\\\n', i + 2)) paint('constant.character.escape', i, i + 1);
      return;
    }
    case 'comment': return paint('comment');
    case 'concatenation':
      optionConcatenation = n.code.charCodeAt(n.start) === 45;
      return;
    case 'command_name': return paint(BASH_BUILTINS.has(n.code.slice(n.start, n.end)) ? 'support.function.builtin' : 'entity.name.function');
    case 'string': case 'raw_string':
      // A quoted command name (JSON pasted into a shell block reads so) is a command to Shiki too.
      if (parent === 'command_name' || (parent === 'concatenation' && n.grand === 'command_name')) return;
      return paint('string');
    case 'ansi_c_string': case 'translated_string':
    case 'heredoc_body': case 'heredoc_start': case 'heredoc_end':
      return paint('string');
    case 'number': return paint(parent === 'command' || parent === 'concatenation' || n.field === 'destination' ? 'constant.numeric' : 'string');
    case 'test_operator': case 'file_descriptor': return paint('keyword.operator');
    case 'special_variable_name': return paint('variable.language');
    // A variable, in a string too, is in the plain colour (Shiki: variable.other.normal).
    case 'simple_expansion': case 'expansion': return paint('variable.other.normal');
    case 'command_substitution': return paint('source');
    case 'variable_name': return paint(parent === 'variable_assignment' && n.field === 'name' ? 'variable.other.assignment' : 'source');
    case 'word': {
      if (parent === 'command_name' || (parent === 'concatenation' && n.grand === 'command_name')) return;
      if (parent === 'function_definition') return paint('entity.name.function');
      if (parent === 'test_command' || parent === 'unary_expression' || parent === 'binary_expression' || parent === 'parenthesized_expression') return;
      // Shiki's arguments are unquoted strings, its options (`-X`, `--data`, `--name=<value>`) constants.
      const option = n.code.charCodeAt(n.start) === 45 || (parent === 'concatenation' && optionConcatenation);
      return paint(option ? 'constant.other.option' : 'string.unquoted.argument');
    }
  }
};

const json: Rule = (n, paint) => {
  if (!n.named) return;
  switch (n.type) {
    case 'string': return paint(n.field === 'key' ? 'support.type.property-name' : 'string');
    case 'escape_sequence': return paint('constant.character.escape');
    case 'number': return paint('constant.numeric');
    case 'true': case 'false': case 'null': return paint('constant.language');
    case 'comment': return paint('comment');
  }
};


const TS_OPERATORS = new Set([
  '=', '+=', '-=', '*=', '/=', '%=', '**=', '&&=', '||=', '??=', '|=', '&=', '^=', '<<=', '>>=', '>>>=',
  '==', '===', '!=', '!==', '<=', '>=', '&&', '||', '??', '!', '+', '-', '*', '/', '%', '**', '++', '--',
  '&', '|', '^', '~', '<<', '>>', '>>>', '=>', '...', '?', ':',
]);
/** Shiki's constants: a name in capitals (`API_KEY`, `T`). */
const TS_CAPS = /^[A-Z][A-Z0-9_$]*$/;
/** Whether the declaration walked into last is a `const` one (its names are constants to Shiki). */
let constDeclaration = false;

/** TypeScript and TSX (tree-sitter-typescript's two grammars), as Shiki's TypeScript and TSX grammars colour them. */
const typescript: Rule = (n, paint) => {
  const { type, parent } = n;
  if (!n.named) {
    if (WORD.test(type)) {
      if (parent === 'predefined_type' || parent === 'literal_type') return paint('support.type.primitive');
      if (type === 'const' || type === 'let' || type === 'var') constDeclaration = type === 'const';
      return paint('keyword');
    }
    if (parent === 'binary_expression' || parent === 'assignment_expression' || parent === 'augmented_assignment_expression' || parent === 'unary_expression' || parent === 'update_expression' || parent === 'ternary_expression') return TS_OPERATORS.has(type) ? paint('keyword.operator') : undefined;
    if (type === '=>' || type === '=' || (type === ':' && parent === 'type_annotation') || (type === '?' && (parent === 'property_signature' || parent === 'optional_parameter')) || type === '|' || type === '&' || type === '...') return paint('keyword.operator');
    if ((type === '${' || type === '}') && parent === 'template_substitution') return paint('string');
    // A regular expression's slashes are the string's; what is between them the regexp's.
    if (type === '/' && parent === 'regex') return paint('string');
    return;
  }
  switch (type) {
    case 'comment': return paint('comment');
    case 'string': case 'template_string': return paint('string');
    case 'template_substitution': case 'jsx_expression': return paint('source');
    case 'regex_pattern': return paint('string.regexp');
    case 'regex_flags': return paint('keyword.other');
    case 'escape_sequence': return paint('constant.character.escape');
    case 'number': return paint('constant.numeric');
    case 'true': case 'false': case 'null': case 'undefined': return paint('constant.language');
    case 'this': case 'super': return paint('variable.language');
    case 'predefined_type': return paint('support.type.primitive');
    case 'type_identifier': return paint('entity.name.type');
    case 'statement_identifier': return paint('entity.name.label');
    case 'property_identifier': {
      if (parent === 'jsx_attribute') return paint('entity.other.attribute-name');
      if (parent === 'method_definition' || parent === 'method_signature') return paint('entity.name.function');
      if (parent === 'property_signature' || parent === 'public_field_definition') return paint('variable.object.property');
      if (parent === 'enum_body' || parent === 'enum_assignment') return paint('variable.other.enummember');
      if (parent === 'member_expression') {
        if (n.grand === 'call_expression' && n.field === 'property') return paint('entity.name.function');
        if (TS_CAPS.test(n.code.slice(n.start, n.end))) return paint('variable.other.constant.property');
      }
      return;
    }
    case 'shorthand_property_identifier_pattern':
      return paint(n.grand === 'variable_declarator' && constDeclaration ? 'variable.other.constant' : n.grand === 'variable_declarator' ? 'source' : 'variable.parameter');
    case 'identifier': {
      switch (parent) {
        case 'jsx_opening_element': case 'jsx_closing_element': case 'jsx_self_closing_element': {
          const c = n.code.charCodeAt(n.start);
          return paint(c >= 65 && c <= 90 ? 'support.class.component' : 'entity.name.tag');
        }
        case 'call_expression': return n.field === 'function' ? paint('entity.name.function') : undefined;
        case 'new_expression': case 'function_declaration': case 'function_expression': case 'generator_function_declaration': case 'instantiation_expression': return paint('entity.name.function');
        case 'nested_type_identifier': return paint('entity.name.type.module');
        case 'required_parameter': case 'optional_parameter': return paint('variable.parameter');
        case 'array_pattern': case 'object_pattern': case 'pair_pattern':
          if (n.grand === 'required_parameter' || n.grand === 'optional_parameter') return paint('variable.parameter');
          if (constDeclaration && (n.grand === 'variable_declarator' || n.grand === 'for_in_statement')) return paint('variable.other.constant');
          break;
        case 'variable_declarator': if (n.field === 'name') return paint(constDeclaration ? 'variable.other.constant' : 'source'); break;
      }
      if (parent === 'arrow_function' && n.field === 'parameter') return paint('variable.parameter');
      if (TS_CAPS.test(n.code.slice(n.start, n.end))) return paint('variable.other.constant');
      return;
    }
  }
};

const RULES: Record<Exclude<NativeName, 'html'>, Rule> = { bash, python: pythonRule, json, typescript, tsx: typescript, go, ruby, csharp, php, yaml, rust, css, java };

/** Loads a module by name: `require`, or a stand-in (tests make it fail). */
export type LoadNative = (id: string) => unknown;

/** The grammar, or null when its native binding does not load. */
export function loadNativeGrammar(name: NativeName, load: LoadNative = createRequire(import.meta.url)): NativeGrammar | null {
  try {
    type Parser = { setLanguage(l: unknown): void; parse(code: string): { walk(): TreeCursorLike; rootNode: { hasError: boolean } } };
    const ParserClass = load(TREE_SITTER) as (new () => Parser) & { SyntaxNode?: unknown };
    const parser = new ParserClass();
    const [id, member] = PACKAGES[name];
    const module = load(id);
    const grammar = (member ? (module as Record<string, unknown>)[member] : module) as { nodeSubclasses?: unknown };
    // setLanguage makes a class for each named node type, by `eval`, unless the language has them
    // (385 ms of a build thread's CPU on a site using most of the grammars). Nodes are read through
    // the cursor and never by those classes: the only node made, a YAML tree's root, is a plain one.
    const SyntaxNode = ParserClass.SyntaxNode;
    if (SyntaxNode && !grammar.nodeSubclasses) grammar.nodeSubclasses = new Proxy([], { get: (_, key) => (typeof key === 'string' && /^\d+$/.test(key) ? SyntaxNode : undefined) });
    parser.setLanguage(grammar);
    // HTML's scripts and styles are walked by the TSX and CSS grammars (native-html.ts).
    const script = name === 'html' ? loadNativeGrammar('tsx', load) : null;
    const style = name === 'html' ? loadNativeGrammar('css', load) : null;
    const rule = name === 'html' ? htmlRule(script, style) : RULES[name];
    const extras =
      name === 'php' ? { ready: readPhpFunctions(), declines: phpDeclines }
      : name === 'yaml' ? { brokenTrees: false as const }
      : name === 'html' ? { brokenTrees: false as const, declines: (code: string) => htmlDeclines(code, script !== null, style !== null) }
      : {};
    const whole = extras.brokenTrees === false;
    const parse = (code: string) => {
      const tree = parser.parse(code);
      return whole && tree.rootNode.hasError ? null : tree.walk();
    };
    return { parse, rule, names: [], named: [], fields: [], ...extras };
  } catch (e) {
    if (process.env.KILN_DEBUG) console.error(`kiln: ${PACKAGES[name][0]} did not load; Shiki highlights its blocks (${(e as Error).message})`);
    return null;
  }
}

/**
 * Walks the whole tree once, parents before children, each node's rule painting over its parent's
 * paint. Every property of the cursor is a call into the binding, the most of a walk's cost: types
 * are read as numbers and named once per grammar, fields and offsets only when a rule asks.
 * False, having painted nothing, for a tree with an error in it when the grammar's broken trees
 * are not coloured.
 */
export function walkTree(grammar: NativeGrammar, code: string, fill: (scope: string, from: number, to: number) => void): boolean {
  const cursor = grammar.parse(code);
  if (!cursor) return false;
  const { names, named, fields } = grammar;
  const parents: string[] = ['', ''];
  let depth = 1;
  let start = -1;
  let end = -1;
  const at = {
    type: '',
    named: false,
    parent: '',
    grand: '',
    code,
    get field() {
      const fieldId = cursor.currentFieldId;
      return fieldId ? (fields[fieldId] ??= cursor.currentFieldName ?? '') : null;
    },
    get start() {
      return start < 0 ? (start = cursor.startIndex) : start;
    },
    get end() {
      return end < 0 ? (end = cursor.endIndex) : end;
    },
  };
  const paint: Paint = (scope, from = at.start, to = at.end) => fill(scope, from, to);
  for (;;) {
    const id = cursor.nodeTypeId;
    let type = names[id];
    if (type === undefined) {
      names[id] = type = cursor.nodeType;
      named[id] = cursor.nodeIsNamed;
    }
    at.type = type;
    at.named = named[id]!;
    at.parent = parents[depth]!;
    at.grand = parents[depth - 1]!;
    start = end = -1;
    grammar.rule(at, paint);
    if (cursor.gotoFirstChild()) {
      parents[++depth] = type;
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return true;
      depth--;
    }
  }
}
