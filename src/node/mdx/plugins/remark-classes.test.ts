import { describe, expect, it } from 'vitest';
import { compile } from './test-helpers.js';

describe('Tailwind classes a page writes', () => {
  it('are found in JSX passed as an attribute, as in a card title', async () => {
    const out = await compile('<Card title={<div className="flex items-center"><span className="rounded-xl px-2">v1</span> Explaining</div>} href="/a">\n  x\n</Card>\n\n<p className="mt-4">y</p>\n');
    expect(out.classes).toEqual(['flex', 'items-center', 'mt-4', 'px-2', 'rounded-xl']);
  });

  it('are not taken from strings that are not classes', async () => {
    const out = await compile('<Card title={"flex gap-4"} href="/a">x</Card>\n');
    expect(out.classes ?? []).toEqual([]);
  });
});
