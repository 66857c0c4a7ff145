import type { Expression, Node, Property, SpreadElement } from 'estree';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

/** Returned by `literalValue` for an expression that needs evaluating as code. */
export const NOT_LITERAL: unique symbol = Symbol('not a literal');

/**
 * The value of an expression written with literals only (`2`, `"a"`, `-1`, `[1, "b"]`,
 * `{ a: 1, "b-c": [true] }`, a template without `${}`), else `NOT_LITERAL`. These are what MDX
 * pages put in attributes (`cols={2}`) and text (`{' '}`); a page whose every expression is one
 * needs no compiled JavaScript to render (plugins/rehype-static-content.ts). Each call makes new
 * objects, as evaluating the code would.
 */
export function literalValue(node: Node | null | undefined): unknown {
  if (!node) return NOT_LITERAL;
  switch (node.type) {
    case 'Literal':
      // Regular expressions and bigints are values a page could use, but not as JSON-like props.
      return 'regex' in node || 'bigint' in node ? NOT_LITERAL : node.value;
    case 'TemplateLiteral':
      return node.expressions.length === 0 && node.quasis.length === 1 && node.quasis[0]!.value.cooked != null ? node.quasis[0]!.value.cooked : NOT_LITERAL;
    case 'UnaryExpression': {
      if (node.operator !== '-' && node.operator !== '+' && node.operator !== '!') return NOT_LITERAL;
      const v = literalValue(node.argument);
      if (v === NOT_LITERAL) return NOT_LITERAL;
      if (node.operator === '!') return !v;
      return typeof v === 'number' ? (node.operator === '-' ? -v : v) : NOT_LITERAL;
    }
    case 'Identifier':
      return node.name === 'undefined' ? undefined : NOT_LITERAL;
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const el of node.elements) {
        if (!el || el.type === 'SpreadElement') return NOT_LITERAL;
        const v = literalValue(el);
        if (v === NOT_LITERAL) return NOT_LITERAL;
        out.push(v);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties as (Property | SpreadElement)[]) {
        if (p.type !== 'Property' || p.kind !== 'init' || p.method || p.shorthand) return NOT_LITERAL;
        let key: string;
        if (!p.computed && p.key.type === 'Identifier') key = p.key.name;
        else if (p.key.type === 'Literal' && (typeof p.key.value === 'string' || typeof p.key.value === 'number')) key = String(p.key.value);
        else return NOT_LITERAL;
        // `__proto__: …` in a literal sets the prototype; leave such pages to the compiled code.
        if (key === '__proto__') return NOT_LITERAL;
        const v = literalValue(p.value as Expression);
        if (v === NOT_LITERAL) return NOT_LITERAL;
        out[key] = v;
      }
      return out;
    }
    default:
      return NOT_LITERAL;
  }
}

/**
 * The value of a JSX attribute written as a literal: `a="x"` is the string, `a` alone is true,
 * `a={…}` its expression's `literalValue` (`NOT_LITERAL` for code); undefined when absent.
 */
export function attributeValue(node: MdxJsxFlowElement | MdxJsxTextElement, name: string): unknown {
  const a = node.attributes.find((x): x is MdxJsxAttribute => x.type === 'mdxJsxAttribute' && x.name === name);
  if (!a) return undefined;
  if (a.value === null || a.value === undefined) return true;
  if (typeof a.value === 'string') return a.value;
  const statement = a.value.data?.estree?.body[0];
  return statement?.type === 'ExpressionStatement' ? literalValue(statement.expression) : NOT_LITERAL;
}
