/**
 * Parses a code fence's meta string the way real pages write it:
 * ```` ```ts src/index.ts {1,3-5} lines wrap ````, ```` ```js title="My file" highlight={2} ````.
 */
export interface CodeMeta {
  title?: string;
  /** `icon="square-js"`: an icon before the title (any `icon` a component takes). */
  icon?: string;
  /** 1-based line numbers to highlight. */
  highlight: number[];
  focus: number[];
  lineNumbers: boolean;
  wrap: boolean;
  expandable: boolean;
  copy: boolean;
}

/**
 * Words that are options, not part of the title. `twoslash` asks for TypeScript's hover types, which
 * Kiln does not compute: the block is highlighted as usual.
 */
const FLAGS = new Set(['lines', 'showLineNumbers', 'wrap', 'expandable', 'nocopy', 'twoslash']);

export function parseRanges(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) continue;
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let i = Math.min(a, b); i <= Math.max(a, b) && i - a < 10_000; i++) out.push(i);
  }
  return out;
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { highlight: [], focus: [], lineNumbers: false, wrap: false, expandable: false, copy: true };
  if (!meta) return result;
  let rest = meta;
  // key="value", key='value', key={value}
  rest = rest.replace(/(\w+)=(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|(\S+))/g, (_all, key: string, d?: string, s?: string, b?: string, bare?: string) => {
    const value = d ?? s ?? b ?? bare ?? '';
    if (key === 'title') result.title = value;
    else if (key === 'icon') result.icon = value;
    else if (key === 'highlight') result.highlight.push(...parseRanges(value.replace(/^\[|\]$/g, '')));
    else if (key === 'focus') result.focus.push(...parseRanges(value.replace(/^\[|\]$/g, '')));
    return ' ';
  });
  // {1,3-5}
  rest = rest.replace(/\{([\d,\s-]+)\}/g, (_all, spec: string) => {
    result.highlight.push(...parseRanges(spec));
    return ' ';
  });
  const words: string[] = [];
  for (const word of rest.split(/\s+/).filter(Boolean)) {
    if (FLAGS.has(word)) {
      if (word === 'lines' || word === 'showLineNumbers') result.lineNumbers = true;
      else if (word === 'wrap') result.wrap = true;
      else if (word === 'expandable') result.expandable = true;
      else if (word === 'nocopy') result.copy = false;
    } else words.push(word);
  }
  if (!result.title && words.length) result.title = words.join(' ');
  return result;
}
