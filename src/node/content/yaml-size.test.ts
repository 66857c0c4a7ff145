import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './frontmatter.js';
import { expandsBeyond } from './yaml-size.js';

const laughs = (levels: number) => {
  const lines = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < levels; i++) lines.push(`l${i}: &l${i} [${Array(9).fill(i === 1 ? '*a' : `*l${i - 1}`).join(', ')}]`);
  return lines.join('\n');
};

describe('expandsBeyond', () => {
  it('counts aliases where they are used, and stops at the limit', () => {
    // The mapping, 1, the list, 2 and 3: five values.
    expect(expandsBeyond(yaml.load('a: 1\nb: [2, 3]'), 4)).toBe(true);
    expect(expandsBeyond(yaml.load('a: 1\nb: [2, 3]'), 5)).toBe(false);
    expect(expandsBeyond(yaml.load(laughs(3)), 1000)).toBe(false);
    expect(expandsBeyond(yaml.load(laughs(12)), 1_000_000)).toBe(true); // 9^12 values: stops early
  });

  it('ends on a cycle (an alias inside its own anchor)', () => {
    expect(expandsBeyond(yaml.load('a: &x [1, *x]'), 10_000)).toBe(true);
  });
});

describe('front matter with alias bombs', () => {
  it('is reported and ignored, not expanded', () => {
    // Its 9^12 values, expanded, would take hours: a test that returns at all did not expand them.
    const page = splitFrontMatter(`---\ntitle: Boom\n${laughs(12)}\n---\n\nBody\n`, '/p.mdx');
    expect(page.frontMatter.data).toEqual({});
    expect(page.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['page/invalid-frontmatter', 2, 'The front matter is not valid YAML: its aliases (*name) stand for more than 10,000 values.'],
    ]);
  });

  it('a cyclic alias too', () => {
    const page = splitFrontMatter('---\ntitle: Loop\nog:image: &a [*a]\n---\n', '/p.mdx');
    expect(page.diagnostics.map((d) => d.code)).toEqual(['page/invalid-frontmatter']);
  });
});
