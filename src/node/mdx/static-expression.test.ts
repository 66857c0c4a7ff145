import { parseExpressionAt } from 'acorn';
import type { Node } from 'estree';
import { describe, expect, it } from 'vitest';
import { literalValue, NOT_LITERAL } from './static-expression.js';

const value = (code: string) => literalValue(parseExpressionAt(code, 0, { ecmaVersion: 'latest' }) as unknown as Node);

describe('literalValue', () => {
  it('evaluates literals, arrays, objects, templates and signs', () => {
    expect(value('2')).toBe(2);
    expect(value('-1.5')).toBe(-1.5);
    expect(value('+3')).toBe(3);
    expect(value('!0')).toBe(true);
    expect(value('"a"')).toBe('a');
    expect(value('`b\\n`')).toBe('b\n');
    expect(value('null')).toBe(null);
    expect(value('undefined')).toBe(undefined);
    expect(value('[1, "x", [true]]')).toEqual([1, 'x', [true]]);
    expect(value('{ a: 1, "b-c": { d: [] }, 3: "n" }')).toEqual({ a: 1, 'b-c': { d: [] }, 3: 'n' });
  });

  it('makes new objects on each call', () => {
    const node = parseExpressionAt('{ a: [1] }', 0, { ecmaVersion: 'latest' }) as unknown as Node;
    expect(literalValue(node)).not.toBe(literalValue(node));
  });

  it.each(['a', '1 + 1', '-"a"', '`a${b}`', '[...a]', '[, 1]', '{ a }', '{ [k]: 1 }', '{ ...a }', '{ a() {} }', '{ get a() { return 1 } }', '{ __proto__: {} }', '/x/', '1n', 'f()', '() => 1', 'typeof a', 'a ? 1 : 2'])(
    'leaves %s to the compiled code',
    (code) => expect(value(code)).toBe(NOT_LITERAL),
  );
});
