import { text, type RequestParts } from '../../shared/snippets.js';
import { DEFAULT_LANGUAGES, snippetLanguage } from '../../shared/snippet-languages.js';
import type { ApiSettings } from '../settings/types.js';
import { formFields, type EndpointModel, type Parameter } from './endpoint.js';

export { curlSnippet, fetchSnippet, pythonLiteral, pythonSnippet, type RequestParts } from '../../shared/snippets.js';

/**
 * Request examples generated from an endpoint, in the languages of src/shared/snippet-languages.ts:
 * path parameters and the other parameters (required ones, or all) with example values, the auth
 * of the endpoint as headers or query/cookie values, and the request body's example.
 * `x-codeSamples` replace them when present.
 */
export interface Snippet {
  label: string;
  lang: string;
  code: string;
  /** Generated ones: the language's key (`bash`, `go`…), by which the playground rewrites it. */
  key?: string;
}

function placeholder(p: Parameter): string {
  const v = text(p.example);
  return v && v !== '<string>' ? v : `<${p.name}>`;
}

export function requestParts(e: EndpointModel, all = false): RequestParts {
  const path = e.path.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const p = e.parameters.find((x) => x.in === 'path' && x.name === name);
    return p ? encodeURIComponent(placeholder(p)).replace(/%3C/g, '<').replace(/%3E/g, '>') : m;
  });
  // `api.examples.defaults`: optional parameters too (`all`, Mintlify's default), or required ones only.
  const shown = (p: Parameter) => p.required || (all && !p.deprecated);
  const query: [string, string][] = e.parameters.filter((p) => p.in === 'query' && shown(p)).map((p) => [p.name, placeholder(p)]);
  const headers: [string, string][] = [];
  const cookies: string[] = e.parameters.filter((p) => p.in === 'cookie' && shown(p)).map((p) => `${p.name}=${placeholder(p)}`);
  for (const s of e.auth[0] ?? []) {
    const token = `${s.prefix ?? ''}<token>`;
    if (s.kind === 'bearer' || s.kind === 'oauth2') headers.push(['Authorization', `Bearer ${token}`]);
    else if (s.kind === 'basic') headers.push(['Authorization', 'Basic <encoded-value>']);
    else if (s.kind === 'apiKey' && s.name) {
      const key = `${s.prefix ?? ''}<api-key>`;
      if (s.in === 'query') query.push([s.name, key]);
      else if (s.in === 'cookie') cookies.push(`${s.name}=${key}`);
      else headers.push([s.name, key]);
    }
  }
  for (const p of e.parameters) if (p.in === 'header' && shown(p) && !headers.some(([h]) => h.toLowerCase() === p.name.toLowerCase())) headers.push([p.name, placeholder(p)]);
  if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);
  let body: unknown;
  let contentType: string | undefined;
  let files: string[] | undefined;
  if (e.body) {
    contentType = e.body.contentType;
    body = e.body.examples[0]?.value;
    if (!/multipart\/form-data/i.test(contentType)) headers.push(['Content-Type', contentType]);
    // File parts: a file to upload, whatever the example holds for its bytes.
    const fileFields = formFields(e.body)?.filter((f) => f.file);
    if (fileFields?.length && body && typeof body === 'object' && !Array.isArray(body)) {
      files = fileFields.map((f) => f.name);
      body = { ...body, ...Object.fromEntries(fileFields.map((f) => [f.name, f.file === 'many' ? ['<file>'] : '<file>'])) };
    }
  }
  return { method: e.method, url: e.baseUrl + path, query, headers, contentType, body, ...(files ? { files } : {}) };
}

/**
 * The request examples of an endpoint: its `x-codeSamples`, else generated ones in the languages
 * of `api.examples.languages` (cURL, JavaScript and Python when it names none; none when
 * `autogenerate` is false). Each generated one carries its language key: the playground rewrites
 * them by it (src/client/playground/live-snippets.ts).
 */
export function requestSnippets(e: EndpointModel, api?: ApiSettings): Snippet[] {
  if (e.codeSamples.length) return e.codeSamples.map((s) => ({ label: s.label, lang: normaliseLang(s.lang), code: s.source }));
  if (api?.examples?.autogenerate === false) return [];
  const r = requestParts(e, api?.examples?.defaults !== 'required');
  const out: Snippet[] = [];
  for (const name of api?.examples?.languages?.length ? api.examples.languages : DEFAULT_LANGUAGES) {
    const l = snippetLanguage(name);
    if (!l || out.some((s) => s.key === l.key)) continue;
    const code = l.make(r);
    if (code) out.push({ label: l.label, lang: l.lang, code, key: l.key });
  }
  return out;
}

function normaliseLang(lang: string): string {
  const l = lang.toLowerCase();
  return ({ curl: 'bash', shell: 'bash', sh: 'bash', js: 'javascript', node: 'javascript', ts: 'typescript', py: 'python', 'c#': 'csharp', golang: 'go' } as Record<string, string>)[l] ?? l;
}
