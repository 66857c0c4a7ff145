// `node bench/corpus-stats.mjs [CORPUS] [--write]`: measures real docs (../shared/corpus by default)
// as the `real` bench profile needs them: pages per site, code blocks per page, languages, lines and
// characters per block per language, the share of code lines that repeat one seen before in the
// same site (what the highlighter's line memo and block cache can answer), prose per page, and the
// components pages use. Prints a summary; `--write` stores the figures (numbers only, no text) in
// bench/real-profile.json, which bench/generate.mjs reads for `--profile real`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { componentTags, corpusRoot, corpusSites, fencedBlocks, isHighlighted, pageFiles } from './corpus-blocks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Fence names that mean the same language, as Shiki resolves them (so repeats are counted per grammar). */
export const LANG_FAMILY = { ts: 'typescript', js: 'javascript', py: 'python', sh: 'bash', shell: 'bash', zsh: 'bash', yml: 'yaml', txt: 'text', plaintext: 'text', '': 'text', rb: 'ruby', rs: 'rust', 'c#': 'csharp', cs: 'csharp', golang: 'go', console: 'shellsession' };
export const family = (lang) => LANG_FAMILY[lang.toLowerCase()] ?? lang.toLowerCase();

const quantiles = (xs, qs) => {
  const s = [...xs].sort((a, b) => a - b);
  return qs.map((q) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0);
};
const QS = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1];

/** The figures of the sites under `root` (every folder, or `sites`). */
export function measureCorpus(root, sites = corpusSites(root)) {
  const blocksPerPage = [];
  const prosePerPage = [];
  const langs = new Map();
  const components = new Map();
  let pages = 0, blocks = 0, codeLines = 0, repeatedLines = 0, repeatedBlocks = 0;
  const pagesPerSite = [];
  for (const site of sites) {
    const files = pageFiles(path.join(root, site));
    pagesPerSite.push(files.length);
    const seenLines = new Set();
    const seenBlocks = new Set();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      pages++;
      const bs = fencedBlocks(source).filter(isHighlighted);
      blocksPerPage.push(bs.length);
      prosePerPage.push(source.length - bs.reduce((n, b) => n + b.code.length, 0));
      const tags = new Map();
      for (const t of componentTags(source)) tags.set(t, (tags.get(t) ?? 0) + 1);
      for (const [t, n] of tags) {
        const c = components.get(t) ?? { pages: 0, uses: 0 };
        c.pages++;
        c.uses += n;
        components.set(t, c);
      }
      for (const b of bs) {
        blocks++;
        const fam = family(b.lang);
        const l = langs.get(fam) ?? { blocks: 0, chars: [], lines: [], names: new Map() };
        l.blocks++;
        l.chars.push(b.code.length);
        const lines = b.code.replace(/\n$/, '').split('\n');
        l.lines.push(lines.length);
        l.names.set(b.lang, (l.names.get(b.lang) ?? 0) + 1);
        langs.set(fam, l);
        const blockKey = `${fam}\0${b.code}`;
        if (seenBlocks.has(blockKey)) repeatedBlocks++;
        seenBlocks.add(blockKey);
        for (const line of lines) {
          if (!line.trim()) continue;
          codeLines++;
          const key = `${fam}\0${line}`;
          if (seenLines.has(key)) repeatedLines++;
          else seenLines.add(key);
        }
      }
    }
  }
  const hist = (xs) => {
    const h = {};
    for (const x of xs) h[x] = (h[x] ?? 0) + 1;
    return h;
  };
  return {
    sites: sites.length,
    pages,
    pagesPerSite: quantiles(pagesPerSite, [0, 0.5, 1]),
    blocks,
    blocksPerPage: { mean: +(blocks / pages).toFixed(3), histogram: hist(blocksPerPage.map((n) => Math.min(n, 40))) },
    prosePerPage: { mean: Math.round(prosePerPage.reduce((a, b) => a + b, 0) / pages), quantiles: quantiles(prosePerPage, QS) },
    repeatedLineShare: +(repeatedLines / codeLines).toFixed(3),
    repeatedBlockShare: +(repeatedBlocks / blocks).toFixed(3),
    codeLines,
    languages: Object.fromEntries(
      [...langs].sort((a, b) => b[1].blocks - a[1].blocks).map(([fam, l]) => [
        fam,
        {
          share: +(l.blocks / blocks).toFixed(4),
          names: Object.fromEntries([...l.names].sort((a, b) => b[1] - a[1])),
          chars: quantiles(l.chars, QS),
          lines: quantiles(l.lines, QS),
        },
      ]),
    ),
    quantilesAt: QS,
    components: Object.fromEntries(
      [...components].filter(([, c]) => c.pages >= 20).sort((a, b) => b[1].uses - a[1].uses).map(([t, c]) => [t, { pageShare: +(c.pages / pages).toFixed(4), usesPerPage: +(c.uses / c.pages).toFixed(2) }]),
    ),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const root = args.find((a) => !a.startsWith('--')) ?? corpusRoot(path.resolve(here, '..'));
  const m = measureCorpus(root);
  const top = Object.entries(m.languages).slice(0, 16);
  console.log(`${m.sites} sites, ${m.pages} pages, ${m.blocks} code blocks (${m.blocksPerPage.mean} a page), ${m.codeLines} non-blank code lines`);
  console.log(`repeated: ${(m.repeatedLineShare * 100).toFixed(1)}% of code lines, ${(m.repeatedBlockShare * 100).toFixed(1)}% of blocks (seen before in the same site)`);
  console.log(`prose per page: mean ${m.prosePerPage.mean} chars, median ${m.prosePerPage.quantiles[3]}`);
  console.log('languages (share, median / p90 chars, median lines):');
  for (const [l, v] of top) console.log(`  ${l.padEnd(14)} ${(v.share * 100).toFixed(1).padStart(5)}%  ${String(v.chars[3]).padStart(5)} / ${String(v.chars[5]).padStart(5)}  ${v.lines[3]}`);
  console.log('components (share of pages, uses on those pages):');
  console.log('  ' + Object.entries(m.components).slice(0, 16).map(([t, c]) => `${t} ${(c.pageShare * 100).toFixed(0)}% ×${c.usesPerPage}`).join(', '));
  if (args.includes('--write')) {
    writeFileSync(path.join(here, 'real-profile.json'), JSON.stringify({ source: 'bench/corpus-stats.mjs over ../shared/corpus', ...m }, null, 1) + '\n');
    console.log('wrote bench/real-profile.json');
  }
}
