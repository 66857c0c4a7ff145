import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadNativeGrammar, NATIVE_LANGUAGES, TREE_SITTER } from './native-grammars.js';
import { createShikiHighlighter } from './shiki.js';
import { drawnColours } from './test-helpers.js';
import { loadCodeThemes } from './themes.js';
import { createTreeSitterHighlighter } from './tree-sitter.js';

const native = createShikiHighlighter();
const shiki = createShikiHighlighter({ engine: 'shiki' });
const failing = () => {
  throw new Error('Cannot find module kiln-tree-sitter');
};

/** The light and dark colour of the first occurrence of `text` in a highlighted block. */
function colourAt(html: string, text: string): string {
  const d = drawnColours(html);
  const at = d.text.replace(/\n/g, '').indexOf(text.replace(/\n/g, ''));
  expect(at, text).toBeGreaterThanOrEqual(0);
  return `${d.light[at]} ${d.dark[at]}`;
}

const SAMPLES: Record<string, { code: string; words: string[] }> = {
  python: {
    code: '@app.get("/items")\nasync def read(self, item_id: int = DEFAULT) -> dict:\n    """Doc."""\n    print(f"{item_id} ok", end="")  # note\n    raise ValueError(None)\n',
    words: ['@app', 'async', 'read', 'int', 'DEFAULT', '"""Doc."""', 'print', '{item_id}', 'end', '# note', 'ValueError', 'None'],
  },
  bash: {
    code: 'export TOKEN="abc"\ncurl -X POST "https://x.io/$TOKEN" \\\n  --data \'{"a": 1}\' | jq .a > out.json  # send\necho done\n',
    words: ['export', 'TOKEN', '"abc"', 'curl', '-X', 'POST', '"https://x.io/', '$TOKEN', '\\', '--data', '|', 'jq', '.a', '>', 'out.json', '# send', 'echo'],
  },
  tsx: {
    code: 'import { useState } from "react";\nexport const API_URL = `${base}/v1`;\nexport function Item({ id }: Props): JSX.Element {\n  const [n, setN] = useState<number>(0);\n  return <Card title="x" onClick={() => setN(n + 1)}>{id}</Card>;\n}\n',
    words: ['import', '"react"', 'API_URL', '`${', 'Item', 'id }', 'Props', 'useState', 'number', 'Card', 'title', '"x"', 'setN(n', '+'],
  },
  ts: {
    code: 'interface A {\n  name?: string;\n}\nconst client = new Client({ retries: 3 }); // ok\nawait client.send(/a+b/g, null);\n',
    words: ['interface', 'A', 'name', '?:', 'string', 'client', 'new', 'Client', '3', '// ok', 'await', 'send', '/a+b/g', 'null'],
  },
  go: {
    code: 'package main\n\nimport (\n\t"fmt"\n\tsdk "github.com/x/sdk"\n)\n\nconst Max = 3\n\nfunc Run[T any](ctx context.Context, n int) (*sdk.Client, error) {\n\tc := &sdk.Client{Name: "a"}\n\tfmt.Printf("%s: %-4d\\n", c.Name, len(ctx))\n\treturn nil, errors.New(string(b)) // done\n}\n',
    words: ['package', 'main', '"fmt"', 'fmt"', 'sdk "', 'Max', '3', 'func', 'Run', 'T any', 'any', 'ctx', 'context', 'Context', 'int', '*sdk', 'Client,', 'error', ':=', 'Name:', '"a"', 'Printf', '%s', '%-4d', '\\n', 'len', 'nil', 'New', 'string(', '// done'],
  },
  ruby: {
    code: 'require "json"\n\nclass Book < ActiveRecord::Base\n  attr_reader :title\n\n  def initialize(title, pages: 1)\n    @title = title\n    count = 0\n    puts "Read #{title.upcase} now" if pages > 2 # note\n    Client.new(name: nil, "k": 3).run(&block)\n  end\nend\n',
    words: ['require', '"json"', 'class', 'Book', 'ActiveRecord::Base', 'attr_reader', ':title', 'def', 'initialize', 'pages:', '1', '@title', 'count', '0', 'puts', '#{', 'upcase', '>', '# note', 'Client', 'new', 'name:', 'nil', '"k":', 'run'],
  },
  csharp: {
    code: 'using System.Text.Json;\n\npublic class Store : IStore\n{\n    public string? Name { get; set; } = null;\n    public async Task<List<Item>> Load(int count, bool all = true)\n    {\n        var items = new List<Item>(); // cache\n        foreach (var item in this.source)\n            items.Add(item with { Id = $"{count}" });\n        return items.Where(x => x.Ok).ToList();\n    }\n}\n',
    words: ['using', 'System', 'Json', 'public', 'class', 'Store', 'IStore', 'string', 'Name', 'get', 'null', 'async', 'Task', 'List<', 'Item>>', 'Load', 'int', 'count', 'bool', 'true', 'var', 'items', 'new', '// cache', 'foreach', 'item in', 'this', 'Add', 'Id =', '$"', 'Where', 'x =>', '=>', 'ToList'],
  },
  php: {
    code: '<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Support\\Str as S;\n\nclass User extends Model\n{\n    public function __construct(private int $id = 0) {}\n\n    public function label(): string\n    {\n        echo PHP_EOL; // note\n        $name = str_replace("a", "b", $this->name);\n        return view(\'user\', [\'id\' => $this->id, \'at\' => User::class, \'n\' => (object) []]);\n    }\n}\n',
    words: ['<?', 'php', 'namespace', 'App\\Models', 'Illuminate\\Support\\Str', 'S;', 'class', 'User', 'Model', 'public', '__construct', 'int', '$id', '0', 'label', 'string', 'echo', 'PHP_EOL', '// note', '$name', 'str_replace', '"a"', '$this', '->', 'view', '=>', 'User::', 'class', 'object'],
  },
  yaml: {
    code: '# CI\non:\n  push:\n    branches: [main, "dev"]\nbase: &base\n  retries: 3\n  ratio: 1.10.3\n  enabled: yes\n  when: 2024-01-02\njob:\n  <<: *base\n  run: |\n    npm test\n  name: \'Build\' # quoted\n---\n',
    words: ['# CI', 'on', 'push', 'branches', 'main', '"dev"', 'base:', '&', 'base\n', 'retries', '3', '1.10.3', 'yes', '2024-01-02', '<<', '*', '|', 'npm test', "'Build'", '# quoted', '---'],
  },
  rust: {
    code: 'use std::collections::HashMap;\n\n#[derive(Debug, Clone)]\npub struct Item<\'a> {\n    name: &\'a str,\n}\n\nconst MAX: u32 = 10;\n\nasync fn load(client: &Client) -> Result<Vec<Item>, Error> {\n    let mut items = vec![1.5, 2.0]; // note\n    let found = client.search("q").await?;\n    if let Some(x) = found { println!("{}", x.len()); }\n    Ok(Vec::new())\n}\n',
    words: ['use', 'std', 'HashMap', '#[derive', 'Debug', 'pub', 'struct', 'Item<', "'a>", "a>", 'str', 'MAX', 'u32', '10', 'async', 'fn', 'load', 'client:', '&Client', 'Result', 'let', 'mut', 'vec!', '1.5', '// note', 'search', '"q"', 'await', 'Some', 'println!', 'len', 'Ok', 'new'],
  },
  json: { code: '{\n  "name": "kiln",\n  "n": 1.5,\n  "ok": true,\n  "esc": "a\\nb",\n  "none": null\n}\n', words: ['"name"', '"kiln"', '1.5', 'true', '\\n', 'null'] },
  html: {
    code: '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN">\n<div id="app" title="a &amp; b" hidden>\n  <!-- note -->\n  <input type=text />\n  <p>Fish &copy; chips</p>\n  <script type="module">\n    import { a } from "./a.js";\n    const n = a(1); // go\n  </script>\n</div>\n',
    words: ['<!', 'DOCTYPE', 'PUBLIC', '"-//W3C', '<div', 'div', 'id', '"app"', '&amp;', 'hidden', '<!-- note', 'input', 'text', 'Fish', '&copy;', '</p>', 'script', '"module"', 'import', '"./a.js"', 'const', 'a(1)', '1', '// go', '</script>'],
  },
  css: {
    code: '@import url("a.css");\n@layer base, components;\n:root { --brand: #ff0; }\n.btn:hover > a[href^="http"], #id::before {\n  color: var(--brand) !important; /* c */\n  margin: 0 auto 1.5rem;\n  font-family: "Inter", sans-serif;\n  width: calc(100% - 2px);\n  background: url(img.png);\n}\n@media screen and (max-width: 600px) { div { display: none } }\n@media (prefers-color-scheme: dark) { * { z-index: -1 } }\n@keyframes spin { from { opacity: 0 } 50% { opacity: 1 } }\n',
    words: ['@import', 'url', '"a.css"', '@layer', 'base', 'components', ':root', '--brand', '#ff0', '.btn:hover', '>', ' a[', 'href', '^=', '"http"', '#id::before', 'color', 'var', '!important', '/* c */', 'margin', '0 auto', 'auto', '1.5', 'rem', '"Inter"', 'sans-serif', 'calc', '100', '%', '-', 'px', 'img.png', '@media', 'screen', 'and', 'max-width', '600', 'div', 'display', 'none', 'prefers-color-scheme', 'dark', '*', 'z-index', '-1', '@keyframes', 'spin', 'from', '50%', 'opacity'],
  },
  java: {
    code: 'package com.example;\n\nimport java.util.*;\n\n@Service\n@RequestMapping(value = "/api")\npublic class Demo<T extends Base> extends Parent implements Runnable {\n    private static final int MAX = 0x1F;\n    /** Doc. */\n    @Override\n    public void run(String[] args, int... ids) throws IOException {\n        var list = new ArrayList<Map<String, Item.Kind>>(); // note\n        for (String s : args) { System.out.println(s + \"\\n\" + Foo.class); }\n        Runnable r = () -> call(new Item(1.5f, \'c\', null, true));\n        if (this instanceof Demo) throw new IllegalStateException();\n    }\n    enum Color { RED, GREEN }\n    record Point(int x, int y) {}\n}\n',
    words: ['package', 'com.example', 'import', 'java.util', '*', '@Service', 'RequestMapping', 'value', '"/api"', 'public', 'class', 'Demo', 'T ', 'extends', 'Base', 'Parent', 'implements', 'Runnable', 'private', 'static', 'final', 'int', 'MAX', '0x1F', '/** Doc. */', 'Override', 'void', 'run', 'String[]', 'args', 'int...', 'ids', 'throws', 'IOException', 'var', 'new', 'ArrayList', 'Map<', 'String,', 'Item.Kind', '// note', 'for', 'String s', ':', 'System', 'out', 'println', '+', '\\n', 'Foo.class', 'class)', '->', 'call', 'Item(', '1.5f', '\'c\'', 'null', 'true', 'this', 'instanceof', 'throw', 'IllegalStateException', 'enum', 'Color', 'RED', 'record', 'Point', 'x,'],
  },
};

describe('native tree-sitter grammars', () => {
  afterEach(() => vi.restoreAllMocks());

  it('load, and parse with offsets in UTF-16 code units', () => {
    const g = loadNativeGrammar('python')!;
    expect(g).not.toBeNull();
    const code = 's = "héllo 👋"  # é';
    const cursor = g.parse(code);
    expect(cursor.gotoFirstChild() && cursor.gotoFirstChild() && cursor.gotoFirstChild()).toBe(true);
    expect(cursor.gotoNextSibling() && cursor.gotoNextSibling()).toBe(true);
    expect(code.slice(cursor.startIndex, cursor.endIndex)).toBe('"héllo 👋"');
  });

  it.each(Object.keys(SAMPLES))('colour %s as Shiki does, in both themes', async (lang) => {
    const { code, words } = SAMPLES[lang]!;
    const [a, b] = await Promise.all([native.highlight({ code, lang }), shiki.highlight({ code, lang })]);
    expect(a.known).toBe(true);
    expect(createTreeSitterHighlighter(await loadCodeThemes()).handles(lang, code)).toBe(true);
    expect(drawnColours(a.html).text).toBe(drawnColours(b.html).text);
    for (const w of words) expect(colourAt(a.html, w), `${lang}: ${w}`).toBe(colourAt(b.html, w));
  });

  it('leave their languages to Shiki, silently, when the bindings do not load', async () => {
    const spies = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log')];
    expect(loadNativeGrammar('bash', failing)).toBeNull();
    const engine = createTreeSitterHighlighter(await loadCodeThemes(), { loadNative: failing });
    for (const lang of ['bash', 'python', 'json', 'go', 'ruby', 'csharp', 'php', 'yaml', 'rust', 'html', 'css', 'java']) expect(engine.handles(lang, SAMPLES[lang]!.code), lang).toBe(false);
    const fallback = createShikiHighlighter({ loadNative: failing });
    for (const lang of ['bash', 'python', 'json', 'go', 'ruby', 'csharp', 'php', 'yaml', 'rust', 'html', 'css', 'java']) {
      const { code } = SAMPLES[lang]!;
      const [a, b] = await Promise.all([fallback.highlight({ code, lang }), shiki.highlight({ code, lang })]);
      expect(a.html, lang).toBe(b.html);
    }
    // TypeScript goes to its WebAssembly grammar then, JSX to Shiki, as before the native bindings.
    expect(engine.handles('ts', 'const a: number = 1;')).toBe(true);
    expect(engine.handles('tsx', 'const a = <b />;')).toBe(false);
    const jsx = 'const a = <b className="c" />;\n';
    expect((await fallback.highlight({ code: jsx, lang: 'tsx' })).html).toBe((await shiki.highlight({ code: jsx, lang: 'tsx' })).html);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('leave a PHP block with SQL in its strings to Shiki, whose grammar colours the SQL', async () => {
    const engine = createTreeSitterHighlighter(await loadCodeThemes());
    const code = '<?php\n$rows = $db->query("SELECT * FROM todos WHERE id = ?");\n';
    expect(engine.handles('php', code)).toBe(false);
    expect(engine.handles('php', SAMPLES.php!.code)).toBe(true);
    expect((await native.highlight({ code, lang: 'php' })).html).toBe((await shiki.highlight({ code, lang: 'php' })).html);
  });

  it("colour a Java block the same whatever block was walked before", async () => {
    // Java's rule keeps the last type arguments' range between nodes; the walk before must not leak in.
    const code = 'Outer.Inner x = y;\nList<Map.Entry<K, V>> z;\n';
    const [first, second] = [createShikiHighlighter(), createShikiHighlighter()];
    const a = await first.highlight({ code, lang: 'java' });
    const b = await second.highlight({ code, lang: 'java' });
    expect(b.html).toBe(a.html);
    expect(colourAt(b.html, 'Inner x')).toBe(colourAt((await shiki.highlight({ code, lang: 'java' })).html, 'Inner x'));
    expect(colourAt(b.html, 'Entry')).toBe(colourAt((await shiki.highlight({ code, lang: 'java' })).html, 'Entry'));
  });

  it('leave a YAML block whose tree has an error to Shiki, whose lines go on past it', async () => {
    const code = 'jobs:\n  run:\n    steps:\n      - name: a\n     uses: b@v1\n# trailing comment\nafter: [x]\n';
    expect(await createTreeSitterHighlighter(await loadCodeThemes()).tokens('yaml', code)).toBeUndefined();
    expect((await native.highlight({ code, lang: 'yaml' })).html).toBe((await shiki.highlight({ code, lang: 'yaml' })).html);
  });

  it('read a TypeScript block with JSX in it as TSX', async () => {
    const code = 'export const A = (p: Props) => <Card title="x">{p.id}</Card>;\n';
    const [a, b] = await Promise.all([native.highlight({ code, lang: 'ts' }), native.highlight({ code, lang: 'tsx' })]);
    expect(a.html).toBe(b.html);
    expect(colourAt(a.html, 'Card')).toBe(colourAt((await shiki.highlight({ code, lang: 'tsx' })).html, 'Card'));
  });

  it("colour an HTML block's style as CSS, as Shiki does", async () => {
    const code = '<style>\n  .card > p { margin: 0 auto; color: #fff !important; }\n</style>\n<p style="color: red">x</p>\n';
    const [a, b] = await Promise.all([native.highlight({ code, lang: 'html' }), shiki.highlight({ code, lang: 'html' })]);
    expect(createTreeSitterHighlighter(await loadCodeThemes()).handles('html', code)).toBe(true);
    for (const w of ['style', '.card', '>', 'p {', 'margin', 'auto', '#fff', '!important', '"color: red"']) expect(colourAt(a.html, w), w).toBe(colourAt(b.html, w));
  });

  it('leave an HTML block to Shiki where its grammar colours another language than JavaScript and CSS', async () => {
    const engine = createTreeSitterHighlighter(await loadCodeThemes());
    for (const code of [
      '<style lang="scss">\n  p { &:hover { color: red; } }\n</style>\n',
      '<button onclick="go(1)">Go</button>\n',
      '<script type="application/ld+json">{"a": 1}</script>\n',
    ]) {
      expect(engine.handles('html', code), code).toBe(false);
      expect((await native.highlight({ code, lang: 'html' })).html, code).toBe((await shiki.highlight({ code, lang: 'html' })).html);
    }
    expect(engine.handles('html', '<style></style>\n<script type="text/javascript">a();</script>\n')).toBe(true);
    // A handler in markup a script writes is the script's text.
    expect(engine.handles('html', '<div id="app"></div>\n<script>\n  app.innerHTML = `<input onchange="go()" />`;\n</script>\n')).toBe(true);
  });

  it('take the shell, Python, JSON, TypeScript, JavaScript, Go, Ruby, C#, PHP, YAML, Rust, HTML, CSS and Java fence names', () => {
    expect(Object.keys(NATIVE_LANGUAGES).sort()).toEqual(['bash', 'c#', 'cjs', 'cs', 'csharp', 'css', 'cts', 'go', 'golang', 'htm', 'html', 'java', 'javascript', 'js', 'json', 'jsx', 'mjs', 'mts', 'php', 'py', 'python', 'rb', 'rs', 'ruby', 'rust', 'sh', 'shell', 'shellscript', 'ts', 'tsx', 'typescript', 'yaml', 'yml', 'zsh']);
  });

  it('load on a worker thread, as builds render pages', async () => {
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       const Parser = require(${JSON.stringify(TREE_SITTER)});
       const p = new Parser();
       p.setLanguage(require('tree-sitter-bash'));
       parentPort.postMessage(p.parse('echo hi').rootNode.toString());`,
      { eval: true },
    );
    const message = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(message).toBe('(program (command name: (command_name (word)) argument: (word)))');
  });
});
