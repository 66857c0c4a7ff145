import { closeSync, copyFileSync, existsSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import { KilnError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from './guard.js';

/** What became of the output folder: left as it was, replaced by the new output, or moved aside by a swap that failed half-way. */
export type OutputState = 'untouched' | 'replaced' | 'displaced';

/**
 * Writes a build into a temporary sibling folder and swaps it in only when everything was written,
 * so a failed or interrupted build leaves the previous output as it was.
 *
 * Every change to the temporary folder is made synchronously. A signal handler runs between tasks
 * on this thread, so `abortSync` then never races an operation under way in libuv's thread pool
 * (an asynchronous copy finishing after the folder was removed left it behind with one file in it).
 * The methods stay `async` for subclasses and callers.
 */
export class OutputWriter {
  readonly tmp: string;
  private readonly dirs = new Set<string>();
  private outputState: OutputState = 'untouched';

  constructor(readonly outDir: string) {
    this.tmp = tempFolder(outDir, process.pid);
  }

  get state(): OutputState {
    return this.outputState;
  }

  /** Starts the temporary folder, with the marker that tells later builds it is a Kiln output (guard.ts). */
  async begin(): Promise<void> {
    rmSync(this.tmp, { recursive: true, force: true });
    mkdirSync(this.tmp, { recursive: true });
    writeFileSync(path.join(this.tmp, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
  }

  private ensureDir(dir: string): void {
    if (this.dirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    this.dirs.add(dir);
  }

  /**
   * `rel` is a POSIX path inside the output. Synchronous also because fs.promises' open, write and
   * close each go through libuv's thread pool, which cost a 1,000-page build more CPU than the
   * writes (2,000 files: 383 ms against 92 ms); a page's file is written in well under a millisecond.
   */
  async write(rel: string, data: string | Uint8Array): Promise<void> {
    const abs = path.join(this.tmp, rel);
    this.ensureDir(path.dirname(abs));
    writeFileSync(abs, data);
  }

  /** The text `write` puts in the file `rel` for `text` (a writer under a base path rebases it). */
  finalText(_rel: string, text: string): string {
    return text;
  }

  /** A page's Markdown as it was before `write` put it in a `.md` file (a writer under a base path takes the base off its links). */
  sourceMarkdown(text: string): string {
    return text;
  }

  /** What each piece `writePieces` is given becomes in the file `rel`, in order (a writer under a base path rebases them). */
  protected pieceText(_rel: string): (piece: string) => string {
    return (piece) => piece;
  }

  /**
   * Writes a file made piece by piece (llms-full.txt: every page's Markdown), so that the whole text
   * never has to be held at once. Each piece must end at the end of a line.
   */
  async writePieces(rel: string, pieces: AsyncIterable<string> | Iterable<string>): Promise<void> {
    const abs = path.join(this.tmp, rel);
    this.ensureDir(path.dirname(abs));
    const final = this.pieceText(rel);
    const fd = openSync(abs, 'w');
    try {
      for await (const piece of pieces) writeSync(fd, final(piece));
    } finally {
      closeSync(fd);
    }
  }

  /** Writes a file that is final already (taken from the last build's output): never rebased again. */
  async writeAsIs(rel: string, data: string | Uint8Array): Promise<void> {
    return OutputWriter.prototype.write.call(this, rel, data);
  }

  /**
   * Changes a file already written (the build fills in URLs known only at the end). A new file
   * replaces it, so a file linked from elsewhere (`link`) is never changed through the link.
   */
  async rewrite(rel: string, change: (text: string) => string): Promise<void> {
    const abs = path.join(this.tmp, rel);
    const text = change(readFileSync(abs, 'utf8'));
    unlinkSync(abs);
    writeFileSync(abs, text);
  }

  /**
   * Takes a finished file as it is (the previous build's output, the search index kept in the
   * cache): a hard link, no copy, where the file system allows one, else a copy. Such files are
   * shared, so nothing may write into them: `rewrite` replaces, and callers link only files they
   * will not write again. Fails when `fromAbs` is missing.
   */
  async link(fromAbs: string, rel: string): Promise<void> {
    const abs = path.join(this.tmp, rel);
    this.ensureDir(path.dirname(abs));
    // Synchronous also because a link is one quick system call, and a rebuild makes thousands of them, each of
    // which would otherwise wait its turn in libuv's thread pool (0.75 s against 0.1 s for 2,000).
    try {
      linkSync(fromAbs, abs);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw e;
      // Never copy onto a file already there: it may itself be a link.
      if (code === 'EEXIST') unlinkSync(abs);
      try {
        linkSync(fromAbs, abs);
      } catch {
        copyFileSync(fromAbs, abs);
      }
    }
  }

  async remove(rel: string): Promise<void> {
    rmSync(path.join(this.tmp, rel), { force: true });
  }

  async copy(fromAbs: string, rel: string): Promise<void> {
    const abs = path.join(this.tmp, rel);
    this.ensureDir(path.dirname(abs));
    copyFileSync(fromAbs, abs);
  }

  /** One rename of `commit` (tests make one fail). */
  protected rename(from: string, to: string): void {
    renameSync(from, to);
  }

  /** Removes the previous output once the new one is in place (tests make it fail). */
  protected removeTree(dir: string): void {
    rmSync(dir, { recursive: true, force: true });
  }

  /**
   * Replaces the output folder with what was written: the previous one is renamed aside, the new
   * one renamed into place, the previous one removed. Throws when the new output could not be put
   * in place, after putting the previous one back (a KilnError when that failed too: both are
   * named, and nothing is removed). Returns a warning when the new output is in place but the
   * previous one could not be removed.
   */
  async commit(): Promise<Diagnostic | undefined> {
    const old = `${this.tmp}-old`;
    let hadOld = false;
    try {
      this.rename(this.outDir, old);
      hadOld = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    try {
      this.rename(this.tmp, this.outDir);
    } catch (e) {
      if (hadOld) {
        try {
          this.rename(old, this.outDir);
        } catch (back) {
          this.outputState = 'displaced';
          throw new KilnError([diag('output/swap-failed', { dir: this.outDir, old, tmp: this.tmp, reason: (e as Error).message, back: (back as Error).message })]);
        }
      }
      throw e;
    }
    this.outputState = 'replaced';
    if (!hadOld) return undefined;
    try {
      this.removeTree(old);
    } catch (e) {
      return diag('output/old-not-removed', { dir: this.outDir, old, reason: (e as Error).message });
    }
    return undefined;
  }

  /** Remove the temporary folder (after a failure or an interruption). */
  async abort(): Promise<void> {
    // After a failed swap the temporary folder holds the new output, named in the error.
    if (this.outputState === 'untouched') rmSync(this.tmp, { recursive: true, force: true });
  }

  /** Synchronous clean-up for signal handlers, where awaiting is not possible. */
  abortSync(): void {
    if (this.outputState === 'displaced') return;
    try {
      rmSync(this.tmp, { recursive: true, force: true });
      // Interrupted inside commit(): put the previous output back, or finish removing it.
      const old = `${this.tmp}-old`;
      if (existsSync(old)) {
        if (existsSync(this.outDir)) rmSync(old, { recursive: true, force: true });
        else renameSync(old, this.outDir);
      }
    } catch {
      /* best effort */
    }
  }
}

/** The temporary folder a build in process `pid` writes `outDir` into (its previous output goes to this + `-old` during the swap). */
export function tempFolder(outDir: string, pid: number): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.kiln-tmp-${pid}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * What builds into `outDir` that were killed (no clean-up of their own could run) left beside it:
 * their temporary folders are removed, and a previous output moved aside by a swap that never
 * finished (`-old`, with no output folder) is put back first. Folders of builds still running
 * (their process is alive) are left alone.
 */
export function recoverInterrupted(outDir: string): Diagnostic[] {
  const parent = path.dirname(outDir);
  const own = new RegExp(`^\\.${path.basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.kiln-tmp-(\\d+)(-old)?$`);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const stale = names.filter((n) => {
    const pid = Number(own.exec(n)?.[1] ?? NaN);
    return Number.isInteger(pid) && pid !== process.pid && !alive(pid);
  });
  if (stale.length === 0) return [];
  const diagnostics: Diagnostic[] = [];
  if (!existsSync(outDir)) {
    const mtime = (n: string) => statSync(path.join(parent, n), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    const previous = stale.filter((n) => n.endsWith('-old')).sort((a, b) => mtime(b) - mtime(a))[0];
    if (previous) {
      const from = path.join(parent, previous);
      try {
        renameSync(from, outDir);
        stale.splice(stale.indexOf(previous), 1);
        diagnostics.push(diag('output/recovered', { dir: outDir, from }));
      } catch (e) {
        diagnostics.push(diag('output/leftover', { dir: from, reason: (e as Error).message }));
        stale.splice(stale.indexOf(previous), 1);
      }
    }
  }
  for (const n of stale) {
    try {
      rmSync(path.join(parent, n), { recursive: true, force: true });
    } catch (e) {
      diagnostics.push(diag('output/leftover', { dir: path.join(parent, n), reason: (e as Error).message }));
    }
  }
  return diagnostics;
}
