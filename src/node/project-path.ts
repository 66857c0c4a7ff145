import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Reading files a project names (in its settings, or through OpenAPI `$ref`s) without leaving the
 * project: the one containment rule, with symbolic links resolved, that the servers use for URLs
 * too (server/safe-path.ts).
 */

/** Whether the absolute `candidate` is `root` or inside it. */
export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The real path of `file` (links resolved) when it exists and lies inside the real path of
 * `root`; `missing` when it does not exist, `outside` when it (or a link on its way) leads out.
 */
export async function realPathInside(root: string, file: string): Promise<{ real: string } | { refused: 'missing' | 'outside' }> {
  let realRoot: string;
  let real: string;
  try {
    realRoot = await fs.realpath(root);
  } catch {
    return { refused: 'missing' };
  }
  // What the path says before links are followed: `../x` is outside even when it does not exist.
  if (!isInside(path.resolve(root), path.resolve(root, file)) && !isInside(realRoot, path.resolve(root, file))) return { refused: 'outside' };
  try {
    real = await fs.realpath(path.resolve(root, file));
  } catch {
    return { refused: 'missing' };
  }
  return isInside(realRoot, real) ? { real } : { refused: 'outside' };
}

export type ReadRefusal = 'missing' | 'outside' | 'not-file' | 'too-large';

/**
 * A file of the project as UTF-8 text: only inside `root`, only a regular file (not a folder,
 * device or pipe, which could block or never end), and at most `limit` bytes, counted as it is
 * read (a file may grow after its size was looked at).
 */
export async function readProjectText(root: string, file: string, limit: number): Promise<{ text: string; real: string } | { refused: ReadRefusal }> {
  const inside = await realPathInside(root, file);
  if ('refused' in inside) return inside;
  const { real } = inside;
  const info = await fs.stat(real).catch(() => undefined);
  if (!info) return { refused: 'missing' };
  if (!info.isFile()) return { refused: 'not-file' };
  if (info.size > limit) return { refused: 'too-large' };
  // Non-blocking, so a file swapped for a pipe since the stat cannot hold the open.
  const handle = await fs.open(real, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (!handle) return { refused: 'missing' };
  try {
    if (!(await handle.stat()).isFile()) return { refused: 'not-file' };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.alloc(Math.min(1 << 20, limit + 1 - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > limit) return { refused: 'too-large' };
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return { text: Buffer.concat(chunks).toString('utf8'), real };
  } finally {
    await handle.close();
  }
}
