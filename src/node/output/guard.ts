import { accessSync, constants, existsSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/**
 * The file every Kiln output holds (written first, into the temporary folder), by which a later
 * build knows a folder is one it may replace. A dotfile at the output's root: hosts serve it or
 * skip it (GitHub Pages' Jekyll, `gh-pages` without `dotfiles`), and either is harmless.
 */
export const OUTPUT_MARKER = '.kiln-output';
export const OUTPUT_MARKER_TEXT = 'This folder was written by Kiln (`kiln build`), which replaces all of it on every build.\n';

/** Whether `dir` holds a Kiln output: the marker, or (outputs of Kilns before the marker) its `_kiln/assets/` folder. */
export function isKilnOutput(dir: string): boolean {
  return existsSync(path.join(dir, OUTPUT_MARKER)) || isDir(path.join(dir, '_kiln', 'assets'));
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * `p` with symbolic links resolved as far as it exists, the rest appended (the output folder may
 * not exist yet), and the deepest part that exists with its stats.
 */
function resolveReal(p: string): { real: string; existing: string; stats: Stats } {
  let existing = path.resolve(p);
  const rest: string[] = [];
  for (;;) {
    try {
      const stats = statSync(existing);
      return { real: path.join(realpathSync.native(existing), ...rest), existing, stats };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // ENOTDIR: a file stands where a folder of the path should be; stat it as what it is.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
      const parent = path.dirname(existing);
      if (parent === existing) throw e;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);

/**
 * Why the build of the project `root` may not write `outDir`, or undefined when it may. A build
 * replaces its output folder whole, so it never takes: the project or a folder holding it, a
 * file (or a path through one), a folder that is not empty and holds no Kiln output, or a
 * read-only folder (its owner asked for it to stay as it is). Checked before the build does anything.
 */
export function outputRefusal(root: string, outDir: string): Diagnostic | undefined {
  const out = path.resolve(outDir);
  let real: ReturnType<typeof resolveReal>;
  try {
    real = resolveReal(out);
  } catch (e) {
    return diag('output/unusable', { dir: out, reason: (e as Error).message });
  }
  const project = existsSync(root) ? realpathSync.native(root) : path.resolve(root);
  if (within(project, real.real)) return diag('output/holds-project', { dir: out });
  if (!real.stats.isDirectory()) return diag('output/not-a-folder', { dir: out, file: real.existing });
  if (real.existing !== out) {
    // The folder is new: made beside its parent's other entries, which must be writable.
    return writable(real.existing) ? undefined : diag('output/read-only', { dir: real.existing });
  }
  let entries: string[];
  try {
    entries = readdirSync(out);
  } catch (e) {
    return diag('output/unusable', { dir: out, reason: (e as Error).message });
  }
  if (entries.length > 0 && !isKilnOutput(out)) return diag('output/not-kiln-output', { dir: out, marker: OUTPUT_MARKER });
  if (!writable(out) || !writable(path.dirname(out))) return diag('output/read-only', { dir: writable(out) ? path.dirname(out) : out });
  return undefined;
}

/**
 * Writable for this process, and not marked read-only: a folder with no write permission for
 * anyone is left alone even by a user the system would let write (root).
 */
function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return (statSync(dir).mode & 0o222) !== 0;
  } catch {
    return false;
  }
}
