import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

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

/**
 * What Mintlify leaves out of every site besides what `.mintignore` names: the repository's own
 * documents and build folders at the top of the docs folder (a `build/` folder deeper down is a
 * folder of pages like any other). Dot folders, `node_modules` and `dist` are left out above.
 */
const DEFAULT_IGNORED = ['/README.md', '/LICENSE.md', '/CHANGELOG.md', '/CONTRIBUTING.md', '/build/', '/coverage/', '/tmp/', '/temp/'];

/**
 * `.mintignore` (gitignore syntax, read by the `ignore` package) plus Mintlify's defaults: files
 * that are neither built nor published. `.mintignore` may re-include a default with `!pattern`.
 */
export async function ignoreRules(root: string): Promise<Ignore> {
  const own = await fs.readFile(path.join(root, '.mintignore'), 'utf8').catch(() => '');
  return ignore({ ignorecase: false }).add(DEFAULT_IGNORED).add(own);
}

export interface ProjectFiles {
  /** Project-relative POSIX paths of .md/.mdx files, sorted. */
  pages: string[];
  /** Project-relative POSIX paths of every other publishable file (images, downloads, css, js). */
  assets: string[];
  /** Whether a project-relative path is left out by `.mintignore` or Mintlify's defaults. */
  ignored?: (rel: string) => boolean;
}

/**
 * One walk over the project. `exclude` holds absolute folders to leave out (the build output
 * when it sits inside the project).
 */
export async function scanProject(root: string, exclude: string[] = []): Promise<ProjectFiles> {
  const pages: string[] = [];
  const assets: string[] = [];
  const excluded = new Set(exclude.map((p) => path.resolve(p)));
  const ignored = await ignoreRules(root);

  async function walk(dir: string, rel: string): Promise<void> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    // Folders are read at once, not one after the other: a readdir is a round trip to the thread
    // pool, and the 119 folders of a 675-page site read one by one left the thread idle ~40 ms.
    const folders: Promise<void>[] = [];
    for (const e of entries) {
      // Symbolic links are neither: what they lead to is never walked or published.
      const isDir = e.isDirectory();
      if ((!isDir && !e.isFile()) || leftOut(e.name, isDir, rel === '')) continue;
      const abs = path.join(dir, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (ignored.ignores(isDir ? `${r}/` : r)) continue;
      if (isDir) {
        if (!excluded.has(abs)) folders.push(walk(abs, r));
      } else if (/\.mdx?$/i.test(e.name)) pages.push(r);
      else assets.push(r);
    }
    await Promise.all(folders);
  }
  await walk(root, '');
  pages.sort();
  assets.sort();
  return { pages, assets, ignored: (rel) => ignored.ignores(rel) };
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
  if ((await ignoreRules(root)).ignores(rel)) return false;
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
