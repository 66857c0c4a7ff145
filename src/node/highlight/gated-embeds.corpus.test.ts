import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module of the bench (no types); tests are not type-checked by tsc.
import { corpusBlocks, corpusRoot } from '../../../bench/corpus-blocks.mjs';
import { GATED_EMBEDS } from './gated-embeds.js';
import { createShikiHighlighter, languageOf } from './shiki.js';

type Block = { lang: string; code: string; site: string; file: string };

describe('gated embeds on the corpus', () => {
  it('give every block of a gated language the colours of its grammars loaded whole', async () => {
    const blocks = (corpusBlocks(corpusRoot(process.cwd())) as Block[]).filter((b) => languageOf(b.lang) in GATED_EMBEDS);
    expect(blocks.length).toBeGreaterThan(0);
    // One highlighter each, in page order, as a build's thread meets them.
    const gated = createShikiHighlighter();
    const whole = createShikiHighlighter({ gatedEmbeds: false });
    for (const b of blocks) {
      const [a, r] = await Promise.all([gated.highlight({ code: b.code, lang: b.lang }), whole.highlight({ code: b.code, lang: b.lang })]);
      expect(a.html, `${b.site} ${b.file}: ${b.code.slice(0, 80)}`).toBe(r.html);
    }
  });
});
