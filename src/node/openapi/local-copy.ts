import path from 'node:path';
import { looksLikeOpenApi } from './parse.js';

/**
 * A copy of an OpenAPI URL kept in the project, for builds that cannot fetch it: the file whose
 * name is the URL's (`openapi.documented.yml` for `https://host/spec/openapi.documented.yml`; for
 * a URL without an extension, `openapi` → `openapi.json`, `.yaml` or `.yml`) and which reads as an
 * OpenAPI document. When several do, the one whose folders repeat the most of the URL's path wins,
 * then the shortest path. `read` reads a file of the project under the rules every OpenAPI file is.
 */
export async function localCopy(root: string, url: string, assets: string[], read: (file: string) => Promise<{ text: string } | { refused: unknown }>): Promise<{ file: string; rel: string; text: string } | undefined> {
  let segments: string[];
  try {
    segments = new URL(url).pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return undefined;
  }
  const name = segments.pop();
  if (!name) return undefined;
  const names = /\.(ya?ml|json)$/i.test(name) ? [name] : ['json', 'yaml', 'yml'].map((ext) => `${name}.${ext}`);
  const score = (rel: string) => {
    const dirs = rel.toLowerCase().split('/').slice(0, -1).reverse();
    let n = 0;
    while (n < dirs.length && n < segments.length && dirs[n] === segments[segments.length - 1 - n]) n++;
    return n;
  };
  const candidates = assets
    .filter((rel) => names.includes(path.posix.basename(rel).toLowerCase()))
    .sort((a, b) => score(b) - score(a) || a.length - b.length || a.localeCompare(b));
  for (const rel of candidates) {
    const file = path.join(root, rel);
    const got = await read(file);
    if ('text' in got && looksLikeOpenApi(got.text.slice(0, 4096))) return { file, rel, text: got.text };
  }
  return undefined;
}
