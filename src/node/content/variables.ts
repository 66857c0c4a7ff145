import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame } from '../diagnostics/frame.js';
import { FenceTracker } from './fences.js';

/**
 * docs.json `variables`: `{{name}}` in a page, a snippet or front matter is replaced by the value
 * before the file is read, as Mintlify does at build time. Names are letters, digits, `-`, `_`
 * and `.`; spaces inside the braces are allowed (`{{ name }}`).
 *
 * Values are text, never markup (Mintlify sanitises them too): in Markdown and JSX they are written
 * as character references where they would otherwise be read as a tag, an expression or an entity
 * (`<`, `{`, `}`, `&`), which MDX turns back into the same characters; in code (fenced blocks,
 * inline code) and front matter, which show text as it is, they go in unchanged.
 *
 * A site without `variables` is left untouched: `{{ … }}` is then whatever the page meant by it
 * (template code in a code block, most often). With variables, a `{{name}}` outside code that names
 * none of them is left as written and reported (Mintlify refuses to build).
 */

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

const asText = (value: string) => value.replace(/[&<>{}]/g, (c) => `&#${c.charCodeAt(0)};`);

export interface Substituted {
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * `source` with every known `{{name}}` replaced. `bodyStart` is the offset where the front matter
 * ends (0 when there is none): before it values go in unchanged.
 */
export function substituteVariables(source: string, variables: Readonly<Record<string, string>> | undefined, file: string, bodyStart = frontMatterEnd(source)): Substituted {
  if (!variables || !source.includes('{{')) return { text: source, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const lines = source.split('\n');
  const fences = new FenceTracker();
  let offset = 0;
  const out = lines.map((line, i) => {
    const start = offset;
    offset += line.length + 1;
    if (start < bodyStart || fences.code(line)) return raw(line, variables);
    // Inline code (`…`) shows text as it is; the rest is Markdown and JSX.
    let column = 1;
    return line
      .split(/(`+[^`]*`+)/)
      .map((part) => {
        const from = column;
        column += part.length;
        if (part.startsWith('`')) return raw(part, variables);
        return part.replace(PLACEHOLDER, (m, name: string, at: number) => {
          const value = variables[name];
          if (value !== undefined) return asText(value);
          const col = from + at;
          diagnostics.push(diag('page/unknown-variable', { name, known: Object.keys(variables) }, { file, line: i + 1, column: col, frame: codeFrame(source, i + 1, col) }));
          return m;
        });
      })
      .join('');
  });
  return { text: out.join('\n'), diagnostics };
}

/** Known names replaced by their values as they are (code, front matter); unknown ones left. */
function raw(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (m, name: string) => variables[name] ?? m);
}

/** Offset just after a leading `---` front matter block, 0 when there is none. */
export function frontMatterEnd(source: string): number {
  const m = /^\uFEFF?---[ \t]*\r?\n[\s\S]*?\r?\n?^---[ \t]*(?:\r?\n|$)/m.exec(source);
  return m && m.index === 0 ? m[0].length : 0;
}
