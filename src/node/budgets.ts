/**
 * What one page may cost: time and memory. A page's own code (`export const`, expressions, the
 * snippets it imports) runs on a worker thread made with a heap limit and watched by a timer
 * (build/workers.ts), so a loop that never ends or an allocation without end stops that page alone.
 * The defaults are far beyond any real page: the slowest page of the 40 corpus sites takes well
 * under a second and a few tens of MB.
 */
export interface PageBudgets {
  /** Milliseconds a page may take to be made on its worker. */
  timeMs: number;
  /** Megabytes of JavaScript heap of the worker thread that makes it (its copy of the site included). */
  memoryMb: number;
}

export const DEFAULT_BUDGETS: PageBudgets = { timeMs: 30_000, memoryMb: 512 };

/** The smallest budgets accepted: below these a worker cannot even load a site. */
export const MIN_TIME_S = 0.1;
export const MIN_MEMORY_MB = 64;

/**
 * A worker thread's stack, as deep as the main thread's: V8's default limit (984 KB) plus the
 * 192 KB Node keeps below it on a worker. A worker's default (4 MB) let pages nested thousands of
 * levels deep compile, and then overflow React's renderer ("Maximum call stack size exceeded")
 * instead of failing to compile with the message that says why.
 */
export const MAIN_THREAD_STACK_MB = (984 + 192) / 1024;

/**
 * Bounds on work that grows faster than its input, applied before the work starts; each gives a
 * catalogued message instead of a build that never ends.
 */
export const LIMITS = {
  /**
   * Code lines longer than this are shown without colours, as editors do (VS Code stops
   * tokenising at 20,000 characters): a grammar's regular expressions are run at each position of
   * a line, and a 1 MB line of minified TypeScript took minutes.
   */
  highlightedLineLength: 20_000,
  /**
   * A page's source, in characters: three times the largest page of the corpus (150 KB). A page of
   * components this size takes seconds to compile and hundreds of MB while it does.
   */
  pageChars: 512 * 1024,
  /**
   * Block nesting (lists, quotes) in a page: micromark's list handling goes back over every open
   * container at each line, and a list nested 5,000 deep never finished.
   */
  blockNesting: 200,
  /** Characters of a settings value shown as a title, in the social card or the browser tab. */
  displayedChars: 300,
} as const;
