/**
 * Grammars that inject into other languages' grammars, kept to the languages that load them. Vue's
 * grammars inject its interpolations and directives into Markdown and into the HTML grammar Markdown
 * reads raw HTML with, Nix's its code fences into Markdown, Angular's templates into HTML: once such
 * a language was loaded, every later block of the other language was read with them. A Markdown
 * block's `{{ … }}` then came out coloured or not depending on whether the thread had highlighted a
 * Vue block before it, and so differed between builds and between a build and `kiln dev`. A block's
 * colours follow from its own text (shiki.ts `lazyEmbeds`): such a grammar applies only inside a
 * block of a language that loads it, its selector put inside that language's scope.
 */

/**
 * Each grammar Shiki's languages load that injects into a scope outside what its language loads,
 * with the scopes of the languages that load it (their main grammar's). Taken from Shiki's bundle;
 * injections.test.ts holds it to the installed version.
 */
export const INJECTOR_HOSTS: Readonly<Record<string, readonly string[]>> = {
  'angular-let-declaration': ['text.html.derivative.ng', 'source.ts.ng'],
  'angular-template': ['text.html.derivative.ng', 'source.ts.ng'],
  'angular-template-blocks': ['text.html.derivative.ng', 'source.ts.ng'],
  'markdown-nix': ['source.nix'],
  'markdown-vue': ['text.html.vue'],
  'vue-directives': ['text.html.vue'],
  'vue-interpolations': ['text.html.vue'],
  'vue-sfc-style-variable-injection': ['text.html.vue'],
};

/** vscode-textmate's scope selector tokens. */
const TOKEN = /([LR]:|[\w.:][\w.:-]*|[,|\-()])/g;

/**
 * `selector` applied only inside one of `hosts`: each of its comma-separated parts, priority
 * (`L:`, `R:`) kept in front, becomes one part per host, `host (part)`, which matches where the
 * part did and the host's scope is on the stack.
 */
export function insideHosts(selector: string, hosts: readonly string[]): string {
  const parts: string[][] = [[]];
  let depth = 0;
  for (const [token] of selector.matchAll(TOKEN)) {
    if (token === '(') depth++;
    else if (token === ')') depth--;
    if (token === ',' && depth === 0) parts.push([]);
    else parts.at(-1)!.push(token);
  }
  return parts
    .filter((p) => p.length)
    .flatMap((p) => {
      const priority = /^[LR]:$/.test(p[0]!) ? p.shift()! : '';
      return hosts.map((host) => `${priority}${host} (${p.join(' ')})`);
    })
    .join(', ');
}

/** A grammar as loaded: an injecting one limited to its hosts (see above), any other as it is. */
export function injectingOnlyInHosts<T extends { name: string; injectionSelector?: string }>(grammar: T): T {
  const hosts = INJECTOR_HOSTS[grammar.name];
  if (!hosts || !grammar.injectionSelector) return grammar;
  return { ...grammar, injectionSelector: insideHosts(grammar.injectionSelector, hosts) };
}
