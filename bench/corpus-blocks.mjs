// The fenced code blocks and components of real docs pages: what the `real` bench profile is shaped
// on (bench/corpus-stats.mjs) and what the highlighting engines are compared and timed on
// (bench/highlight-engines.mjs, src/node/highlight/*.test.ts). A line scanner, as CommonMark reads
// fences: an opening run of three or more backticks or tildes, indented or not (inside components),
// closed by a run of the same character at least as long; the opener's indentation is taken off
// the block's lines.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every `.md`/`.mdx` file under `root`, sorted, skipping dot-folders and node_modules. */
export function pageFiles(root) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && e.name !== 'node_modules') walk(path.join(d, e.name));
      } else if (/\.mdx?$/.test(e.name)) out.push(path.join(d, e.name));
    }
  };
  walk(root);
  return out;
}

/** The fenced blocks of one page's source: `{ lang, meta, code }`, `lang` as written (may be ''). */
export function fencedBlocks(source) {
  const lines = source.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^([ \t]*)(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open || (open[2][0] === '`' && open[3].includes('`'))) continue;
    const [, indent, fence, info] = open;
    const close = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const body = [];
    let j = i + 1;
    for (; j < lines.length && !close.test(lines[j]); j++) {
      let l = lines[j];
      for (let k = 0; k < indent.length && (l[0] === ' ' || l[0] === '\t'); k++) l = l.slice(1);
      body.push(l);
    }
    const [lang = '', ...meta] = info.trim().split(/\s+/);
    blocks.push({ lang: lang.replace(/[{].*$/, ''), meta: meta.join(' '), code: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

/**
 * Whether a build sends the block to the highlighter: not a `mermaid` fence, which is drawn as a
 * diagram instead (rehype-code-blocks.ts leaves it to rehype-mermaid.ts).
 */
export const isHighlighted = (block) => block.lang !== 'mermaid';

/** Capitalised JSX tags a page opens (`<Card`, `<CodeGroup`), outside code blocks. */
export function componentTags(source) {
  const prose = source.replace(/^[ \t]*(`{3,}|~{3,})[\s\S]*?^[ \t]*\1[ \t]*$/gm, '');
  return [...prose.matchAll(/<([A-Z][A-Za-z0-9.]*)[\s/>]/g)].map((m) => m[1]);
}

/** The corpus folder beside the repository (the shared fixtures), or `KILN_CORPUS`. */
export function corpusRoot(repo) {
  return process.env.KILN_CORPUS ?? path.resolve(repo, '../shared/corpus');
}

/** Every site folder of the corpus, sorted. */
export function corpusSites(root) {
  return readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** All blocks of the corpus (or of the named sites), each with its site and file. */
export function corpusBlocks(root, sites = corpusSites(root)) {
  const out = [];
  for (const site of sites) {
    for (const file of pageFiles(path.join(root, site))) {
      for (const b of fencedBlocks(readFileSync(file, 'utf8'))) out.push({ ...b, site, file });
    }
  }
  return out;
}
