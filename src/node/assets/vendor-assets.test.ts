import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vendorFileFor, vendorFiles } from './vendor-assets.js';

describe('vendor assets', () => {
  it('lists the KaTeX stylesheet with its fonts beside it, and the Mermaid bundle', () => {
    const math = vendorFiles('math');
    expect(math[0]!.url).toBe('/_kiln/katex/katex.min.css');
    expect(math.some((f) => f.url === '/_kiln/katex/fonts/KaTeX_Main-Regular.woff2')).toBe(true);
    expect(vendorFiles('mermaid').map((f) => f.url)).toEqual(['/_kiln/vendor/mermaid.min.js']);
    for (const f of [...math, ...vendorFiles('mermaid')]) expect(existsSync(f.file), f.file).toBe(true);
  });

  it('maps only those URLs to files', () => {
    expect(vendorFileFor('/_kiln/katex/katex.min.css')).toMatch(/katex[\\/]dist[\\/]katex\.min\.css$/);
    expect(vendorFileFor('/_kiln/vendor/mermaid.min.js')).toMatch(/mermaid\.min\.js$/);
    expect(vendorFileFor('/_kiln/vendor/../../package.json')).toBeNull();
    expect(vendorFileFor('/_kiln/katex/katex.js')).toBeNull();
    expect(vendorFileFor('/guides/page')).toBeNull();
  });
});
