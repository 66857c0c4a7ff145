import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { compileValidator, precompiledValidator, validatorFile } from './validate.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const read = (f: string) => yaml.load(readFileSync(path.join(fixtures, f), 'utf8')) as Record<string, unknown>;

// Documents of each version, as written and with mistakes the schema catches.
const broken = (doc: Record<string, unknown>) => ({ ...structuredClone(doc), info: { title: 3 }, paths: { '/x': { get: { responses: { nope: {} }, parameters: [{ in: 'sideways' }] } } }, extra: true });
const cases = [
  ['2.0', read('swagger-20.yaml')],
  ['3.0', read('petstore-30.yaml')],
  ['3.1', read('store-31.json')],
] as const;

describe('the OpenAPI validators build:pkg compiles ahead', () => {
  it.each(cases)('%s: is there, and reports what the schema compiled now reports', (version, doc) => {
    expect(existsSync(validatorFile(version)), 'run npm run build:pkg').toBe(true);
    const ahead = precompiledValidator(version)!;
    const now = compileValidator(version);
    expect(typeof ahead).toBe('function');
    for (const d of [doc, broken(doc)]) {
      expect(ahead(d)).toBe(now(d));
      expect(ahead.errors ?? null).toEqual(now.errors ?? null);
    }
    expect(ahead(broken(doc))).toBe(false);
  });
});
