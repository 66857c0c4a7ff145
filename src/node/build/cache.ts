import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Page } from '../content/pages.js';
import { kilnIdentity } from '../package-root.js';
import { cacheDir } from '../content/scan.js';
import type { LoadedSite } from '../site/load.js';
import type { ProducedPage, SiteOverrides } from './produce.js';

/**
 * The rebuild cache: each page as it was produced, on disk under `<project>/.kiln/cache/`, reused
 * while nothing it came from has changed. What a page came from:
 * - the site: this Kiln (its version and compiled files), the settings file and overrides, every
 *   page's path, URL, front matter and date (navigation, titles, previous/next), the project's
 *   files (links, images, custom CSS and JS) and the content of its OpenAPI documents, local or fetched;
 * - the page: its source;
 * - the snippets it renders, checked by content when the entry is read.
 * Any change to the site makes every page again; an edit to one page's body makes one page.
 * Pages that failed are not kept, so their errors are found again.
 */

const FORMAT = 1;
const SPEC_FILE = /\.(json|ya?ml)$/i;
const sha = (...parts: (string | Buffer)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/** What the index keeps of each page: the key it was made under and its snippets' hashes. */
interface IndexEntry {
  key: string;
  deps: [file: string, hash: string][];
}

async function siteKey(site: LoadedSite, overrides: SiteOverrides): Promise<string> {
  const settings = await fs.readFile(site.settings.file, 'utf8').catch(() => '');
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

export class PageCache {
  private readonly hashes = new Map<string, Promise<string | undefined>>();

  private constructor(
    private readonly dir: string,
    private readonly site: string,
    private readonly index: Record<string, IndexEntry>,
  ) {}

  /** The cache of the project at `site.root`; undefined when it cannot be made (read-only folder). */
  static async open(site: LoadedSite, overrides: SiteOverrides): Promise<PageCache | undefined> {
    const dir = path.join(cacheDir(site.root), `build-${FORMAT}`);
    try {
      await fs.mkdir(path.join(dir, 'pages'), { recursive: true });
    } catch {
      return undefined;
    }
    const [key, index] = await Promise.all([
      siteKey(site, overrides),
      fs.readFile(path.join(dir, 'index.json'), 'utf8').then((t) => JSON.parse(t) as Record<string, IndexEntry>).catch(() => ({})),
    ]);
    return new PageCache(dir, key, index);
  }

  private file(page: Page): string {
    return path.join(this.dir, 'pages', `${sha(page.relPath).slice(0, 32)}.json`);
  }

  private key(page: Page): string {
    return sha(this.site, page.relPath, page.body, page.lastModified?.toISOString() ?? '');
  }

  private hash(file: string): Promise<string | undefined> {
    let h = this.hashes.get(file);
    if (!h) this.hashes.set(file, (h = fs.readFile(file).then((b) => sha(b), () => undefined)));
    return h;
  }

  /** Whether the page as last produced still holds (cheap: the index only). */
  async fresh(page: Page): Promise<boolean> {
    const entry = this.index[page.relPath];
    if (!entry || entry.key !== this.key(page)) return false;
    for (const [file, hash] of entry.deps) if ((await this.hash(file)) !== hash) return false;
    return true;
  }

  /** The page as last produced; call after `fresh`. */
  async get(page: Page): Promise<ProducedPage | undefined> {
    try {
      // The page file names its key too: after an interrupted build it may be newer than the index.
      const { key, page: produced } = JSON.parse(await fs.readFile(this.file(page), 'utf8')) as { key: string; page: ProducedPage };
      return key === this.key(page) ? produced : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps a page that was produced without errors. Failing to write only loses the cache. */
  async set(page: Page, produced: ProducedPage): Promise<void> {
    delete this.index[page.relPath];
    if (!produced.html || produced.diagnostics.some((d) => d.severity === 'error')) return;
    try {
      const deps = await Promise.all(produced.deps.map(async (f) => [f, (await this.hash(f)) ?? ''] as [string, string]));
      await fs.writeFile(this.file(page), JSON.stringify({ key: this.key(page), page: produced }));
      this.index[page.relPath] = { key: this.key(page), deps };
    } catch {
      /* a cache that cannot be written is only slower */
    }
  }

  /** Writes the index (aside, then renamed: an interrupted build never leaves half of it). */
  /**
   * A value that follows from the site key alone (the OpenAPI checks: they read only the OpenAPI
   * files and Kiln), kept until that key changes.
   */
  async siteMemo<T>(name: string, compute: () => T): Promise<T> {
    const file = path.join(this.dir, `${name}.json`);
    const kept = await fs.readFile(file, 'utf8').then((t) => JSON.parse(t) as { key: string; value: T }).catch(() => undefined);
    if (kept?.key === this.site) return kept.value;
    const value = compute();
    await fs.writeFile(file, JSON.stringify({ key: this.site, value })).catch(() => undefined);
    return value;
  }

  async save(): Promise<void> {
    const file = path.join(this.dir, 'index.json');
    try {
      await fs.writeFile(`${file}.tmp`, JSON.stringify(this.index));
      await fs.rename(`${file}.tmp`, file);
    } catch {
      /* as above */
    }
  }
}
