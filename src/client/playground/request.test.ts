import { describe, expect, it } from 'vitest';
import { base64, buildRequest, cookieProblem, formatBody, isUnderBase, PlaygroundError, resolveServer, type RequestInput } from './request.js';

const input = (over: Partial<RequestInput> = {}): RequestInput => ({
  method: 'post', baseUrl: 'https://api.example.com/v2', path: '/users/{userId}/items', params: [{ name: 'userId', in: 'path', value: '42' }], auth: [], ...over,
});
const header = (headers: [string, string][], name: string) => headers.find(([h]) => h.toLowerCase() === name.toLowerCase())?.[1];

describe('buildRequest', () => {
  it('joins the base URL and the path, upper-cases the method', () => {
    const r = buildRequest(input());
    expect(r).toEqual({ method: 'POST', url: 'https://api.example.com/v2/users/42/items', headers: [], body: undefined, cookies: [] });
  });

  it('percent-encodes path parameters, so they cannot add segments, queries or another host', () => {
    const r = buildRequest(input({ params: [{ name: 'userId', in: 'path', value: 'a/b?c=d#e @evil.com' }] }));
    expect(r.url).toBe('https://api.example.com/v2/users/a%2Fb%3Fc%3Dd%23e%20%40evil.com/items');
    expect(new URL(r.url).host).toBe('api.example.com');
  });

  it('refuses an empty path parameter and dot segments', () => {
    expect(() => buildRequest(input({ params: [] }))).toThrow(PlaygroundError);
    expect(() => buildRequest(input({ params: [{ name: 'userId', in: 'path', value: '..' }] }))).toThrow(/cannot be/);
    expect(() => buildRequest(input({ params: [{ name: 'userId', in: 'path', value: '.' }] }))).toThrow(/cannot be/);
  });

  it('adds query parameters (encoded, repeated, empty ones left out), headers and cookies', () => {
    const r = buildRequest(input({
      method: 'get',
      params: [
        { name: 'userId', in: 'path', value: '7' },
        { name: 'q', in: 'query', value: 'a b&c=d' },
        { name: 'tag', in: 'query', value: 'x' },
        { name: 'tag', in: 'query', value: 'y' },
        { name: 'empty', in: 'query', value: '' },
        { name: 'X-Trace', in: 'header', value: 't-1' },
        { name: 'session', in: 'cookie', value: 'a;b' },
      ],
    }));
    expect(r.url).toBe('https://api.example.com/v2/users/7/items?q=a+b%26c%3Dd&tag=x&tag=y');
    // Cookies apart: browsers drop a Cookie header set by a page (issue 26).
    expect(r.headers).toEqual([['X-Trace', 't-1']]);
    expect(r.cookies).toEqual(['session=a%3Bb']);
  });

  it('sends bearer auth', () => {
    expect(header(buildRequest(input({ auth: [{ kind: 'bearer', token: 'sk_123' }] })).headers, 'authorization')).toBe('Bearer sk_123');
    // An empty token sends nothing.
    expect(buildRequest(input({ auth: [{ kind: 'bearer', token: '' }] })).headers).toEqual([]);
  });

  it('sends HTTP Basic with UTF-8 credentials', () => {
    const r = buildRequest(input({ auth: [{ kind: 'basic', username: 'ada', password: 'pä:ss' }] }));
    expect(header(r.headers, 'Authorization')).toBe('Basic YWRhOnDDpDpzcw==');
    expect(base64('a')).toBe('YQ==');
    expect(base64('ab')).toBe('YWI=');
    expect(base64('abc')).toBe('YWJj');
  });

  it('sends API keys in a header, the query or a cookie', () => {
    expect(header(buildRequest(input({ auth: [{ kind: 'apiKey', name: 'X-API-Key', in: 'header', value: 'k1' }] })).headers, 'x-api-key')).toBe('k1');
    expect(buildRequest(input({ auth: [{ kind: 'apiKey', name: 'api_key', in: 'query', value: 'k 2' }] })).url).toBe('https://api.example.com/v2/users/42/items?api_key=k+2');
    const cookie = buildRequest(input({ auth: [{ kind: 'apiKey', name: 'sid', in: 'cookie', value: 'k3' }] }));
    expect([header(cookie.headers, 'cookie'), cookie.cookies]).toEqual([undefined, ['sid=k3']]);
    // Sent only where the page may set cookies: the API on the docs' own origin.
    expect(cookieProblem(cookie, 'https://docs.example.com/api/x')).toBe('Nothing was sent: "sid" must go in a cookie, and browsers do not let a page send cookies to another site (the Cookie header is forbidden to scripts). Copy the cURL example instead, which sends it.');
    expect(cookieProblem(buildRequest(input({ baseUrl: 'https://docs.example.com/v1', auth: [{ kind: 'apiKey', name: 'sid', in: 'cookie', value: 'k3' }] })), 'https://docs.example.com/api/x')).toBeUndefined();
    expect(cookieProblem(buildRequest(input({})), 'https://docs.example.com/api/x')).toBeUndefined();
  });

  it('sends a JSON body with its content type, and rejects invalid JSON', () => {
    const r = buildRequest(input({ body: { contentType: 'application/json', text: '{"name": "Ada"}' } }));
    expect(r.body).toBe('{"name": "Ada"}');
    expect(header(r.headers, 'content-type')).toBe('application/json');
    expect(() => buildRequest(input({ body: { contentType: 'application/json', text: '{nope' } }))).toThrow(/not valid JSON/);
    // No body on GET, and an empty editor sends none.
    expect(buildRequest(input({ method: 'GET', body: { contentType: 'application/json', text: '{}' } })).body).toBeUndefined();
    expect(buildRequest(input({ body: { contentType: 'application/json', text: '  ' } })).body).toBeUndefined();
  });

  it('turns a JSON object into form fields for urlencoded and multipart bodies', () => {
    const form = buildRequest(input({ body: { contentType: 'application/x-www-form-urlencoded', text: '{"a": "1 2", "b": true}' } }));
    expect(form.body).toBe('a=1+2&b=true');
    expect(header(form.headers, 'content-type')).toBe('application/x-www-form-urlencoded');
    const multi = buildRequest(input({ body: { contentType: 'multipart/form-data', text: '{"file": "x"}' } }));
    expect(multi.body).toBeInstanceOf(FormData);
    expect(header(multi.headers, 'content-type')).toBeUndefined();
    const plain = buildRequest(input({ body: { contentType: 'text/plain', text: 'hello' } }));
    expect(plain.body).toBe('hello');
  });

  it("sends a form body's fields: files as file parts under their names, empty fields left out", async () => {
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const more = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })];
    const r = buildRequest(input({ body: { contentType: 'multipart/form-data', fields: [{ name: 'file', files: [notes] }, { name: 'pictures', files: more }, { name: 'title', value: 'Q3' }, { name: 'note', value: '' }, { name: 'none', files: [] }] } }));
    expect(r.body).toBeInstanceOf(FormData);
    const form = r.body as FormData;
    expect([...form.keys()]).toEqual(['file', 'pictures', 'pictures', 'title']);
    expect(form.get('file')).toBeInstanceOf(File);
    expect([(form.get('file') as File).name, await (form.get('file') as File).text()]).toEqual(['notes.txt', 'hello']);
    expect(form.getAll('pictures').map((f) => (f as File).name)).toEqual(['a.png', 'b.png']);
    expect(form.get('title')).toBe('Q3');
    // fetch writes the multipart Content-Type with its boundary.
    expect(header(r.headers, 'content-type')).toBeUndefined();

    const urlencoded = buildRequest(input({ body: { contentType: 'application/x-www-form-urlencoded', fields: [{ name: 'email', value: 'a@b.c' }, { name: 'tags', value: '' }] } }));
    expect([urlencoded.body, header(urlencoded.headers, 'content-type')]).toEqual(['email=a%40b.c', 'application/x-www-form-urlencoded']);
    // Nothing filled in: no body, no content type.
    const empty = buildRequest(input({ body: { contentType: 'multipart/form-data', fields: [{ name: 'file', files: [] }, { name: 'title', value: '' }] } }));
    expect([empty.body, empty.headers]).toEqual([undefined, []]);
    expect(buildRequest(input({ method: 'get', body: { contentType: 'multipart/form-data', fields: [{ name: 'title', value: 'x' }] } })).body).toBeUndefined();
  });

  it('keeps a content type header the reader set', () => {
    const r = buildRequest(input({ params: [{ name: 'userId', in: 'path', value: '1' }, { name: 'Content-Type', in: 'header', value: 'application/vnd.x+json' }], body: { contentType: 'application/json', text: '{}' } }));
    expect(r.headers.filter(([h]) => h.toLowerCase() === 'content-type')).toEqual([['Content-Type', 'application/vnd.x+json']]);
  });

  it('resolves a relative base URL against the page and refuses other schemes', () => {
    expect(buildRequest(input({ baseUrl: '/api', pageUrl: 'https://docs.example.com/ref/users' })).url).toBe('https://docs.example.com/api/users/42/items');
    expect(() => buildRequest(input({ baseUrl: 'javascript:alert(1)' }))).toThrow(PlaygroundError);
  });
});

describe('credentials stay with the selected base URL', () => {
  it('isUnderBase accepts the base and paths below it only', () => {
    expect(isUnderBase('https://api.example.com/v2/users', 'https://api.example.com/v2')).toBe(true);
    expect(isUnderBase('https://api.example.com/v2', 'https://api.example.com/v2/')).toBe(true);
    expect(isUnderBase('https://api.example.com/v20/users', 'https://api.example.com/v2')).toBe(false);
    expect(isUnderBase('https://api.example.com/v1/users', 'https://api.example.com/v2')).toBe(false);
    expect(isUnderBase('https://evil.example.com/v2/users', 'https://api.example.com/v2')).toBe(false);
    expect(isUnderBase('http://api.example.com/v2/users', 'https://api.example.com/v2')).toBe(false);
    expect(isUnderBase('https://user:pw@api.example.com/v2/x', 'https://api.example.com/v2')).toBe(false);
  });

  it('a path template or parameter cannot send the request (and its auth) elsewhere', () => {
    const auth = [{ kind: 'bearer' as const, token: 'secret' }];
    for (const path of ['//evil.example.com/x', '/../../v1/x', '@evil.example.com']) {
      let url: string | undefined;
      try {
        url = buildRequest(input({ path, params: [], auth })).url;
      } catch (error) {
        expect(error).toBeInstanceOf(PlaygroundError);
      }
      if (url) expect(isUnderBase(url, 'https://api.example.com/v2')).toBe(true);
    }
    const r = buildRequest(input({ params: [{ name: 'userId', in: 'path', value: '//evil.example.com' }], auth }));
    expect(new URL(r.url).origin).toBe('https://api.example.com');
  });
});

describe('resolveServer and formatBody', () => {
  it('fills server variables, keeping unknown ones', () => {
    expect(resolveServer('https://{region}.api.dev/{version}/', { region: 'eu', version: 'v1' })).toBe('https://eu.api.dev/v1');
    expect(resolveServer('https://{region}.api.dev', {})).toBe('https://{region}.api.dev');
  });

  it('pretty-prints JSON and leaves everything else as text', () => {
    expect(formatBody('{"a":1}', 'application/json')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(formatBody('<b>hi</b>', 'text/html')).toEqual({ text: '<b>hi</b>', json: false });
    expect(formatBody('{broken', 'application/json')).toEqual({ text: '{broken', json: false });
  });
});
