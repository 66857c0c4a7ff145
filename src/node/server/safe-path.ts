import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../project-path.js';

/**
 * URL pathname → file path, without ever leaving the served folder.
 *
 * Decoding happens in exactly one place, `decodePathname`: servers hand it the raw
 * (still percent-encoded) pathname from the request line; everything downstream works on
 * the decoded result and must never decode again. That is what makes `%252e%252e` harmless:
 * after one decode it is the literal name `%2e%2e`, which simply does not exist.
 *
 * Validation rejects instead of repairing: a path that needs normalising was not produced by
 * a browser following a link, so there is nothing to gain from guessing what it meant.
 */

/** Decoded segments that may never appear: traversal, and names Windows would treat specially. */
function badSegment(segment: string): boolean {
  return (
    segment === '.' ||
    segment === '..' ||
    // Drive letters (`C:`) everywhere, so the rule does not depend on where tests run.
    /^[a-zA-Z]:/.test(segment) ||
    // Windows: `name:stream` alternate data streams, and trailing dots/spaces are ignored
    // there, so `.. ` or `...` could act as `..`.
    (process.platform === 'win32' && (segment.includes(':') || /^[. ]+$/.test(segment)))
  );
}

/**
 * Check an already-decoded pathname. Returns it unchanged when it is a plain absolute
 * URL path (`/a/b.html`, `/a/`, `/`), null otherwise.
 */
export function checkDecodedPathname(decoded: string): string | null {
  if (!decoded.startsWith('/')) return null;
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.slice(1).split('/');
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    // Empty segments (`//etc/passwd`, `/a//b`) are only allowed as the trailing slash.
    if (s === '' ? i !== segments.length - 1 : badSegment(s)) return null;
  }
  return decoded;
}

/**
 * Decode a raw request pathname exactly once and validate it. Returns the decoded pathname
 * (starting with `/`), or null when it is malformed (bad escapes, NUL, backslash, `.`/`..`
 * segments, empty segments, drive letters). Strip the query string before calling.
 */
export function decodePathname(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return checkDecodedPathname(decoded);
}

/**
 * Map an already-decoded pathname to a regular file inside `root` (its real path), or null.
 * For callers that got their pathname from `decodePathname` (or from `SiteHandle.serve`)
 * and build candidates from it, e.g. `${p}.html`: do not decode again.
 * Directories give null: ask for `dir/index.html` explicitly.
 */
export async function resolveDecodedInside(root: string, decodedPathname: string): Promise<string | null> {
  const checked = checkDecodedPathname(decodedPathname);
  if (checked === null) return null;
  let realRoot: string;
  let real: string;
  try {
    realRoot = await realpath(root);
    // Segments are validated above, so the join cannot climb out lexically; realpath then
    // resolves symlinks so a link inside root pointing elsewhere is caught below.
    real = await realpath(path.join(realRoot, ...checked.split('/').filter(Boolean)));
  } catch {
    return null; // missing file, dangling link, permission problem: all just "not here"
  }
  if (!isInside(realRoot, real) || real === realRoot) return null;
  try {
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/**
 * Map a raw (percent-encoded) URL pathname to the real path of a regular file inside `root`,
 * or null when it is malformed, missing, a directory, or (via symlinks) outside `root`.
 */
export async function resolveInside(root: string, pathname: string): Promise<string | null> {
  const decoded = decodePathname(pathname);
  return decoded === null ? null : resolveDecodedInside(root, decoded);
}
