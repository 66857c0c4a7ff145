// The `real` bench profile: content pages shaped like the corpus's (bench/real-profile.json, made by
// bench/corpus-stats.mjs): code blocks per page drawn from the corpus's histogram, each block's
// language by the corpus's shares (written with the fence names pages use), its length in lines from
// that language's quantiles, about the same share of code lines repeating one seen before in the site
// (43%), prose of the corpus's size per page, and the components pages use at the rates they use them.
// The text itself is made up here (no corpus text is copied): lines from per-language templates
// with seeded identifiers, repeated from a per-site pool at the rate that gives the measured share.
import { readFileSync } from 'node:fs';

const PROFILE = JSON.parse(readFileSync(new URL('./real-profile.json', import.meta.url), 'utf8'));

const ID = ('user account order invoice payment token session client request response event message queue job task worker ' +
  'project team member role policy key secret config settings options result data item items record records value values ' +
  'name status state model agent tool prompt embedding index collection document chunk query filter limit offset page cursor ' +
  'retry timeout region bucket file path url endpoint webhook handler callback stream batch cache store db table row column').split(' ');
const VERB = 'get list create update delete fetch send load save parse build run start stop sync check validate render handle process'.split(' ');

/**
 * Line makers per language family: each takes the page's random helpers and returns one line.
 * They cover the constructs real blocks are made of (imports, calls, assignments, control flow,
 * comments, strings with interpolation, nested data), so each grammar does its usual work.
 */
const LINES = {
  python: [
    (h) => `from ${h.id()} import ${h.Id()}, ${h.id()}`,
    (h) => `import ${h.id()}`,
    (h) => `${h.id()} = ${h.Id()}(api_key=os.environ["${h.ID()}_KEY"], timeout=${h.n()})`,
    (h) => `${h.ind()}${h.id()}_${h.id()} = ${h.id()}.${h.verb()}_${h.id()}(${h.id()}, limit=${h.n()})`,
    (h) => `${h.ind()}print(f"${h.verb()} {${h.id()}.${h.id()}} in {${h.id()}:.2f}s")`,
    (h) => `def ${h.verb()}_${h.id()}(${h.id()}: str, ${h.id()}: int = ${h.n()}) -> dict:`,
    (h) => `${h.ind()}# ${h.words()}`,
    (h) => `${h.ind()}if not ${h.id()}:`,
    (h) => `${h.ind()}    raise ValueError("${h.words()}")`,
    (h) => `${h.ind()}return {"${h.id()}": ${h.id()}, "${h.id()}": [x.${h.id()} for x in ${h.id()} if x.${h.id()} > ${h.n()}]}`,
    (h) => `async def ${h.verb()}(${h.id()}):`,
    (h) => `${h.ind()}async with ${h.Id()}() as ${h.id()}:`,
    (h) => `${h.ind()}${h.id()} = await ${h.id()}.${h.verb()}(${h.id()}="${h.id()}-${h.n()}")`,
    (h) => `class ${h.Id()}(${h.Id()}):`,
    (h) => `    ${h.id()}: Optional[str] = None`,
  ],
  bash: [
    (h) => `pip install ${h.id()}-${h.id()}`,
    (h) => `npm install @${h.id()}/${h.id()}`,
    (h) => `export ${h.ID()}_${h.ID()}="${h.id()}_${h.n()}"`,
    (h) => `curl -X POST "https://api.example.com/v1/${h.id()}s" \\`,
    (h) => `  -H "Authorization: Bearer $${h.ID()}_TOKEN" \\`,
    (h) => `  -d '{"${h.id()}": "${h.id()}", "${h.id()}": ${h.n()}}'`,
    (h) => `${h.id()} ${h.verb()} --${h.id()} ${h.id()} --${h.id()}=${h.n()}`,
    (h) => `# ${h.words()}`,
    (h) => `cd ${h.id()}/${h.id()} && ${h.id()} ${h.verb()}`,
    (h) => `docker run -p ${h.n()}:${h.n()} -e ${h.ID()}=$${h.ID()} ${h.id()}/${h.id()}:latest`,
    (h) => `git clone https://github.com/${h.id()}/${h.id()}.git`,
  ],
  typescript: [
    (h) => `import { ${h.Id()}, ${h.verb()}${h.Id()} } from "@${h.id()}/${h.id()}";`,
    (h) => `const ${h.id()} = new ${h.Id()}({ apiKey: process.env.${h.ID()}_KEY, ${h.id()}: ${h.n()} });`,
    (h) => `${h.ind()}const ${h.id()} = await ${h.id()}.${h.id()}.${h.verb()}({ ${h.id()}: "${h.id()}", limit: ${h.n()} });`,
    (h) => `${h.ind()}console.log(\`${h.verb()} \${${h.id()}.${h.id()}} in \${${h.id()}}ms\`);`,
    (h) => `export async function ${h.verb()}${h.Id()}(${h.id()}: ${h.Id()}, ${h.id()}?: number): Promise<${h.Id()}[]> {`,
    (h) => `${h.ind()}// ${h.words()}`,
    (h) => `${h.ind()}if (!${h.id()}.${h.id()}) throw new Error("${h.words()}");`,
    (h) => `${h.ind()}return ${h.id()}.filter((x) => x.${h.id()} > ${h.n()}).map((x) => x.${h.id()});`,
    (h) => `}`,
    (h) => `});`,
    (h) => `interface ${h.Id()} {`,
    (h) => `  ${h.id()}: ${h.pick(['string', 'number', 'boolean', 'string[]', `Record<string, ${h.Id()}>`])};`,
    (h) => `type ${h.Id()} = "${h.id()}" | "${h.id()}" | null;`,
  ],
  text: [(h) => `${h.words()}`, (h) => `${h.id()}: ${h.n()} ${h.id()}`, (h) => `${h.Id()} ${h.verb()} ${h.id()}/${h.id()}`],
  yaml: [
    (h) => `${h.id()}:`,
    (h) => `  ${h.id()}: ${h.id()}-${h.n()}`,
    (h) => `  ${h.id()}: "${h.words()}"`,
    (h) => `    - name: ${h.id()}`,
    (h) => `      ${h.id()}: ${h.n()}`,
    (h) => `  ${h.id()}: \${{ secrets.${h.ID()}_KEY }}`,
    (h) => `# ${h.words()}`,
    (h) => `  ${h.id()}: ${h.pick(['true', 'false', 'null'])}`,
  ],
  json: [
    (h) => `{`,
    (h) => `  "${h.id()}": "${h.id()}_${h.n()}",`,
    (h) => `  "${h.id()}": ${h.n()},`,
    (h) => `  "${h.id()}": ${h.pick(['true', 'false', 'null'])},`,
    (h) => `  "${h.id()}": ["${h.id()}", "${h.id()}"],`,
    (h) => `  "${h.id()}": {`,
    (h) => `    "${h.id()}": "${h.words()}"`,
    (h) => `  },`,
    (h) => `}`,
  ],
  sql: [
    (h) => `SELECT ${h.id()}, ${h.id()}, COUNT(*) AS ${h.id()}_count`,
    (h) => `FROM ${h.id()}s`,
    (h) => `WHERE ${h.id()} = '${h.id()}' AND ${h.id()} > ${h.n()}`,
    (h) => `GROUP BY ${h.id()} ORDER BY ${h.id()} DESC LIMIT ${h.n()};`,
    (h) => `CREATE TABLE ${h.id()}s (id SERIAL PRIMARY KEY, ${h.id()} TEXT NOT NULL, ${h.id()} TIMESTAMP DEFAULT now());`,
    (h) => `-- ${h.words()}`,
    (h) => `INSERT INTO ${h.id()}s (${h.id()}, ${h.id()}) VALUES ('${h.id()}', ${h.n()});`,
  ],
  javascript: [
    (h) => `import ${h.Id()} from "${h.id()}";`,
    (h) => `const ${h.id()} = require("${h.id()}");`,
    (h) => `const ${h.id()} = await fetch("https://api.example.com/v1/${h.id()}s?limit=${h.n()}", {`,
    (h) => `  headers: { Authorization: \`Bearer \${${h.id()}}\` },`,
    (h) => `${h.ind()}${h.id()}.${h.verb()}(${h.id()}, (err, ${h.id()}) => {`,
    (h) => `${h.ind()}console.log(${h.id()}.${h.id()});`,
    (h) => `${h.ind()}// ${h.words()}`,
    (h) => `});`,
    (h) => `module.exports = { ${h.id()}, ${h.id()} };`,
  ],
  go: [
    (h) => `package ${h.id()}`,
    (h) => `import "${h.id()}/${h.id()}"`,
    (h) => `func ${h.Id()}(${h.id()} string, ${h.id()} int) (*${h.Id()}, error) {`,
    (h) => `\t${h.id()}, err := ${h.id()}.${h.Id()}(ctx, ${h.id()}, ${h.n()})`,
    (h) => `\tif err != nil {`,
    (h) => `\t\treturn nil, fmt.Errorf("${h.words()}: %w", err)`,
    (h) => `\t}`,
    (h) => `\tfmt.Println(${h.id()}.${h.Id()})`,
    (h) => `}`,
    (h) => `\t// ${h.words()}`,
  ],
  tsx: [
    (h) => `import { ${h.Id()} } from "@${h.id()}/react";`,
    (h) => `export default function ${h.Id()}({ ${h.id()} }: { ${h.id()}: string }) {`,
    (h) => `  const [${h.id()}, set${h.Id()}] = useState<${h.Id()} | null>(null);`,
    (h) => `  return (`,
    (h) => `    <${h.Id()} ${h.id()}={${h.id()}} on${h.Id()}={() => ${h.verb()}(${h.id()})}>`,
    (h) => `      <div className="${h.id()}-${h.id()}">{${h.id()}.${h.id()}}</div>`,
    (h) => `    </${h.Id()}>`,
    (h) => `  );`,
    (h) => `}`,
  ],
  rust: [
    (h) => `use ${h.id()}::{${h.Id()}, ${h.Id()}};`,
    (h) => `fn ${h.verb()}_${h.id()}(${h.id()}: &str) -> Result<${h.Id()}, Error> {`,
    (h) => `    let ${h.id()} = ${h.Id()}::new(${h.id()}).${h.verb()}(${h.n()})?;`,
    (h) => `    println!("{} {:?}", ${h.id()}, ${h.id()}.${h.id()});`,
    (h) => `    Ok(${h.id()})`,
    (h) => `}`,
  ],
  ruby: [
    (h) => `require "${h.id()}"`,
    (h) => `${h.id()} = ${h.Id()}::${h.Id()}.new(api_key: ENV["${h.ID()}_KEY"])`,
    (h) => `${h.id()}.${h.verb()}(${h.id()}: "${h.id()}", limit: ${h.n()}) do |${h.id()}|`,
    (h) => `  puts "#{${h.id()}.${h.id()}}"`,
    (h) => `end`,
  ],
  dart: [
    (h) => `import 'package:${h.id()}/${h.id()}.dart';`,
    (h) => `final ${h.id()} = await ${h.Id()}.instance.${h.verb()}(${h.id()}: '${h.id()}');`,
    (h) => `  print('\${${h.id()}.${h.id()}}');`,
    (h) => `class ${h.Id()} extends StatelessWidget {`,
    (h) => `}`,
  ],
  php: [
    (h) => `<?php`,
    (h) => `$${h.id()} = new ${h.Id()}\\${h.Id()}(['api_key' => getenv('${h.ID()}_KEY')]);`,
    (h) => `$${h.id()} = $${h.id()}->${h.verb()}(['${h.id()}' => '${h.id()}', 'limit' => ${h.n()}]);`,
    (h) => `echo $${h.id()}->${h.id()};`,
  ],
  csharp: [
    (h) => `using ${h.Id()}.${h.Id()};`,
    (h) => `var ${h.id()} = new ${h.Id()}Client("${h.id()}");`,
    (h) => `var ${h.id()} = await ${h.id()}.${h.Id()}Async(new ${h.Id()} { ${h.Id()} = ${h.n()} });`,
    (h) => `Console.WriteLine($"{${h.id()}.${h.Id()}}");`,
  ],
  kotlin: [
    (h) => `import ${h.id()}.${h.id()}.${h.Id()}`,
    (h) => `val ${h.id()} = ${h.Id()}.builder().${h.id()}("${h.id()}").build()`,
    (h) => `fun ${h.verb()}${h.Id()}(${h.id()}: String): ${h.Id()} {`,
    (h) => `    return ${h.id()}.${h.verb()}(${h.id()} = ${h.n()})`,
    (h) => `}`,
  ],
  java: [
    (h) => `import com.${h.id()}.${h.Id()};`,
    (h) => `${h.Id()} ${h.id()} = new ${h.Id()}(System.getenv("${h.ID()}_KEY"));`,
    (h) => `${h.Id()} ${h.id()} = ${h.id()}.${h.verb()}(${h.Id()}.builder().${h.id()}(${h.n()}).build());`,
    (h) => `System.out.println(${h.id()}.get${h.Id()}());`,
  ],
  swift: [
    (h) => `import ${h.Id()}`,
    (h) => `let ${h.id()} = ${h.Id()}(apiKey: "${h.id()}")`,
    (h) => `let ${h.id()} = try await ${h.id()}.${h.verb()}(${h.id()}: ${h.n()})`,
    (h) => `print(${h.id()}.${h.id()})`,
  ],
};

/** Linear interpolation in a language's quantiles (bench/real-profile.json `quantilesAt`). */
function fromQuantiles(qs, at, u) {
  for (let i = 1; i < at.length; i++) {
    if (u <= at[i]) {
      const f = (u - at[i - 1]) / (at[i] - at[i - 1] || 1);
      return qs[i - 1] + f * (qs[i] - qs[i - 1]);
    }
  }
  return qs[qs.length - 1];
}

/** Languages with a line maker, with the corpus's shares among them and the fence names pages write. */
const LANGS = Object.entries(PROFILE.languages).filter(([l]) => LINES[l]);
const LANG_TOTAL = LANGS.reduce((n, [, v]) => n + v.share, 0);
const BLOCKS_HIST = Object.entries(PROFILE.blocksPerPage.histogram).map(([k, v]) => [Number(k), v]);
const BLOCKS_TOTAL = BLOCKS_HIST.reduce((n, [, v]) => n + v, 0);
/**
 * Chance that a line is taken from the site's pool of lines already written rather than made anew.
 * Fresh lines also repeat now and then (short ones such as `}`), so this is below the measured
 * share; tuned so that corpus-stats.mjs measures the generated site's share as the corpus's (±2%).
 */
const REUSE = 0.3;

/**
 * A page writer for one site: `page(r, urls)` returns the body of a content page (after the front
 * matter) from the page's own random stream `r`. Lines written are remembered per language for the
 * whole site, so later pages repeat earlier ones as real sites do (the same setup, import or `}`).
 */
export function realPageWriter() {
  const pools = new Map();
  return function page(r, urls, { sentence, para, title }) {
    const pick = (xs) => xs[Math.floor(r() * xs.length)];
    const weighted = (entries, total) => {
      let u = r() * total;
      for (const [k, w] of entries) if ((u -= w) <= 0) return k;
      return entries[entries.length - 1][0];
    };
    const h = {
      pick,
      id: () => pick(ID),
      Id: () => { const w = pick(ID); return w[0].toUpperCase() + w.slice(1); },
      ID: () => pick(ID).toUpperCase(),
      verb: () => pick(VERB),
      n: () => String(Math.floor(r() * 1000)),
      words: () => Array.from({ length: 2 + Math.floor(r() * 6) }, () => pick(ID)).join(' '),
      ind: () => pick(['', '', '    ', '  ']),
    };
    const codeBlock = () => {
      const [fam, info] = weighted(LANGS.map(([l, v]) => [[l, v], v.share]), LANG_TOTAL);
      const names = Object.entries(info.names);
      const fence = weighted(names, names.reduce((n, [, c]) => n + c, 0));
      // Lines and characters drawn at the same quantile: a block long in lines is long in characters.
      const u = r();
      const lines = Math.max(1, Math.round(fromQuantiles(info.lines, PROFILE.quantilesAt, u)));
      const chars = fromQuantiles(info.chars, PROFILE.quantilesAt, u);
      let pool = pools.get(fam);
      if (!pool) pools.set(fam, (pool = []));
      const out = [];
      let written = 0;
      // Up to the line count, stopping early once the block has its characters (template lines are
      // longer than most real ones).
      for (let i = 0; i < lines && (i === 0 || written < chars); i++) {
        let line;
        if (pool.length && r() < REUSE) line = pool[Math.floor(r() * r() * pool.length)];
        else {
          line = pick(LINES[fam])(h);
          pool.push(line);
        }
        out.push(line);
        written += line.length + 1;
      }
      return { fence, code: out.join('\n') };
    };

    const nBlocks = weighted(BLOCKS_HIST, BLOCKS_TOTAL);
    const blocks = Array.from({ length: nBlocks }, codeBlock);
    const proseTarget = fromQuantiles(PROFILE.prosePerPage.quantiles, PROFILE.quantilesAt, r());
    const parts = [];
    let prose = 0;
    const push = (s) => { parts.push(s); prose += s.length; };
    const has = (name) => r() < (PROFILE.components[name]?.pageShare ?? 0);
    const uses = (name) => Math.max(1, Math.round((PROFILE.components[name]?.usesPerPage ?? 1) * (0.5 + r())));
    const fenced = (b) => '```' + b.fence + '\n' + b.code + '\n```';

    push(para());
    // Blocks go out one per section, some as a CodeGroup (the corpus: 15% of pages, 2.4 blocks each).
    const groupAt = has('CodeGroup') && blocks.length >= 2 ? 0 : -1;
    let next = 0;
    const sections = Math.max(1, Math.ceil(blocks.length / 2), Math.round(proseTarget / 700));
    for (let s = 0; s < sections; s++) {
      push(`## ${title()}`);
      if (s === 0 || prose < proseTarget) push(para());
      if (next === groupAt) {
        const group = blocks.slice(next, next + Math.min(blocks.length - next, 2 + Math.floor(r() * 2)));
        next += group.length;
        push(`<CodeGroup>\n${group.map((b) => '```' + b.fence + ' ' + b.fence + '\n' + b.code + '\n```').join('\n\n')}\n</CodeGroup>`);
      }
      const share = Math.ceil((blocks.length - next) / (sections - s));
      for (let k = 0; k < share && next < blocks.length; k++) parts.push(fenced(blocks[next++]));
      if (s === 0 && has('Note')) push(`<Note>\n  ${sentence()}\n</Note>`);
      if (s === 0 && has('Warning')) push(`<Warning>\n  ${sentence()}\n</Warning>`);
      if (s === 1 && has('Info')) push(`<Info>\n  ${sentence()}\n</Info>`);
      if (s === 1 && has('Tip')) push(`<Tip>\n  ${sentence()}\n</Tip>`);
      if (s === 0 && has('CardGroup')) {
        push(`<CardGroup cols={2}>\n${Array.from({ length: uses('Card') }, () => `  <Card title="${title()}" icon="${pick(['rocket', 'book', 'code', 'gear'])}" href="${pick(urls)}">\n    ${sentence()}\n  </Card>`).join('\n')}\n</CardGroup>`);
      }
      if (s === 1 && has('Steps')) push(`<Steps>\n${Array.from({ length: uses('Step') }, () => `  <Step title="${title()}">\n    ${sentence()}\n  </Step>`).join('\n')}\n</Steps>`);
      if (s === 1 && has('Tabs')) push(`<Tabs>\n${Array.from({ length: Math.min(4, uses('Tabs') + 1) }, () => `  <Tab title="${title()}">\n    ${sentence()}\n  </Tab>`).join('\n')}\n</Tabs>`);
      if (s === 2 && has('AccordionGroup')) push(`<AccordionGroup>\n${Array.from({ length: uses('Accordion') }, () => `  <Accordion title="${title()}">\n    ${sentence()}\n  </Accordion>`).join('\n')}\n</AccordionGroup>`);
      if (s === 2 && has('ParamField')) push(Array.from({ length: uses('ParamField') }, () => `<ParamField path="${h.id()}" type="string" required>\n  ${sentence()}\n</ParamField>`).join('\n\n'));
      if (s === 2 && has('ResponseField')) push(Array.from({ length: uses('ResponseField') }, () => `<ResponseField name="${h.id()}" type="string">\n  ${sentence()}\n</ResponseField>`).join('\n\n'));
      while (prose < (proseTarget * (s + 1)) / sections) push(para());
    }
    while (next < blocks.length) parts.push(fenced(blocks[next++]));
    return parts.join('\n\n');
  };
}
