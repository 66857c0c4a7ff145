import path from 'node:path';
import { parse } from 'acorn';
import type { RawSourceMap } from 'source-map-js';
import type { ImportDeclaration, Node, Program } from 'estree';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';
import type { CompileInput, CompileOutput, IslandSource, SnippetImport } from './compiler.js';
import { freeNames, renderedNames } from './free-names.js';
import { analyseComponents } from './island-analysis.js';
import { islandId } from './island-id.js';
import { classNamesIn } from './plugins/remark-classes.js';
import { resolveSnippet } from './plugins/remark-imports.js';
import { IMPORT_META } from './plugins/recma-module-scope.js';
import { SCOPE_NAMES } from './plugins/recma-islands.js';

/** Packages a script snippet may import: React itself (Mintlify allows no others). */
export const PROVIDED_PACKAGES = new Set(['react', 'react/jsx-runtime', 'react-dom']);

const IMPORT_META_ENV = JSON.stringify(IMPORT_META.env);

type Loader = IslandSource['loader'];

/** .jsx and .js may hold JSX (Mintlify's React components are often .js); .ts cannot (`<T>` is a type there). */
function loaderOf(file: string): Loader {
  const ext = path.extname(file).toLowerCase();
  return ext === '.tsx' ? 'tsx' : ext === '.ts' ? 'ts' : 'jsx';
}

/**
 * Compiles a script snippet (Mintlify's React components and data: `.jsx`, `.tsx`, `.js`, `.ts`)
 * with esbuild. What comes out is what an MDX snippet gives: its imports of other snippets, the
 * names it uses from Kiln's scope (React's hooks without importing them, the built-in components,
 * `user`), its islands (the same rules as `export const` components: mdx/island-analysis.ts), its
 * Tailwind classes; and, to run it on the server, a CommonJS body (render/run.ts `runScript`).
 */
export async function compileScript(input: CompileInput, builtins: ReadonlySet<string>): Promise<CompileOutput> {
  const { source, file, root } = input;
  const diagnostics: Diagnostic[] = [];
  const failed = (reason: string, line?: number, column?: number): CompileOutput => ({
    kind: 'failed', toc: [], snippets: [], missing: [],
    diagnostics: [...diagnostics, diag('page/compile-failed', { reason }, { file, line, column, frame: line ? codeFrame(source, line, column ?? 1) : undefined })],
  });
  const esbuild = await import('esbuild');
  const loader = loaderOf(file);
  let esm: string;
  try {
    esm = (await esbuild.transform(source, {
      loader, format: 'esm', jsx: 'automatic', target: 'es2022', sourcefile: file, logLevel: 'silent',
      define: { 'import.meta.env': IMPORT_META_ENV },
    })).code;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } | null }[] }).errors?.[0];
    return failed(first?.text ?? (error as Error).message, first?.location?.line, first?.location ? first.location.column + 1 : undefined);
  }
  let program: Program;
  try {
    program = parse(esm, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Program;
  } catch (error) {
    return failed((error as Error).message);
  }

  // Imports: snippets of the project become values passed in; React is provided; the rest is a placeholder.
  const snippets: SnippetImport[] = [];
  const requires: Record<string, string | null> = {};
  const unresolved: string[] = [];
  const defaults: Record<string, string> = {};
  for (const stmt of program.body) {
    if (stmt.type !== 'ImportDeclaration') continue;
    const specifier = String((stmt as ImportDeclaration).source.value);
    if (PROVIDED_PACKAGES.has(specifier)) continue;
    const resolved = resolveSnippet(specifier, root, file);
    requires[specifier] = resolved;
    for (const s of stmt.specifiers) {
      if (!resolved && s.type === 'ImportDefaultSpecifier') defaults[specifier] = s.local.name;
      if (!resolved) unresolved.push(s.local.name);
      else if (s.type === 'ImportDefaultSpecifier') snippets.push({ name: s.local.name, file: resolved, ...(/\.mdx?$/i.test(resolved) ? {} : { export: 'default' }) });
      else if (s.type === 'ImportNamespaceSpecifier') snippets.push({ name: s.local.name, file: resolved, export: '*' });
      else snippets.push({ name: s.local.name, file: resolved, export: s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value) });
    }
    if (!resolved) diagnostics.push(diag('page/import-not-found', { specifier }, at(source, file, quoted(specifier))));
  }

  // Names from Kiln's scope, and components rendered that nothing defines.
  const known = (n: string) => (SCOPE_NAMES as readonly string[]).includes(n) || n === 'user' || builtins.has(n);
  const free = freeNames(program);
  const scope = [...free.keys()].filter(known);
  const rendered = renderedNames(program as Node);
  const missing = [...unresolved];
  for (const [name, uses] of free) {
    if (known(name) || !/^[A-Z]/.test(name) || !uses.some((u) => rendered.has(u))) continue;
    missing.push(name);
    diagnostics.push(diag('page/unknown-component', { name }, at(source, file, new RegExp(`<${name}\\b`))));
  }

  const { components, stateful, client, serverOnly } = analyseComponents(program.body, builtins);
  for (const { component, builtin } of serverOnly) diagnostics.push(diag('islands/server-only-component', { name: component, builtin }, at(source, file, new RegExp(`<${builtin}\\b`))));
  // Islands are named by what the module exports them as.
  const exportsAs = new Map<string, string[]>();
  const exported: string[] = [];
  const exportAs = (local: string, as: string) => {
    exported.push(as);
    exportsAs.set(local, [...(exportsAs.get(local) ?? []), as]);
  };
  for (const stmt of program.body) {
    if (stmt.type === 'ExportNamedDeclaration') {
      const d = stmt.declaration;
      if (d?.type === 'VariableDeclaration') for (const v of d.declarations) { if (v.id.type === 'Identifier') exportAs(v.id.name, v.id.name); }
      else if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id) exportAs(d.id.name, d.id.name);
      for (const s of stmt.specifiers) {
        const local = s.local.type === 'Identifier' ? s.local.name : String(s.local.value);
        exportAs(local, s.exported.type === 'Identifier' ? s.exported.name : String(s.exported.value));
      }
    } else if (stmt.type === 'ExportDefaultDeclaration') {
      const d = stmt.declaration as Node;
      exportAs((d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id ? d.id.name : d.type === 'Identifier' ? d.name : 'default', 'default');
    }
  }
  const islandNames = (set: Set<string>) => [...components.keys()].filter((n) => set.has(n)).flatMap((n) => exportsAs.get(n) ?? []);
  const names = islandNames(stateful);

  // The body run on the server: from the source itself, so that a source map (asked to locate an error) is one step.
  let cjs: string;
  let map: string | undefined;
  try {
    const out = await esbuild.transform(source, {
      loader, format: 'cjs', jsx: 'automatic', target: 'es2022', sourcefile: file, logLevel: 'silent',
      define: { 'import.meta.env': IMPORT_META_ENV }, sourcemap: input.sourceMap ? 'external' : false,
    });
    cjs = out.code;
    map = out.map || undefined;
  } catch (error) {
    return failed((error as Error).message);
  }
  // Names from Kiln's scope and placeholders of unknown components; unresolved imports are `require()`d.
  const fromScope = [...scope, ...missing.filter((n) => !unresolved.includes(n))];
  // On the first line, so that the body's lines are esbuild's (its source map's).
  const prelude = fromScope.length ? `const { ${fromScope.join(', ')} } = _kilnScope; ` : '';

  const classes = new Set<string>();
  classNamesIn(program as Node, (value) => {
    if (typeof value === 'string') for (const c of value.split(/\s+/)) if (c && c.length < 200) classes.add(c);
  });
  const islands: IslandSource = {
    id: islandId(root, file, source, { imports: requires }),
    file, names, client: islandNames(client), source, loader, exports: [...new Set(exported)],
    scope: fromScope, imports: requires, bindings: [],
  };
  return {
    kind: 'script',
    script: { code: prelude + cjs, requires, defaults },
    toc: [],
    snippets,
    missing,
    diagnostics,
    classes: classes.size ? [...classes].sort() : undefined,
    islands,
    ...(map ? { map: JSON.parse(map) as RawSourceMap } : {}),
  };
}

const quoted = (specifier: string) => new RegExp(`(['"])${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`);

/** Where `pattern` first matches in the file as written (esbuild's output has other positions). */
function at(source: string, file: string, pattern: RegExp): { file: string; line?: number; column?: number; frame?: string } {
  const m = pattern.exec(source);
  if (!m) return { file };
  const { line, column } = offsetToLineColumn(source, m.index);
  return { file, line, column, frame: codeFrame(source, line, column) };
}
