import type {} from '../vfile-data.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Program } from 'estree';
import type { Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { VFile } from 'vfile';
import { diag } from '../../diagnostics/catalogue.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { SnippetImport } from '../compiler.js';

export interface ImportsOptions {
  root: string;
}

/**
 * Takes `import` statements out of the page and records what they bind. Imports of snippet files
 * of the project (.mdx, .md, and Mintlify's React components in .jsx, .tsx, .js, .ts) are compiled
 * on their own and their values passed in (render/page.tsx); anything else (packages, missing
 * files) cannot be loaded in a docs build, so its names become placeholders with a warning.
 * `export const` names are recorded as defined by the page.
 */
export default function remarkImports(options: ImportsOptions) {
  return (tree: Root, file: VFile) => {
    const snippets: SnippetImport[] = [];
    const unresolved: string[] = [];
    const defined = new Set<string>();
    const diagnostics: Diagnostic[] = (file.data.diagnostics ??= []);

    tree.children = tree.children.filter((node) => {
      if (node.type !== 'mdxjsEsm') return true;
      const esm = node as MdxjsEsm;
      const program = esm.data?.estree as Program | undefined;
      if (!program) return true;
      program.body = program.body.filter((stmt) => {
        if (stmt.type === 'ExportNamedDeclaration' && stmt.declaration) {
          const decl = stmt.declaration;
          if (decl.type === 'VariableDeclaration') {
            for (const d of decl.declarations) if (d.id.type === 'Identifier') defined.add(d.id.name);
          } else if ((decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration') && decl.id) {
            defined.add(decl.id.name);
          }
          return true;
        }
        if (stmt.type !== 'ImportDeclaration') return true;
        const specifier = String(stmt.source.value);
        // React and its hooks are in scope on every page (recma-islands.ts), as real pages expect.
        if (specifier === 'react' && stmt.specifiers.every((s) => s.type !== 'ImportSpecifier' || (s.imported.type === 'Identifier' && s.imported.name === s.local.name))) return false;
        const resolved = resolveSnippet(specifier, options.root, file.path);
        for (const s of stmt.specifiers) {
          // A script's default export is a value like its others; an MDX file's default is its content.
          if (resolved && s.type === 'ImportDefaultSpecifier') snippets.push({ name: s.local.name, file: resolved, ...(SCRIPT.test(resolved) ? { export: 'default' } : {}) });
          else if (resolved && s.type === 'ImportNamespaceSpecifier') snippets.push({ name: s.local.name, file: resolved, export: '*' });
          else if (resolved && s.type === 'ImportSpecifier') {
            const exported = s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value);
            snippets.push({ name: s.local.name, file: resolved, export: exported });
          }
          else unresolved.push(s.local.name);
        }
        if (!resolved) {
          const line = stmt.loc?.start.line ?? esm.position?.start.line;
          const column = stmt.loc ? stmt.loc.start.column + 1 : esm.position?.start.column;
          diagnostics.push(diag('page/import-not-found', { specifier }, { file: file.path, line, column }));
        }
        return false;
      });
      return program.body.length > 0;
    });

    file.data.snippets = snippets;
    file.data.unresolvedImports = unresolved;
    file.data.defined = [...defined, ...snippets.map((s) => s.name)];
  };
}

/** Snippets that are code (Mintlify's React components and data), compiled by mdx/script.ts. */
export const SCRIPT = /\.(jsx|tsx|js|ts)$/i;

/** The project file an import names (`/snippets/x.mdx` from the root, `./x.jsx` from `from`), or null. */
export function resolveSnippet(specifier: string, root: string, from: string): string | null {
  if (!/\.mdx?$/i.test(specifier) && !SCRIPT.test(specifier)) return null;
  const abs = specifier.startsWith('/')
    ? path.join(root, specifier)
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!abs) return null;
  // Imports must stay inside the project.
  if (path.relative(root, abs).startsWith('..')) return null;
  return existsSync(abs) ? abs : null;
}
