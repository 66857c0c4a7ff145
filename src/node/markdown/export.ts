/**
 * A page as clean Markdown, for `<url>.md`, llms-full.txt and the "Copy page" button: the page
 * source parsed as MDX, each component turned into plain Markdown by its handler (handlers/),
 * imports and expressions dropped, snippets inlined, then written back with remark-stringify.
 *
 * The text of a paragraph, heading or table cell the export leaves as parsed is not written again:
 * its source is (see `Verbatim`). Escaping text is most of remark-stringify's cost, and most of a
 * page is such prose.
 */
import { sourceOverLimits } from '../mdx/bounds.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Heading, List, Nodes, Parent, PhrasingContent, Root, RootContent, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { copyTree, pageDocument, parseTree } from '../mdx/page-document.js';
import { frontMatterBody } from '../content/frontmatter.js';
import { withCodeBlocksAsCode } from '../mdx/plugins/remark-code-block-element.js';
import { attributeValue } from '../mdx/static-expression.js';
import { resolveSnippet } from '../mdx/plugins/remark-imports.js';
import { resolveSnippetFile } from '../mdx/plugins/remark-snippet-element.js';
import { unravel } from './unravel.js';
import type { Page } from '../content/pages.js';
import { asBlocks, asPhrasing, blockquote, heading, link, paragraph, strong, text } from './build.js';
import { handlers } from './handlers/index.js';
import type { HandlerContext, JsxElement } from './types.js';
import { resolveCleanLink } from '../../shared/urls.js';

export interface MarkdownOptions {
  /** Project root: snippets are resolved against it. */
  root: string;
  /** The file the source came from (relative snippet imports). */
  file?: string;
  readFile?: (file: string) => Promise<string>;
  /** The page's id (`guides/setup`): relative links and images are made root-relative from its folder, as in its HTML. */
  pageId?: string;
  /**
   * With a tree: the source its positions point into (the compiler's `source`). Text the export
   * leaves as parsed is then copied from it instead of being written again.
   */
  source?: string;
}

/** A link or image URL of page `pageId` as its HTML has it, without a trailing slash; unchanged without a page. */
function exportUrl(node: { type: string; url: string }, pageId: string | undefined): string {
  return pageId === undefined ? node.url : resolveCleanLink(node.url, pageId, node.type !== 'image');
}

const writer = unified().use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fences: true, rule: '-', listItemIndent: 'one' }).use(remarkGfm).use(remarkMdx);
const MAX_SNIPPET_DEPTH = 5;
const FLOW = new Set(['root', 'blockquote', 'listItem']);
/** Phrasing the export leaves as parsed (links and images too, when `resolveLink` keeps their URL). */
const PLAIN = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'linkReference', 'imageReference', 'footnoteReference']);

/**
 * A node whose phrasing is written as its source: when the tree is written, its children are
 * replaced by one `html` node (written as is) holding that text. The node itself stays, so
 * remark-stringify still writes the block around it (list markers, quote prefixes, indentation,
 * blank lines) as before. Handlers may still change the node after it was found plain: callouts,
 * cards and fields put a label in front of the first paragraph's children (kept, when it ends in
 * white space: the text then starts as it did at the start of a line); any other change (another
 * array, other ends) and it is written as usual.
 */
interface Verbatim {
  children: PhrasingContent[];
  length: number;
  first: PhrasingContent;
  last: PhrasingContent;
  value: string;
}

/** What the converters of a page and of its snippets share; `finish` applies it to the whole tree. */
interface Shared {
  verbatim: Map<Parent, Verbatim>;
  /** Text put in after writing (see `placeholder`). */
  texts: string[];
  /** Placeholders are made of NUL: not when some source holds one, or the tree came without it. */
  placeholders: boolean;
}

/** Whether `nodes` hold only phrasing the export leaves as parsed. */
function plain(nodes: PhrasingContent[], pageId: string | undefined): boolean {
  for (const n of nodes) {
    if (n.type === 'link' || n.type === 'image') {
      if (exportUrl(n, pageId) !== n.url) return false;
    } else if (!PLAIN.has(n.type)) return false;
    // Inline code keeps the indentation of its next line, which a copy of the source loses (`mark`).
    else if (n.type === 'inlineCode' && /[\r\n]/.test(n.value)) return false;
    if ('children' in n && !plain(n.children, pageId)) return false;
  }
  return true;
}

const isJsx = (n: Nodes): n is JsxElement => n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement';

/** A literal attribute as the handlers take it: text (numbers as written in JSON), or true for a flag. */
function attrValue(node: JsxElement, name: string): string | true | undefined {
  const v = attributeValue(node, name);
  if (v === true || typeof v === 'string') return v;
  return typeof v === 'number' ? String(v) : undefined;
}

/** `import X from '/snippets/x.mdx'` → name → absolute file, resolved as the compile resolves it (remark-imports.ts). */
function snippetImports(tree: Root, opts: MarkdownOptions): Map<string, string> {
  const map = new Map<string, string>();
  for (const n of tree.children) {
    if (n.type !== 'mdxjsEsm') continue;
    for (const m of n.value.matchAll(/import\s+(\w+)\s+from\s+['"]([^'"]+\.mdx?)['"]/g)) {
      const file = resolveSnippet(m[2]!, opts.root, opts.file ?? path.join(opts.root, 'x'));
      if (file) map.set(m[1]!, file);
    }
  }
  return map;
}

/** Levels of nesting converted; real pages stay far below. */
const MAX_DEPTH = 400;
/** Whether a snippet's document is nested deeper than MAX_DEPTH, by its tree: a snippet is used by many pages. */
const tooDeep = new WeakMap<Root, boolean>();

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
  /** How many Markdown blockquotes: their lines start with `>`, which slices of the source keep. */
  private quotes = 0;
  /** What the tree's positions point into, when known. */
  private text: string | undefined;
  constructor(
    private readonly opts: MarkdownOptions,
    private readonly depth: number,
    readonly shared: Shared = { verbatim: new Map(), texts: [], placeholders: true },
  ) {}

  /** A source to parse, or a tree the compiler already parsed (the build's way: one parse a page). */
  async convert(source: string | Root): Promise<Root> {
    let tree: Root;
    if (typeof source !== 'string') {
      tree = source;
      this.text = this.opts.source;
    } else {
      const parsed = this.parsed(source);
      if (!parsed) return { type: 'root', children: [{ type: 'code', lang: 'mdx', meta: null, value: source.trim() }] };
      tree = parsed;
    }
    if (this.text === undefined || this.text.includes('\0')) this.shared.placeholders = false;
    unravel(tree);
    const snippets = snippetImports(tree, this.opts);
    await this.transform(tree, snippets);
    mergeFieldLists(tree);
    if (this.depth === 0) this.finish(tree, false);
    return tree;
  }

  /**
   * A tree to convert from the source of a snippet (`opts.file`), or of a page given as text;
   * undefined when it does not parse as MDX (the page fails to build too) or is nested too deep to
   * convert (the conversion recurses once per level). A snippet's is a copy of the document the
   * compile parsed (mdx/page-document.ts), from the same text: its front matter blanked, as the
   * compile reads it.
   */
  private parsed(source: string): Root | undefined {
    const file = this.opts.file;
    this.text = frontMatterBody(source);
    if (this.depth === 0 || file === undefined) {
      let tree: Root;
      try {
        tree = parseTree(this.text, file);
      } catch {
        return undefined;
      }
      return deeperThan(tree, MAX_DEPTH) ? undefined : tree;
    }
    const doc = pageDocument(file, this.text);
    if (doc.kind !== 'parsed') return undefined;
    let deep = tooDeep.get(doc.tree);
    if (deep === undefined) tooDeep.set(doc.tree, (deep = deeperThan(doc.tree, MAX_DEPTH)));
    return deep ? undefined : copyTree(doc.tree, { estree: 'share' });
  }

  /** Verbatim text in place (see `texts`), links resolved everywhere else. */
  private finish(node: Nodes, atRoot: boolean): Nodes {
    const v = this.shared.verbatim.get(node as Parent);
    if (v && (node as Parent).children === v.children) {
      const kids = v.children;
      const k = kids.length - v.length;
      const label = kids[k - 1];
      if (kids[k] === v.first && kids[kids.length - 1] === v.last && (k === 0 || (k > 0 && label?.type === 'text' && /\s$/.test(label.value)))) {
        const lines = /[\r\n]/.test(v.value);
        // A whole paragraph or heading at the top level is a block of its own, as the writer would
        // write it: no blank-line rule there tells them from HTML, and no line gets a prefix.
        if (atRoot && k === 0 && node.type === 'paragraph') return { type: 'html', value: this.placeholder(v.value) };
        if (atRoot && k === 0 && node.type === 'heading' && !lines) return { type: 'html', value: this.placeholder(`${'#'.repeat(node.depth)} ${v.value}`) };
        // Table columns are as wide as their cells' text, and the underline of a heading on two
        // lines as its last line: those are written in full.
        kids.splice(k, v.length, { type: 'html', value: node.type === 'tableCell' || lines ? v.value : this.placeholder(v.value) });
      }
    }
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') node.url = exportUrl(node, this.opts.pageId);
    // Code at the top level is not indented: only its fence depends on the text (longer than any
    // run of backticks in it).
    if (atRoot && node.type === 'code' && node.value && !node.value.includes('```')) node.value = this.placeholder(node.value);
    if ('children' in node) {
      const kids = node.children as Nodes[];
      for (let i = 0; i < kids.length; i++) kids[i] = this.finish(kids[i]!, node.type === 'root');
    }
    return node;
  }

  /**
   * Text the writer only has to pass through stands in the tree as `\0<n>\0` and is put in after
   * writing: the writer scans every piece it writes for line endings once per level of nesting,
   * which cost as much as escaping did. Only where `value` is all the writer would write, and
   * only on one line where a container may prefix its lines.
   */
  private placeholder(value: string): string {
    const { texts, placeholders } = this.shared;
    return placeholders ? `\0${texts.push(value) - 1}\0` : value;
  }

  /** Whether `n` is written from its source: then it needs no conversion either. */
  private keep(n: RootContent): boolean {
    if (this.text === undefined) return false;
    if (n.type === 'paragraph' || n.type === 'heading') return plain(n.children, this.opts.pageId) && this.mark(n, n.children);
    if (n.type !== 'table') return false;
    const cells = (n as Table).children.flatMap((row) => row.children);
    if (!cells.every((c) => plain(c.children, this.opts.pageId))) return false;
    for (const c of cells) if (c.children.length) this.mark(c, c.children);
    return true;
  }

  /**
   * Records the source of `children` for `node`; false when positions are missing or do not fit.
   * Continuation lines lose their indentation: the writer indents them for their new container,
   * and a paragraph's lines are read the same at any indentation in MDX (no indented code).
   */
  private mark(node: Parent, children: PhrasingContent[]): boolean {
    const text = this.text!;
    const start = children[0]?.position?.start.offset;
    const end = children[children.length - 1]?.position?.end.offset;
    if (start === undefined || end === undefined || start >= end || end > text.length) return false;
    const outer = node.position;
    if (outer && (start < (outer.start.offset ?? start) || end > (outer.end.offset ?? end))) return false;
    let value = text.slice(start, end);
    // A tree parsed from some other text (a caller's mistake) must not take its words from this one.
    const first = children[0]!;
    if (first.type === 'text' && first.value[0] !== value[0] && value[0] !== '\\' && value[0] !== '&') return false;
    if (/[\r\n]/.test(value)) {
      // Lines of a quote keep their `>`: written as usual.
      if (this.quotes) return false;
      // White space at line ends is dropped too, unless it may be a hard break (two spaces or more).
      value = value.replace(/([ \t]*)(\r?\n|\r)[ \t]*/g, (_, end: string, eol: string) => (end.length > 1 ? end : '') + eol);
    }
    this.shared.verbatim.set(node, { children, length: children.length, first: children[0]!, last: children[children.length - 1]!, value });
    return true;
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
    if (this.keep(n)) return [n];
    if ('children' in n) {
      const container = n.type === 'list' || n.type === 'blockquote';
      if (container) this.nesting++;
      if (n.type === 'blockquote') this.quotes++;
      await this.transform(n as Parent, snippets);
      if (container) this.nesting--;
      if (n.type === 'blockquote') this.quotes--;
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
    const snippetPath = snippets.get(name) ?? (name === 'Snippet' ? (resolveSnippetFile(ctx.attr(n, 'file') ?? '', this.opts.root) ?? undefined) : undefined);
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
      // Read synchronously: fs.promises' trips through the thread pool cost more than reading.
      source = this.opts.readFile ? await this.opts.readFile(file) : readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    const inner = new Converter({ ...this.opts, file, source: undefined }, this.depth + 1, this.shared);
    inner.lastDepth = this.lastDepth;
    const tree = await inner.convert(source);
    return inline ? asPhrasing(tree.children) : tree.children;
  }
}

const isFields = (n: RootContent | undefined): n is List => n?.type === 'list' && !!(n.data as { kilnFields?: boolean } | undefined)?.kilnFields;

/**
 * Neighbouring `<ParamField>`/`<ResponseField>` lists become one list. Other children arrays stay
 * the same arrays: `Verbatim` tells a changed node by them.
 */
function mergeFieldLists(parent: Parent): void {
  const out: RootContent[] = [];
  let merged = false;
  for (const child of parent.children as RootContent[]) {
    const prev = out[out.length - 1];
    if (isFields(child) && isFields(prev)) {
      prev.children.push(...child.children);
      merged = true;
    } else out.push(child);
    // Lists are blocks: not in phrasing.
    if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading' && child.type !== 'table') mergeFieldLists(child as Parent);
  }
  if (merged) parent.children = out as Parent['children'];
}

/** An MDX (or Markdown) body, as source or as the tree the compiler parsed (`keepTree`), as plain Markdown. */
export async function mdxToMarkdown(source: string | Root, opts: MarkdownOptions): Promise<string> {
  const converter = new Converter(opts, 0);
  const tree = await converter.convert(source);
  let out = String(writer.stringify(tree));
  const { texts } = converter.shared;
  if (texts.length) out = out.replace(/\0(\d+)\0/g, (_, i: string) => texts[Number(i)]!);
  if (out.includes('\n\n\n')) out = out.replace(/\n{3,}/g, '\n\n');
  out = out.trim();
  return out ? out + '\n' : '';
}

/**
 * The tree the export converts for `page`: a copy of its document's (mdx/page-document.ts), with
 * `<CodeBlock>`s as fenced blocks, as the compile reads them; undefined when the page does not parse.
 */
export function markdownTree(page: Page): Root | undefined {
  const source = page.body; // read from the file on each ask (content/pages.ts)
  const doc = pageDocument(page.file, source);
  if (doc.kind !== 'parsed') return undefined;
  // Copying and converting recurse once per level: markup nested thousands deep (a page that fails
  // to compile for it, yet is still in llms-full.txt) is exported as its source, as a parse would.
  if (deeperThan(doc.tree, MAX_DEPTH)) return { type: 'root', children: [{ type: 'code', lang: 'mdx', meta: null, value: source.trim() }] };
  return withCodeBlocksAsCode(doc.tree, page.file, source);
}

/** A page as a Markdown document: `# Title`, the description as a quote, then the body. */
export async function pageMarkdown(page: Page, opts: Omit<MarkdownOptions, 'file'>, tree: Root | undefined = markdownTree(page)): Promise<string> {
  let body: string;
  const source = page.body;
  try {
    // A source the compiler refuses (mdx/bounds.ts) was not parsed; one that does not parse is shown as its source.
    if (!tree) {
      const doc = pageDocument(page.file, source);
      if (doc.kind === 'refused') throw new Error('over the limits');
      tree = { type: 'root', children: [{ type: 'code', lang: 'mdx', meta: null, value: source.trim() }] };
    }
    body = await mdxToMarkdown(tree, { ...opts, file: page.file, pageId: page.id, source });
  } catch {
    // A body the converter cannot take (markup nested thousands of levels deep exhausts the
    // stack): its source is the nearest Markdown there is, and one page must not stop the build.
    body = source.trim() + '\n';
  }
  const head = [`# ${page.title}`];
  if (page.frontMatter.description) head.push(`> ${page.frontMatter.description.replace(/\s*\n\s*/g, ' ')}`);
  return head.join('\n\n') + '\n\n' + (body.trim() ? body : '');
}
