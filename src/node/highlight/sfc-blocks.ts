import type { ThemedToken } from 'shiki';

/**
 * Vue and Svelte components: the code of each top-level `<script>` and `<style>` is highlighted
 * as a block of its own language (TypeScript, JavaScript and CSS by tree-sitter, like the site's
 * other blocks of those languages), the rest of the component (template, tags) by Shiki's Vue or
 * Svelte grammar. Given the whole component, that grammar tokenised the script with TypeScript's
 * TextMate grammar, whose long regular expressions V8 compiles on their first use in each thread:
 * of the 0.9-1.0 s the corpus's 22 Vue blocks took, 0.35-0.4 s was their scripts and styles.
 *
 * The grammar is given the component with those blocks' lines emptied (`shell`): their tags stay,
 * so it reads the template as before, and an empty block ends where the code ended. A block
 * is cut out only as a browser and Vue's compiler read it: from an opening tag alone on its line
 * to the first `</script` (`</style`), which must start a line of its own; otherwise the
 * component is left whole to the grammar.
 */

export const COMPONENT_LANGUAGES: ReadonlySet<string> = new Set(['vue', 'svelte']);

/** A block's code: its language and the component's lines it spans (first to last, inclusive). */
export interface ComponentBlock {
  lang: string;
  first: number;
  last: number;
}

export interface SplitComponent {
  /** The component with the blocks' lines emptied. */
  shell: string;
  blocks: ComponentBlock[];
  /** The component's lines. */
  lines: string[];
}

const OPENING = /^\s*<(script|style)(\s[^<>]*)?>\s*$/i;
/** The `lang` each tag takes without one, and the names `lang` is given in Shiki's ids. */
const DEFAULT_LANG: Record<string, string> = { script: 'javascript', style: 'css' };
const LANGS: Record<string, string> = {
  js: 'javascript', javascript: 'javascript', mjs: 'javascript', jsx: 'jsx', ts: 'typescript', typescript: 'typescript', tsx: 'tsx',
  css: 'css', scss: 'scss', sass: 'sass', less: 'less', stylus: 'stylus', styl: 'stylus', postcss: 'postcss',
};
/** `type` values of a script that holds JavaScript (others, such as `text/x-template`, are left to the grammar). */
const SCRIPT_TYPES = /^(text\/(javascript|typescript|ecmascript|babel)|application\/(javascript|typescript)|module)$/i;

const attribute = (attrs: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs)?.slice(1).find((v) => v !== undefined);

/** The language of a block opened by `tag` with `attrs`; undefined when the grammar should read it. */
function blockLanguage(tag: string, attrs: string): string | undefined {
  const type = attribute(attrs, 'type');
  if (tag === 'script' && type !== undefined && !SCRIPT_TYPES.test(type)) return undefined;
  const lang = attribute(attrs, 'lang')?.toLowerCase();
  if (lang === undefined) return tag === 'script' && type && /typescript/i.test(type) ? 'typescript' : DEFAULT_LANG[tag];
  const id = LANGS[lang];
  return id && (tag === 'script') === ['javascript', 'jsx', 'typescript', 'tsx'].includes(id) ? id : undefined;
}

/** The component's script and style blocks with code, and its shell; undefined when there are none to cut out. */
export function splitComponent(code: string): SplitComponent | undefined {
  const lines = code.split('\n');
  const blocks: ComponentBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i]!);
    if (!open) continue;
    const tag = open[1]!.toLowerCase();
    // The first `</script` (or `</style`) after the tag ends the block, wherever it is.
    const closing = new RegExp(`</${tag}`, 'i');
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end]!)) end++;
    if (end === lines.length) return undefined;
    if (!new RegExp(`^\\s*</${tag}\\s*>\\s*$`, 'i').test(lines[end]!)) return undefined;
    const lang = blockLanguage(tag, open[2] ?? '');
    if (lang && end > i + 1) blocks.push({ lang, first: i + 1, last: end - 1 });
    i = end;
  }
  if (!blocks.length) return undefined;
  const shellLines = lines.slice();
  for (const b of blocks) for (let l = b.first; l <= b.last; l++) shellLines[l] = '';
  return { shell: shellLines.join('\n'), blocks, lines };
}

/** A block's code. */
export const blockCode = (split: SplitComponent, block: ComponentBlock) => split.lines.slice(block.first, block.last + 1).join('\n');

/**
 * The component's tokens: the shell's, with each block's lines given its code's tokens
 * (`highlighted`, a line each, offsets in the block's code); offsets into the component.
 */
export function spliceBlocks(split: SplitComponent, shell: ThemedToken[][], highlighted: ThemedToken[][][]): ThemedToken[][] {
  const starts = lineStarts(split.lines);
  const shellStarts = lineStarts(split.shell.split('\n'));
  const out = shell.map((line, i) => line.map((t) => ({ ...t, offset: t.offset - shellStarts[i]! + starts[i]! })));
  split.blocks.forEach((b, k) => {
    for (let l = b.first; l <= b.last; l++) out[l] = (highlighted[k]![l - b.first] ?? []).map((t) => ({ ...t, offset: t.offset + starts[b.first]! }));
  });
  return out;
}

function lineStarts(lines: string[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  return starts;
}
