import { createHash } from 'node:crypto';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where this code runs from: `src` (unit tests through vite), `lib` (tsc output) or `bundle`
 * (lib/bundle/, what `kiln` runs: one file per entry instead of ~700 modules to load).
 */
export const RUNS_FROM: 'src' | 'lib' | 'bundle' = import.meta.url.endsWith('.ts') ? 'src' : import.meta.url.includes('/lib/bundle/') ? 'bundle' : 'lib';

/** Kiln's name on the npm registry (`kiln` there is someone else's package). */
export const PACKAGE_NAME = 'kiln-docs';

/** The Kiln package folder, found upwards from this module: the same from src/, lib/ and the bundle. */
export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(from: string): string {
  for (let dir = from; ; ) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`Kiln's package.json was not found above ${from}`);
    dir = up;
  }
}

let identity: Promise<string> | undefined;

/**
 * This Kiln's files (the folder it runs from, with the client bundles) by size and time, hashed:
 * what the on-disk caches are keyed by, so a rebuilt or upgraded Kiln starts them afresh.
 */
export function kilnIdentity(): Promise<string> {
  return (identity ??= (async () => {
    // The code that runs and the client files pages get (the bundle need not count lib/'s modules).
    const dirs = RUNS_FROM === 'src' ? ['src', 'lib/client'] : RUNS_FROM === 'bundle' ? ['lib/bundle', 'lib/client'] : ['lib'];
    const parts: string[] = [];
    const walk = async (d: string): Promise<void> => {
      for (const e of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
        const abs = path.join(d, e.name);
        if (e.isDirectory()) await walk(abs);
        else {
          const st = await fs.stat(abs).catch(() => undefined);
          if (st) parts.push(`${path.relative(PACKAGE_ROOT, abs)}:${st.size}:${st.mtimeMs}`);
        }
      }
    };
    for (const d of dirs) await walk(path.join(PACKAGE_ROOT, d));
    const hash = createHash('sha256');
    // The lockfile, where there is one, for the versions of the packages left outside the bundle.
    for (const f of ['package.json', 'package-lock.json']) hash.update(await fs.readFile(path.join(PACKAGE_ROOT, f)).catch(() => Buffer.alloc(0))).update('\0');
    for (const p of parts.sort()) hash.update('\0' + p);
    return hash.digest('hex');
  })());
}
