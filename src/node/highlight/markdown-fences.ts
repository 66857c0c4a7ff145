import { bundledLanguages, type LanguageRegistration, type ThemedToken } from 'shiki';

/**
 * Markdown blocks whose fences hold code: Shiki's Markdown grammar colours the Markdown, and each
 * fence's code is highlighted as a block of its own language, by tree-sitter where it takes the
 * language. With the real grammar, a ```ts fence in a Markdown block loaded Shiki's TypeScript
 * grammar: 0.6 s of a thread's CPU for one corpus block, and the fences of the corpus's Markdown
 * blocks cost 1.2 s in all.
 *
 * The Markdown grammar is loaded a second time as a copy whose fences include an empty grammar
 * (`STUB`) instead of their language's: the copy still finds every fence as Shiki's grammar does
 * (its rules are unchanged, and where a fence's code starts and ends does not depend on the
 * language), and the code's lines carry the fence's `contentName` (`meta.embedded.block.python`).
 * Those runs of lines are cut out and highlighted alone; a language's grammar starts a fence as it
 * starts a block, so the colours are the ones the real grammar gives.
 */

export const FENCED_MARKDOWN = 'kiln-markdown-fences';
const STUB_SCOPE = 'kiln.fence-code';
const STUB: LanguageRegistration = { name: 'kiln-fence-code', scopeName: STUB_SCOPE, patterns: [], repository: {} };

/** Fence contentNames whose suffix is not the language's id in Shiki. */
const CONTENT_LANGUAGES: Record<string, string> = {
  'meta.embedded.block.cpp source.cpp': 'cpp',
  'meta.embedded.block.dosbatch': 'bat',
  'meta.embedded.block.git_commit': 'git-commit',
  'meta.embedded.block.git_rebase': 'git-rebase',
  'meta.embedded.block.js_regexp': 'regexp',
  'meta.embedded.block.regexp_python': 'regexp',
  'meta.embedded.block.restructuredtext': 'rst',
  'meta.embedded.block.typescriptreact': 'tsx',
  'meta.embedded.block.vs_net': 'vb',
  // The front matter, as Shiki's grammar reads it.
  'meta.embedded.block.frontmatter': 'yaml',
};

function languageOfContent(contentName: string): string | undefined {
  const lang = CONTENT_LANGUAGES[contentName] ?? contentName.replace(/^meta\.embedded\.block\./, '');
  return lang in bundledLanguages ? lang : undefined;
}

/**
 * Where a fence's code goes: the language of every fence whose code has this scope, or, for the
 * fences of a merged rule (see `mergeFences`), each rule's language pattern in the grammar's order
 * with its language: the first whose pattern is the fence's language word gives it.
 */
export type FenceLanguage = string | readonly (readonly [RegExp, string])[];

export interface FencedMarkdown {
  /** The stub and the copy of the Markdown grammar, to load into the highlighter. */
  grammars: LanguageRegistration[];
  /** The scope of each fence's code (its contentName) → the language it is highlighted in. */
  languages: Map<string, FenceLanguage>;
}

/** The scope the code of a merged rule's fences has (its inner rule's contentName), by the rule's number. */
const MERGED_SCOPE = 'kiln.fence-code.merged-';
/** The scope Shiki's grammar gives a fence's language word (the begin pattern's 4th group). */
const LANGUAGE_WORD = 'fenced_code.block.language.markdown';

/**
 * Each fence rule of Shiki's grammar is this with its language pattern (`(python|py3??|…)`, the
 * begin pattern's 4th group) and the contentName and include of its code.
 */
const FENCE_BEGIN = /^\(\^\|\\G\)\(\\s\*\)\(`\{3,\}\|~\{3,\}\)\\s\*\(\?i:\((.+)\)\(\(\\s\+\|\[,:\?\{\]\)\[\^`\]\*\)\?\$\)$/;
const fenceRule = (language: string, contentName: string, include: string) => ({
  begin: `(^|\\G)(\\s*)(\`{3,}|~{3,})\\s*(?i:(${language})((\\s+|[,:?{])[^\`]*)?$)`,
  beginCaptures: { '3': { name: 'punctuation.definition.markdown' }, '4': { name: LANGUAGE_WORD }, '5': { name: 'fenced_code.block.language.attributes.markdown' } },
  end: '(^|\\G)(\\2|\\s{0,3})(\\3)\\s*$',
  endCaptures: { '3': { name: 'punctuation.definition.markdown' } },
  name: 'markup.fenced_code.block.markdown',
  patterns: [{ begin: '(^|\\G)(\\s*)(.*)', contentName, patterns: [{ include }], while: '(^|\\G)(?!\\s*([`~]{3,})\\s*$)' }],
});
/** A language pattern with a group of its own would move the groups after it. */
const CAPTURING_GROUP = /(?<!\\)\((?!\?)/;

/**
 * The copy of `markdown` (Shiki's grammar) with the fences' and front matter's includes of
 * other languages replaced by the stub, where the language is one Shiki has. The fences left as
 * they were name languages Shiki has no grammar for: their code is plain either way.
 *
 * Fence rules next to each other in the grammar's list are merged into one (`merge`, the default):
 * at every line start of a block Shiki's JavaScript engine tries each rule's begin pattern, 62 of
 * them, emulated for their `\G` (the corpus's 67 Markdown blocks, a fresh process each: 527-687 ms
 * of CPU merged, 629-948 ms not). Every rule is one pattern around its language's, and all end
 * and take their code alike, so the merged rule's begin is that pattern around the rules'
 * language patterns in the grammar's order: it matches where one of them would, and its 4th group
 * is the language word the first of them that matches would take. The word, read back from the
 * fence's first line, gives the language as the rules' order does.
 */
export function fencedMarkdown(markdown: LanguageRegistration, options: { merge?: boolean } = {}): FencedMarkdown {
  const copy = structuredClone(markdown) as LanguageRegistration & { repository: Record<string, unknown> };
  const languages = new Map<string, FenceLanguage>();
  type Rule = { contentName?: string; patterns?: { include?: string }[] };
  /** The stubbed fence rules that have the common shape, by key: their language pattern and language. */
  const uniform = new Map<string, readonly [string, string]>();
  for (const [key, rule] of Object.entries(copy.repository)) {
    if (!key.startsWith('fenced_code_block_') && key !== 'frontMatter') continue;
    for (const inner of ((rule as Rule).patterns ?? []) as Rule[]) {
      // Other languages' grammars only (PHP's fence has HTML's and PHP's).
      const external = inner.patterns?.length && inner.patterns.every((p) => typeof p.include === 'string' && !/^[#$]/.test(p.include));
      if (!inner.contentName || !external) continue;
      const lang = languageOfContent(inner.contentName);
      if (!lang) continue;
      // A contentName of several scopes (C++'s `meta.embedded.block.cpp source.cpp`) is found by its first.
      languages.set(inner.contentName.split(' ')[0]!, lang);
      inner.patterns = [{ include: STUB_SCOPE }];
      const pattern = FENCE_BEGIN.exec((rule as { begin?: string }).begin ?? '')?.[1];
      if (pattern && !CAPTURING_GROUP.test(pattern) && JSON.stringify(rule) === JSON.stringify(fenceRule(pattern, inner.contentName, STUB_SCOPE))) uniform.set(key, [pattern, lang]);
    }
  }
  if (options.merge !== false) mergeFences(copy.repository, uniform, languages);
  copy.name = FENCED_MARKDOWN;
  copy.scopeName = `${markdown.scopeName}.kiln-fences`;
  copy.embeddedLangs = [STUB.name];
  // The languages left as they were (see above): nothing loads them (the fenced path loads no
  // named embeds), and none of them is a fence's language Shiki has.
  const fenced = new Set([...languages.values()].flatMap((l) => (typeof l === 'string' ? [l] : l.map(([, lang]) => lang))));
  copy.embeddedLangsLazy = (markdown.embeddedLangsLazy ?? []).filter((l) => !fenced.has(l));
  return { grammars: [STUB, copy], languages };
}

/** Replaces each run of uniform rules in `fenced_code_block`'s list by one rule (see `fencedMarkdown`). */
function mergeFences(repository: Record<string, unknown>, uniform: Map<string, readonly [string, string]>, languages: Map<string, FenceLanguage>): void {
  const list = repository.fenced_code_block as { patterns?: { include?: string }[] } | undefined;
  if (!list?.patterns) return;
  const patterns: unknown[] = [];
  let run: { include: string; pattern: string; lang: string }[] = [];
  let merged = 0;
  const flush = () => {
    if (run.length > 1) {
      const scope = `${MERGED_SCOPE}${merged++}`;
      languages.set(scope, run.map(({ pattern, lang }) => [new RegExp(`^(?:${pattern})$`, 'i'), lang] as const));
      patterns.push(fenceRule(run.map(({ pattern }) => pattern).join('|'), scope, STUB_SCOPE));
    } else if (run.length) patterns.push({ include: run[0]!.include });
    run = [];
  };
  for (const p of list.patterns) {
    const rule = p.include?.startsWith('#') ? uniform.get(p.include.slice(1)) : undefined;
    if (rule) {
      run.push({ include: p.include!, pattern: rule[0], lang: rule[1] });
      continue;
    }
    flush();
    patterns.push(p);
  }
  flush();
  list.patterns = patterns as { include?: string }[];
}

/** A fence's code: its language, and where each of its lines starts in the block. */
export interface FenceRun {
  lang: string;
  /** Per line of the code: the block's line index and the column the code starts at. */
  lines: { line: number; from: number }[];
}

/**
 * The fences' code in a block tokenised by the copy (`includeExplanation: 'scopeName'`): each run
 * of lines in one fence contentName, blank lines inside it included. Undefined when a run is not
 * only code: a fence inside a block quote, whose colour Shiki's tokens of the code take on.
 */
export function fenceRuns(lines: ThemedToken[][], languages: Map<string, FenceLanguage>, isPlain: (t: ThemedToken) => boolean): FenceRun[] | undefined {
  type Open = FenceRun & { name: string; blanks: number[] };
  const runs: Open[] = [];
  let open: Open | undefined;
  /** The language word of the fence opened last, which a merged rule's code takes its language from. */
  let word = '';
  const languageOf = (name: string) => {
    const l = languages.get(name)!;
    return typeof l === 'string' ? l : l.find(([pattern]) => pattern.test(word))?.[1];
  };
  for (let i = 0; i < lines.length; i++) {
    const tokens = lines[i]!;
    if (!tokens.length) {
      open?.blanks.push(i);
      continue;
    }
    let found: { name: string; from: number } | undefined;
    let column = 0;
    for (const token of tokens) {
      if (!token.explanation) return undefined; // a line past the length limit: not tokenised
      for (const part of token.explanation) {
        if (part.scopes.some((s) => s.scopeName === LANGUAGE_WORD)) word = part.content;
        const name = part.scopes.map((s) => s.scopeName).find((s) => languages.has(s));
        if (name && !found) {
          if (!isPlain(token)) return undefined;
          found = { name, from: column };
        }
        column += part.content.length;
      }
    }
    if (open && (!found || found.name !== open.name)) open = undefined;
    if (!found) continue;
    if (!open) {
      const lang = languageOf(found.name);
      // Not what the rules' order gives (a word no pattern takes whole): Shiki's grammar decides.
      if (!lang) return undefined;
      runs.push((open = { lang, lines: [], name: found.name, blanks: [] }));
    }
    for (const b of open.blanks) open.lines.push({ line: b, from: 0 });
    open.blanks = [];
    open.lines.push({ line: i, from: found.from });
  }
  return runs.map(({ lang, lines: l }) => ({ lang, lines: l }));
}

/** A run's code: its lines from where the code starts. */
export function runCode(run: FenceRun, codeLines: string[]): string {
  return run.lines.map(({ line, from }) => codeLines[line]!.slice(from)).join('\n');
}

/**
 * The block's styled tokens with each run's lines given its code's tokens (`highlighted`, a line
 * each, offsets in the run's code) after the Markdown's tokens before the code (indentation).
 */
export function spliceRuns(lines: ThemedToken[][], codeLines: string[], runs: FenceRun[], highlighted: ThemedToken[][][]): ThemedToken[][] {
  const out = lines.slice();
  const lineStart: number[] = [];
  for (let i = 0, at = 0; i < codeLines.length; i++) {
    lineStart.push(at);
    at += codeLines[i]!.length + 1;
  }
  runs.forEach((run, r) => {
    let codeAt = 0;
    run.lines.forEach(({ line, from }, k) => {
      const delta = lineStart[line]! + from - codeAt;
      const before: ThemedToken[] = [];
      for (const t of lines[line]!) {
        const start = t.offset - lineStart[line]!;
        if (start >= from) break;
        before.push(start + t.content.length <= from ? t : { ...t, content: t.content.slice(0, from - start) });
      }
      const code = (highlighted[r]![k] ?? []).map((t) => ({ ...t, offset: t.offset + delta }));
      out[line] = [...before, ...code];
      codeAt += codeLines[line]!.length - from + 1;
    });
  });
  return out;
}
