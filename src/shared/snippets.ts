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
  /**
   * Fields of a multipart body that are files: their value in `body` is a file name (or a list of
   * them), shown as a file the example uploads.
   */
  files?: string[];
}

export const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export const isJson = (t?: string) => !!t && /json/i.test(t);
const isForm = (t?: string) => !!t && /x-www-form-urlencoded/i.test(t);
const isMultipart = (t?: string) => !!t && /multipart\/form-data/i.test(t);
export const queryString = (q: [string, string][]) => (q.length ? '?' + q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%3C/g, '<').replace(/%3E/g, '>')}`).join('&') : '');
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const entries = (body: unknown): [string, unknown][] => (body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : []);

/** A multipart body's parts: text fields as text, file fields as one part per file name. */
export function formParts(r: RequestParts): { name: string; value?: string; fileName?: string }[] {
  return entries(r.body).flatMap(([name, v]): { name: string; value?: string; fileName?: string }[] =>
    r.files?.includes(name) ? (Array.isArray(v) ? v : [v]).map((f) => ({ name, fileName: text(f) || '<file>' })) : [{ name, value: text(v) }]);
}

export function curlSnippet(r: RequestParts): string {
  const lines = [`curl --request ${r.method}`, `  --url ${shellQuote(r.url + queryString(r.query))}`];
  for (const [k, v] of r.headers) lines.push(`  --header ${shellQuote(`${k}: ${v}`)}`);
  if (r.body !== undefined) {
    // curl reads a value starting with @ or < as a file: a text field that does is sent with --form-string.
    if (isMultipart(r.contentType)) {
      for (const p of formParts(r)) lines.push(p.fileName !== undefined ? `  --form ${shellQuote(`${p.name}=@${p.fileName}`)}` : `  --form${/^[@<]/.test(p.value!) ? '-string' : ''} ${shellQuote(`${p.name}=${p.value}`)}`);
    }
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
      // A file part: the File of an <input type="file"> (or any Blob) and its name.
      const part = (p: ReturnType<typeof formParts>[number]) => (p.fileName !== undefined ? `fileInput.files[0], ${JSON.stringify(p.fileName)}` : JSON.stringify(p.value));
      const parts = formParts(r);
      const input = parts.some((p) => p.fileName !== undefined) ? `const fileInput = document.querySelector('input[type="file"]');\n` : '';
      pre = `${input}const form = new FormData();\n${parts.map((p) => `form.append(${JSON.stringify(p.name)}, ${part(p)});`).join('\n')}\n\n`;
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
      // Text parts have no file name: (None, value). A name with several files needs a list of pairs.
      const parts = formParts(r);
      const part = (p: (typeof parts)[number]) => (p.fileName !== undefined ? `open(${JSON.stringify(p.fileName)}, "rb")` : `(None, ${JSON.stringify(p.value)})`);
      const unique = new Set(parts.map((p) => p.name)).size === parts.length;
      const items = parts.map((p) => (unique ? `    ${JSON.stringify(p.name)}: ${part(p)}` : `    (${JSON.stringify(p.name)}, ${part(p)})`));
      const [open, close] = unique ? ['{', '}'] : ['[', ']'];
      lines.push(items.length ? `files = ${open}\n${items.join(',\n')}\n${close}` : `files = ${open}${close}`);
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

