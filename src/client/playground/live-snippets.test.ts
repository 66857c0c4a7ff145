import { describe, expect, it } from 'vitest';
import { curlSnippet, fetchSnippet, pythonSnippet } from '../../shared/snippets.js';
import { snippetLanguage } from '../../shared/snippet-languages.js';
import { highlightSnippet, snippetParts, type SnippetInput } from './live-snippets.js';

const input = (over: Partial<SnippetInput> = {}): SnippetInput => ({
  method: 'post', baseUrl: 'https://api.example.com/v1', path: '/things/{id}', params: [], auth: [], ...over,
});

describe('snippetParts', () => {
  it('shows placeholders for what is still empty', () => {
    const r = snippetParts(input({ auth: [{ kind: 'bearer', token: '' }, { kind: 'apiKey', name: 'key', in: 'query', value: 'sk_', untouched: true }] }));
    expect(r.url).toBe('https://api.example.com/v1/things/<id>');
    expect(r.headers).toEqual([['Authorization', 'Bearer <token>']]);
    expect(r.query).toEqual([['key', 'sk_<api-key>']]);
    expect(curlSnippet(r)).toContain("--url 'https://api.example.com/v1/things/<id>?key=sk_<api-key>'");
  });

  it('follows the values typed: path (encoded), query, headers, cookies, credentials and the body', () => {
    const r = snippetParts(input({
      params: [
        { name: 'id', in: 'path', value: 'a/b' },
        { name: 'limit', in: 'query', value: '5' },
        { name: 'empty', in: 'query', value: '' },
        { name: 'X-Trace', in: 'header', value: 't 1' },
        { name: 'sid', in: 'cookie', value: 'c1' },
      ],
      auth: [{ kind: 'basic', username: 'ada', password: 'pw' }],
      body: { contentType: 'application/json', text: '{"name": "Gear"}' },
    }));
    expect(r.url).toBe('https://api.example.com/v1/things/a%2Fb');
    expect(r.query).toEqual([['limit', '5']]);
    expect(r.headers).toEqual([['Authorization', `Basic ${btoa('ada:pw')}`], ['X-Trace', 't 1'], ['Cookie', 'sid=c1'], ['Content-Type', 'application/json']]);
    expect(r.body).toEqual({ name: 'Gear' });
    expect(pythonSnippet(r)).toContain('payload = {\n    "name": "Gear"\n}');
  });

  it("shows a form body's files by the names chosen, `<file>` until one is, and its text fields", () => {
    const body = (files: string[]) => ({ contentType: 'multipart/form-data', fields: [{ name: 'file', files }, { name: 'pictures', files: ['a.png', 'b.png'], multiple: true }, { name: 'title', value: '@Q3' }, { name: 'note', value: '' }] });
    const r = snippetParts(input({ body: body(['notes.txt']) }));
    expect([r.body, r.files, r.headers]).toEqual([{ file: 'notes.txt', pictures: ['a.png', 'b.png'], title: '@Q3' }, ['file', 'pictures'], []]);
    // A text value starting with @ is text to curl only with --form-string.
    expect(curlSnippet(r)).toBe([
      'curl --request POST',
      "  --url 'https://api.example.com/v1/things/<id>'",
      "  --form 'file=@notes.txt'",
      "  --form 'pictures=@a.png'",
      "  --form 'pictures=@b.png'",
      "  --form-string 'title=@Q3'",
    ].join(' \\\n'));
    expect(pythonSnippet(r)).toContain('files = [\n    ("file", open("notes.txt", "rb")),\n    ("pictures", open("a.png", "rb")),\n    ("pictures", open("b.png", "rb")),\n    ("title", (None, "@Q3"))\n]');
    expect(fetchSnippet(r)).toContain('form.append("file", fileInput.files[0], "notes.txt");\nform.append("pictures", fileInput.files[0], "a.png");');
    // The other languages' generators get the file parts as files.
    expect(snippetLanguage('go')!.make(r)).toMatch(/notes\.txt/);
    expect(curlSnippet(snippetParts(input({ body: body([]) })))).toContain("--form 'file=@<file>'");
    const single = snippetParts(input({ body: { contentType: 'multipart/form-data', fields: [{ name: 'file', files: ['x.csv'] }, { name: 'title', value: 'Q3' }] } }));
    expect(pythonSnippet(single)).toContain('files = {\n    "file": open("x.csv", "rb"),\n    "title": (None, "Q3")\n}');
  });

  it('keeps a body that is not valid JSON as typed, and sends none on GET', () => {
    expect(snippetParts(input({ body: { contentType: 'application/json', text: '{oops' } })).body).toBe('{oops');
    expect(snippetParts(input({ method: 'get', body: { contentType: 'application/json', text: '{}' } })).body).toBeUndefined();
  });
});

describe('highlightSnippet', () => {
  it('colours tokens for both themes and escapes every piece of text', () => {
    const html = highlightSnippet('bash', "curl --request POST \\\n  --data '<img src=x onerror=alert(1)>'");
    expect(html).toContain('<span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0">curl</span>');
    expect(html).toContain('<span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF">--request</span>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<img/);
    expect(html.split('\n')).toHaveLength(2);
  });

  it('keeps multi-line strings on their lines', () => {
    const html = highlightSnippet('javascript', "const options = {\n  body: JSON.stringify({\n    \"a\": 1\n  })\n};");
    expect(html.split('\n')).toHaveLength(5);
    expect(html).toContain('<span style="--shiki-light:#BF3441;--shiki-dark:#F97583">const</span>');
    expect(html).toContain('<span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0">stringify</span>');
  });
});
