import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { html } from '../../mdx/plugins/test-helpers.js';
import { builtinComponents } from './index.js';
import { Tree } from './tree.js';
import { placeholders, withMissingBoxes } from './misc.js';

describe('components nothing provides', () => {
  it('never fail a page, dotted names included', async () => {
    const out = await html('<Chart.Legend>Legend</Chart.Legend>\n\n<Tree>\n  <Tree.Leaf>Leaf</Tree.Leaf>\n</Tree>\n\n<motion.div>Moving</motion.div>\n\n<A.B.C>Deep</A.B.C>\n');
    expect(out).toBe('<p>Legend</p>\n<div class="file-tree"><ul class="tree-list" aria-label="Files"><p>Leaf</p></ul></div>\n<p>Moving</p>\n<p>Deep</p>');
  });

  it('hang members off a copy of a built-in, never off the shared one', () => {
    const own = placeholders(['Tree.Leaf', 'Chart', 'Chart.Legend'], builtinComponents);
    expect((own.Tree as unknown as Record<string, unknown>).Leaf).toBeTypeOf('function');
    expect((own.Tree as unknown as Record<string, unknown>).Folder).toBe(Tree.Folder);
    expect((Tree as unknown as Record<string, unknown>).Leaf).toBeUndefined();
    expect((own.Chart as unknown as Record<string, unknown>).Legend).toBeTypeOf('function');
  });

  it('are links and images when named Link and Image, and boxes naming them in kiln dev', () => {
    const { Link, Image, Chip } = placeholders(['Link', 'Image', 'Chip'], builtinComponents) as Record<string, (p: object) => JSX.Element>;
    expect(renderToStaticMarkup(<Link href="/x">go</Link>)).toBe('<a href="/x">go</a>');
    expect(renderToStaticMarkup(<Image src="/a.png" alt="A" />)).toMatch(/<img src="\/a.png" alt="A"\/>$/);
    expect(renderToStaticMarkup(<Chip>text</Chip>)).toBe('text');
    expect(withMissingBoxes(true, () => renderToStaticMarkup(<Chip>text</Chip>))).toBe('<span class="missing-component" data-component="Chip"><span class="missing-component-label">Unknown component &lt;Chip&gt;</span>text</span>');
  });
});
