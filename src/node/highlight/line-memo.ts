import type { Grammar } from 'shiki';

/**
 * Lines already tokenised, answered again without the grammar's regular expressions. A line's
 * tokens and the state it ends in follow from the grammar, the line's text and the state it starts
 * in, nothing else, and code blocks repeat lines a lot: `}`, imports, a client set up the same way
 * on every page. 41% of the non-blank lines in the corpus's code blocks repeat one before them,
 * 73% in the benchmark site's. Tokenising is most of a page's highlighting, about a fifth of a
 * one-thread build.
 *
 * Kept per grammar object: Shiki makes a grammar again when a language it embeds lazily is loaded,
 * so lines tokenised without the embedded language are never answered with it.
 */

type TokenizeLine2 = Grammar['tokenizeLine2'];
type Result = ReturnType<TokenizeLine2>;
type State = Parameters<TokenizeLine2>[1];

/** What vscode-textmate keeps in a state (StateStackImpl), as far as tokenising the next line reads it. */
interface Frame {
  parent: Frame | null;
  ruleId: number;
  depth: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: Scopes | null;
  contentNameScopesList: Scopes | null;
}
interface Scopes {
  equals(other: Scopes): boolean;
}

const sameScopes = (a: Scopes | null, b: Scopes | null) => a === b || (!!a && !!b && a.equals(b));

/**
 * Whether two states tokenise the next line alike: every frame's rule, end pattern, whether its
 * begin pattern took the line's end, and its scopes. (vscode-textmate's own `equals` leaves out the
 * second and the frames' name scopes, enough for an editor to stop re-tokenising, not to reuse
 * tokens.) The initial state only equals itself: the grammar tells it apart by identity.
 */
export function sameState(x: State, y: State): boolean {
  let a = x as unknown as Frame | null;
  let b = y as unknown as Frame | null;
  if (a === b) return true;
  if (!a || !b || a.ruleId === 0 || b.ruleId === 0) return false;
  for (; a !== b; a = a.parent, b = b.parent) {
    if (!a || !b) return false;
    if (a.depth !== b.depth || a.ruleId !== b.ruleId || a.endRule !== b.endRule || a.beginRuleCapturedEOL !== b.beginRuleCapturedEOL) return false;
    if (!sameScopes(a.nameScopesList, b.nameScopesList) || !sameScopes(a.contentNameScopesList, b.contentNameScopesList)) return false;
  }
  return true;
}

/** Lines longer than this are tokenised each time (rarely repeated, and costly to keep). */
const LONGEST = 400;

interface Seen {
  start: State;
  result: Result;
}

export interface LineMemo {
  /** The grammar for Shiki's `tokenizeWithTheme`, its `tokenizeLine2` answered from memory where it can. */
  grammar(grammar: Grammar): Grammar;
  /** Lines kept (for tests). */
  readonly size: number;
}

/** At most `capacity` lines are kept; past that, all are forgotten and it starts again. */
export function createLineMemo(capacity = 20_000): LineMemo {
  let byGrammar = new WeakMap<Grammar, Map<string, Seen[]>>();
  const wrapped = new WeakMap<Grammar, Grammar>();
  let size = 0;
  return {
    get size() {
      return size;
    },
    grammar(grammar) {
      let w = wrapped.get(grammar);
      if (w) return w;
      const tokenizeLine2: TokenizeLine2 = (line, start, timeLimit) => {
        if (line.length > LONGEST) return grammar.tokenizeLine2(line, start, timeLimit);
        let lines = byGrammar.get(grammar);
        if (!lines) byGrammar.set(grammar, (lines = new Map()));
        const seen = lines.get(line);
        if (seen) for (const s of seen) if (sameState(s.start, start)) return s.result;
        const result = grammar.tokenizeLine2(line, start, timeLimit);
        // A line cut short by a time limit is not the line's tokens.
        if (result.stoppedEarly) return result;
        if (size >= capacity) {
          byGrammar = new WeakMap();
          size = 0;
          byGrammar.set(grammar, (lines = new Map()));
        }
        const list = lines.get(line);
        if (list) list.push({ start, result });
        else lines.set(line, [{ start, result }]);
        size++;
        return result;
      };
      // What Shiki's tokenizeWithTheme uses of a grammar: its name, and tokenizeLine for explanations.
      w = { name: grammar.name, tokenizeLine: (line, start, timeLimit) => grammar.tokenizeLine(line, start, timeLimit), tokenizeLine2 } as Grammar;
      wrapped.set(grammar, w);
      return w;
    },
  };
}
