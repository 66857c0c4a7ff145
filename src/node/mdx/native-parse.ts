import type { Program } from 'estree';
import type { Root } from 'mdast';
import { Parser, type Comment, type Options as AcornOptions } from 'acorn';
import acornJsx from 'acorn-jsx';
import { visit as visitEstree } from 'estree-util-visit';
import { satteri } from '../satteri.js';

/**
 * MDX parsed by satteri (Rust), turned into exactly the tree remark-parse + remark-mdx + remark-gfm +
 * remark-math give, or nothing when that cannot be vouched for, and the caller parses with
 * micromark. Parsing was ~5 ms of the ~16 ms of CPU a page costs (bench, 1,000 pages).
 *
 * satteri leaves out what @mdx-js/mdx needs and adds what it does not: no ESTree on ESM and
 * expressions (rebuilt here with acorn exactly as micromark-util-events-to-acorn does), no
 * positions on JSX attributes (the tags are read again here), no `data` on math nodes. It also
 * accepts pages micromark rejects (`a < b`, `{` left open), so a page is given up on whenever a
 * `<` or `{` is left that micromark would read as JSX or an expression and satteri did not, and
 * wherever satteri or acorn throws: the JS parser then gives the error users know.
 *
 * Two inputs harm the process instead of failing: JavaScript nested thousands deep overflows the
 * native stack (a crash, not an exception), and invalid expressions holding many unclosed `<` take
 * exponential time. Both are screened out before satteri sees the page (`risky`).
 */

/** Whether the native parser loaded. */
export const nativeParserAvailable = satteri !== undefined;

/** Thrown inside the normalisation when the tree cannot be made the JS parser's. */
class GiveUp extends Error {}
const giveUp = (why: string): never => {
  throw new GiveUp(why);
};

/** Why the last `parseNative` gave up, for tests. */
export let lastGiveUp: string | undefined;

/**
 * The mdast micromark would give for `source` (MDX, GFM, math with single dollars), or undefined
 * when the JS parser must parse it.
 */
export function parseNative(source: string): Root | undefined {
  lastGiveUp = undefined;
  if (!satteri) return none('satteri did not load');
  const risk = risky(source);
  if (risk) return none(risk);
  let tree: N;
  try {
    tree = satteri.mdxToMdast(source, { features: { gfm: true, math: { singleDollarTextMath: true }, frontmatter: false } }) as N;
  } catch {
    return none('satteri reported an error');
  }
  try {
    new Normaliser(source).root(tree);
  } catch (error) {
    // Anything unforeseen also leaves the page to the JS parser; tests look at `lastGiveUp`.
    return none(error instanceof GiveUp ? error.message : `internal error: ${String(error)}`);
  }
  return tree as unknown as Root;
}

function none(why: string): undefined {
  lastGiveUp = why;
  return undefined;
}

/**
 * Input that would crash or stall the native parser. Its JavaScript parser recurses once per
 * level: in a worker (4 MB stack) 3,500 nested brackets crash it, other chains (`!`, `a=`, `a?b:`)
 * need over 10,000 levels of at least a character each. An invalid expression with n unclosed `<`
 * costs 2^n (24: 0.5 s). JavaScript is only ever in `{…}` and in ESM, so: bracket depth anywhere
 * under 1,000, no `{…}` span or ESM block of 10,000 characters or more, no span with more than 8
 * `<` not matched by a `</` or `/>`.
 */
export function risky(source: string): string | undefined {
  let depth = 0;
  let braces = 0;
  let spanStart = 0;
  let opens = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 40 /* ( */ || c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth >= 1000) return 'brackets nested 1,000 deep';
      if (c === 123 && braces++ === 0) {
        spanStart = i;
        opens = 0;
      }
    } else if (c === 41 || c === 93 || c === 125) {
      if (depth > 0) depth--;
      if (c === 125 && braces > 0 && --braces === 0 && i - spanStart >= 10_000) return 'an expression of 10,000 characters';
    } else if (c === 60 /* < */ && braces > 0) {
      if (source.charCodeAt(i + 1) === 47 /* / */) opens--;
      else if (++opens > 8) return 'an expression with many unclosed `<`';
    } else if (c === 47 && braces > 0 && source.charCodeAt(i + 1) === 62 /* > */) opens--;
  }
  if (braces > 0 && source.length - spanStart >= 10_000) return 'an expression of 10,000 characters';
  // An ESM block ends at a blank line, unless what comes before it is cut short (an operator or an
  // open bracket last), where micromark reads on.
  const esm = /^(?:import|export)[ \t]/gm;
  for (let m = esm.exec(source); m; m = esm.exec(source)) {
    const blank = /\n[ \t]*(?:\r?\n|\r|$)/g;
    blank.lastIndex = m.index;
    let end = source.length;
    for (let b = blank.exec(source); b; b = blank.exec(source)) {
      if (!/[-=?:!~+*/%&|^<>,.([{]\s*$/.test(source.slice(Math.max(m.index, b.index - 100), b.index))) {
        end = b.index;
        break;
      }
    }
    if (end - m.index >= 10_000) return 'an ESM block of 10,000 characters';
    esm.lastIndex = Math.max(esm.lastIndex, end);
  }
  return undefined;
}

// Loosely typed on purpose: this code reshapes satteri's nodes in place.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type N = Record<string, any>;

interface Point {
  line: number;
  column: number;
  offset: number;
}

/** Line starts, for turning offsets into micromark points (a tab is one column, as there). */
class Lines {
  private readonly starts: number[] = [0];
  constructor(source: string) {
    for (let i = 0; i < source.length; i++) {
      const c = source.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (source.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  point(offset: number): Point {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - s[lo]! + 1, offset };
  }

  /** Offset where the line holding `offset` ends (before its line ending). */
  lineEnd(source: string, offset: number): number {
    let i = offset;
    while (i < source.length && source.charCodeAt(i) !== 10 && source.charCodeAt(i) !== 13) i++;
    return i;
  }
}

/** `[offset in the collected value, offset in the source]`, as micromark's `stops`. */
type Stop = [number, number];

const acorn = Parser.extend(acornJsx());
const CONTAINERS = new Set(['blockquote', 'listItem', 'footnoteDefinition']);
/** Node types whose source may hold a raw `<` or `{` that is not JSX or an expression. */
const LITERAL = new Set(['code', 'inlineCode', 'math', 'inlineMath', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'definition', 'footnoteReference']);
/** Node types whose syntax around their children (URL, title, label) is literal. */
const LITERAL_GAPS = new Set(['link', 'linkReference', 'footnoteDefinition']);
/** mdast-util-gfm-autolink-literal's patterns (without their `g` flag). */
const AUTOLINK_TEXT = [
  /(?<![\da-z])(https?:\/\/|www(?=\.))([\w-]*\.[\w\-.]*)([^\t\n\r ]*)/i,
  /(?<![\w+\-.@])xmpp:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)(\/(?:[\w\-/]|\.(?=[\dA-Za-z]))*)?/,
  /(?<![\w+\-.@])mailto:([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/,
  /(?<![\w+\-.]|(?:^|[^\d@A-Za-z])(?:mailto|xmpp):)([\w+\-.]+)@([\w-]+(?:\.[\w-]+)+)/,
];
/** Whether `text` holds what AUTOLINK_TEXT finds. The addresses need an `@`: without one, their patterns are not tried (they tried every run of word characters). */
const autolinkText = (text: string) => AUTOLINK_TEXT[0]!.test(text) || (text.includes('@') && AUTOLINK_TEXT.slice(1).some((re) => re.test(text)));
const WORD = /[\p{L}\p{N}]/u;
/** Whitespace or punctuation other than delimiters and backslashes: what may surround a clean run. */
const BOUNDARY = /[\s!-)+-/:-@[\]^`{-}]/u;
const PHRASING = new Set(['text', 'emphasis', 'strong', 'inlineCode', 'break', 'link', 'image', 'linkReference', 'imageReference', 'delete', 'footnoteReference', 'inlineMath', 'mdxTextExpression', 'mdxJsxTextElement']);
/** Whether a text line right after `node` may be part of it (a lazy paragraph line, a table row). */
function takesLinesIn(node: N): boolean {
  if (node.type === 'paragraph' || node.type === 'table' || node.type === 'definition') return true;
  if (!CONTAINERS.has(node.type) && node.type !== 'list') return false;
  const last = node.children[node.children.length - 1];
  return !last || takesLinesIn(last);
}
/** Everything the JS parser can give for MDX with GFM and math. */
const KNOWN = new Set([
  'root', 'paragraph', 'heading', 'thematicBreak', 'blockquote', 'list', 'listItem', 'code', 'definition', 'text', 'emphasis', 'strong',
  'inlineCode', 'break', 'link', 'image', 'linkReference', 'imageReference', 'delete', 'table', 'tableRow', 'tableCell', 'footnoteDefinition',
  'footnoteReference', 'math', 'inlineMath', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement',
]);

class Normaliser {
  private readonly lines: Lines;
  /** Source ranges where `<` and `{` are literal, in document order. */
  private readonly literal: number[] = [];
  /** Offsets of the characters that open emphasis, strong and delete nodes, and that close them. */
  private readonly opening = new Set<number>();
  private readonly closing = new Set<number>();
  /** Where ESM blocks start. */
  private readonly esmStarts = new Set<number>();
  /** Paragraphs made here of flow elements satteri gave for lines micromark reads as text. */
  private readonly converted = new Set<N>();
  /** Flow elements and expressions: where their tags start and end. */
  private readonly flow: { start: number; end: number; openEnd: number; closeStart: number; containers: number }[] = [];
  /** End of the opening tag of each flow element (of the expression, for flow expressions). */
  private readonly openEnds = new Map<N, number>();
  /** Names imported by earlier ESM, which micromark declares before parsing the next block. */
  private readonly imported: string[] = [];

  constructor(private readonly source: string) {
    this.lines = new Lines(source);
  }

  root(tree: N): void {
    this.node(tree, 0);
    this.checkAutolinks(tree, false, { bracket: false, tick: false, container: false });
    this.checkStrayMarkup();
    this.checkFlowLines();
  }

  /** Normalises `node` in place; returns what replaces it in its parent (itself, or a paragraph). */
  private node(node: N, containers: number): N {
    const type = node.type as string;
    if (!KNOWN.has(type)) giveUp(`a ${type} node`);
    const pos = node.position;
    if (!pos) giveUp(`no position on ${type}`);
    const start = pos.start.offset as number;
    const end = pos.end.offset as number;
    if (node.data?._mdxExplicitJsx !== undefined) {
      // Set by satteri; @mdx-js/mdx marks JSX written by the author itself, after parsing.
      delete node.data._mdxExplicitJsx;
      if (Object.keys(node.data).length === 0) delete node.data;
    }
    switch (type) {
      case 'mdxjsEsm':
        this.esm(node, start);
        break;
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        this.expressionNode(node, start, end, containers);
        if (type === 'mdxTextExpression') this.paragraphLines(start, end);
        if (type === 'mdxFlowExpression') {
          this.flow.push({ start, end, openEnd: end, closeStart: end, containers });
          this.openEnds.set(node, end);
        }
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.element(node, start, end, containers);
      case 'math':
        node.data = { hName: 'pre', hChildren: [{ type: 'element', tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [{ type: 'text', value: node.value }] }] };
        break;
      case 'inlineMath':
        node.data = { hName: 'code', hProperties: { className: ['language-math', 'math-inline'] }, hChildren: [{ type: 'text', value: node.value }] };
        break;
      case 'image':
      case 'imageReference':
        // The alt text is phrasing to micromark (JSX would start there); not worth telling apart.
        if (/[<{]/.test(this.source.slice(start, end))) giveUp('`<` or `{` in an image');
        break;
      case 'code':
        this.fence(start, end);
        break;
      case 'emphasis':
      case 'strong':
      case 'delete': {
        const width = type === 'strong' || (type === 'delete' && this.source[start + 1] === '~') ? 2 : 1;
        for (let i = 0; i < width; i++) {
          this.opening.add(start + i);
          this.closing.add(end - 1 - i);
        }
        break;
      }
      case 'listItem':
        if (typeof node.checked === 'boolean') this.taskListItem(node);
        break;
    }
    if (LITERAL.has(type)) this.literal.push(start, end);
    if (type === 'inlineCode' || type === 'inlineMath' || type === 'definition' || LITERAL_GAPS.has(type)) this.flowLineStart(start, end);
    const children = node.children as N[] | undefined;
    if (!children) return node;
    const inner = containers + (CONTAINERS.has(type) ? 1 : 0);
    if (!LITERAL_GAPS.has(type)) {
      for (let i = 0; i < children.length; i++) children[i] = this.node(children[i]!, inner);
      this.siblings(children);
      if (type === 'list' || type === 'listItem') this.listEnd(node, children[children.length - 1]);
      return node;
    }
    let from = start;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const at = child.position?.start.offset ?? giveUp('no position');
      this.literal.push(from, at);
      children[i] = this.node(child, inner);
      from = child.position.end.offset;
    }
    this.literal.push(from, end);
    this.siblings(children);
    return node;
  }

  /**
   * micromark ends a list item ending in a flow tag or expression after the whitespace that
   * trails it; satteri at the tag (it does for paragraphs and code).
   */
  private listEnd(node: N, last: N | undefined): void {
    if (!last) return;
    const end = node.position.end.offset as number;
    const lastEnd = last.position.end.offset as number;
    if (lastEnd > end) node.position.end = { ...last.position.end };
    else if (lastEnd === end && (last.type === 'mdxJsxFlowElement' || last.type === 'mdxFlowExpression')) {
      const trailing = /^[ \t]*/.exec(this.source.slice(end, end + 100))![0].length;
      if (trailing > 0) node.position.end = this.lines.point(end + trailing);
    }
  }

  /**
   * A tag or expression in a paragraph that goes on over lines: a line starting with what starts
   * a block (`>`, `#`, a list marker, a fence, a tag…) ends the paragraph to micromark, an error;
   * satteri reads on.
   */
  private paragraphLines(start: number, end: number): void {
    if (/[\r\n][ \t]*(?:[>#`~<{|$=_*+-]|\d+[.)])/.test(this.source.slice(start, end))) giveUp('a line in a tag or expression that would start a block');
  }

  /**
   * A line starting with `<` or `{` inside inline syntax (a code span over lines, a link's URL) is
   * tried as a flow tag or expression by micromark, which fails the page where satteri reads on.
   */
  private flowLineStart(start: number, end: number): void {
    const text = this.source.slice(start, end);
    if (/[\r\n][ \t]*(?:<[^ \t\r\n]|\{)/.test(text)) giveUp('a line starting with `<` or `{` inside inline syntax');
  }

  /** A fenced code block left open ends where micromark and satteri disagree (in list items). */
  private fence(start: number, end: number): void {
    const text = this.source.slice(start, end);
    const open = /^(`{3,}|~{3,})/.exec(text) ?? giveUp('code that is not fenced');
    // After the last line ending (a search for /[^\r\n]*$/ tried every position of the block).
    const lastLine = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
    const close = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(lastLine);
    if (!close || close[1]![0] !== open[1]![0] || close[1]!.length < open[1]!.length || lastLine.length === text.length) giveUp(`a code fence left open at ${start}`);
  }

  /**
   * mdast-util-gfm-task-list-item starts the paragraph after the checkbox only when it begins with
   * text (`- [x] Tools`); otherwise (`- [x] \`model\``) at the checkbox, where satteri does not.
   */
  private taskListItem(node: N): void {
    const paragraph = (node.children as N[]).find((c) => c.type === 'paragraph');
    if (!paragraph || paragraph.children[0]?.type === 'text') return;
    const at = paragraph.position.start.offset as number;
    const box = this.source.lastIndexOf('[', at);
    if (box < 0 || !/^\[[ xX]\][ \t]+$/.test(this.source.slice(box, at))) giveUp('task list checkbox not found');
    paragraph.position.start = this.lines.point(box);
  }

  /** Every `<` and `{` outside code, expressions, tags and URLs is one micromark reads as MDX. */
  private checkStrayMarkup(): void {
    const s = this.source;
    const ranges = this.literal;
    let r = 0;
    const re = /[<{]/g;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const at = m.index;
      while (r < ranges.length && ranges[r + 1]! <= at) r += 2;
      if (r < ranges.length && ranges[r]! <= at) continue;
      if (escaped(s, at)) continue;
      // `<` before whitespace starts no tag to micromark either (`a < b`), unless that whitespace
      // ends a line or a table cell, where micromark's phrasing ends right after the `<`.
      if (m[0] === '<' && /^[ \t]+[^ \t\r\n|]/.test(s.slice(at + 1, at + 200))) continue;
      giveUp(`\`${m[0]}\` read as text at ${at}`);
    }
    // Runs of emphasis delimiters of different kinds (`*_`, `_~`…) or of 3+ tildes: satteri pairs
    // some otherwise (`a*__a*` is text to micromark: `*` before punctuation), except a run that
    // plainly opens (`**_word`) or closes (`word_**`) emphasis nodes, every delimiter used. An escaped delimiter next to one is read
    // otherwise too (`\\**a**`: no emphasis to satteri).
    const runs = /\\?[*_~]+/g;
    for (let m = runs.exec(s); m; m = runs.exec(s)) {
      const run = m[0];
      const kinds = new Set(run.replace('\\', ''));
      const escapedNext = run.startsWith('\\') ? run.length > 2 : s[m.index - 1] === '\\' && run.length > 1;
      if ((kinds.size < 2 && !run.includes('~~~') && !escapedNext) || this.inLiteral(m.index)) continue;
      const before = s[m.index - 1] ?? ' ';
      const after = s[m.index + run.length] ?? ' ';
      const opens = BOUNDARY.test(before) && WORD.test(after);
      const used = opens ? this.opening : WORD.test(before) && BOUNDARY.test(after) ? this.closing : undefined;
      let clean = !escapedNext && used !== undefined;
      for (let i = m.index; clean && i < m.index + run.length; i++) clean = used!.has(i);
      if (!clean) giveUp(`emphasis delimiters of mixed kinds at ${m.index}`);
    }
    // A line starting `import ` or `export ` is ESM to micromark wherever a block may start (in a
    // table too); only those satteri read as ESM, or in code, are let through.
    const esm = /^(?:import|export) /gm;
    for (let m = esm.exec(s); m; m = esm.exec(s)) {
      if (!this.esmStarts.has(m.index) && !this.inLiteral(m.index)) giveUp(`\`${m[0].trim()}\` read as text at ${m.index}`);
    }
  }

  private inLiteral(at: number): boolean {
    const ranges = this.literal;
    let lo = 0;
    let hi = ranges.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ranges[mid * 2 + 1]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo < ranges.length / 2 && ranges[lo * 2]! <= at;
  }

  private esm(node: N, start: number): void {
    const value = node.value as string;
    this.esmStarts.add(start);
    if (this.source.slice(start, start + value.length) !== value) giveUp('ESM value is not its source');
    node.position.end = this.lines.point(start + value.length);
    // micromark ends the block at the first blank line where what came before parses.
    const blank = /(?:\r\n|\r|\n)[ \t]*(?=\r\n|\r|\n)/g;
    for (let m = blank.exec(value); m; m = blank.exec(value)) {
      const head = value.slice(0, m.index);
      try {
        acorn.parse(this.esmPrefix() + head, { ecmaVersion: 2024, sourceType: 'module' });
        giveUp('ESM that micromark ends at a blank line');
      } catch (error) {
        if (error instanceof GiveUp) throw error;
        const e = error as { raisedAt?: number; message?: string };
        const swallow = (e.raisedAt ?? 0) >= this.esmPrefix().length + head.length || e.message?.startsWith('Unterminated comment');
        if (!swallow) giveUp('ESM that micromark rejects');
      }
    }
    const estree = this.estree(value, contiguous(start, value.length), start, 'esm')!;
    for (const statement of estree.body) {
      if (statement.type === 'ImportDeclaration') for (const s of statement.specifiers) this.imported.push(s.local.name);
      else if (!/^Export(?:All|Default|Named)Declaration$/.test(statement.type)) giveUp('non-ESM code in ESM');
    }
    node.data = { estree };
  }

  private esmPrefix(): string {
    return this.imported.length > 0 ? `var ${this.imported.join(',')}\n` : '';
  }

  private expressionNode(node: N, start: number, end: number, containers: number): void {
    const s = this.source;
    if (s[start] !== '{' || s[end - 1] !== '}' || escaped(s, start)) giveUp('expression not between braces');
    const { stops, close } = this.stops(start + 1, node.value, containers);
    if (close !== end - 1) giveUp('expression does not end at its brace');
    const estree = this.estree(node.value, stops, start + 1, 'expression');
    if (estree) node.data = { estree };
  }

  private element(node: N, start: number, end: number, containers: number): N {
    const s = this.source;
    if (s[start] !== '<' || escaped(s, start)) giveUp('element not at `<`');
    const openEnd = this.openingTag(node, start, containers);
    this.literal.push(start, openEnd);
    if (node.type === 'mdxJsxTextElement') this.paragraphLines(start, openEnd);
    const children = (node.children ?? []) as N[];
    let closeStart = end;
    if (openEnd !== end) {
      closeStart = s.lastIndexOf('<', end - 1);
      if (closeStart < openEnd || !this.closingTag(node, closeStart, end)) giveUp('closing tag not where the element ends');
      if (node.type === 'mdxJsxTextElement') this.paragraphLines(closeStart, end);
      for (let i = 0; i < children.length; i++) children[i] = this.node(children[i]!, containers);
      this.siblings(children);
      this.literal.push(closeStart, end);
      // A closing tag indented as far as the content of a list item before it is in that item to
      // micromark (and an error); satteri closes the element.
      const last = children[children.length - 1];
      if (last?.type === 'list' && this.visualColumn(closeStart) >= this.contentColumn(last.children[last.children.length - 1])) {
        giveUp('closing tag indented into a list item');
      }
    } else if (children.length > 0) giveUp('self-closing element with children');
    if (node.type !== 'mdxJsxFlowElement') return node;
    // micromark reads a line as JSX flow only when it holds nothing but tags and expressions; satteri
    // also when text follows the tag: `<Check>Done.</Check>` is a flow element holding phrasing to
    // it, a paragraph holding a text element to micromark. Turned around when the phrasing fills the
    // element and the element its lines.
    const first = children[0];
    const last = children[children.length - 1];
    if (first && children.every((c) => PHRASING.has(c.type)) && first.position.start.offset === openEnd && last!.position.end.offset === closeStart) {
      if (this.inLine(start, containers) && /^[ \t]*(?:\r|\n|$)/.test(s.slice(end, end + 100))) {
        node.type = 'mdxJsxTextElement';
        // micromark ends a paragraph after the trailing whitespace of its last line.
        const trailing = /^[ \t]*/.exec(s.slice(end, end + 100))![0].length;
        const paragraph = { type: 'paragraph', children: [node], position: { start: { ...node.position.start }, end: this.lines.point(end + trailing) } };
        this.converted.add(paragraph);
        return paragraph;
      }
    }
    this.flow.push({ start, end, openEnd, closeStart, containers });
    this.openEnds.set(node, openEnd);
    return node;
  }

  /**
   * What micromark does with a line depending on the block before it. Paragraphs made of
   * satteri's flow elements run on into the next line when that line does not start another block,
   * so two such lines are one paragraph, and a line after a list or table item is part of it. A
   * flow tag or expression over several lines right after a container ending in a paragraph is a
   * lazy line to micromark, an error.
   */
  private siblings(children: N[]): void {
    const s = this.source;
    const line = (offset: number) => this.lines.point(offset).line;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      const prev = children[i - 1];
      const adjacent = prev && line(prev.position.end.offset) + 1 >= line(c.position.start.offset);
      if (this.openEnds.has(c) && adjacent && prev.type !== 'paragraph' && prev.type !== 'table' && takesLinesIn(prev)) {
        // Any tag or expression starting on that line that goes on to the next.
        const first = line(c.position.start.offset);
        if (this.flow.some((f) => line(f.start) === first && line(f.openEnd) > first)) giveUp('a flow tag over several lines after a container, lazy to micromark');
      }
      if (!this.converted.has(c)) continue;
      if (adjacent && takesLinesIn(prev)) giveUp(`a paragraph line after a block that takes it in at ${c.position.start.offset}`);
      let next = children[i + 1];
      while (next && this.converted.has(next) && line(c.position.end.offset) + 1 === line(next.position.start.offset)) {
        const end = c.position.end.offset as number;
        if (s[end] !== '\n' || c.children[c.children.length - 1].position.end.offset !== end || !/^[ \t]*$/.test(s.slice(end + 1, next.position.start.offset))) giveUp('paragraph lines joined by more than a line ending');
        c.children.push({ type: 'text', value: '\n', position: { start: this.lines.point(end), end: this.lines.point(end + 1) } }, ...next.children);
        c.position.end = next.position.end;
        children.splice(i + 1, 1);
        next = children[i + 1];
      }
      if (next && line(c.position.end.offset) + 1 >= line(next.position.start.offset) && !this.interrupts(next)) giveUp('a block after a paragraph line that may not interrupt it');
    }
  }

  /** Whether `node` starts with a line that ends a paragraph before it (else micromark continues it). */
  private interrupts(node: N): boolean {
    const s = this.source;
    const at = node.position.start.offset as number;
    switch (node.type) {
      case 'mdxJsxFlowElement':
      case 'mdxFlowExpression':
      case 'blockquote':
        return true;
      case 'heading':
        return s[at] === '#';
      case 'code':
        return s.startsWith('```', at) || s.startsWith('~~~', at);
      case 'math':
        return s.startsWith('$$', at);
      case 'thematicBreak':
        return s[at] === '*' || s[at] === '_';
      case 'list':
        return (!node.ordered || node.start === 1) && (node.children[0]?.children?.length ?? 0) > 0;
      default:
        return false;
    }
  }

  /** The column where the content of a list item starts (its continuation lines' indent). */
  private contentColumn(item: N): number {
    const start = item.position.start;
    const first = item.children[0];
    if (first && first.position.start.line === start.line) return this.visualColumn(first.position.start.offset);
    const marker = /^(?:[-*+]|\d{1,9}[.)])/.exec(this.source.slice(start.offset, start.offset + 10));
    return this.visualColumn(start.offset) + (marker ? marker[0].length : 1) + 1;
  }

  /** The column of `offset` as micromark measures indentation: a tab goes on to the next multiple of 4. */
  private visualColumn(offset: number): number {
    const s = this.source;
    let i = offset;
    while (i > 0 && s[i - 1] !== '\n' && s[i - 1] !== '\r') i--;
    let column = 1;
    for (; i < offset; i++) column = s[i] === '\t' ? column + 4 - ((column - 1) % 4) : column + 1;
    return column;
  }

  /**
   * Autolink literals micromark leaves as text are linked afterwards by
   * mdast-util-gfm-autolink-literal, without positions: those after a `[` that opened no link, and
   * any URL or address still in text. Given up on both.
   */
  private checkAutolinks(node: N, inLink: boolean, state: { bracket: boolean; tick: boolean; container: boolean }): void {
    for (const c of (node.children ?? []) as N[]) {
      if (c.type === 'paragraph' || c.type === 'heading' || c.type === 'tableCell') {
        const inner = { bracket: false, tick: false, container: state.container };
        this.checkAutolinks(c, false, inner);
        // After a code or math opener left unclosed, micromark ends what ends a line in a
        // container after the next line's prefix; satteri at the line start.
        if (inner.tick && inner.container && c.position.start.line !== c.position.end.line) giveUp('a line after an open ` or $ in a container');
      } else if (c.type === 'text') {
        if (!inLink && autolinkText(c.value)) giveUp('a URL or address left in text');
        if (c.value.includes('[')) state.bracket = true;
        if (/[`$]/.test(c.value)) state.tick = true;
      } else if (c.type === 'link' || c.type === 'linkReference') {
        const at = c.position.start.offset as number;
        const first = this.source[at]!;
        if (c.type === 'link' && first !== '[' && first !== '<') {
          if (state.bracket) giveUp('an autolink after an open `[`');
          if (!/[A-Za-z0-9+\-._]/.test(first) || /[\\&]/.test(this.source.slice(at, c.position.end.offset))) giveUp('an autolink with an escape or reference');
          // micromark-extension-gfm-autolink-literal's rules for the character before.
          const before = this.source[at - 1];
          const ok = before === undefined || (/[wW]/.test(first) ? /[\s(*_[\]~]/.test(before) : /[hH]/.test(first) ? !/[A-Za-z]/.test(before) : !/[/+\-._A-Za-z0-9]/.test(before));
          if (!ok) giveUp('an autolink micromark does not start there');
        }
        this.checkAutolinks(c, true, state);
      } else this.checkAutolinks(c, inLink, CONTAINERS.has(c.type) && !state.container ? { ...state, container: true } : state);
    }
  }

  /** Whether only container prefixes and indent come before `at` on its line. */
  private inLine(at: number, containers: number): boolean {
    const segment = this.source.slice(this.lines.point(at).offset - this.lines.point(at).column + 1, at);
    return containers > 0 ? /^(?:[ \t]*(?:>|[-*+]|\d{1,9}[.)]))*[ \t]*$/.test(segment) : /^[ \t]*$/.test(segment);
  }

  /**
   * Each flow element and expression must share its lines only with other flow tags and
   * expressions, as micromark requires; what satteri reads otherwise is given up on.
   */
  private checkFlowLines(): void {
    const starts = new Set<number>();
    const ends = new Set<number>();
    for (const f of this.flow) {
      starts.add(f.start).add(f.closeStart);
      ends.add(f.openEnd).add(f.end);
    }
    const s = this.source;
    const after = (at: number) => {
      const m = /^[ \t]*/.exec(s.slice(at, at + 100))!;
      const next = at + m[0].length;
      return next >= s.length || s[next] === '\n' || s[next] === '\r' || starts.has(next);
    };
    const before = (at: number, containers: number) => {
      let i = at;
      while (i > 0 && (s[i - 1] === ' ' || s[i - 1] === '\t')) i--;
      return ends.has(i) || this.inLine(at, containers);
    };
    for (const f of this.flow) {
      if (!before(f.start, f.containers) || !after(f.openEnd)) giveUp(`text beside a flow tag at ${f.start}`);
      if (f.closeStart !== f.openEnd && (!before(f.closeStart, f.containers) || !after(f.end))) giveUp(`text beside a flow closing tag at ${f.closeStart}`);
    }
  }

  /** Reads an opening tag as micromark does: positions and ESTree for its attributes; returns its end. */
  private openingTag(node: N, start: number, containers: number): number {
    const s = this.source;
    let i = start + 1;
    const ws = () => {
      const from = i;
      while (i < s.length && /\s/.test(s[i]!)) i++;
      if (containers > 0 && /[\r\n]/.test(s.slice(from, i))) giveUp('tag over several lines in a container');
    };
    const ident = (): string => {
      const from = i;
      if (!ID_START.test(s[i] ?? '')) giveUp('tag name');
      i++;
      while (i < s.length && ID_CONT.test(s[i]!)) i++;
      return s.slice(from, i);
    };
    ws();
    let name: string | null = null;
    if (s[i] !== '>') {
      name = ident();
      for (;;) {
        ws();
        if (s[i] !== '.' && s[i] !== ':') break;
        const sep = s[i++]!;
        ws();
        name += sep + ident();
      }
    }
    if ((node.name ?? null) !== name) giveUp('tag name differs');
    const attributes = (node.attributes ?? []) as N[];
    let a = 0;
    for (;;) {
      ws();
      if (s[i] === '/' && name !== null) {
        i++;
        ws();
        if (s[i] !== '>') giveUp('self-closing slash');
        break;
      }
      if (s[i] === '>') break;
      const attribute = attributes[a++] ?? giveUp('more attributes than satteri gave');
      const from = i;
      if (s[i] === '{') {
        if (attribute.type !== 'mdxJsxExpressionAttribute') giveUp('attribute kind differs');
        const { stops, close } = this.stops(i + 1, attribute.value, containers);
        attribute.data = { estree: this.estree(attribute.value, stops, from + 1, 'spread')! };
        i = close + 1;
        attribute.position = { start: this.lines.point(from), end: this.lines.point(i) };
        continue;
      }
      if (attribute.type !== 'mdxJsxAttribute') giveUp('attribute kind differs');
      let attrName = ident();
      let nameEnd = i;
      ws();
      if (s[i] === ':') {
        i++;
        ws();
        attrName += ':' + ident();
        nameEnd = i;
        ws();
      }
      if (attrName !== attribute.name) giveUp('attribute name differs');
      let attrEnd = nameEnd;
      if (s[i] === '=') {
        i++;
        ws();
        const quote = s[i];
        if (quote === '"' || quote === "'") {
          const close = s.indexOf(quote, i + 1);
          if (close < 0 || typeof attribute.value !== 'string') giveUp('attribute value');
          if (containers > 0 && /[\r\n]/.test(s.slice(i, close))) giveUp('attribute value over several lines in a container');
          i = attrEnd = close + 1;
        } else if (quote === '{') {
          const value = attribute.value;
          if (value?.type !== 'mdxJsxAttributeValueExpression') giveUp('attribute value kind differs');
          const { stops, close } = this.stops(i + 1, value.value, containers);
          value.data = { estree: this.estree(value.value, stops, i + 1, 'attribute')! };
          i = attrEnd = close + 1;
        } else giveUp('attribute value');
      } else if (attribute.value !== null) giveUp('attribute value differs');
      else i = nameEnd;
      attribute.position = { start: this.lines.point(from), end: this.lines.point(attrEnd) };
    }
    if (a !== attributes.length) giveUp('fewer attributes than satteri gave');
    return i + 1;
  }

  private closingTag(node: N, start: number, end: number): boolean {
    const m = /^<\s*\/\s*([^\s>]*)\s*>$/.exec(this.source.slice(start, end));
    return !!m && m[1]!.replace(/\s+/g, '') === (node.name ?? '');
  }

  /**
   * Where an expression's value lies in the source, starting at `from` (after its `{`): micromark
   * keeps each line's text after its container prefix and up to 2 spaces of indent. Gives the
   * stops micromark would record and the offset of the closing `}`.
   */
  private stops(from: number, value: string, containers: number): { stops: Stop[]; close: number } {
    const s = this.source;
    const parts = value.split(/(\r\n|\r|\n)/);
    const stops: Stop[] = [];
    let rel = 0;
    let at = from;
    for (let k = 0; k < parts.length; k += 2) {
      const text = parts[k]!;
      let dataStart: number;
      if (k === 0) dataStart = at;
      else if (k === parts.length - 1) {
        // Last line: its text is followed by the closing brace.
        dataStart = -1;
        const lineEnd = this.lines.lineEnd(s, at);
        for (let q = s.indexOf('}', at); q >= 0 && q <= lineEnd; q = s.indexOf('}', q + 1)) {
          if (q - text.length === at + strip(s, at, containers) && s.slice(q - text.length, q) === text) {
            dataStart = q - text.length;
            break;
          }
        }
        if (dataStart < 0) giveUp('expression line not found');
      } else {
        const lineEnd = this.lines.lineEnd(s, at);
        dataStart = lineEnd - text.length;
        if (dataStart !== at + strip(s, at, containers)) giveUp('expression line not found');
      }
      if (s.slice(dataStart, dataStart + text.length) !== text) giveUp('expression differs from its source');
      if (text.length > 0) {
        stops.push([rel, dataStart]);
        rel += text.length;
        stops.push([rel, dataStart + text.length]);
      }
      at = dataStart + text.length;
      const eol = parts[k + 1];
      if (eol === undefined) break;
      if (s.slice(at, at + eol.length) !== eol) giveUp('expression line ending differs');
      stops.push([rel, at]);
      rel += eol.length;
      at += eol.length;
      stops.push([rel, at]);
    }
    if (s[at] !== '}') giveUp('expression does not end at a brace');
    return { stops, close: at };
  }

  /** micromark-util-events-to-acorn, on a value whose stops are known. */
  private estree(value: string, stops: Stop[], origin: number, kind: 'esm' | 'expression' | 'attribute' | 'spread'): Program | undefined {
    const isExpression = kind !== 'esm';
    const prefix = kind === 'spread' ? '({' : kind === 'esm' ? this.esmPrefix() : '';
    const suffix = kind === 'spread' ? '})' : '';
    const comments: Comment[] = [];
    const options: AcornOptions = { ecmaVersion: 2024, sourceType: 'module', onComment: comments, preserveParens: true };
    if (kind === 'esm') options.locations = true;
    const full = prefix + value + suffix;
    const isEmpty = isExpression && empty(value);
    if (isEmpty && kind !== 'expression') giveUp('empty attribute expression');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let estree: any;
    try {
      estree = isExpression && !isEmpty ? acorn.parseExpressionAt(full, 0, options) : acorn.parse(full, options);
    } catch {
      giveUp('acorn rejects the code');
    }
    if (isExpression && !isEmpty) {
      if (!empty(full.slice(estree.end, full.length - suffix.length))) giveUp('content after the expression');
      estree = {
        type: 'Program',
        start: 0,
        end: prefix.length + value.length,
        body: [{ type: 'ExpressionStatement', expression: estree, start: 0, end: prefix.length + value.length }],
        sourceType: 'module',
        comments: [],
      };
    }
    estree.comments = comments;
    const lines = this.lines;
    const point = (acornOffset: number): Point => {
      const relative = Math.min(Math.max(acornOffset - prefix.length, 0), value.length);
      // The last stop at or before `relative` (micromark scans; stops can be many).
      let lo = 0;
      let hi = stops.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (stops[mid]![0] <= relative) lo = mid + 1;
        else hi = mid;
      }
      // No stops: an empty value; micromark falls back to where the expression starts.
      if (lo === 0) return lines.point(origin);
      const [stopRelative, stopAbsolute] = stops[lo - 1]!;
      return lines.point(stopAbsolute + relative - stopRelative);
    };
    visitEstree(estree, (esnode, field, index, parents) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const n = esnode as any;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      let context: any = parents[parents.length - 1];
      let property: string | number | undefined = field;
      if (n.type === 'ParenthesizedExpression' && context && property) {
        if (typeof index === 'number') {
          context = context[property];
          property = index;
        }
        context[property] = n.expression;
      }
      const a = point(n.start);
      const b = point(n.end);
      n.start = a.offset;
      n.end = b.offset;
      n.loc = { start: { line: a.line, column: a.column - 1, offset: a.offset }, end: { line: b.line, column: b.column - 1, offset: b.offset } };
      n.range = [n.start, n.end];
    });
    if (kind === 'esm' && prefix) estree.body.shift();
    if (kind === 'spread') {
      const head = estree.body[0];
      if (head?.type !== 'ExpressionStatement' || head.expression.type !== 'ObjectExpression') giveUp('spread is not an object');
      const properties = head.expression.properties;
      if (properties.length !== 1 || properties[0].type !== 'SpreadElement') giveUp('not a single spread');
    }
    return estree as Program | undefined;
  }
}

/** The contiguous stops of text that is its own source (ESM has no prefix to strip). */
function contiguous(start: number, length: number): Stop[] {
  const stops: Stop[] = [];
  // Line endings are stops of their own in micromark; on contiguous text they change nothing.
  stops.push([0, start], [length, start + length]);
  return stops;
}

const ID_START = /[$_\p{ID_Start}]/u;
const ID_CONT = /[-$_\u200C\u200D\p{ID_Continue}]/u;

/**
 * What micromark strips at the start of an expression's continuation line: up to 2 spaces (and
 * container prefixes, which are not followed here: given up on).
 */
function strip(s: string, at: number, containers: number): number {
  if (containers > 0) giveUp('expression over several lines in a container');
  let n = 0;
  while (n < 2 && s[at + n] === ' ') n++;
  if (n < 2 && s[at + n] === '\t') giveUp('tab in an expression indent');
  return n;
}

function escaped(s: string, at: number): boolean {
  let n = 0;
  while (at - n - 1 >= 0 && s[at - n - 1] === '\\') n++;
  return n % 2 === 1;
}

/** micromark-util-events-to-acorn's `empty`: whitespace and comments only. */
function empty(value: string): boolean {
  return /^\s*$/.test(value.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ''));
}

/**
 * Remark plugin, after remark-parse and remark-mdx: parses with satteri where its tree is the JS
 * parser's, with the JS parser otherwise (and so its errors, as users know them).
 */
export function remarkNativeParse(this: { parser?: (document: string, file: never) => unknown }): void {
  const js = this.parser;
  if (!js || !satteri) return;
  this.parser = (document, file) => parseNative(document) ?? js(document, file);
}
