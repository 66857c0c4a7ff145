import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Element, ElementContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { createShikiHighlighter } from './shiki.js';

/**
 * Each line of a highlighted `<pre>`: its classes, and every character with the style it is drawn
 * in. A blank has no glyph, so only what shows on it counts (a background, an underline); Shiki
 * joins blanks to a neighbouring token, and which one depends on how the tokens were cut.
 */
const visibleOnBlank = (style: string) => style.split(';').filter((d) => /-bg:|text-decoration/.test(d)).join(';');
function drawn(pre: Element): { classes: string; chars: string[] }[] {
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')!;
  const lines = code.children.filter((c): c is Element => c.type === 'element');
  return lines.map((line) => {
    const chars: string[] = [];
    const walk = (node: ElementContent, style: string) => {
      if (node.type === 'text') for (const ch of node.value) chars.push(`${/\s/.test(ch) ? visibleOnBlank(style) : style}|${ch}`);
      else if (node.type === 'element') for (const c of node.children) walk(c, String(node.properties.style ?? style));
    };
    for (const c of line.children) walk(c, '');
    return { classes: String((line.properties.className as string[] | undefined)?.join(' ') ?? ''), chars };
  });
}

const SAMPLES: [lang: string, code: string, highlight?: number[]][] = [
  ['ts', 'import { Client } from "@acme/sdk";\n\n// A comment\nconst client = new Client({ apiKey: process.env.KEY! });\nexport async function run<T extends object>(x: T): Promise<void> {\n  await client.jobs.create({ name: `job-${x}` });\n}\n', [2, 4]],
  ['javascript', 'const re = /a+b?/gi;\nclass A extends B { #p = 1; static get x() { return this.#p ?? null } }\n'],
  ['python', 'from acme import Client\n\n@decorator\ndef run(x: int = 3) -> str:\n    """Docstring."""\n    return f"{x!r} and {x:>10}"\n'],
  ['bash', '#!/bin/bash\nexport KEY="$HOME/.key" # comment\ncurl -X POST https://api.example.com/v1/jobs \\\n  -H "Authorization: Bearer $TOKEN" | jq .\n'],
  ['json', '{ "name": "x", "n": 1.5e3, "ok": true, "nil": null, "list": [1, "two"] }'],
  ['yaml', 'openapi: 3.1.0\ninfo:\n  title: "API" # c\n  version: 1\nlist:\n  - &a one\n  - *a\n'],
  ['go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println(`raw`, 0x1F, \'c\')\n}\n'],
  ['rust', 'fn main() -> Result<(), Box<dyn Error>> {\n    let v: Vec<u8> = vec![1, 2];\n    println!("{:?}", v);\n    Ok(())\n}\n'],
  ['diff', '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n'],
  ['html', '<!doctype html>\n<div class="a" onclick="go()">Text &amp; more<script>let x = 1;</script></div>\n'],
  ['css', '@media (max-width: 600px) { .a > b::before { color: #fff !important; --x: calc(1px + 2em); } }\n'],
  ['sql', 'SELECT id, COUNT(*) AS n FROM jobs WHERE state = \'done\' GROUP BY id; -- c\n'],
  ['markdown', '# Title\n\n**bold** _em_ `code` [link](https://x.y)\n\n- item\n'],
  ['plaintext', 'plain text  with   spaces\n'],
  ['nosuchlanguage', 'left plain\n'],
  ['ts', '   \n\t  indented(  )  \n  '],
];

describe('one-pass highlighting', () => {
  const onePass = createShikiHighlighter({ keepTrees: true });
  const perTheme = createShikiHighlighter({ onePass: false, keepTrees: true });

  // Blocks are written as HTML straight from the tokens unless the tree is kept (as above, for these tests).
  const direct = createShikiHighlighter();

  it.each(SAMPLES)('writes the HTML of %s from the tokens as hast-util-to-html writes the tree', async (lang, code, highlight) => {
    for (const focus of [undefined, highlight]) {
      const [a, b] = await Promise.all([direct.highlight({ code, lang, highlight, focus }), onePass.highlight({ code, lang, highlight, focus })]);
      expect(a.html).toBe(b.html);
      expect(a.known).toBe(b.known);
    }
  });

  it.each(SAMPLES)('draws %s exactly as highlighting once per theme does', async (lang, code, highlight) => {
    const [a, b] = await Promise.all([onePass.highlight({ code, lang, highlight }), perTheme.highlight({ code, lang, highlight })]);
    expect(a.known).toBe(b.known);
    expect(a.pre!.properties).toEqual(b.pre!.properties);
    expect(drawn(a.pre!)).toEqual(drawn(b.pre!));
    // Real colours came out, not the stand-in theme's ids.
    expect(a.html).not.toMatch(/#[01]0000[0-9a-f]/i);
    expect(a.html).toContain('--shiki-dark:');
  });

  // Every fenced block of the example site, and with KILN_ONEPASS_CORPUS=1 of the corpus too.
  const repo = fileURLToPath(new URL('../../../', import.meta.url));
  const roots = [path.join(repo, 'examples/starter'), ...(process.env.KILN_ONEPASS_CORPUS ? [path.join(repo, '../shared/corpus')] : [])];
  const fences: [string, string][] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') walk(path.join(d, e.name));
      else if (/\.mdx?$/.test(e.name)) {
        for (const m of readFileSync(path.join(d, e.name), 'utf8').matchAll(/^```(\w[\w+#-]*)[^\n]*\n([\s\S]*?)^```/gm)) fences.push([m[1]!, m[2]!]);
      }
    }
  };
  for (const r of roots) walk(r);

  it(`draws the ${fences.length} fenced blocks of real pages as highlighting once per theme does`, async () => {
    expect(fences.length).toBeGreaterThan(20);
    for (const [lang, code] of fences) {
      const [a, b] = await Promise.all([onePass.highlight({ code, lang }), perTheme.highlight({ code, lang })]);
      expect(drawn(a.pre!), `${lang}: ${code.slice(0, 80)}`).toEqual(drawn(b.pre!));
      expect((await direct.highlight({ code, lang })).html, `${lang}: ${code.slice(0, 80)}`).toBe(a.html);
    }
  }, 600_000);
});
