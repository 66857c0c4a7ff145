import { isNeededSearchFile, SearchIndex, type SearchFile } from './index.js';
import { SEARCH_MANIFEST, type SearchManifest } from './incremental.js';

/** The dev index is always whole: nothing merged, nothing hidden. */
const WHOLE: SearchManifest = { merge: [], hide: [] };

/**
 * The dev server's search bundle: built in memory on the first request for it (rendering every
 * page once), kept until a file changes, then built again on the next request (lazily, so a burst
 * of saves costs nothing until someone searches).
 */
export class DevSearch {
  private current: { index: SearchIndex; files: Promise<Map<string, SearchFile>> } | undefined;

  /** `fill` renders the pages and adds them to the index. */
  constructor(private readonly fill: (index: SearchIndex) => Promise<void>) {}

  /** A file of the bundle by its path inside it (`pagefind.js`), or undefined. */
  async file(rel: string): Promise<SearchFile | undefined> {
    if (rel === SEARCH_MANIFEST) return { path: rel, content: new TextEncoder().encode(JSON.stringify(WHOLE)) };
    if (!this.current) {
      const index = new SearchIndex();
      const files = this.fill(index)
        .then(() => index.files())
        .then((list) => new Map(list.filter((f) => isNeededSearchFile(f.path)).map((f) => [f.path, f])));
      this.current = { index, files };
      files.catch(() => (this.current = undefined));
    }
    return (await this.current.files).get(rel);
  }

  /** Pages changed: the next request builds the bundle again. */
  invalidate(): void {
    const old = this.current;
    this.current = undefined;
    if (old) void old.files.finally(() => old.index.dispose()).catch(() => undefined);
  }
}
