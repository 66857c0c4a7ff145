import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { createProcessor } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { splitFrontMatter } from '../content/frontmatter.js';
import { lastGiveUp, parseNative } from './native-parse.js';
import remarkMath from './plugins/remark-math.js';

// For the tests that hold the native parser's tree beside the JS parser's (positions, ESTree and
// all): native-parse.test.ts on small cases and the example, native-parse.corpus.test.ts on the corpus.

/** The parse @mdx-js/mdx does in mdxjs.ts: remark-parse, remark-mdx, remark-gfm, Kiln's math syntax. */
export const js = createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm, remarkMath] });

export type Outcome = { kind: 'same' } | { kind: 'gave-up'; why: string } | { kind: 'both-reject' } | { kind: 'differ' | 'js-rejects'; detail: string };

export function compare(source: string): Outcome {
  let expected: unknown;
  let rejected: unknown;
  try {
    expected = js.parse(source);
  } catch (error) {
    rejected = error;
  }
  const tree = parseNative(source);
  if (!tree) return rejected ? { kind: 'both-reject' } : { kind: 'gave-up', why: lastGiveUp ?? '' };
  if (rejected) return { kind: 'js-rejects', detail: String((rejected as Error).message) };
  return isDeepStrictEqual(tree, expected) ? { kind: 'same' } : { kind: 'differ', detail: firstDifference(tree, expected, 'root') ?? '' };
}

function firstDifference(a: unknown, b: unknown, at: string): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    if (d) return d;
  }
  return Object.getPrototypeOf(a) === Object.getPrototypeOf(b) ? undefined : `${at}: prototypes differ`;
}

/** A page's body as the compiler gets it (front matter blanked). */
export const body = (file: string) => splitFrontMatter(readFileSync(file, 'utf8'), file).body;
