import { curlSnippet, fetchSnippet, pythonSnippet, text, type RequestParts } from '../../shared/snippets.js';
import type { EndpointModel, Parameter } from './endpoint.js';

export { curlSnippet, fetchSnippet, pythonLiteral, pythonSnippet, type RequestParts } from '../../shared/snippets.js';

/**
 * Request examples generated from an endpoint: cURL, JavaScript fetch, Python requests. Required
 * parameters (and path parameters) with example values, the auth of the endpoint as headers or
 * query/cookie values, and the request body's example. `x-codeSamples` replace them when present.
 */
export interface Snippet {
  label: string;
  lang: string;
  code: string;
}

function placeholder(p: Parameter): string {
  const v = text(p.example);
  return v && v !== '<string>' ? v : `<${p.name}>`;
}

export function requestParts(e: EndpointModel): RequestParts {
  const path = e.path.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const p = e.parameters.find((x) => x.in === 'path' && x.name === name);
    return p ? encodeURIComponent(placeholder(p)).replace(/%3C/g, '<').replace(/%3E/g, '>') : m;
  });
  const query: [string, string][] = e.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, placeholder(p)]);
  const headers: [string, string][] = [];
  const cookies: string[] = e.parameters.filter((p) => p.in === 'cookie' && p.required).map((p) => `${p.name}=${placeholder(p)}`);
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
  for (const p of e.parameters) if (p.in === 'header' && p.required && !headers.some(([h]) => h.toLowerCase() === p.name.toLowerCase())) headers.push([p.name, placeholder(p)]);
  if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);
  let body: unknown;
  let contentType: string | undefined;
  if (e.body) {
    contentType = e.body.contentType;
    body = e.body.examples[0]?.value;
    if (!/multipart\/form-data/i.test(contentType)) headers.push(['Content-Type', contentType]);
  }
  return { method: e.method, url: e.baseUrl + path, query, headers, contentType, body };
}

/** What the generated examples are, in order: the playground rewrites them by these names (src/client/playground/live-snippets.ts). */
export const GENERATED_SNIPPETS = ['curl', 'fetch', 'python'] as const;

/** The request examples of an endpoint: its `x-codeSamples`, else generated ones. */
export function requestSnippets(e: EndpointModel): Snippet[] {
  if (e.codeSamples.length) return e.codeSamples.map((s) => ({ label: s.label, lang: normaliseLang(s.lang), code: s.source }));
  const r = requestParts(e);
  return [
    { label: 'cURL', lang: 'bash', code: curlSnippet(r) },
    { label: 'JavaScript', lang: 'javascript', code: fetchSnippet(r) },
    { label: 'Python', lang: 'python', code: pythonSnippet(r) },
  ];
}

function normaliseLang(lang: string): string {
  const l = lang.toLowerCase();
  return ({ curl: 'bash', shell: 'bash', sh: 'bash', js: 'javascript', node: 'javascript', ts: 'typescript', py: 'python', 'c#': 'csharp', golang: 'go' } as Record<string, string>)[l] ?? l;
}
