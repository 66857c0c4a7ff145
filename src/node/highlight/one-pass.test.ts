import { describe, expect, it } from 'vitest';
import { createShikiHighlighter } from './shiki.js';
import { drawn } from './test-helpers.js';

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

// one-pass.corpus.test.ts compares the two on every fenced block of the example and the corpus.
describe('one-pass highlighting', () => {
  const onePass = createShikiHighlighter({ keepTrees: true });
  const perTheme = createShikiHighlighter({ onePass: false, keepTrees: true });

  // Blocks are written as HTML straight from the tokens unless the tree is kept (as above, for these
  // tests); Shiki for every language, as the trees are (TypeScript goes to tree-sitter otherwise).
  const direct = createShikiHighlighter({ engine: 'shiki' });

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
});
