import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanProject } from './scan.js';

const root = path.join(fileURLToPath(new URL('./fixtures/', import.meta.url)), 'snippet-folders');

describe('scanProject', () => {
  it('leaves out the snippets folders at the root only: deeper ones hold pages', async () => {
    const { pages } = await scanProject(root);
    expect(pages).toEqual(['guides/snippets/reuse.mdx', 'index.mdx', 'tools/_snippets/list.mdx']);
  });
});
