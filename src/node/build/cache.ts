import { createHash } from 'node:crypto';
import { existsSync, lstatSync, promises as fs, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '../content/pages.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { IslandSource, PageFeature } from '../mdx/compiler.js';
import { kilnIdentity } from '../package-root.js';
import { cacheDir } from '../content/scan.js';
import type { LoadedSite } from '../site/load.js';
import type { ProducedPage, SiteOverrides } from './produce.js';
import type { SearchBase } from '../search/incremental.js';

/**
 * The rebuild cache: what each page came from and what the build needs of it besides its files,
 * in `<project>/.kiln/cache/build-<format>/index.json`, reused while nothing it came from has
 * changed. What a page came from:
 * - the site: this Kiln (its version and compiled files), the settings file and overrides, every
 *   page's path, URL, front matter and date (navigation, titles, previous/next), the project's
 *   files (links, images, custom CSS and JS) and the content of its OpenAPI documents, local or fetched;
 * - the page: its source;
 * - the snippets it renders, checked by content when the entry is read.
 * A kept page's files are the last build's output itself: a rebuild hard-links them into the new
 * output when each is as that build left it (`previousOutput`), and makes the page again when one
 * is not. Keeping a second copy here cost a cold build a file per page, and creating files is what
 * this file system is slowest at (0.1-0.7 ms of kernel time each).
 * Any change to the site makes every page again; an edit to one page's body makes one page.
 * Pages that failed are not kept, so their errors are found again.
 */

const FORMAT = 3;
const SPEC_FILE = /\.(json|ya?ml)$/i;
const sha = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/** What a build needs of a kept page besides its files: small, so all of it lives in the index. */
export interface KeptPage {
  diagnostics: Diagnostic[];
  features: PageFeature[];
  classes: string[];
  islands: IslandSource[];
  /** Hash of the page's search input (search/incremental.ts); absent when it is not searchable. */
  search?: string;
  /** Whether the page has a Markdown export. */
  markdown: boolean;
}

/** What the index keeps of each page: the key it was made under, its snippets' hashes, and `KeptPage`. */
interface IndexEntry {
  key: string;
  deps: [file: string, hash: string][];
  kept: KeptPage;
}

/**
 * The files the last build wrote that a rebuild may take as they are (hard links into the new
 * output): where it wrote, under which base path and Tailwind sheet, and each file's identity as
 * written. A file changed or replaced since (other inode, size or time) is not taken.
 */
interface OutputRecord {
  dir: string;
  base: string;
  tailwind: string;
  files: Record<string, FileStamp>;
}
type FileStamp = [ino: number, size: number, mtimeMs: number];

interface IndexFile {
  pages: Record<string, IndexEntry>;
  output?: OutputRecord;
  /** The search index in that output (search/incremental.ts), saved with it so the two always match. */
  search?: SearchBase;
}

/** The last build's files in the folder being built into, under the same base path (see `PageCache.previousOutput`). */
export interface PreviousOutput {
  /** The Tailwind sheet's URL in that build's pages ('' when it had none). */
  readonly tailwind: string;
  /** Whether `rel` is as that build left it. */
  has(rel: string): boolean;
  /** Links `rel` into the new output (`has` first); its stamp stays valid for the next build. */
  take(rel: string, writer: { link(fromAbs: string, rel: string): Promise<void> }): Promise<void>;
  /** The text of `rel` (`has` first). */
  read(rel: string): string;
}

async function siteKey(site: LoadedSite, overrides: SiteOverrides): Promise<string> {
  const settings = (await Promise.all((site.settings.sources ?? [site.settings.file]).map((f) => fs.readFile(f, 'utf8').catch(() => '')))).join('\0');
  const pages = [...site.content.pages.values()]
    .map((p) => JSON.stringify([p.relPath, p.url, p.inNav, p.frontMatter]))
    .sort();
  // OpenAPI documents fetched from a URL are kept beside this cache by openapi/fetch.ts, this build's copy.
  const fetched = path.join('.kiln', 'cache', 'openapi');
  const fetchedFiles = (await fs.readdir(path.join(site.root, fetched)).catch(() => [] as string[])).map((f) => path.join(fetched, f));
  const specs = await Promise.all(
    [...site.files.assets.filter((f) => SPEC_FILE.test(f)), ...fetchedFiles.sort()].map(async (f) => `${f}:${sha(await fs.readFile(path.join(site.root, f)).catch(() => Buffer.alloc(0)))}`),
  );
  // The root too: pages carry absolute paths in their messages, so a copied project starts afresh.
  return sha(String(FORMAT), await kilnIdentity(), site.root, settings, JSON.stringify(overrides), ...pages, ...site.files.assets, ...specs);
}

const stamp = (abs: string): FileStamp | undefined => {
  try {
    const s = lstatSync(abs);
    return s.isFile() ? [s.ino, s.size, s.mtimeMs] : undefined;
  } catch {
    return undefined;
  }
};

export class PageCache {
  private readonly hashes = new Map<string, Promise<string | undefined>>();
  /** The output record for the next build: files taken keep their stamps, files written are stamped at `recordOutput`. */
  private readonly stamps: Record<string, FileStamp> = {};
  private readonly written: string[] = [];

  private constructor(
    private readonly dir: string,
    private readonly site: string,
    private readonly index: IndexFile,
  ) {}

  /** Whether `root` has a rebuild cache this Kiln can read (a build before this one). */
  static exists(root: string): boolean {
    return existsSync(path.join(cacheDir(root), `build-${FORMAT}`, 'index.json'));
  }

  /** The cache of the project at `site.root`; undefined when it cannot be made (read-only folder). */
  static async open(site: LoadedSite, overrides: SiteOverrides): Promise<PageCache | undefined> {
    const dir = path.join(cacheDir(site.root), `build-${FORMAT}`);
    try {
      await fs.mkdir(dir, { recursive: true });
    } catch {
      return undefined;
    }
    // Caches of other formats are of no use to this Kiln.
    for (const name of await fs.readdir(path.dirname(dir)).catch(() => [] as string[])) {
      if (/^build-\d+$/.test(name) && name !== path.basename(dir)) await fs.rm(path.join(path.dirname(dir), name), { recursive: true, force: true }).catch(() => undefined);
    }
    const [key, index] = await Promise.all([
      siteKey(site, overrides),
      fs.readFile(path.join(dir, 'index.json'), 'utf8').then((t) => JSON.parse(t) as IndexFile).catch(() => undefined),
    ]);
    return new PageCache(dir, key, index?.pages ? index : { pages: {} });
  }

  private key(page: Page): string {
    return sha(this.site, page.relPath, page.body, page.lastModified?.toISOString() ?? '');
  }

  private hash(file: string): Promise<string | undefined> {
    let h = this.hashes.get(file);
    if (!h) this.hashes.set(file, (h = fs.readFile(file).then((b) => sha(b), () => undefined)));
    return h;
  }

  /** The page as last produced, when that still holds (cheap: the index only), else undefined. */
  async kept(page: Page): Promise<KeptPage | undefined> {
    const entry = this.index.pages[page.relPath];
    if (!entry || entry.key !== this.key(page)) return undefined;
    for (const [file, hash] of entry.deps) if ((await this.hash(file)) !== hash) return undefined;
    return entry.kept;
  }

  /** Keeps what the build needs of a page produced without errors (its files are the output's). */
  async set(page: Page, produced: ProducedPage, search: string | undefined): Promise<void> {
    delete this.index.pages[page.relPath];
    if (produced.kind !== 'made' || produced.diagnostics.some((d) => d.severity === 'error')) return;
    const deps = await Promise.all(produced.deps.map(async (f) => [f, (await this.hash(f)) ?? ''] as [string, string]));
    const { diagnostics, features, classes, islands } = produced;
    this.index.pages[page.relPath] = { key: this.key(page), deps, kept: { diagnostics, features, classes, islands, search, markdown: produced.markdown !== undefined || produced.markdownLater !== undefined } };
  }

  /** The last build's output in `dir`, when it was built there under the same base path. */
  previousOutput(dir: string, base: string): PreviousOutput | undefined {
    const record = this.index.output;
    if (record?.dir !== dir || record.base !== base) return undefined;
    const checked = new Map<string, FileStamp>();
    return {
      tailwind: record.tailwind,
      has: (rel) => {
        if (checked.has(rel)) return true;
        const was = record.files[rel];
        const now = was && stamp(path.join(dir, rel));
        if (!now || now[0] !== was[0] || now[1] !== was[1] || now[2] !== was[2]) return false;
        checked.set(rel, now);
        return true;
      },
      take: async (rel, writer) => {
        await writer.link(path.join(dir, rel), rel);
        const s = checked.get(rel);
        if (s) this.stamps[rel] = s;
      },
      read: (rel) => readFileSync(path.join(dir, rel), 'utf8'),
    };
  }

  /** A file this build wrote that a later one may take (a page's, the search index's), stamped once it is in place. */
  wrote(rel: string): void {
    this.written.push(rel);
  }

  /** Stamps the files written, once the output is in place, for the next build's `previousOutput`. */
  recordOutput(dir: string, base: string, tailwind: string, search: SearchBase | undefined): void {
    for (const rel of this.written) {
      const s = stamp(path.join(dir, rel));
      if (s) this.stamps[rel] = s;
    }
    this.index.output = { dir, base, tailwind, files: this.stamps };
    this.index.search = search;
  }

  /** The search index the last build's output holds, if any. */
  get searchBase(): SearchBase | undefined {
    return this.index.search;
  }

  /**
   * A value that follows from the site key alone (the OpenAPI checks: they read only the OpenAPI
   * files and Kiln), kept until that key changes.
   */
  async siteMemo<T>(name: string, compute: () => T | Promise<T>): Promise<T> {
    const file = path.join(this.dir, `${name}.json`);
    const kept = await fs.readFile(file, 'utf8').then((t) => JSON.parse(t) as { key: string; value: T }).catch(() => undefined);
    if (kept?.key === this.site) return kept.value;
    const value = await compute();
    await fs.writeFile(file, JSON.stringify({ key: this.site, value })).catch(() => undefined);
    return value;
  }

  /**
   * Writes the index (aside, then renamed: an interrupted build never leaves half of it), synchronously
   * so that a signal handler cannot run between the two and leave the aside file behind.
   */
  async save(): Promise<void> {
    const file = path.join(this.dir, 'index.json');
    try {
      writeFileSync(`${file}.tmp`, JSON.stringify(this.index));
      renameSync(`${file}.tmp`, file);
    } catch {
      /* a cache that cannot be written is only slower */
    }
  }
}
