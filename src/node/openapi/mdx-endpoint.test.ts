import { describe, expect, it } from 'vitest';
import { requestSnippets } from './snippets.js';
import { mdxEndpoint, parseApiReference, schemaOfType, splitApiUrl, type MdxParam } from './mdx-endpoint.js';

const param = (over: Partial<MdxParam> & Pick<MdxParam, 'in' | 'name'>): MdxParam => ({ required: false, deprecated: false, children: [], ...over });
const api = { playground: { mode: 'show' as const } };

describe('api: front matter', () => {
  it('reads a method (any case) and a URL, and nothing else', () => {
    expect(parseApiReference('POST https://api.example.com/v1/things')).toEqual({ method: 'post', url: 'https://api.example.com/v1/things' });
    expect(parseApiReference(' get /ping ')).toEqual({ method: 'get', url: '/ping' });
    expect(parseApiReference('https://api.example.com')).toBeUndefined();
    expect(parseApiReference('FETCH /x')).toBeUndefined();
  });

  it('splits the base URL from the path', () => {
    expect(splitApiUrl('https://api.example.com/v1/things')).toEqual({ base: 'https://api.example.com', path: '/v1/things', settingsBase: false });
    expect(splitApiUrl('https://api.example.com/v1/things', ['https://api.example.com/v1/'])).toEqual({ base: 'https://api.example.com/v1', path: '/things', settingsBase: true });
    // A base URL that is a prefix only up to a segment boundary does not count.
    expect(splitApiUrl('https://api.example.com/v10/x', ['https://api.example.com/v1']).base).toBe('https://api.example.com');
    expect(splitApiUrl('https://{host}/status')).toEqual({ base: 'https://{host}', path: '/status', settingsBase: false });
    expect(splitApiUrl('https://region.example.io')).toEqual({ base: 'https://region.example.io', path: '/', settingsBase: false });
    expect(splitApiUrl('things/{id}')).toEqual({ path: '/things/{id}', settingsBase: true });
  });

  it('maps ParamField types to schemas', () => {
    expect(schemaOfType('integer')).toEqual({ type: 'integer' });
    expect(schemaOfType('string[]')).toEqual({ type: 'array', items: { type: 'string' } });
    expect(schemaOfType('array<object>')).toEqual({ type: 'array', items: { type: 'object' } });
    expect(schemaOfType('file')).toEqual({ type: 'string', format: 'binary' });
    expect(schemaOfType('Thing')).toEqual({ type: 'string' });
    expect(schemaOfType(undefined)).toEqual({ type: 'string' });
  });
});

describe('mdxEndpoint', () => {
  const params = [
    param({ in: 'path', name: 'id', type: 'string', required: true }),
    param({ in: 'query', name: 'limit', type: 'integer', default: 10 }),
    param({ in: 'header', name: 'X-Trace', placeholder: 't-1' }),
    param({ in: 'body', name: 'name', type: 'string', required: true, placeholder: 'Widget' }),
    param({ in: 'body', name: 'tags', type: 'string[]' }),
    param({ in: 'body', name: 'owner', type: 'object', children: [param({ in: 'body', name: 'email', required: true, placeholder: 'a@b.c' })] }),
  ];

  it('builds parameters, a JSON body with its example, and the base URL from the page', () => {
    const { endpoint: e, api: pageApi } = mdxEndpoint({ reference: { method: 'post', url: 'https://api.example.com/v1/things/{id}/{part}' }, params, title: 'Create', api, file: '/site/things.mdx', id: 'things.mdx' });
    expect([e.method, e.path, e.baseUrl, e.baseUrls]).toEqual(['POST', '/v1/things/{id}/{part}', 'https://api.example.com', ['https://api.example.com']]);
    expect(pageApi.baseUrl).toBeUndefined();
    expect(e.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(['path:id:true', 'path:part:true', 'query:limit:false', 'header:X-Trace:false']);
    expect(e.parameters.find((p) => p.name === 'limit')!.schema.default).toBe(10);
    expect(e.body?.contentType).toBe('application/json');
    expect(e.body?.examples[0]?.value).toEqual({ name: 'Widget', tags: ['<string>'], owner: { email: 'a@b.c' } });
    expect(e.body?.schema?.children.map((c) => `${c.name}:${c.type}:${c.required ?? false}`)).toEqual(['name:string:true', 'tags:string[]:false', 'owner:object:false']);
    expect(e.auth).toEqual([]);
  });

  it('uses api.auth, or the page authMethod, and api.baseUrl for a path', () => {
    const settings = { ...api, baseUrl: ['https://a.example.com/v2', 'https://b.example.com/v2'], auth: { method: 'bearer' as const, inputPrefix: 'sk_' } };
    const a = mdxEndpoint({ reference: { method: 'get', url: '/ping' }, params: [], title: 'Ping', api: settings, file: '/s/p.mdx', id: 'p.mdx' });
    expect([a.endpoint.baseUrl, a.endpoint.baseUrls.length, a.endpoint.auth[0]![0]!.kind]).toEqual(['https://a.example.com/v2', 2, 'bearer']);
    expect(requestSnippets(a.endpoint)[0]!.code).toContain("--header 'Authorization: Bearer sk_<token>'");
    // An absolute URL under the second base URL puts that one first.
    const b = mdxEndpoint({ reference: { method: 'get', url: 'https://b.example.com/v2/ping' }, params: [], title: 'Ping', api: settings, file: '/s/p.mdx', id: 'p.mdx' });
    expect(b.endpoint.baseUrls).toEqual(['https://b.example.com/v2', 'https://a.example.com/v2']);
    const none = mdxEndpoint({ reference: { method: 'get', url: '/ping' }, params: [], title: 'Ping', authMethod: 'none', api: settings, file: '/s/p.mdx', id: 'p.mdx' });
    expect(none.endpoint.auth).toEqual([]);
    const key = mdxEndpoint({ reference: { method: 'get', url: '/ping' }, params: [], title: 'Ping', authMethod: 'key', api: settings, file: '/s/p.mdx', id: 'p.mdx' });
    expect(key.endpoint.auth[0]![0]).toMatchObject({ kind: 'apiKey', name: 'X-API-Key', prefix: 'sk_' });
  });

  it('sends files as multipart', () => {
    const { endpoint } = mdxEndpoint({ reference: { method: 'post', url: '/upload' }, params: [param({ in: 'body', name: 'file', type: 'file', required: true })], title: 'Upload', api, file: '/s/u.mdx', id: 'u.mdx' });
    expect(endpoint.body?.contentType).toBe('multipart/form-data');
  });
});
