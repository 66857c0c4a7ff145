import { argsOf, diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame, offsetToLineColumn } from '../diagnostics/frame.js';
import type { Glyph, IconLibrary } from './libraries.js';
import { classifyIcon, lookupIcon, type IconIssues, type ResolvedIcon } from './resolve.js';

/** How the libraries are named in messages. */
export const LIBRARY_NAMES: Record<IconLibrary, string> = { fontawesome: 'Font Awesome', lucide: 'Lucide', tabler: 'Tabler' };

type Where = Partial<Pick<Diagnostic, 'file' | 'line' | 'column' | 'jsonPath' | 'frame'>>;
/** How a name resolved: the stand-in shown, unless it is unknown. */
type Resolution = { match: ResolvedIcon['match']; glyph?: Glyph };

/**
 * The finding for an icon that is not shown as asked: `icon/unknown` (a warning: the default icon
 * is shown), or a note for a Font Awesome Pro name shown as a free look-alike and for a name taken
 * from another library than the site's. Undefined when the icon is shown as asked.
 */
export function iconFinding(name: string, resolved: Resolution, library: IconLibrary | undefined, where: Where): Diagnostic | undefined {
  switch (resolved.match) {
    case 'unknown':
      return diag('icon/unknown', { name }, where);
    case 'pro':
      return diag('icon/pro-substitute', { name, shown: resolved.glyph!.name }, where);
    case 'library':
      return diag('icon/other-library', { name, library: LIBRARY_NAMES[library ?? 'fontawesome'], from: LIBRARY_NAMES[resolved.glyph!.library], shown: resolved.glyph!.name }, where);
    default:
      return undefined;
  }
}

/** The name an `icon/unknown` warning is about (the report lists the icons shown as the default). */
export function unknownIconName(d: Pick<Diagnostic, 'code' | 'args'>): string | undefined {
  return argsOf(d, 'icon/unknown')?.name;
}

/**
 * Icons of a page that are not shown as asked become findings with a position.
 *
 * Components resolve icons while React renders, where source positions are gone; the resolver
 * records the names (`collectIconIssues` around the page's render), and this finds where each is
 * written: every `icon="name"` / `icon={'name'}` / `icon: name` in the page file (front matter
 * included), else in the snippets the page imports. A name built by an expression, found nowhere,
 * is reported on the page file without a line.
 *
 * The page's own front matter `icon` shows in the sidebar, which is rendered once per section
 * outside the page's render, so it is checked here directly.
 */
export async function pageIconDiagnostics(
  page: { file: string; body: string; frontMatter: { icon?: unknown; iconType?: unknown } },
  issues: IconIssues,
  snippetFiles: readonly string[],
  readFile: (file: string) => Promise<string>,
  library?: IconLibrary,
): Promise<Diagnostic[]> {
  const found = new Map<string, Resolution>();
  for (const name of issues.unknown) found.set(name, { match: 'unknown' });
  for (const s of issues.substituted) found.set(s.name, s);
  const fm = page.frontMatter.icon;
  if (typeof fm === 'string' && !found.has(fm)) {
    const source = classifyIcon(fm);
    if (source.kind === 'name') {
      const resolved = lookupIcon(source.name, typeof page.frontMatter.iconType === 'string' ? page.frontMatter.iconType : undefined, library);
      if (resolved.match !== 'exact' && resolved.match !== 'style') found.set(fm, resolved);
    }
  }
  if (found.size === 0) return [];

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
  // Warnings first, then notes, each in order of first use.
  const ordered = [...found].sort(([, a], [, b]) => Number(a.match !== 'unknown') - Number(b.match !== 'unknown'));
  for (const [name, resolved] of ordered) {
    let located = false;
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
        out.push(iconFinding(name, resolved, library, { file: entry.file, line, column, frame: codeFrame(entry.source, line, column) })!);
        located = true;
      }
      if (located) break;
    }
    if (!located) out.push(iconFinding(name, resolved, library, { file: page.file })!);
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
