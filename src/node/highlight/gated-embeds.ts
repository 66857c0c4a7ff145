import type { LanguageRegistration } from 'shiki';

/**
 * Languages a grammar embeds that a block can reach only through patterns needing some text.
 * Shiki loads a language with every grammar it embeds: an `http` block loaded GraphQL's grammar
 * and, through it, JavaScript's, TypeScript's, JSX's and TSX's (GraphQL colours `${…}` in them),
 * and XML's with Java's. That was the costliest first use left in the corpus, about 150 ms of a
 * thread's CPU, and none of its `http` blocks has a GraphQL or XML body.
 *
 * Here those embeds are lazy: a block loads them when its text has what the patterns including
 * them need (Shiki then reloads the grammar that embeds them, as it does for Markdown's fences).
 * Without that text no rule can reach them, so a block's colours are the same either way, and do
 * not depend on which blocks came before it. gated-embeds.test.ts checks each `when` against the
 * patterns of the installed grammars and compares the colours with the grammars loaded whole.
 */
export const GATED_EMBEDS: Readonly<Record<string, readonly Gate[]>> = {
  http: [
    // GraphQL bodies begin at `\s*(?=(query|mutation))`.
    { langs: ['graphql'], when: /query|mutation/ },
    // XML bodies begin at `^\s*(?=<\S)`; any line starting with `<` loads it.
    { langs: ['xml'], when: /^\s*</m },
  ],
  // Its only way into code is `\s*(\$\{)`, an interpolation.
  graphql: [{ langs: ['javascript', 'typescript', 'jsx', 'tsx'], when: /\$\{/ }],
};

export interface Gate {
  /** Languages (Shiki's ids) loaded together when `when` finds its text in a block. */
  readonly langs: readonly string[];
  readonly when: RegExp;
}

/** The gates of a language (Shiki's id). */
const gatesOf = (lang: string): readonly Gate[] => GATED_EMBEDS[lang] ?? [];

/**
 * A language's bundle (its grammar last, after every grammar it loads) with its gated embeds made
 * lazy, and the grammars only they needed left out. Other bundles come back as they are.
 */
export function withGatedEmbeds(bundle: LanguageRegistration[]): LanguageRegistration[] {
  if (!bundle.some((g) => GATED_EMBEDS[g.name])) return bundle;
  const made = new Map<string, LanguageRegistration>();
  for (const g of bundle) {
    const gated = new Set(gatesOf(g.name).flatMap((gate) => gate.langs));
    made.set(g.name, gated.size ? { ...g, embeddedLangs: (g.embeddedLangs ?? []).filter((l) => !gated.has(l)), embeddedLangsLazy: [...(g.embeddedLangsLazy ?? []), ...gated] } : g);
  }
  const kept = new Set<string>();
  const keep = (name: string) => {
    const g = made.get(name);
    if (!g || kept.has(name)) return;
    kept.add(name);
    for (const l of g.embeddedLangs ?? []) keep(l);
  };
  keep(bundle[bundle.length - 1]!.name);
  return [...made.values()].filter((g) => kept.has(g.name));
}
