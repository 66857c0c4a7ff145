import type { Code, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { VFile } from 'vfile';
import { SKIP, visit } from 'unist-util-visit';
import { copyTree } from '../page-document.js';
import { attributeValue, literalValue, NOT_LITERAL } from '../static-expression.js';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/**
 * The text written between an element's tags, as the author typed it: code and prompts are not
 * Markdown, but MDX parses what is inside a component as Markdown (a `# comment` becomes a
 * heading, `__init__` bold). The opening tag ends at the last `>` before the first child; the
 * common indentation of the lines is taken off. Undefined when positions are missing.
 */
export function writtenText(node: JsxElement, source: string): string | undefined {
  const first = node.children[0]?.position?.start.offset;
  const last = node.children[node.children.length - 1]?.position?.end.offset;
  const end = node.position?.end.offset;
  if (first === undefined || last === undefined || end === undefined) return undefined;
  const open = source.lastIndexOf('>', first);
  const close = source.lastIndexOf('</', end);
  if (open < 0 || close < last) return undefined;
  const lines = source.slice(open + 1, close).replace(/^[ \t]*\r?\n/, '').replace(/\s+$/, '').split(/\r?\n/);
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

const NAMES = ['language', 'lang', 'filename', 'title', 'icon', 'lines', 'wrap', 'expandable', 'highlight', 'focus', 'nocopy'];
const on = (v: unknown) => v !== undefined && v !== false && v !== 'false';
const quoted = (v: string) => (v.includes('"') ? `'${v}'` : `"${v}"`);
const ranges = (v: unknown) => (Array.isArray(v) ? v.join(',') : String(v).replace(/^\[|\]$/g, ''));

/**
 * `<CodeBlock language filename icon lines highlight>` written in a page becomes a fenced block
 * with those options, so it is highlighted and laid out exactly as one (rehype-code-blocks); its
 * code is the text between its tags as written, or the fence or `{`…`}` string inside it. Only when
 * every attribute is a literal: otherwise the component highlights it while the page renders.
 *
 * `<Prompt>` gets its text as written (`source`), for its copy button and "Open in Cursor".
 *
 * Runs before remark-keep-tree: the Markdown export then writes such a block as a fenced one.
 */
export default function remarkCodeBlockElement() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    // Neither element in the source: the tree is not walked.
    if (!/<\s*(?:CodeBlock|Prompt)\b/.test(source)) return;
    visit(tree, (node, index, parent) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const el = node as JsxElement;
      if (el.name === 'Prompt' && !el.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'source')) {
        const text = writtenText(el, source);
        if (text !== undefined) el.attributes.push({ type: 'mdxJsxAttribute', name: 'source', value: text });
        return;
      }
      if (el.name !== 'CodeBlock' || el.type !== 'mdxJsxFlowElement' || !parent || index === undefined) return;
      if (el.attributes.some((a) => a.type !== 'mdxJsxAttribute' || !NAMES.includes(a.name) || attributeValue(el, a.name) === NOT_LITERAL)) return;
      const value = codeOf(el, source);
      if (value === undefined) return;
      const inner = el.children.length === 1 && el.children[0]!.type === 'code' ? (el.children[0] as Code) : undefined;
      const lang = String(attributeValue(el, 'language') ?? attributeValue(el, 'lang') ?? inner?.lang ?? '') || null;
      const meta: string[] = inner?.meta ? [inner.meta] : [];
      const title = attributeValue(el, 'filename') ?? attributeValue(el, 'title');
      if (typeof title === 'string' || typeof title === 'number') meta.push(`title=${quoted(String(title))}`);
      const icon = attributeValue(el, 'icon');
      if (typeof icon === 'string') meta.push(`icon=${quoted(icon)}`);
      for (const flag of ['lines', 'wrap', 'expandable', 'nocopy']) if (on(attributeValue(el, flag))) meta.push(flag);
      for (const key of ['highlight', 'focus']) {
        const v = attributeValue(el, key);
        if (v !== undefined && v !== true) meta.push(`${key}={${ranges(v)}}`);
      }
      const code: Code = { type: 'code', lang, meta: meta.join(' ') || null, value, position: el.position };
      (parent.children as RootContent[])[index] = code;
      return SKIP;
    });
  };
}

/**
 * A copy of a page's parsed tree as the compile reads it, for readers beside the compile (the
 * Markdown export, `kiln check`): `<CodeBlock>`s as fenced blocks, so the `# comment` in one is
 * code, not a heading. The conversion reads expressions' programs and never changes them.
 */
export function withCodeBlocksAsCode(tree: Root, file: string, source: string): Root {
  const copy = copyTree(tree, { estree: 'share' });
  remarkCodeBlockElement()(copy, new VFile({ value: source, path: file }));
  return copy;
}

/** The code of a `<CodeBlock>`: a fence inside it, a `{"…"}` string, or the text written between its tags. */
function codeOf(el: JsxElement, source: string): string | undefined {
  if (el.children.length === 0) return '';
  const only = el.children[0]!;
  if (el.children.length === 1 && only.type === 'code') return only.value;
  if (el.children.length === 1 && only.type === 'mdxFlowExpression') {
    const statement = only.data?.estree?.body[0];
    const v = statement?.type === 'ExpressionStatement' ? literalValue(statement.expression) : NOT_LITERAL;
    return typeof v === 'string' ? v.replace(/^\n/, '').replace(/\n$/, '') : undefined;
  }
  return writtenText(el, source);
}
