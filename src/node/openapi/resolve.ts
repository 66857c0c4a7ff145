import { isUrl } from './fetch.js';
import { closestLabels, findOperation, loosePath, parseReference, specMatches, type OperationReference } from './operations.js';
import type { ApiDocument, Json, Lookup, OpenApiModel, OpenApiScope, Operation } from './types.js';

/**
 * How an `openapi:` reference (front matter or navigation entry) finds its operation, in the order
 * Mintlify looks: a file named in the reference itself; else the file(s) of the navigation element
 * it sits in; else every file the settings name; else every OpenAPI file of the project (Mintlify
 * uploads them all). At each rank, the same method and path in two files is ambiguous: the first
 * is used and the others are reported. Last, a reference that wrote the server's path in front of
 * the operation's (`POST /api/beta/generate/llm` for `/llm` on `https://host/api/beta/generate`) is
 * matched to it.
 */

/** The path part of each server URL of an operation (`/api/beta/generate`), without a trailing slash. */
function serverPaths(op: Operation): string[] {
  const servers = [op.op.servers, op.pathItem.servers, op.doc.root.servers].find((s) => Array.isArray(s) && s.length) ?? [];
  const out: string[] = [];
  for (const s of servers as Json[]) {
    if (!s || typeof s.url !== 'string') continue;
    try {
      const p = new URL(s.url, 'https://server.invalid').pathname.replace(/\/+$/, '');
      if (p && p !== '/' && !p.includes('{') && !p.includes('%7B')) out.push(p);
    } catch {
      /* a server URL that is not one */
    }
  }
  return out;
}

function byServerPath(docs: ApiDocument[], ref: OperationReference): Operation | undefined {
  if (ref.webhook) return undefined;
  const wanted = loosePath(ref.path);
  for (const d of docs) {
    for (const op of d.operations) {
      if (op.kind !== 'path' || op.method !== ref.method) continue;
      if (serverPaths(op).some((p) => loosePath(p + op.path) === wanted)) return op;
    }
  }
  return undefined;
}

/** Each document's match, in order; at most one per document. */
function matches(docs: ApiDocument[], ref: OperationReference): Operation[] {
  return docs.map((d) => findOperation(d.operations, ref)).filter((o): o is Operation => !!o);
}

/** The document a setting's source names (a URL, or a path relative to the project). */
function sourceMatches(source: string, doc: ApiDocument): boolean {
  const s = source.trim();
  if (isUrl(s)) return doc.url === s;
  return specMatches(s, doc);
}

export function createModel(documents: ApiDocument[], files: Set<string>, unavailable: string[] = []): OpenApiModel {
  const all = () => documents.flatMap((d) => d.operations);
  const named = documents.filter((d) => !d.discovered);
  const discovered = documents.filter((d) => d.discovered);

  function lookup(reference: string, scope?: OpenApiScope): Lookup {
    const ref = parseReference(reference);
    const none: Lookup = { others: [], unavailable: [] };
    if (!ref) return none;
    const ranks: ApiDocument[][] = [];
    if (ref.spec) {
      const docs = documents.filter((d) => specMatches(ref.spec!, d));
      const missing = unavailable.filter((u) => u === ref.spec);
      if (!docs.length && missing.length) return { others: [], unavailable: missing };
      // A leading token that names no document may be part of a sloppy reference: the ranks below try all.
      if (docs.length) ranks.push(docs);
    }
    if (scope?.sources.length) {
      const docs = documents.filter((d) => scope.sources.some((s) => sourceMatches(s, d)));
      if (docs.length) ranks.push(docs);
      else {
        const missing = unavailable.filter((u) => scope.sources.includes(u));
        if (missing.length) return { others: [], unavailable: missing };
      }
    }
    ranks.push(named, discovered);
    for (const docs of ranks) {
      const [op, ...others] = matches(docs, ref);
      if (op) return { op, others: others.filter((o) => o.doc !== op.doc), unavailable: [] };
    }
    const loose = byServerPath(named, ref) ?? byServerPath(discovered, ref);
    if (loose) return { op: loose, others: [], unavailable: [] };
    return { others: [], unavailable: [...unavailable] };
  }

  return {
    documents,
    files,
    unavailable,
    lookup,
    find: (reference) => lookup(reference).op,
    closest: (reference, n = 3) => closestLabels(all().map((o) => o.label), parseReference(reference) ? reference.replace(/^\S+\s+(?=(?:get|put|post|delete|options|head|patch|trace|webhook)\s)/i, '') : reference, n),
  };
}
