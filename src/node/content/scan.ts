import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Folders that never hold pages or public files. */
const SKIP_DIRS = new Set(['node_modules', 'dist', '.kiln']);
/**
 * Folders of snippets, which are imported, never pages: only at the project root (as Mintlify has
 * it). A folder called `snippets` deeper in the tree holds ordinary pages.
 */
const SNIPPET_DIRS = new Set(['snippets', '_snippets']);
/** Kiln's own caches in a project: the rebuild cache, highlighted blocks, fetched OpenAPI files. */
export const cacheDir = (root: string) => path.join(root, '.kiln', 'cache');
const SETTINGS_FILES = new Set(['docs.json', 'mint.json']);

/**
 * The walk's rule for one entry, by name: hidden files and folders, the folders that never hold
 * public files (the snippets folder at the top), and the settings file at the top are left out. `kiln dev` serves a project file by
 * this rule too (`isProjectAsset`), so it serves what a build publishes and nothing else.
 */
function leftOut(name: string, dir: boolean, atRoot: boolean): boolean {
  return name.startsWith('.') || (dir ? SKIP_DIRS.has(name) || (atRoot && SNIPPET_DIRS.has(name)) : atRoot && SETTINGS_FILES.has(name));
}

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
      // Symbolic links are neither: what they lead to is never walked or published.
      const isDir = e.isDirectory();
      if ((!isDir && !e.isFile()) || leftOut(e.name, isDir, rel === '')) continue;
      const abs = path.join(dir, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (isDir) {
        if (!excluded.has(abs)) await walk(abs, r);
      } else if (/\.mdx?$/i.test(e.name)) pages.push(r);
      else assets.push(r);
    }
  }
  await walk(root, '');
  pages.sort();
  assets.sort();
  return { pages, assets };
}

/**
 * Whether the project-relative POSIX path `rel` is a file the walk lists as an asset, checked now
 * entry by entry as the walk sees them: every folder on the way a real folder (not a link) the walk
 * enters, the file a regular file it publishes. For `kiln dev`, whose list of files is made when the
 * site loads and must follow files added and removed since.
 */
export async function isProjectAsset(root: string, rel: string, exclude: string[] = []): Promise<boolean> {
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..') || /\.mdx?$/i.test(rel)) return false;
  const excluded = new Set(exclude.map((p) => path.resolve(p)));
  let abs = path.resolve(root);
  for (let i = 0; i < parts.length; i++) {
    const name = parts[i]!;
    const isDir = i < parts.length - 1;
    abs = path.join(abs, name);
    if (leftOut(name, isDir, i === 0) || (isDir && excluded.has(abs))) return false;
    const stat = await fs.lstat(abs).catch(() => undefined);
    if (!stat || (isDir ? !stat.isDirectory() : !stat.isFile())) return false;
  }
  return true;
}
