import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontAwesome, iconLoadTime, lucide, parseSvgFile, readFaModule, tabler } from './libraries.js';

const require = createRequire(import.meta.url);

describe('Font Awesome modules read as text', () => {
  it.each(['solid', 'regular', 'brands'])('gives what loading each %s module gives', (style) => {
    const dir = path.dirname(require.resolve(`@fortawesome/free-${style}-svg-icons/package.json`));
    const files = readdirSync(dir).filter((f) => /^fa\w+\.js$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) {
      const { definition } = require(path.join(dir, f)) as { definition: { iconName: string; icon: [number, number, unknown, string, string] } };
      const [width, height, , , d] = definition.icon;
      expect(readFaModule(path.join(dir, f)), f).toEqual({ name: definition.iconName, width, height, paths: [d] });
    }
  }, 120_000);
});

describe('icon files', () => {
  it('are read one by one as names are asked, never a whole set', () => {
    const before = iconLoadTime();
    expect(fontAwesome('house', 'solid')).toMatchObject({ name: 'house', viewBox: '0 0 512 512' });
    expect(fontAwesome('home', 'solid')!.paths).toEqual(fontAwesome('house', 'solid')!.paths);
    expect(lucide('rocket')?.name).toBe('rocket');
    expect(tabler('rocket')?.name).toBe('rocket');
    expect(iconLoadTime()).toBeGreaterThan(before);
    const loaded = Object.keys(require.cache).filter((k) => /free-[a-z]+-svg-icons[\\/]index\.js$|tabler-nodes|icon-nodes\.json/.test(k));
    expect(loaded).toEqual([]);
  });

  it('are looked up by plain kebab-case names only', () => {
    for (const name of ['../package', 'a/b', 'House', 'x y', '', '-x']) {
      expect(fontAwesome(name, 'solid'), name).toBeUndefined();
      expect(lucide(name), name).toBeUndefined();
      expect(tabler(name), name).toBeUndefined();
    }
  });

  it("keep an SVG file's viewBox, presentation attributes and children, without Tabler's empty frame", () => {
    const source = '<!-- licence -->\n<svg\n  xmlns="http://www.w3.org/2000/svg"\n  width="24"\n  height="24"\n  viewBox="0 0 24 24"\n  fill="none"\n  stroke="currentColor"\n  stroke-width="2"\n  class="x"\n>\n  <path stroke="none" d="M0 0h24v24H0z" fill="none" />\n  <path d="M5 12l-2 0" />\n  <circle cx="12" cy="12" r="3" />\n</svg>\n';
    expect(parseSvgFile(source, 'tabler', 'x', 'outline')).toEqual({
      library: 'tabler',
      name: 'x',
      style: 'outline',
      viewBox: '0 0 24 24',
      attrs: { fill: 'none', stroke: 'currentColor', 'stroke-width': '2' },
      markup: '<path d="M5 12l-2 0"/><circle cx="12" cy="12" r="3"/>',
    });
    expect(parseSvgFile('not svg', 'lucide', 'x', 'outline')).toBeUndefined();
  });
});
