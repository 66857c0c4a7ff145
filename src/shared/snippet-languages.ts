/**
 * The languages of generated request examples, as Mintlify names them in `api.examples.languages`
 * (keys and aliases), each with its tab label, its highlighting language and its generator: cURL,
 * JavaScript fetch and Python requests are Kiln's own (./snippets.ts, readable and tested against
 * a live API); the others come from Scalar's snippet generators (@scalar/snippetz, each imported
 * alone). Shared: the build writes them (src/node/openapi/snippets.ts) and the playground rewrites
 * them as the reader types (src/client/playground/).
 */
import { cLibcurl } from '@scalar/snippetz/plugins/c/libcurl';
import { csharpHttpclient } from '@scalar/snippetz/plugins/csharp/httpclient';
import { dartHttp } from '@scalar/snippetz/plugins/dart/http';
import { goNative } from '@scalar/snippetz/plugins/go/native';
import { javaOkhttp } from '@scalar/snippetz/plugins/java/okhttp';
import { kotlinOkhttp } from '@scalar/snippetz/plugins/kotlin/okhttp';
import { nodeFetch } from '@scalar/snippetz/plugins/node/fetch';
import { phpCurl } from '@scalar/snippetz/plugins/php/curl';
import { powershellRestmethod } from '@scalar/snippetz/plugins/powershell/restmethod';
import { rubyNative } from '@scalar/snippetz/plugins/ruby/native';
import { rustReqwest } from '@scalar/snippetz/plugins/rust/reqwest';
import { swiftNsurlsession } from '@scalar/snippetz/plugins/swift/nsurlsession';
import { curlSnippet, fetchSnippet, formParts, isJson, pythonSnippet, queryString, text, type RequestParts } from './snippets.js';

interface Plugin {
  generate(request: HarLike): string | undefined;
}

/** The part of a HAR request the generators read. */
interface HarLike {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  postData?: { mimeType: string; text?: string; params?: { name: string; value?: string; fileName?: string }[] };
}

export interface SnippetLanguage {
  /** Mintlify's key: `bash`, `python`, `javascript`, `node`, `go`… */
  key: string;
  /** The tab's name. */
  label: string;
  /** Shiki's name of the language, for highlighting. */
  lang: string;
  make(r: RequestParts): string;
}

const isMultipart = (t?: string) => !!t && /multipart\/form-data/i.test(t);
const isForm = (t?: string) => !!t && /x-www-form-urlencoded/i.test(t);
const fields = (body: unknown): [string, unknown][] => (body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : []);

/** A request as the generators take it. Cookies stay one `Cookie` header (some generators drop HAR cookies). */
export function harOf(r: RequestParts): HarLike {
  const har: HarLike = { method: r.method.toUpperCase(), url: r.url + queryString(r.query), headers: r.headers.map(([name, value]) => ({ name, value })) };
  if (r.body !== undefined) {
    const mimeType = r.contentType ?? 'application/json';
    if (isMultipart(mimeType) || isForm(mimeType)) {
      har.postData = {
        mimeType,
        params: isMultipart(mimeType) ? formParts(r) : fields(r.body).map(([name, v]) => ({ name, value: text(v) })),
      };
    } else har.postData = { mimeType, text: isJson(mimeType) && typeof r.body !== 'string' ? JSON.stringify(r.body, null, 2) : text(r.body) };
  }
  return har;
}

function plugin(p: Plugin): (r: RequestParts) => string {
  return (r) => {
    try {
      return p.generate(harOf(r)) ?? '';
    } catch {
      // A generator that cannot express the request: the reader still has the other languages.
      return '';
    }
  };
}

const LANGUAGES: SnippetLanguage[] = [
  { key: 'bash', label: 'cURL', lang: 'bash', make: curlSnippet },
  { key: 'python', label: 'Python', lang: 'python', make: pythonSnippet },
  { key: 'javascript', label: 'JavaScript', lang: 'javascript', make: fetchSnippet },
  { key: 'node', label: 'Node.js', lang: 'javascript', make: plugin(nodeFetch) },
  { key: 'php', label: 'PHP', lang: 'php', make: plugin(phpCurl) },
  { key: 'go', label: 'Go', lang: 'go', make: plugin(goNative) },
  { key: 'java', label: 'Java', lang: 'java', make: plugin(javaOkhttp) },
  { key: 'ruby', label: 'Ruby', lang: 'ruby', make: plugin(rubyNative) },
  { key: 'powershell', label: 'PowerShell', lang: 'powershell', make: plugin(powershellRestmethod) },
  { key: 'swift', label: 'Swift', lang: 'swift', make: plugin(swiftNsurlsession) },
  { key: 'csharp', label: 'C#', lang: 'csharp', make: plugin(csharpHttpclient) },
  { key: 'dotnet', label: '.NET', lang: 'csharp', make: plugin(csharpHttpclient) },
  { key: 'typescript', label: 'TypeScript', lang: 'typescript', make: fetchSnippet },
  { key: 'c', label: 'C', lang: 'c', make: plugin(cLibcurl) },
  { key: 'c++', label: 'C++', lang: 'cpp', make: plugin(cLibcurl) },
  { key: 'kotlin', label: 'Kotlin', lang: 'kotlin', make: plugin(kotlinOkhttp) },
  { key: 'rust', label: 'Rust', lang: 'rust', make: plugin(rustReqwest) },
  { key: 'dart', label: 'Dart', lang: 'dart', make: plugin(dartHttp) },
];

/** Mintlify's aliases of the keys. */
const ALIASES: Record<string, string> = {
  curl: 'bash', sh: 'bash', shell: 'bash', py: 'python', js: 'javascript', nodejs: 'node', 'node.js': 'node', golang: 'go', rb: 'ruby',
  'c#': 'csharp', '.net': 'dotnet', 'dot-net': 'dotnet', ts: 'typescript', cpp: 'c++', kt: 'kotlin', rs: 'rust', flutter: 'dart',
};

/** The examples an endpoint shows when the settings name no languages. */
export const DEFAULT_LANGUAGES = ['bash', 'javascript', 'python'];

/** A language by Mintlify's key or alias (case does not matter), or undefined. */
export function snippetLanguage(name: string): SnippetLanguage | undefined {
  const n = name.trim().toLowerCase();
  const key = ALIASES[n] ?? n;
  return LANGUAGES.find((l) => l.key === key);
}
