// Converts the regular expressions of every grammar Shiki bundles, as its JavaScript engine would at
// run time, into lib/grammars/ (one table per grammar, read per language when first used: see
// src/node/highlight/grammar-tables.ts). Making them all costs ~17 s of CPU, so the tables are
// kept while the packages, this Node and the code making them are the same (--force: made anyway).
// Runs after tsc: it uses lib/'s build of the module that reads the tables, so both agree.
// Writes the adjusted code themes beside them too (themes.ts `CODE_THEMES_FILE`), every time: it is quick.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { GRAMMAR_TABLES, conversionKey, packageVersions, tablesBuild, writeGrammarTables } = await import('../lib/node/highlight/grammar-tables.js');
const { writeCodeThemes } = await import('../lib/node/highlight/themes.js');

const code = [import.meta.url, '../lib/node/highlight/grammar-tables.js', '../lib/node/highlight/capture-groups.js', '../lib/node/highlight/markdown-fences.js'].map((f) => readFileSync(fileURLToPath(new URL(f, import.meta.url))));
const build = createHash('sha256').update(JSON.stringify([packageVersions(), conversionKey(), process.version])).update(Buffer.concat(code)).digest('hex');

if (!process.argv.includes('--force') && tablesBuild(GRAMMAR_TABLES) === build) {
  console.log('grammar tables: up to date');
} else {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const s = await writeGrammarTables(GRAMMAR_TABLES, { build });
  const used = process.cpuUsage(cpu);
  console.log(
    `grammar tables: ${s.grammars} grammars, ${s.patterns} patterns (${s.failures} not convertible), ${(s.bytes / 1e6).toFixed(1)} MB ` +
      `in ${((performance.now() - start) / 1000).toFixed(1)} s (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s)`,
  );
}
await writeCodeThemes();
