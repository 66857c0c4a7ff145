import { generate } from 'oniguruma-parser/generator';
import { parse } from 'oniguruma-parser/parser';

/**
 * Capture groups no rule reads, made non-capturing in the grammar tables (at package build time,
 * grammar-tables.ts). Grammars group with `(…)` where they mean `(?:…)`: TypeScript's arrow-function
 * lookaheads have 551-555 groups of which their rules read 2-5, HTML's entity names 912 of which it
 * reads 3. Every group costs V8 registers to save on each backtrack and an entry in every match's
 * `indices`; without the unread ones, the first match of TypeScript's 8,027-character pattern
 * (which compiles it) took 14 ms instead of 42, and later matches 15-30 % less.
 *
 * A group is read when a rule names its number: as a key of its captures, as `$n` in a scope name,
 * or, for a begin pattern, as `\n` in the end or while pattern made from it. The groups kept keep
 * their numbers: as many empty groups `()` as were dropped before each one are put in front of it.
 *
 * What is read is added up over every grammar Shiki bundles, as the tables serve them all. A grammar
 * of the site's own (`styling.codeblocks.languages.custom`, not loaded today) could read other
 * groups of the same pattern: it must not be given these tables.
 */

/** The groups the rules using a pattern read; null: any may be (the pattern is left as it is). */
export type Reads = Set<number> | null;

/** `$1`, `${1:/downcase}` in a scope name: vscode-textmate's RegexSource.replaceCaptures. */
const NAME_CAPTURE = /\$(\d+)|\$\{(\d+):\/(?:downcase|upcase)\}/g;
/** `\1` in an end or while pattern, as vscode-textmate finds them (escaped backslashes too: more is kept, never less). */
const BACK_REFERENCE = /\\(\d+)/g;

function namesRead(name: unknown, into: Set<number>): void {
  if (typeof name !== 'string') return;
  for (const m of name.matchAll(NAME_CAPTURE)) into.add(Number(m[1] ?? m[2]));
}

/** Adds what a rule's captures read (their keys, and `$n` in their names); false when it cannot tell. */
function capturesRead(captures: unknown, into: Set<number>): boolean {
  if (captures === undefined || captures === null) return true;
  if (typeof captures !== 'object') return false;
  for (const [key, capture] of Object.entries(captures)) {
    if (key === 'comment') continue;
    if (!/^\d+$/.test(key)) return false;
    into.add(Number(key));
    if (capture && typeof capture === 'object') {
      namesRead((capture as { name?: unknown }).name, into);
      namesRead((capture as { contentName?: unknown }).contentName, into);
    }
  }
  return true;
}

/**
 * What one rule reads of each of its patterns, as vscode-textmate's RuleFactory builds the rule: a
 * `match` rule its captures and name; a begin rule, for its begin pattern, `beginCaptures` (else
 * `captures`), name, contentName and the back-references of its end or while pattern; for that
 * pattern, `endCaptures`/`whileCaptures` (else `captures`).
 */
export function ruleReads(rule: Record<string, unknown>): { match?: Reads; begin?: Reads; end?: Reads } {
  const read = (captures: unknown, names: unknown[], from?: unknown): Reads => {
    const into = new Set<number>();
    if (!capturesRead(captures, into)) return null;
    for (const n of names) namesRead(n, into);
    if (typeof from === 'string') for (const m of from.matchAll(BACK_REFERENCE)) into.add(Number(m[1]));
    return into;
  };
  if (rule.match && typeof rule.match === 'string') return { match: read(rule.captures, [rule.name]) };
  if (typeof rule.begin !== 'string') return {};
  const then = rule.while && typeof rule.while === 'string' ? rule.while : rule.end;
  return {
    begin: read(rule.beginCaptures || rule.captures, [rule.name, rule.contentName], then),
    end: read((rule.while && typeof rule.while === 'string' ? rule.whileCaptures : rule.endCaptures) || rule.captures, []),
  };
}

/** Both rules' reads: a pattern may serve several rules, of several grammars. */
export function unionReads(a: Reads | undefined, b: Reads): Reads {
  if (a === undefined) return b === null ? null : new Set(b);
  if (a === null || b === null) return null;
  for (const n of b) a.add(n);
  return a;
}

interface AstNode {
  type: string;
  body?: AstNode | AstNode[];
  name?: string;
  number?: number;
}

/** Nodes whose body is alternatives. */
const CONTAINERS = new Set(['Group', 'CapturingGroup', 'LookaroundAssertion']);

/** The options oniguruma-to-es parses Shiki's patterns with (its `rules` as Shiki's engine sets them). */
const PARSE = { rules: { captureGroup: true, singleline: true }, skipBackrefValidation: true, normalizeUnknownPropertyNames: true } as const;

/**
 * `pattern` with the capture groups not in `reads` made non-capturing, the others keeping their
 * numbers; undefined when there is nothing to drop (no group after the last one read), or the
 * pattern refers to its own groups (back-references, subroutines, named groups) and is left as it is.
 */
export function withoutUnreadGroups(pattern: string, reads: Set<number>): string | undefined {
  let ast: AstNode;
  try {
    ast = parse(pattern, PARSE) as unknown as AstNode;
  } catch {
    return undefined;
  }
  let dropped = 0;
  let selfReferring = false;
  const check = (node: AstNode): void => {
    if (node.type === 'Backreference' || node.type === 'Subroutine' || node.type === 'AbsenceFunction' || (node.type === 'CapturingGroup' && node.name !== undefined)) selfReferring = true;
    if (node.type === 'CapturingGroup' && !reads.has(node.number!)) dropped++;
    const body = node.body;
    if (Array.isArray(body)) body.forEach(check);
    else if (body && typeof body === 'object') check(body);
  };
  check(ast);
  if (selfReferring || dropped === 0) return undefined;

  // In document order, which is the groups' numbering: each kept group gets the empty groups owed
  // for those dropped since the last kept one, in front of the element of its alternative it is
  // in (itself, or a quantifier of it).
  let owed = 0;
  const alternative = (alt: AstNode): void => {
    const elements = alt.body as AstNode[];
    for (let i = 0; i < elements.length; i++) {
      let holder: AstNode | undefined;
      let inner = elements[i]!;
      while (inner.type === 'Quantifier') {
        holder = inner;
        inner = inner.body as AstNode;
      }
      if (inner.type === 'CapturingGroup') {
        if (reads.has(inner.number!)) {
          const padding = Array.from({ length: owed }, () => ({ type: 'CapturingGroup', number: 0, body: [{ type: 'Alternative', body: [] }] }));
          elements.splice(i, 0, ...padding);
          i += owed;
          owed = 0;
        } else {
          owed++;
          const group = { type: 'Group', body: inner.body };
          if (holder) holder.body = group;
          else elements[i] = group;
          inner = group;
        }
      }
      if (CONTAINERS.has(inner.type)) (inner.body as AstNode[]).forEach(alternative);
    }
  };
  (ast.body as AstNode[]).forEach(alternative);
  // Dropped only to be put back as empty groups: the pattern would be no cheaper.
  if (owed === 0) return undefined;
  try {
    return generate(ast as never).pattern;
  } catch {
    return undefined;
  }
}

/** `pattern` parsed and generated again, unchanged (grammar-tables.ts checks the round trip keeps its meaning); undefined when it does not parse. */
export function regenerated(pattern: string): string | undefined {
  try {
    return generate(parse(pattern, PARSE)).pattern;
  } catch {
    return undefined;
  }
}
