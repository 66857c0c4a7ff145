import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Folders that never hold pages or public files. */
const SKIP_DIRS = new Set(['node_modules', 'snippets', '_snippets', 'dist', '.kiln']);
/** Kiln's own caches in a project: the rebuild cache, highlighted blocks, fetched OpenAPI files. */
export const cacheDir = (root: string) => path.join(root, '.kiln', 'cache');
const SETTINGS_FILES = new Set(['docs.json', 'mint.json']);

export interface ProjectFiles {
  /** Project-relative POSIX paths of .md/.mdx files, sorted. */
  pages: string[];
  /** Project-relative POSIX paths of every other publishable file (images, downloads, css, js). */
  assets: string[];
}

/**
 * One walk over the project. `exclude` holds absolute folders to leave out (the build output
 * when it sits inside the project).
 */
export async function scanProject(root: string, exclude: string[] = []): Promise<ProjectFiles> {
  const pages: string[] = [];
  const assets: string[] = [];
  const excluded = new Set(exclude.map((p) => path.resolve(p)));

  async function walk(dir: string, rel: string): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const abs = path.join(dir, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (SKIP_DIRS.has(e.name) || excluded.has(abs)) continue;
        await walk(abs, r);
      } else if (e.isFile()) {
        if (/\.mdx?$/i.test(e.name)) pages.push(r);
        else if (!(rel === '' && SETTINGS_FILES.has(e.name))) assets.push(r);
      }
    }
  }
  await walk(root, '');
  pages.sort();
  assets.sort();
  return { pages, assets };
}
