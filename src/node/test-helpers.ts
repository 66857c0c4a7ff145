import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the tests find the repository, the example site and the corpus of real sites. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const starter = path.join(repoRoot, 'examples/starter');
/** The 40 real sites beside the repository: read only by `*.corpus.test.ts` files (the corpus tier). */
export const corpus = path.resolve(repoRoot, '../shared/corpus');

/** Every .md and .mdx file under `dir`, skipping node_modules and dot-folders. */
export function mdxFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && !e.name.startsWith('.')) mdxFiles(f, out);
    } else if (/\.mdx?$/.test(e.name)) out.push(f);
  }
  return out;
}

/** The fenced code blocks (language, code) of every page under `roots`, opening fences matched by `fence`. */
export function fencedBlocks(roots: string[], fence: RegExp): [lang: string, code: string][] {
  const out: [string, string][] = [];
  for (const root of roots) for (const f of mdxFiles(root)) for (const m of readFileSync(f, 'utf8').matchAll(fence)) out.push([m[1]!, m[2]!]);
  return out;
}
