import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { html } from '../../mdx/plugins/test-helpers.js';
import { Tree } from './tree.js';

describe('Tree', () => {
  it('renders folders as details/summary (open with defaultOpen) and files as items', () => {
    const out = renderToStaticMarkup(
      <Tree>
        <Tree.Folder name="src" defaultOpen>
          <Tree.File name="index.ts" />
        </Tree.Folder>
        <Tree.Folder name="docs">
          <Tree.File name="a.mdx" />
        </Tree.Folder>
      </Tree>,
    );
    expect(out).toMatch(/^<div class="file-tree"><ul class="tree-list" aria-label="Files">/);
    expect(out).toMatch(/<details open=""><summary class="tree-label">.*src<\/summary>/);
    expect(out).toMatch(/<details><summary class="tree-label">.*docs<\/summary>/);
    expect(out).toContain('index.ts</span></li>');
  });

  it('is usable from MDX as Tree.Folder / Tree.File without warnings', async () => {
    const out = await html('<Tree>\n  <Tree.Folder name="app" defaultOpen>\n    <Tree.File name="page.tsx" />\n  </Tree.Folder>\n</Tree>\n');
    expect(out).toContain('class="file-tree"');
    expect(out).toContain('page.tsx');
    expect(out).not.toContain('missing-component');
  });
});
