import { describe, expect, it } from 'vitest';
import { jsonOffset, locate, pointerSegments, yamlOffset } from './locate.js';

const yaml = `openapi: 3.0.3
info:
  title: T
paths:
  '/pets/{id}':
    get:
      parameters:
        - name: id
          in: path
        - name: "limit"
          in: query
      responses:
        '200':
          description: OK
tags:
- name: a
- name: b
servers: [{ url: x }]
`;

const at = (text: string, offset: number) => text.slice(offset).split('\n')[0];

describe('locating a JSON path', () => {
  it('in YAML: keys (quoted or not), sequence items, numeric keys, sequences at the key indentation', () => {
    expect(at(yaml, yamlOffset(yaml, ['paths', '/pets/{id}', 'get', 'parameters', '1', 'in']))).toBe('in: query');
    expect(at(yaml, yamlOffset(yaml, ['paths', '/pets/{id}', 'get', 'parameters', '0']))).toBe('- name: id');
    expect(at(yaml, yamlOffset(yaml, ['paths', '/pets/{id}', 'get', 'responses', '200', 'description']))).toBe('description: OK');
    expect(at(yaml, yamlOffset(yaml, ['tags', '1', 'name']))).toBe('name: b');
    // Missing or in flow style: the nearest ancestor.
    expect(at(yaml, yamlOffset(yaml, ['paths', '/pets/{id}', 'post']))).toBe("'/pets/{id}':");
    expect(at(yaml, yamlOffset(yaml, ['servers', '0', 'url']))).toBe('servers: [{ url: x }]');
  });

  it('in JSON', () => {
    const json = JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: { parameters: [{ name: 'x' }, { name: 'y', in: 'q' }] } } } }, null, 2);
    expect(at(json, jsonOffset(json, ['paths', '/a', 'get', 'parameters', '1', 'in']))).toBe('"in": "q"');
    expect(at(json, jsonOffset(json, ['paths', '/a', 'put']))).toBe('"/a": {');
    expect(locate(json, ['paths', '/a'])).toMatchObject({ line: 4, column: 5 });
  });

  it('reads ajv instance paths', () => {
    expect(pointerSegments('/paths/~1pets~1{id}/get/parameters/0')).toEqual(['paths', '/pets/{id}', 'get', 'parameters', '0']);
    expect(locate(yaml, pointerSegments('/paths/~1pets~1{id}/get/responses/200'))).toMatchObject({ line: 13, column: 9 });
  });
});
