/**
 * A diagnostic is every message a user can see from build, dev or check.
 * Messages are created through the catalogue (./catalogue.ts) so each has a stable code.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface SourcePosition {
  /** Absolute path of the file the finding is about. */
  file: string;
  /** 1-based line. */
  line?: number;
  /** 1-based column. */
  column?: number;
}

export interface Diagnostic {
  /** Stable identifier from the catalogue, e.g. `settings/invalid-type`. */
  code: string;
  severity: Severity;
  /** What happened, in one sentence. */
  message: string;
  /** What to do about it. */
  hint?: string;
  file?: string;
  line?: number;
  column?: number;
  /** JSON path inside a settings or OpenAPI file, e.g. `navigation[0].pages[2]`. */
  jsonPath?: string;
  /** Source excerpt with a caret at the position, when a file position is known. */
  frame?: string;
  /**
   * The values the catalogue's message was made from (`diag(code, args)`), for code that needs
   * one of them: read them typed with `argsOf` (./catalogue.ts), never by parsing `message`.
   * Plain data, so a diagnostic still crosses to and from worker threads whole.
   */
  args?: Readonly<Record<string, unknown>>;
}

/** Thrown when a stage cannot continue; carries catalogued diagnostics instead of a stack trace. */
export class KilnError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
    this.name = 'KilnError';
    this.diagnostics = diagnostics;
  }
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * A total order on diagnostics: by file, position, severity, code, then message. Pages are made
 * concurrently (on this thread, build workers and the page-budget worker), so the order their
 * findings arrive in changes from run to run; sorted, a build's report and output are the same.
 */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    (a.file ?? '').localeCompare(b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    RANK[a.severity] - RANK[b.severity] ||
    a.code.localeCompare(b.code) ||
    a.message.localeCompare(b.message) ||
    (a.jsonPath ?? '').localeCompare(b.jsonPath ?? '')
  );
}
