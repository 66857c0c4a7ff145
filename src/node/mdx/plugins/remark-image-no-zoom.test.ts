import { describe, expect, it } from 'vitest';
import { html } from './test-helpers.js';

describe('remark-image-no-zoom', () => {
  it('keeps noZoom as data-no-zoom for the client', async () => {
    expect(await html('<img src="/a.png" alt="A" noZoom />\n')).toContain('data-no-zoom=""');
    expect(await html('<img src="/a.png" alt="A" />\n')).not.toContain('data-no-zoom');
  });

  it('keeps Tailwind theme classes on images', async () => {
    const out = await html('<img className="block dark:hidden" src="/l.png" />\n<img class="hidden dark:block" src="/d.png" />\n');
    expect(out).toContain('class="block dark:hidden"');
    expect(out).toContain('class="hidden dark:block"');
  });
});
