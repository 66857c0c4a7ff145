import { promises as fs } from 'node:fs';
import path from 'node:path';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { PACKAGE_ROOT } from '../package-root.js';

/** The starter `kiln init` copies: a docs.json site (shipped in the package, `files` of package.json). */
export const STARTER = path.join(PACKAGE_ROOT, 'templates', 'starter');

/** npm leaves `.gitignore` files out of packages, so the starter's is stored without the dot. */
const RENAMED: Record<string, string> = { gitignore: '.gitignore' };

/** What may already be in the folder: a fresh `git init` leaves `.git`. */
const ALLOWED = new Set(['.git']);

export interface InitResult {
  /** Project-relative files written; absent when nothing was. */
  written?: string[];
  diagnostics: Diagnostic[];
}

/** `kiln init`: the starter into `root`, which must be new or empty (nothing is ever overwritten). */
export async function initProject(root: string): Promise<InitResult> {
  const dir = path.resolve(root);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (stat && !stat.isDirectory()) return { diagnostics: [diag('init/not-a-folder', { dir })] };
  if (stat && (await fs.readdir(dir)).some((name) => !ALLOWED.has(name))) return { diagnostics: [diag('init/not-empty', { dir })] };

  const written: string[] = [];
  const copy = async (from: string, to: string, rel: string) => {
    await fs.mkdir(to, { recursive: true });
    for (const e of await fs.readdir(from, { withFileTypes: true })) {
      const name = RENAMED[e.name] ?? e.name;
      const r = rel ? `${rel}/${name}` : name;
      if (e.isDirectory()) await copy(path.join(from, e.name), path.join(to, name), r);
      else {
        // `wx`: fail rather than overwrite, should something appear in the folder meanwhile.
        await fs.writeFile(path.join(to, name), await fs.readFile(path.join(from, e.name)), { flag: 'wx' });
        written.push(r);
      }
    }
  };
  await copy(STARTER, dir, '');
  return { written: written.sort(), diagnostics: [] };
}
