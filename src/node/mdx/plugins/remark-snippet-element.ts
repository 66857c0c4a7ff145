import type {} from '../vfile-data.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { diag } from '../../diagnostics/catalogue.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SnippetImport } from '../compiler.js';

export interface SnippetElementOptions {
  root: string;
}

/** Folders `<Snippet file="x.mdx" />` looks in, in order (Mintlify's, and the underscore form some projects use). */
const FOLDERS = ['snippets', '_snippets'];

/**
 * `<Snippet file="x.mdx" />` (Mintlify's older form of a snippet import) goes through the same
 * mechanism as `import X from '/snippets/x.mdx'`: the element is renamed to a generated name that
 * is recorded as a snippet of the page, so the snippet is compiled on its own and passed in as a
 * component; other attributes become its props. A file that does not exist is a warning and a
 * placeholder, like an unresolved import. Runs after remark-imports (it adds to what that plugin
 * records) and before remark-missing-components.
 */
export default function remarkSnippetElement(options: SnippetElementOptions) {
  return (tree: Root, file: VFile) => {
    const snippets: SnippetImport[] = (file.data.snippets ??= []);
    const defined: string[] = (file.data.defined ??= []);
    const unresolved: string[] = (file.data.unresolvedImports ??= []);
    const diagnostics: Diagnostic[] = (file.data.diagnostics ??= []);
    const names = new Map<string, string>();
    if (!/<\s*Snippet\b/.test(String(file.value))) return;

    visit(tree, (node) => {
      if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || node.name !== 'Snippet') return;
      const attr = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'file');
      const specifier = typeof attr?.value === 'string' ? attr.value : '';
      const resolved = specifier ? resolveSnippetFile(specifier, options.root) : null;
      if (!resolved) {
        if (!unresolved.includes('Snippet')) unresolved.push('Snippet');
        const pos = node.position?.start;
        diagnostics.push(diag('page/import-not-found', { specifier: specifier || '<Snippet> without file' }, { file: file.path, line: pos?.line, column: pos?.column }));
        return;
      }
      let name = names.get(resolved) ?? snippets.find((s) => s.file === resolved)?.name;
      if (!name) {
        name = `KilnSnippet${names.size}`;
        snippets.push({ name, file: resolved });
        defined.push(name);
      }
      names.set(resolved, name);
      node.name = name;
      node.attributes = node.attributes.filter((a) => a !== attr);
    });
  };
}

/** `x.mdx` → `<root>/snippets/x.mdx` (or `_snippets/`); `/snippets/x.mdx` is from the root. Never outside the root. */
export function resolveSnippetFile(specifier: string, root: string): string | null {
  if (!/\.mdx?$/i.test(specifier)) return null;
  const candidates = specifier.startsWith('/')
    ? [path.join(root, specifier)]
    : [...FOLDERS.map((f) => path.join(root, f, specifier)), path.join(root, specifier)];
  for (const abs of candidates) {
    const rel = path.relative(root, abs);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    if (existsSync(abs)) return abs;
  }
  return null;
}
