/**
 * A page as clean Markdown, for `<url>.md`, llms-full.txt and the "Copy page" button: the page
 * source parsed as MDX, each component turned into plain Markdown by its handler (handlers/),
 * imports and expressions dropped, snippets inlined, then written back with remark-stringify.
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Heading, List, Nodes, Parent, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import remarkMath from '../mdx/plugins/remark-math.js';
import { unravel } from './unravel.js';
import type { Page } from '../content/pages.js';
import { asBlocks, asPhrasing, blockquote, heading, link, paragraph, strong, text } from './build.js';
import { handlers } from './handlers/index.js';
import type { HandlerContext, JsxElement } from './types.js';

export interface MarkdownOptions {
  /** Project root: snippets are resolved against it. */
  root: string;
  /** The file the source came from (relative snippet imports). */
  file?: string;
  readFile?: (file: string) => Promise<string>;
  /** The page's URL: relative links and images are made root-relative against it. */
  url?: string;
}

/** `./setup.mdx` on `/guides/intro` → `/guides/setup`; external links and anchors stay. */
export function resolveLink(href: string, pageUrl: string | undefined): string {
  if (!pageUrl || /^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(href)) return href;
  try {
    const u = new URL(href, 'http://kiln.invalid' + pageUrl);
    return u.pathname.replace(/\.mdx?$/i, '').replace(/(.)\/+$/, '$1') + u.search + u.hash;
  } catch {
    return href;
  }
}

// The compiler's syntax: MDX, GFM and math (with its rule for dollar amounts).
const parser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkMath);
const writer = unified().use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fences: true, rule: '-', listItemIndent: 'one' }).use(remarkGfm).use(remarkMdx);
const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;
const MAX_SNIPPET_DEPTH = 5;
const FLOW = new Set(['root', 'blockquote', 'listItem']);

const isJsx = (n: Nodes): n is JsxElement => n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement';

function attrValue(node: JsxElement, name: string): string | true | undefined {
  const a = node.attributes.find((x): x is MdxJsxAttribute => x.type === 'mdxJsxAttribute' && x.name === name);
  if (!a) return undefined;
  if (a.value === null || a.value === undefined) return true;
  if (typeof a.value === 'string') return a.value;
  // An expression: keep plain literals (`{2}`, `{"x"}`, `{true}`).
  const expr = a.value.value.trim();
  const m = /^(?:"([^"]*)"|'([^']*)'|`([^`$]*)`|(-?\d+(?:\.\d+)?)|(true|false))$/.exec(expr);
  if (!m) return undefined;
  if (m[5]) return m[5] === 'true' ? true : undefined;
  return m[1] ?? m[2] ?? m[3] ?? m[4];
}

/** `import X from '/snippets/x.mdx'` → name → absolute file. */
function snippetImports(tree: Root, opts: MarkdownOptions): Map<string, string> {
  const map = new Map<string, string>();
  for (const n of tree.children) {
    if (n.type !== 'mdxjsEsm') continue;
    for (const m of n.value.matchAll(/import\s+(\w+)\s+from\s+['"]([^'"]+\.mdx?)['"]/g)) {
      const spec = m[2]!;
      const file = spec.startsWith('/') ? path.join(opts.root, spec) : path.resolve(path.dirname(opts.file ?? path.join(opts.root, 'x')), spec);
      map.set(m[1]!, file);
    }
  }
  return map;
}

function snippetFile(spec: string, root: string): string | undefined {
  const clean = spec.replace(/^\/+/, '');
  for (const candidate of [path.join(root, 'snippets', clean), path.join(root, '_snippets', clean), path.join(root, clean)]) {
    if (candidate.startsWith(root) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Levels of nesting converted; real pages stay far below. */
const MAX_DEPTH = 400;

/** Whether some node of `tree` is more than `limit` levels deep (walked without recursion). */
function deeperThan(tree: Root, limit: number): boolean {
  const stack: [node: { children?: unknown[] }, depth: number][] = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return true;
    for (const child of node.children ?? []) stack.push([child as { children?: unknown[] }, depth + 1]);
  }
  return false;
}

class Converter {
  private lastDepth = 1;
  /** How many containers (components, lists, quotes) the node being converted is inside. */
  private nesting = 0;
  constructor(private readonly opts: MarkdownOptions, private readonly depth: number) {}

  /** A source to parse, or a tree the compiler already parsed (the build's way: one parse a page). */
  async convert(source: string | Root): Promise<Root> {
    let tree: Root;
    if (typeof source !== 'string') tree = source;
    else {
      try {
        const file = new VFile(source.replace(FRONT_MATTER, ''));
        tree = parser.runSync(parser.parse(file), file) as Root;
      } catch {
        // Not parseable as MDX (the page fails to build too): the source as it is.
        return { type: 'root', children: [{ type: 'code', lang: 'mdx', meta: null, value: source.trim() }] };
      }
      // The conversion recurses once per level: markup nested thousands deep would exhaust the stack.
      if (deeperThan(tree, MAX_DEPTH)) return { type: 'root', children: [{ type: 'code', lang: 'mdx', meta: null, value: source.trim() }] };
    }
    unravel(tree);
    const snippets = snippetImports(tree, this.opts);
    await this.transform(tree, snippets);
    mergeFieldLists(tree);
    if (this.depth === 0) {
      visit(tree, (n) => {
        if (n.type === 'link' || n.type === 'image' || n.type === 'definition') n.url = resolveLink(n.url, this.opts.url);
      });
    }
    return tree;
  }

  private async transform(parent: Parent, snippets: Map<string, string>): Promise<void> {
    const out: RootContent[] = [];
    for (const child of parent.children as RootContent[]) out.push(...(await this.node(child, snippets, parent)));
    // Where blocks belong, stray inline nodes (from components and HTML) go into paragraphs.
    parent.children = (FLOW.has(parent.type) ? asBlocks(out) : out) as Parent['children'];
  }

  private async node(n: RootContent, snippets: Map<string, string>, parent: Parent): Promise<RootContent[]> {
    if (n.type === 'mdxjsEsm' || n.type === 'mdxFlowExpression' || n.type === 'mdxTextExpression') return [];
    if (n.type === 'heading') this.lastDepth = (n as Heading).depth;
    // A compiler's tree has math nodes (the export's own parser leaves `$…$` as text): written as typed.
    if ((n.type as string) === 'inlineMath') return [{ type: 'html', value: `$${(n as unknown as { value: string }).value}$` }];
    if ((n.type as string) === 'math') return [{ type: 'html', value: `$$\n${(n as unknown as { value: string }).value}\n$$` }];
    if (isJsx(n)) return this.element(n, snippets, parent);
    if ('children' in n) {
      const container = n.type === 'list' || n.type === 'blockquote';
      if (container) this.nesting++;
      await this.transform(n as Parent, snippets);
      if (container) this.nesting--;
    }
    return [n];
  }

  private async element(n: JsxElement, snippets: Map<string, string>, parent: Parent): Promise<RootContent[]> {
    const inline = n.type === 'mdxJsxTextElement' || parent.type === 'paragraph';
    const name = n.name ?? '';
    const ctx: HandlerContext = {
      children: async (el) => {
        const copy = { ...el, children: [...el.children] } as JsxElement;
        this.nesting++;
        await this.transform(copy as Parent, snippets).finally(() => this.nesting--);
        return copy.children as RootContent[];
      },
      attr: (el, key) => {
        const v = attrValue(el, key);
        return typeof v === 'string' ? v : undefined;
      },
      flag: (el, key) => {
        const v = attrValue(el, key);
        return v === true || v === 'true';
      },
      headingDepth: () => Math.min(6, this.lastDepth + 1) as 1 | 2 | 3 | 4 | 5 | 6,
      label: (value) => (this.nesting > 0 ? paragraph(strong(text(value))) : heading(ctx.headingDepth(), text(value))),
    };
    // Snippets: imported ones by name, and <Snippet file="x.mdx" />.
    const snippetPath = snippets.get(name) ?? (name === 'Snippet' ? snippetFile(ctx.attr(n, 'file') ?? '', this.opts.root) : undefined);
    if (snippetPath) return this.snippet(snippetPath, inline);
    const handler = handlers[name];
    if (handler) return handler(n, ctx, inline);
    // HTML written as JSX.
    if (name === 'img') {
      const src = ctx.attr(n, 'src');
      return src ? [{ type: 'image', url: src, alt: ctx.attr(n, 'alt') ?? '', title: null }] : [];
    }
    if (name === 'a') {
      const href = ctx.attr(n, 'href');
      const body = asPhrasing(await ctx.children(n));
      return href ? [link(href, ...body)] : body;
    }
    if (name === 'br') return inline ? [{ type: 'break' }] : [];
    if (name === 'hr') return inline ? [] : [{ type: 'thematicBreak' }];
    if (name === 'blockquote') return inline ? asPhrasing(await ctx.children(n)) : [blockquote(await ctx.children(n))];
    if (/^h[1-6]$/.test(name) && !inline) return [heading(Number(name[1]) as 1, ...asPhrasing(await ctx.children(n)))];
    if (name === 'p' && !inline) return [paragraph(...asPhrasing(await ctx.children(n)))];
    // Anything else (div, span, unknown components): its content.
    const body = await ctx.children(n);
    return inline ? asPhrasing(body) : asBlocks(body);
  }

  private async snippet(file: string, inline: boolean): Promise<RootContent[]> {
    if (this.depth >= MAX_SNIPPET_DEPTH) return [];
    let source: string;
    try {
      source = await (this.opts.readFile ?? ((f: string) => fs.readFile(f, 'utf8')))(file);
    } catch {
      return [];
    }
    const inner = new Converter({ ...this.opts, file }, this.depth + 1);
    inner.lastDepth = this.lastDepth;
    const tree = await inner.convert(source);
    return inline ? asPhrasing(tree.children) : tree.children;
  }
}

/** Neighbouring `<ParamField>`/`<ResponseField>` lists become one list. */
function mergeFieldLists(parent: Parent): void {
  const out: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    const prev = out[out.length - 1];
    const isFields = (n: RootContent | undefined): n is List => n?.type === 'list' && !!(n.data as { kilnFields?: boolean } | undefined)?.kilnFields;
    if (isFields(child) && isFields(prev)) prev.children.push(...child.children);
    else out.push(child);
    if ('children' in child) mergeFieldLists(child as Parent);
  }
  parent.children = out as Parent['children'];
}

/** An MDX (or Markdown) body, as source or as the tree the compiler parsed (`keepTree`), as plain Markdown. */
export async function mdxToMarkdown(source: string | Root, opts: MarkdownOptions): Promise<string> {
  const tree = await new Converter(opts, 0).convert(source);
  const out = String(writer.stringify(tree)).replace(/\n{3,}/g, '\n\n').trim();
  return out ? out + '\n' : '';
}

/** A page as a Markdown document: `# Title`, the description as a quote, then the body. */
export async function pageMarkdown(page: Page, opts: Omit<MarkdownOptions, 'file'>, tree?: Root): Promise<string> {
  let body: string;
  try {
    body = await mdxToMarkdown(tree ?? page.body, { ...opts, file: page.file, url: page.url });
  } catch {
    // A body the converter cannot take (markup nested thousands of levels deep exhausts the
    // stack): its source is the nearest Markdown there is, and one page must not stop the build.
    body = page.body.trim() + '\n';
  }
  const head = [`# ${page.title}`];
  if (page.frontMatter.description) head.push(`> ${page.frontMatter.description.replace(/\s*\n\s*/g, ' ')}`);
  return head.join('\n\n') + '\n\n' + (body.trim() ? body : '');
}

