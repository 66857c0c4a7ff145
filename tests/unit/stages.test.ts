import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The pipeline's stages in order (ARCHITECTURE.md): a module may import from its own stage and
 * earlier ones, never from a later one. A name is a folder of src/node/, or a file directly in it.
 * The first row is what every stage may use; the last rows are the commands on top.
 */
const STAGES: string[][] = [
  ['diagnostics', 'icons', 'package-root.ts', 'project-path.ts', 'interrupt.ts', 'budgets.ts', 'client-assets.ts', 'site-handle.ts', 'satteri.ts', 'v8-flags.ts'],
  ['settings'],
  ['content', 'openapi', 'asyncapi'],
  ['mdx', 'markdown', 'highlight'],
  ['render'],
  ['seo', 'assets', 'search', 'site'],
  ['output', 'build', 'check'],
  ['server', 'dev'],
  ['init', 'migrate', 'rename', 'api.ts', 'cli'],
];

const SRC = path.resolve(fileURLToPath(new URL('../../src/', import.meta.url)));

/** Test files and test helpers set whole pipelines up: they are not part of one. */
const isTestSupport = (file: string) => /\.test\.tsx?$|(^|\/)test-helpers\.tsx?$/.test(file);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' || e.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** `node/render`, `node/api.ts`, `cli`, `shared`, `client`: where a file under src/ belongs. */
function area(file: string): string {
  const [top, second, third] = path.relative(SRC, file).split(path.sep);
  if (top !== 'node') return top!;
  return third === undefined ? `node/${second!.replace(/\.js$/, '.ts')}` : `node/${second}`;
}

function rank(a: string): number | undefined {
  if (a === 'cli') return STAGES.length - 1;
  const name = a.replace(/^node\//, '');
  const i = STAGES.findIndex((row) => row.includes(name));
  return i < 0 ? undefined : i;
}

/** Every relative import of every source file (static, `export … from`, `import type`, dynamic), read by TypeScript's own pre-parser. */
function imports(): { from: string; to: string }[] {
  return sources(SRC)
    .filter((f) => !isTestSupport(path.relative(SRC, f)))
    .flatMap((from) =>
      ts
        .preProcessFile(readFileSync(from, 'utf8'), true, true)
        .importedFiles.filter((r) => r.fileName.startsWith('.'))
        .map((r) => ({ from, to: path.resolve(path.dirname(from), r.fileName) })),
    );
}

const rel = (f: string) => path.relative(SRC, f);

describe('the pipeline stages', () => {
  const all = imports();

  it('reads real imports (a check of the reader, so the rule below cannot pass on nothing)', () => {
    const of = (file: string) => all.filter((i) => rel(i.from) === file).map((i) => rel(i.to));
    expect(of(path.join('node', 'check', 'check.ts'))).toContain(path.join('node', 'render', 'page.js'));
    expect(all.length).toBeGreaterThan(500);
  });

  it('places every folder of src/node in a stage', () => {
    const unplaced = [...new Set(all.flatMap((i) => [area(i.from), area(i.to)]))].filter((a) => a.startsWith('node/') && rank(a) === undefined);
    expect(unplaced, 'add these to STAGES').toEqual([]);
  });

  it('has no import from an earlier stage to a later one', () => {
    const backwards = all
      .filter(({ from, to }) => {
        const [a, b] = [area(from), area(to)];
        if (a === 'shared' || a === 'client' || b === 'shared' || b === 'client') return false;
        return rank(a)! < rank(b)!;
      })
      .map(({ from, to }) => `${rel(from)} → ${rel(to)}`);
    expect(backwards).toEqual([]);
  });

  it('keeps shared code apart: it imports only shared code, the browser code only itself and shared code', () => {
    const crossing = all
      .filter(({ from, to }) => {
        const [a, b] = [area(from), area(to)];
        if (a === 'shared') return b !== 'shared';
        if (a === 'client') return b !== 'client' && b !== 'shared';
        return b === 'client';
      })
      .map(({ from, to }) => `${rel(from)} → ${rel(to)}`);
    expect(crossing).toEqual([]);
  });
});
