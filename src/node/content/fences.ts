/**
 * Fenced code found line by line, for the passes that read a page's text before it is parsed
 * (variables, the early look for code that runs) or after it is written (links under a base path).
 * A fence opens with a run of three or more backticks or tildes (a backtick run's info string has
 * no backtick) and closes with a run of the same character at least as long, with nothing after it
 * but blanks; an unclosed fence runs to the end. Indented as deep as it likes: MDX reads a fence
 * inside a component (`<Tab>` in `<Tabs>`) at any indentation, having no indented code blocks.
 */
const OPENING = /^[ \t]*(`{3,}|~{3,})(.*)$/;

export class FenceTracker {
  private fence: string | undefined;

  /** Whether `line`, the next line of the text, is fenced code or one of its fences. */
  code(line: string): boolean {
    const run = OPENING.exec(line);
    if (this.fence) {
      if (run && run[1]![0] === this.fence[0] && run[1]!.length >= this.fence.length && !run[2]!.trim()) this.fence = undefined;
      return true;
    }
    if (!run || (run[1]![0] === '`' && run[2]!.includes('`'))) return false;
    this.fence = run[1];
    return true;
  }
}
