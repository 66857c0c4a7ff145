import { describe, expect, it, vi } from 'vitest';
import { parseJson } from './json.js';

const parsed = vi.hoisted(() => vi.fn());
vi.mock('jsonc-parser', async (original) => {
  const actual = await original<typeof import('jsonc-parser')>();
  return { ...actual, parseTree: (...args: Parameters<typeof actual.parseTree>) => (parsed(), actual.parseTree(...args)) };
});

describe('parseJson', () => {
  it('reads strict JSON without the tree parser, and makes its tree once, when a position is first asked for', () => {
    parsed.mockClear();
    const source = '{\n  "name": "Acme",\n  "__proto__": { "polluted": true },\n  "nav": [{ "group": "A", "pages": ["x"] }]\n}\n';
    const { value, map, diagnostics } = parseJson('docs.json', source);
    expect(diagnostics).toEqual([]);
    expect(parsed).not.toHaveBeenCalled();
    // Every key an own property, `__proto__` too, the prototype untouched.
    expect(Object.keys(value as object)).toEqual(['name', '__proto__', 'nav']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((value as { polluted?: boolean }).polluted).toBeUndefined();

    const at = map.at(['nav', 0, 'pages', 0]);
    expect([at.line, at.column, at.jsonPath]).toEqual([4, 37, 'nav[0].pages[0]']);
    expect(map.at(['nav', 0, 'group'], { key: true }).column).toBe(13);
    expect(map.find(['missing'])).toBeUndefined();
    expect(parsed).toHaveBeenCalledTimes(1);
  });

  it('still warns about comments and trailing commas, and points at syntax errors', () => {
    const lenient = parseJson('docs.json', '{\n  // a comment\n  "name": "Acme",\n}\n');
    expect(lenient.value).toEqual({ name: 'Acme' });
    expect(lenient.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['settings/not-strict-json 2:3']);
    const broken = parseJson('docs.json', '{\n  "name": "Acme"\n  "logo": "x"\n}\n');
    expect(broken.value).toBeUndefined();
    expect(broken.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['settings/invalid-json 3:3']);
  });
});
