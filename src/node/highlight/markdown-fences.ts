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

export interface FencedMarkdown {
  /** The stub and the copy of the Markdown grammar, to load into the highlighter. */
  grammars: LanguageRegistration[];
  /** Each fence's contentName → the language its code is highlighted in. */
  languages: Map<string, string>;
}

/**
 * The copy of `markdown` (Shiki's grammar) with the fences' and front matter's includes of
 * other languages replaced by the stub, where the language is one Shiki has. The fences left as
 * they were name languages Shiki has no grammar for: their code is plain either way.
 */
export function fencedMarkdown(markdown: LanguageRegistration): FencedMarkdown {
  const copy = structuredClone(markdown) as LanguageRegistration & { repository: Record<string, unknown> };
  const languages = new Map<string, string>();
  type Rule = { contentName?: string; patterns?: { include?: string }[] };
  for (const [key, rule] of Object.entries(copy.repository)) {
    if (!key.startsWith('fenced_code_block_') && key !== 'frontMatter') continue;
    for (const inner of ((rule as Rule).patterns ?? []) as Rule[]) {
      // Other languages' grammars only (PHP's fence has HTML's and PHP's).
      const external = inner.patterns?.length && inner.patterns.every((p) => typeof p.include === 'string' && !/^[#$]/.test(p.include));
      if (!inner.contentName || !external) continue;
      const lang = languageOfContent(inner.contentName);
      if (!lang) continue;
      languages.set(inner.contentName, lang);
      inner.patterns = [{ include: STUB_SCOPE }];
    }
  }
  copy.name = FENCED_MARKDOWN;
  copy.scopeName = `${markdown.scopeName}.kiln-fences`;
  copy.embeddedLangs = [STUB.name];
  // The languages left as they were (see above): nothing loads them (the fenced path loads no
  // named embeds), and none of them is a fence's language Shiki has.
  copy.embeddedLangsLazy = (markdown.embeddedLangsLazy ?? []).filter((l) => ![...languages.values()].includes(l));
  return { grammars: [STUB, copy], languages };
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
export function fenceRuns(lines: ThemedToken[][], languages: Map<string, string>, isPlain: (t: ThemedToken) => boolean): FenceRun[] | undefined {
  type Open = FenceRun & { name: string; blanks: number[] };
  const runs: Open[] = [];
  let open: Open | undefined;
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
    if (!open) runs.push((open = { lang: languages.get(found.name)!, lines: [], name: found.name, blanks: [] }));
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
