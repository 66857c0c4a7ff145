import { existsSync, promises as fs, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a build into a temporary sibling folder and swaps it in only when everything was written,
 * so a failed or interrupted build leaves the previous output as it was.
 */
export class OutputWriter {
  readonly tmp: string;
  private readonly dirs = new Set<string>();

  constructor(readonly outDir: string) {
    this.tmp = path.join(path.dirname(outDir), `.${path.basename(outDir)}.kiln-tmp-${process.pid}`);
  }

  async begin(): Promise<void> {
    await fs.rm(this.tmp, { recursive: true, force: true });
    await fs.mkdir(this.tmp, { recursive: true });
  }

  private async ensureDir(dir: string): Promise<void> {
    if (this.dirs.has(dir)) return;
    await fs.mkdir(dir, { recursive: true });
    this.dirs.add(dir);
  }

  /** `rel` is a POSIX path inside the output. */
  async write(rel: string, data: string | Uint8Array): Promise<void> {
    const abs = path.join(this.tmp, rel);
    await this.ensureDir(path.dirname(abs));
    await fs.writeFile(abs, data);
  }

  /** Changes a file already written (the build fills in URLs known only at the end). */
  async rewrite(rel: string, change: (text: string) => string): Promise<void> {
    const abs = path.join(this.tmp, rel);
    await fs.writeFile(abs, change(await fs.readFile(abs, 'utf8')));
  }

  async copy(fromAbs: string, rel: string): Promise<void> {
    const abs = path.join(this.tmp, rel);
    await this.ensureDir(path.dirname(abs));
    await fs.copyFile(fromAbs, abs);
  }

  /** Replace the output folder with what was written. */
  async commit(): Promise<void> {
    const old = `${this.tmp}-old`;
    let hadOld = false;
    try {
      await fs.rename(this.outDir, old);
      hadOld = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    try {
      await fs.rename(this.tmp, this.outDir);
    } catch (e) {
      if (hadOld) await fs.rename(old, this.outDir);
      throw e;
    }
    if (hadOld) await fs.rm(old, { recursive: true, force: true });
  }

  /** Remove the temporary folder (after a failure or an interruption). */
  async abort(): Promise<void> {
    await fs.rm(this.tmp, { recursive: true, force: true });
  }

  /** Synchronous clean-up for signal handlers, where awaiting is not possible. */
  abortSync(): void {
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
