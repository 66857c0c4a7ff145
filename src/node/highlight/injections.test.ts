import { bundledLanguages } from 'shiki';
import { describe, expect, it } from 'vitest';
import { INJECTOR_HOSTS, insideHosts } from './injections.js';
import { createShikiHighlighter } from './shiki.js';
import { drawnColours } from './test-helpers.js';

const MARKDOWN = 'Hello <span v-if="ok" @click="go">{{ count + 1 }}</span>, see <b>this</b>.\n\n> ```js\n> const a = 1;\n> ```\n';
const VUE = '<template>\n  <button :disabled="n > 9" @click="add">{{ n }} more</button>\n</template>\n';

describe('grammars injecting into other languages', () => {
  it('are those Shiki bundles, each with the scopes of the languages that load it', async () => {
    const hosts: Record<string, Set<string>> = {};
    for (const [id, load] of Object.entries(bundledLanguages)) {
      const grammars = (await load()).default;
      const own = new Set(grammars.map((g) => g.scopeName));
      const main = grammars.find((g) => g.name === id)?.scopeName ?? `(no grammar named ${id})`;
      for (const g of grammars) if (g.injectTo?.some((scope) => !own.has(scope))) (hosts[g.name] ??= new Set()).add(main);
    }
    expect(Object.fromEntries(Object.entries(hosts).map(([name, scopes]) => [name, [...scopes].sort()]))).toEqual(
      Object.fromEntries(Object.entries(INJECTOR_HOSTS).map(([name, scopes]) => [name, [...scopes].sort()])),
    );
  });

  it('apply only inside a host: each part of the selector, priority first, once per host', () => {
    expect(insideHosts('L:meta.tag -meta.attribute, L:(a | b) -c', ['text.html.vue', 'source.x'])).toBe(
      'L:text.html.vue (meta.tag - meta.attribute), L:source.x (meta.tag - meta.attribute), L:text.html.vue (( a | b ) - c), L:source.x (( a | b ) - c)',
    );
    expect(insideHosts('text.html.markdown', ['source.nix'])).toBe('source.nix (text.html.markdown)');
  });

  it('leave a Markdown block as it is alone when a Vue block came first, and a Vue block as it is alone', async () => {
    const alone = async (lang: string, code: string) => (await createShikiHighlighter().highlight({ code, lang })).html;
    const [markdown, vue] = [await alone('markdown', MARKDOWN), await alone('vue', VUE)];
    const afterVue = createShikiHighlighter();
    await afterVue.highlight({ code: VUE, lang: 'vue' });
    expect((await afterVue.highlight({ code: MARKDOWN, lang: 'markdown' })).html).toBe(markdown);
    const afterMarkdown = createShikiHighlighter();
    await afterMarkdown.highlight({ code: MARKDOWN, lang: 'markdown' });
    expect((await afterMarkdown.highlight({ code: VUE, lang: 'vue' })).html).toBe(vue);

    // Vue's directive and interpolation grammars (which Vue loads) did not read the Markdown's
    // inline HTML: `v-if` is an attribute like any other, `+` text; the tag name is HTML's.
    const colourOf = (html: string, text: string, at = 0) => {
      const d = drawnColours(html);
      return d.light[d.text.indexOf(text) + at];
    };
    const text = colourOf(markdown, 'Hello');
    expect(colourOf(markdown, 'v-if')).toBe(colourOf(markdown, 'click'));
    expect(colourOf(markdown, '+')).toBe(text);
    expect(colourOf(markdown, '<b>', 1)).not.toBe(text);
  });
});
