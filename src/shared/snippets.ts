/**
 * Request examples as code (cURL, JavaScript fetch, Python requests) from the parts of one request.
 * Shared: the build writes them for endpoint pages (src/node/openapi/snippets.ts), and the
 * playground rewrites them in the browser as the reader fills in the form.
 */
export interface RequestParts {
  method: string;
  url: string;
  query: [string, string][];
  headers: [string, string][];
  contentType?: string;
  body?: unknown;
}

export const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export const isJson = (t?: string) => !!t && /json/i.test(t);
const isForm = (t?: string) => !!t && /x-www-form-urlencoded/i.test(t);
const isMultipart = (t?: string) => !!t && /multipart\/form-data/i.test(t);
export const queryString = (q: [string, string][]) => (q.length ? '?' + q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%3C/g, '<').replace(/%3E/g, '>')}`).join('&') : '');
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

