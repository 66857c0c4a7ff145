import type { EndpointModel, Parameter } from './endpoint.js';

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

interface RequestParts {
  method: string;
  url: string;
  query: [string, string][];
  headers: [string, string][];
  contentType?: string;
  body?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

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

const isJson = (t?: string) => !!t && /json/i.test(t);
const isForm = (t?: string) => !!t && /x-www-form-urlencoded/i.test(t);
const isMultipart = (t?: string) => !!t && /multipart\/form-data/i.test(t);
const queryString = (q: [string, string][]) => (q.length ? '?' + q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%3C/g, '<').replace(/%3E/g, '>')}`).join('&') : '');
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const entries = (body: unknown): [string, unknown][] => (body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : []);

export function curlSnippet(r: RequestParts): string {
  const lines = [`curl --request ${r.method}`, `  --url ${shellQuote(r.url + queryString(r.query))}`];
  for (const [k, v] of r.headers) lines.push(`  --header ${shellQuote(`${k}: ${v}`)}`);
  if (r.body !== undefined) {
    if (isMultipart(r.contentType)) for (const [k, v] of entries(r.body)) lines.push(`  --form ${shellQuote(`${k}=${text(v)}`)}`);
    else if (isForm(r.contentType)) for (const [k, v] of entries(r.body)) lines.push(`  --data-urlencode ${shellQuote(`${k}=${text(v)}`)}`);
    else lines.push(`  --data ${shellQuote(isJson(r.contentType) ? JSON.stringify(r.body, null, 2) : text(r.body))}`);
  }
  return lines.join(' \\\n');
}

export function fetchSnippet(r: RequestParts): string {
  const indent = (s: string, n: number) => s.replace(/\n/g, '\n' + ' '.repeat(n));
  const opts: string[] = [`method: '${r.method}'`];
  if (r.headers.length) opts.push(`headers: {\n${r.headers.map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n  }`);
  let pre = '';
  if (r.body !== undefined) {
    if (isMultipart(r.contentType)) {
      pre = `const form = new FormData();\n${entries(r.body).map(([k, v]) => `form.append(${JSON.stringify(k)}, ${JSON.stringify(text(v))});`).join('\n')}\n\n`;
      opts.push('body: form');
    } else if (isForm(r.contentType)) {
      opts.push(`body: new URLSearchParams(${indent(JSON.stringify(Object.fromEntries(entries(r.body).map(([k, v]) => [k, text(v)])), null, 2), 2)})`);
    } else if (isJson(r.contentType)) opts.push(`body: JSON.stringify(${indent(JSON.stringify(r.body, null, 2), 2)})`);
    else opts.push(`body: ${JSON.stringify(text(r.body))}`);
  }
  return `${pre}const options = {\n  ${opts.join(',\n  ')}\n};\n\nconst response = await fetch(${JSON.stringify(r.url + queryString(r.query))}, options);\nconst data = await response.json();\nconsole.log(data);`;
}

/** A JSON value as a Python literal (True/False/None), indented like json.dumps(indent=4). */
export function pythonLiteral(v: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'None';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return v.length ? `[\n${v.map((x) => pad + pythonLiteral(x, depth + 1)).join(',\n')}\n${end}]` : '[]';
  const e = Object.entries(v as object);
  return e.length ? `{\n${e.map(([k, x]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(x, depth + 1)}`).join(',\n')}\n${end}}` : '{}';
}

export function pythonSnippet(r: RequestParts): string {
  const lines = ['import requests', '', `url = ${JSON.stringify(r.url)}`];
  const args = ['url'];
  if (r.query.length) {
    lines.push(`params = ${pythonLiteral(Object.fromEntries(r.query))}`);
    args.push('params=params');
  }
  const headers = r.headers.filter(([k]) => !(isJson(r.contentType) && k === 'Content-Type'));
  if (r.body !== undefined) {
    if (isJson(r.contentType)) {
      lines.push(`payload = ${pythonLiteral(r.body)}`);
      args.push('json=payload');
    } else if (isMultipart(r.contentType)) {
      lines.push(`files = ${pythonLiteral(Object.fromEntries(entries(r.body).map(([k, v]) => [k, [null, text(v)]])))}`);
      args.push('files=files');
    } else {
      lines.push(`payload = ${isForm(r.contentType) ? pythonLiteral(Object.fromEntries(entries(r.body).map(([k, v]) => [k, text(v)]))) : JSON.stringify(text(r.body))}`);
      args.push('data=payload');
    }
  }
  if (headers.length) {
    lines.push(`headers = ${pythonLiteral(Object.fromEntries(headers))}`);
    args.push('headers=headers');
  }
  lines.push('', `response = requests.${r.method.toLowerCase()}(${args.join(', ')})`, '', 'print(response.json())');
  return lines.join('\n');
}

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
