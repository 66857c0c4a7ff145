import path from 'node:path';
import type { RefResolver } from './refs.js';
import { METHODS, type ApiDocument, type Method, type Operation } from './types.js';

/** The operations of a document: `paths` and the webhooks (`webhooks` in 3.1, `x-webhooks` before). */
export function indexOperations(doc: ApiDocument, refs: RefResolver): Operation[] {
  const out: Operation[] = [];
  const add = (kind: Operation['kind'], map: unknown) => {
    if (!map || typeof map !== 'object') return;
    for (const [p, raw] of Object.entries(map as Record<string, unknown>)) {
      const item = refs.resolve(raw, doc.file).value;
      if (!item || typeof item !== 'object') continue;
      for (const method of METHODS) {
        const op = item[method];
        if (!op || typeof op !== 'object') continue;
        const label = kind === 'webhook' ? `webhook ${p}` : `${method.toUpperCase()} ${p}`;
        out.push({ doc, kind, method, path: p, op, pathItem: item, label });
      }
    }
  };
  add('path', doc.root.paths);
  add('webhook', doc.root.webhooks ?? doc.root['x-webhooks']);
  return out;
}

export interface OperationReference {
  /** The file or name token before the method, when given. */
  spec?: string;
  method?: Method;
  /** The path, or the webhook name. */
  path: string;
  webhook: boolean;
}

const REF = new RegExp(`^(?:(\\S+)\\s+)??(${METHODS.join('|')}|webhook)\\s+(\\S.*)$`, 'i');

/** `GET /users`, `openapi.yaml get /users`, `webhook created`, `v3-openapi webhook created`. */
export function parseReference(text: string): OperationReference | undefined {
  const m = REF.exec(text.trim());
  if (!m) return undefined;
  const word = m[2]!.toLowerCase();
  const rest = m[3]!.trim();
  if (word === 'webhook') return { spec: m[1], path: rest, webhook: true };
  return { spec: m[1], method: word as Method, path: rest, webhook: false };
}

/** Does a spec token (`openapi.yaml`, `/api/openapi.json`, `v3-openapi`, a URL) name this document? */
export function specMatches(token: string, doc: Pick<ApiDocument, 'id' | 'url'>): boolean {
  const t = token.replace(/^\.?\/+/, '');
  if (doc.url && (token === doc.url || t === doc.url)) return true;
  const id = doc.id.replace(/^\.?\/+/, '');
  const noExt = (s: string) => s.replace(/\.(ya?ml|json)$/i, '');
  const base = path.posix.basename(id);
  return [id, noExt(id), base, noExt(base)].includes(t) || [id, base].map(noExt).includes(noExt(t));
}

/** Paths compared loosely: trailing slash, case and parameter names do not matter. */
export function loosePath(p: string): string {
  return p.trim().replace(/\/+$/, '').replace(/\{[^}]*\}/g, '{}').toLowerCase() || '/';
}

export function findOperation(ops: Operation[], ref: OperationReference): Operation | undefined {
  const candidates = ops.filter((o) => (ref.webhook ? o.kind === 'webhook' : o.kind === 'path' && o.method === ref.method));
  if (ref.webhook) return candidates.find((o) => o.path === ref.path) ?? candidates.find((o) => o.path.toLowerCase() === ref.path.toLowerCase());
  return candidates.find((o) => o.path === ref.path) ?? candidates.find((o) => loosePath(o.path) === loosePath(ref.path));
}

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

export function closestLabels(labels: string[], reference: string, n = 3): string[] {
  const r = reference.trim().toLowerCase();
  return [...new Set(labels)]
    .map((l) => ({ l, d: editDistance(l.toLowerCase(), r) }))
    .sort((x, y) => x.d - y.d || x.l.localeCompare(y.l))
    .slice(0, n)
    .map((x) => x.l);
}
