/**
 * The request examples beside an endpoint, rewritten from what the playground form holds (pure:
 * no DOM, shared with the unit tests). The text comes from the same formatters the build uses
 * (src/shared/snippets.ts); the colours are a small tokenizer's, with the build's theme colours.
 */
import type { RequestParts } from '../../shared/snippets.js';
import { base64, isJsonType, resolveServer, type ParamValue } from './request.js';

/** One way to authenticate as the form holds it; `untouched` when the input still shows its prefill only. */
export type SnippetAuth =
  | { kind: 'bearer'; token: string; untouched?: boolean }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'apiKey'; name: string; in: 'header' | 'query' | 'cookie'; value: string; untouched?: boolean };

export interface SnippetInput {
  method: string;
  /** The selected server, `{variables}` filled in where the reader gave them. */
  baseUrl: string;
  path: string;
  params: ParamValue[];
  auth: SnippetAuth[];
  /** The body editor's text, or a form body's fields (for a file part, the names of the files chosen). */
  body?: { contentType: string; text?: string; fields?: SnippetField[] };
}

export type SnippetField = { name: string; value: string } | { name: string; files: string[]; multiple?: boolean };

/**
 * The request the examples show: what "Send" would send, with `<placeholders>` where a path
 * parameter or a credential is still empty (so the examples stay readable before anything is typed).
 */
export function snippetParts(input: SnippetInput): RequestParts {
  const method = input.method.toUpperCase();
  const path = input.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = input.params.find((p) => p.in === 'path' && p.name === name)?.value ?? '';
    return v === '' ? `<${name}>` : encodeURIComponent(v);
  });
  const query: [string, string][] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const a of input.auth) {
    if (a.kind === 'bearer') headers.push(['Authorization', `Bearer ${a.token === '' || a.untouched ? `${a.token}<token>` : a.token}`]);
    else if (a.kind === 'basic') headers.push(['Authorization', `Basic ${a.username || a.password ? base64(`${a.username}:${a.password}`) : '<encoded-value>'}`]);
    else {
      const value = a.value === '' || a.untouched ? `${a.value}<api-key>` : a.value;
      if (a.in === 'query') query.push([a.name, value]);
      else if (a.in === 'cookie') cookies.push(`${a.name}=${value}`);
      else headers.push([a.name, value]);
    }
  }
  for (const p of input.params) {
    if (p.value === '' || p.in === 'path') continue;
    if (p.in === 'query') query.push([p.name, p.value]);
    else if (p.in === 'header' && !headers.some(([h]) => h.toLowerCase() === p.name.toLowerCase())) headers.push([p.name, p.value]);
    else if (p.in === 'cookie') cookies.push(`${p.name}=${p.value}`);
  }
  if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);

  let body: unknown;
  let contentType: string | undefined;
  let files: string[] | undefined;
  const fields = input.body?.fields;
  if (input.body && fields && method !== 'GET' && method !== 'HEAD') {
    contentType = input.body.contentType;
    const values: Record<string, unknown> = {};
    for (const f of fields) {
      // A file part with nothing chosen yet shows `<file>`, as the build's examples do.
      if ('files' in f) {
        values[f.name] = f.files.length ? (f.multiple ? f.files : f.files[0]) : f.multiple ? ['<file>'] : '<file>';
        (files ??= []).push(f.name);
      } else if (f.value !== '') values[f.name] = f.value;
    }
    body = values;
    if (!/multipart\/form-data/i.test(contentType) && !headers.some(([h]) => h.toLowerCase() === 'content-type')) headers.push(['Content-Type', contentType]);
  } else if (input.body && (input.body.text ?? '').trim() !== '' && method !== 'GET' && method !== 'HEAD') {
    contentType = input.body.contentType;
    const structured = isJsonType(contentType) || /x-www-form-urlencoded|multipart\/form-data/i.test(contentType);
    body = input.body.text;
    if (structured) {
      try {
        body = JSON.parse(input.body.text ?? '');
      } catch {
        /* shown as typed */
      }
    }
    if (!/multipart\/form-data/i.test(contentType) && !headers.some(([h]) => h.toLowerCase() === 'content-type')) headers.push(['Content-Type', contentType]);
  }
  return { method, url: resolveServer(input.baseUrl, {}) + path, query, headers, contentType, body, ...(files ? { files } : {}) };
}

/** The languages' generators by key (`bash`, `go`…), as the build wrote the examples. */
export { snippetLanguage } from '../../shared/snippet-languages.js';

// The build's code theme (kiln-github-light / kiln-github-dark, src/node/highlight/themes.ts), as
// shiki writes it; src/node/highlight/themes.test.ts checks they stay the same.
export const COLOURS = {
  string: ['#032F62', '#9ECBFF'],
  keyword: ['#BF3441', '#F97583'],
  constant: ['#005CC5', '#79B8FF'],
  function: ['#6F42C1', '#B392F0'],
  comment: ['#606972', '#9299A0'],
} as const;
type TokenKind = keyof typeof COLOURS;

/** Keywords by language key; languages not listed get the common ones. */
const KEYWORDS: Record<string, RegExp> = {
  bash: /^$/,
  javascript: /^(?:const|let|var|await|new|return|async|function|import|from|require)$/,
  python: /^(?:import|from|as|def|return|await)$/,
};
KEYWORDS.node = KEYWORDS.typescript = KEYWORDS.javascript!;
const COMMON = /^(?:const|let|var|val|await|new|return|async|func|function|fn|def|import|from|package|require|use|using|public|static|void|class|if|else|try|catch|defer|mut|end|do|include|int|char|struct|nil|null)$/;
const keywords = (key: string) => KEYWORDS[key] ?? COMMON;
/** `//` comments where the language has them, `#` where it has those. */
const HASH = new Set(['bash', 'python', 'ruby', 'powershell']);

const CONSTANTS = /^(?:true|false|null|undefined|True|False|None)$/;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Tokens of a generated example: strings, comments, numbers, flags, keywords, called names. */
function tokens(kind: string, code: string): [string, TokenKind | undefined][] {
  const out: [string, TokenKind | undefined][] = [];
  const re = /('(?:[^'\\]|\\[\s\S])*'|"(?:[^"\\]|\\[\s\S])*"|`(?:[^`\\]|\\[\s\S])*`)|(\/\/[^\n]*|#[^\n]*)|(\b\d+(?:\.\d+)?\b)|(--?[A-Za-z][\w-]*)|([A-Za-z_$][\w$]*)(?=\s*\()|([A-Za-z_$][\w$]*)/g;
  let at = 0;
  for (const m of code.matchAll(re)) {
    if (m.index! > at) out.push([code.slice(at, m.index), undefined]);
    const [all, str, comment, num, flag, call, word] = m;
    let t: TokenKind | undefined;
    if (str) t = 'string';
    else if (comment) t = HASH.has(kind) ? (comment.startsWith('#') ? 'comment' : undefined) : comment.startsWith('//') ? 'comment' : undefined;
    else if (num) t = 'constant';
    else if (flag) t = m.index === 0 || /\s/.test(code[m.index! - 1]!) ? 'constant' : undefined;
    else if (call) t = keywords(kind).test(call) ? 'keyword' : 'function';
    else if (word) t = keywords(kind).test(word) ? 'keyword' : CONSTANTS.test(word) ? 'constant' : kind === 'bash' && word === 'curl' && m.index === 0 ? 'function' : undefined;
    out.push([all, t]);
    at = m.index! + all.length;
  }
  if (at < code.length) out.push([code.slice(at), undefined]);
  return out;
}

/** The HTML of a `<code>`: one `span.line` per line, tokens coloured for both themes, all text escaped. */
export function highlightSnippet(kind: string, code: string): string {
  const lines: string[] = [''];
  for (const [text, t] of tokens(kind, code)) {
    const parts = text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) lines.push('');
      if (!part) return;
      const html = escapeHtml(part);
      lines[lines.length - 1] += t ? `<span style="--shiki-light:${COLOURS[t][0]};--shiki-dark:${COLOURS[t][1]}">${html}</span>` : `<span>${html}</span>`;
    });
  }
  return lines.map((l) => `<span class="line">${l}</span>`).join('\n');
}
