import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SnippetImport } from './compiler.js';

/**
 * The id of a page's or a snippet's island module (its `data-kiln-source`, the key its page's
 * entry hydrates it by, and part of that entry's file name): a hash of the module's file, source
 * and links, each file named relative to the project. A project then builds the same ids and
 * island files wherever it is (a CI runner's folder, a laptop's), so a deploy changes only what
 * changed and a CDN keeps the rest.
 */
export function islandId(root: string, file: string, source: string, links: { bindings: readonly SnippetImport[] } | { imports: Readonly<Record<string, string | null>> }): string {
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const linked =
    'bindings' in links
      ? links.bindings.map((b) => ({ ...b, file: rel(b.file) }))
      : Object.fromEntries(Object.entries(links.imports).map(([specifier, f]) => [specifier, f === null ? null : rel(f)]));
  return createHash('sha256').update(JSON.stringify([rel(file), source, linked])).digest('hex').slice(0, 10);
}
