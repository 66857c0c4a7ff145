import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';
import { classifyIcon, isKnownIcon } from './resolve.js';

/**
 * Unknown icon names become `icon/unknown` warnings with a position.
 *
 * Components resolve icons while React renders, where source positions are gone; the resolver
 * records the names that did not resolve (`collectIconIssues` around the page's render), and
 * this finds where each is written: every `icon="name"` / `icon={'name'}` / `icon: name` in the
 * page file (front matter included), else in the snippets the page imports. A name built by an
 * expression, found nowhere, is reported on the page file without a line.
 *
 * The page's own front matter `icon` shows in the sidebar, which is rendered once per section
 * outside the page's render, so it is checked here directly.
 */
export async function unknownIconDiagnostics(
  page: { file: string; body: string; frontMatter: { icon?: unknown } },
  unknown: readonly string[],
  snippetFiles: readonly string[],
  readFile: (file: string) => Promise<string>,
): Promise<Diagnostic[]> {
  const names = [...unknown];
  const fm = page.frontMatter.icon;
  if (typeof fm === 'string') {
    const source = classifyIcon(fm);
    if (source.kind === 'font-awesome' && !isKnownIcon(source.name) && !names.includes(fm)) names.push(fm);
  }
  if (names.length === 0) return [];

  const read = async (file: string): Promise<string | undefined> => {
    try {
      return await readFile(file);
    } catch {
      return undefined;
    }
  };
  const files: { file: string; source: string | undefined }[] = [{ file: page.file, source: (await read(page.file)) ?? page.body }];
  let snippetsRead = false;

  const out: Diagnostic[] = [];
  for (const name of names) {
    let found = false;
    for (let i = 0; ; i++) {
      if (i === files.length && !snippetsRead) {
        snippetsRead = true;
        for (const file of snippetFiles) files.push({ file, source: await read(file) });
      }
      const entry = files[i];
      if (!entry) break;
      if (!entry.source) continue;
      for (const offset of occurrences(entry.source, name)) {
        const { line, column } = offsetToLineColumn(entry.source, offset);
        out.push(diag('icon/unknown', { name }, { file: entry.file, line, column, frame: codeFrame(entry.source, line, column) }));
        found = true;
      }
      if (found) break;
    }
    if (!found) out.push(diag('icon/unknown', { name }, { file: page.file }));
  }
  return out;
}

/** Offsets of the value in `icon="name"`, `icon={'name'}`, `icon: name` (front matter, objects). */
export function occurrences(source: string, name: string): number[] {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`\\bicon\\s*(?:=\\s*\\{?\\s*|:\\s*)(["'\`]?)${escaped}\\1(?![\\w-])`, 'g');
  const found: number[] = [];
  for (const m of source.matchAll(re)) found.push(m.index + m[0].length - name.length - m[1]!.length * 1);
  return found;
}
