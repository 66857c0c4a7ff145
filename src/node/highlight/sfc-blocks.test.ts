import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { splitComponent } from './sfc-blocks.js';
import { createShikiHighlighter } from './shiki.js';
import { drawnColours, drawnLines } from './test-helpers.js';

const VUE = [
  '<template>',
  '  <button :disabled="count > 9" @click="increment">{{ count }} &amp; more</button>',
  '</template>',
  '',
  '<script setup lang="ts">',
  "import { ref } from 'vue'",
  'const count = ref<number>(0)',
  'function increment(): void { count.value++ }',
  '</script>',
  '',
  '<style scoped>',
  'button { color: #42b883; }',
  '</style>',
].join('\n');

const SVELTE = [
  '<script lang="ts">',
  '  export let name: string = "world";',
  '</script>',
  '',
  '{#if name}',
  '  <h1 class="title">Hello {name.toUpperCase()}!</h1>',
  '{/if}',
  '',
  '<style lang="scss">',
  '  .title { color: $brand; }',
  '</style>',
].join('\n');

describe('Vue and Svelte components: scripts and styles highlighted as blocks of their own', () => {
  const shiki = createShikiHighlighter({ engine: 'shiki' });
  const hybrid = createShikiHighlighter();
  const alone = async (lang: string, code: string) => drawnLines((await hybrid.highlight({ code, lang })).html);

  it.each([
    ['vue', VUE, [[6, 8, 'ts'], [12, 12, 'css']], ['tree-sitter-typescript', 'tree-sitter-css']],
    ['svelte', SVELTE, [[2, 2, 'ts'], [10, 10, 'scss']], ['tree-sitter-typescript']],
  ] as const)("colours a %s component's template as Shiki does, and each block's code as the same code alone", async (lang, code, blocks, natives) => {
    // The blocks tree-sitter takes were given to it: the grammar's colours for them can be the same.
    const require = createRequire(import.meta.url);
    const asked: string[] = [];
    const fresh = createShikiHighlighter({ loadNative: (id) => (asked.push(id), require(id)) });
    const [ours, reference] = await Promise.all([fresh.highlight({ code, lang }), shiki.highlight({ code, lang })]);
    expect(asked.filter((id) => id.startsWith('tree-sitter-'))).toEqual(natives);
    expect(drawnColours(ours.html).text).toBe(drawnColours(reference.html).text);
    const a = drawnLines(ours.html);
    const r = drawnLines(reference.html);
    const lines = code.split('\n');
    const inBlock = (n: number) => blocks.some(([from, to]) => n >= from && n <= to);
    for (let n = 1; n <= lines.length; n++) if (!inBlock(n)) expect(a[n - 1], `line ${n}: ${lines[n - 1]}`).toEqual(r[n - 1]);
    for (const [from, to, blockLang] of blocks) expect(a.slice(from - 1, to)).toEqual(await alone(blockLang, lines.slice(from - 1, to).join('\n')));
  });

  it.each([
    ['a script closed on a line of code', '<script>\nconst s = "</script>";\n</script>'],
    ['a script never closed', '<template>\n  <p>Hi</p>\n</template>\n<script setup>\nconst a = 1'],
    ['a script holding a template', '<script type="text/x-template" id="row">\n  <li>{{ item }}</li>\n</script>'],
    ['a script in a language the grammar names', '<script lang="coffee">\nx = 1\n</script>'],
  ])('leaves %s to the grammar', async (_, code) => {
    expect(splitComponent(code)).toBeUndefined();
    const [ours, reference] = await Promise.all([hybrid.highlight({ code, lang: 'vue' }), shiki.highlight({ code, lang: 'vue' })]);
    expect(ours.html).toBe(reference.html);
  });

  it('cuts out the lines between a tag alone on its line and the closing tag alone on its line', () => {
    const code = '<script setup lang="tsx">\nconst a = <b />\n</script>\n<style lang="less">\n@c: red;\n  </style>\n<style>\n</style>';
    expect(splitComponent(code)).toEqual({
      shell: '<script setup lang="tsx">\n\n</script>\n<style lang="less">\n\n  </style>\n<style>\n</style>',
      blocks: [
        { lang: 'tsx', first: 1, last: 1 },
        { lang: 'less', first: 4, last: 4 },
      ],
      lines: code.split('\n'),
    });
  });

  it('is the same as Shiki for a component with CRLF line ends', async () => {
    const code = VUE.replace(/\n/g, '\r\n');
    const [a, r] = await Promise.all([hybrid.highlight({ code, lang: 'vue' }), shiki.highlight({ code, lang: 'vue' })]);
    expect(a.html).toBe(r.html);
  });
});
