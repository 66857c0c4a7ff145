import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { resolvePath } from '../check/check.js';
import { normaliseEntry } from '../content/pages.js';
import { scanProject } from '../content/scan.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { offsetToLineColumn } from '../diagnostics/frame.js';
import { loadSettings } from '../settings/load.js';
import { formatPath } from '../settings/locate.js';
import { isExternalUrl, pageUrl } from '../../shared/urls.js';
import { findUrls, type UrlRange } from './references.js';
import { settingsEdits, type PageMove } from './settings-edits.js';

/**
 * `kiln rename <old> <new>`: moves a page and rewrites what points at it, so no link breaks:
 * links in every page and snippet (Markdown links and definitions, `href` attributes), the
 * navigation entries and internal links of the settings file, and a redirect from the old URL.
 * The moved page's own relative URLs (links, images, imports) are rewritten to keep pointing
 * where they did. Each URL is replaced in place, in the style it was written (root-relative or
 * relative, with or without `.mdx`, with its `#anchor`); nothing else of any file changes.
 */

export interface RenameOptions {
  root: string;
  /** The page: its path as the navigation writes it (`guides/setup`) or its file (`guides/setup.mdx`). */
  from: string;
  /** The new path, the same way; without an extension the page keeps its own. */
  to: string;
  /** Work out the changes without writing anything. */
  dryRun?: boolean;
}

export interface Change {
  /** Absolute path of the file as it is before the rename. */
  file: string;
  line: number;
  column: number;
  /** JSON path, for a change in the settings file. */
  jsonPath?: string;
  /** The text replaced (absent when something is added). */
  before?: string;
  after: string;
}

export interface RenameResult {
  /** Project-relative files of the page, before and after; absent when nothing could be done. */
  moved?: { from: string; to: string };
  changes: Change[];
  diagnostics: Diagnostic[];
}

/** Folders whose files are not pages (content/scan.ts leaves out the same ones). */
const NOT_PAGES = new Set(['node_modules', 'snippets', '_snippets', 'dist', '.kiln']);

/** Every .md/.mdx file of the project: pages and snippets (project-relative POSIX paths). */
async function mdxFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, rel: string) => {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (e.name.startsWith('.') || (e.isDirectory() && ['node_modules', 'dist'].includes(e.name))) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), r);
      else if (e.isFile() && /\.mdx?$/i.test(e.name)) out.push(r);
    }
  };
  await walk(root, '');
  return out.sort();
}

const dirOf = (id: string) => {
  const d = path.posix.dirname(id);
  return d === '.' ? '' : d;
};

/** `abs` (root-relative) as a path relative to the folder `dir`, written like `like`. */
function relative(dir: string, abs: string, like: string): string {
  let out = path.posix.relative('/' + dir, abs) || '.';
  if (abs.endsWith('/') && abs.length > 1 && !out.endsWith('/')) out += '/';
  if (like.startsWith('./') && !out.startsWith('.')) out = './' + out;
  return out;
}

interface Referrer {
  /** Page id the file's relative URLs resolve against, before and after the move. */
  oldId: string;
  newId: string;
  moved: boolean;
}

/** The new text of one URL, or undefined when it stays. */
function rewrite(u: UrlRange, at: Referrer, move: PageMove): string | undefined {
  const value = u.value.trim();
  if (!value || isExternalUrl(value) || value.startsWith('{')) return undefined;
  const [, p = '', rest = ''] = /^([^?#]*)(.*)$/.exec(value) ?? [];
  if (!p) return undefined;

  if (u.kind === 'link' && !(/\.[a-z0-9]+\/?$/i.test(p) && !/\.mdx?\/?$/i.test(p)) && resolvePath(p, at.oldId, true) === move.oldUrl) {
    const ext = /\.mdx?$/i.test(p) ? move.toExt : '';
    let abs = ext ? `/${move.toId}${ext}` : move.newUrl;
    if (p.length > 1 && p.endsWith('/') && abs !== '/') abs += '/';
    return (p.startsWith('/') ? abs : relative(dirOf(at.newId), abs, p)) + rest;
  }
  // The moved page's relative URLs keep pointing where they did.
  if (at.moved && !p.startsWith('/')) {
    const abs = path.posix.join('/', dirOf(at.oldId), p) + (p.endsWith('/') ? '/' : '');
    let out = relative(dirOf(at.newId), abs, p);
    // A module specifier without `./` would name a package.
    if (u.kind === 'import' && !out.startsWith('.')) out = './' + out;
    return out + rest;
  }
  return undefined;
}

/** How a replacement is written where the old URL was. */
function written(text: string, u: UrlRange): string {
  if (u.quote === '' && /[\s()<>]/.test(text)) return `<${text}>`;
  if (u.quote === '"' || u.quote === "'") return text.replaceAll(u.quote, u.quote === '"' ? '&quot;' : '&apos;');
  return text;
}

/** The page path given on the command line, resolved to a page file of the project. */
function findPage(pages: string[], given: string): string | undefined {
  const clean = given.trim().replace(/\\/g, '/').replace(/^\.?\/+/, '');
  if (/\.mdx?$/i.test(clean)) return pages.find((p) => p === clean);
  const id = normaliseEntry(clean);
  return pages.find((p) => p === `${id}.mdx`) ?? pages.find((p) => p === `${id}.md`);
}

export async function renamePage(options: RenameOptions): Promise<RenameResult> {
  const root = path.resolve(options.root);
  const fail = (diagnostics: Diagnostic[]): RenameResult => ({ changes: [], diagnostics });

  const { settings, diagnostics: settingsFindings } = await loadSettings(root);
  if (!settings) return fail(settingsFindings.filter((d) => d.severity === 'error'));
  const { pages } = await scanProject(root);

  const fromRel = findPage(pages, options.from);
  if (!fromRel) return fail([diag('rename/not-a-page', { page: options.from })]);
  const fromExt = path.posix.extname(fromRel);
  let toRel = options.to.trim().replace(/\\/g, '/').replace(/^\.?\/+/, '').replace(/\/+$/, '');
  if (!/\.mdx?$/i.test(toRel)) toRel += fromExt;
  toRel = path.posix.normalize(toRel);
  const toId = toRel.replace(/\.mdx?$/i, '');
  const fromId = fromRel.replace(/\.mdx?$/i, '');

  const segments = toRel.split('/');
  const invalid =
    segments[0] === '..' ? 'it is outside the docs folder'
    : segments.some((s) => s.startsWith('.')) ? 'a hidden file or folder is not published'
    : segments.slice(0, -1).some((s) => NOT_PAGES.has(s)) ? `files under ${segments.find((s) => NOT_PAGES.has(s))}/ are not pages`
    : toId === fromId ? 'it is the same page'
    : undefined;
  if (invalid) return fail([diag('rename/invalid-target', { target: options.to, reason: invalid })]);
  const taken = [toRel, `${toId}.mdx`, `${toId}.md`].find((f) => existsSync(path.join(root, f)));
  if (taken) return fail([diag('rename/target-exists', { target: taken })]);

  const move: PageMove = { fromId, toId, toExt: path.posix.extname(toRel), oldUrl: pageUrl(fromId), newUrl: pageUrl(toId) };
  const changes: Change[] = [];
  const diagnostics: Diagnostic[] = [];
  const writes: { file: string; text: string }[] = [];
  let movedText: string | undefined;

  for (const rel of await mdxFiles(root)) {
    const file = path.join(root, rel);
    const source = await fs.readFile(file, 'utf8');
    let urls: UrlRange[];
    try {
      urls = findUrls(source);
    } catch (error) {
      const e = error as { reason?: string; message: string; line?: number; column?: number };
      // mdast-util-mdx-jsx gives some positions only in the text: "… `<Card>` (8:1-8:28)".
      const [, line, column] = /\((\d+):(\d+)-\d+:\d+\)/.exec(e.reason ?? e.message) ?? [];
      diagnostics.push(diag('rename/unparsed-file', { reason: e.reason ?? e.message }, { file, line: e.line ?? (line ? Number(line) : undefined), column: e.column ?? (column ? Number(column) : undefined) }));
      if (rel === fromRel) movedText = source;
      continue;
    }
    const id = rel.replace(/\.mdx?$/i, '');
    const at: Referrer = rel === fromRel ? { oldId: id, newId: toId, moved: true } : { oldId: id, newId: id, moved: false };
    let text = '';
    let last = 0;
    for (const u of urls) {
      const next = rewrite(u, at, move);
      if (next === undefined) continue;
      const after = written(next, u);
      const before = source.slice(u.start, u.end);
      if (after === before) continue;
      changes.push({ file, ...offsetToLineColumn(source, u.start), before, after });
      text += source.slice(last, u.start) + after;
      last = u.end;
    }
    text += source.slice(last);
    if (rel === fromRel) movedText = text;
    else if (last > 0) writes.push({ file, text });
  }

  const settingsText = await fs.readFile(settings.file, 'utf8');
  const edited = settingsEdits(settingsText, move);
  for (const c of edited.changes) {
    const added = c.before === undefined; // the redirect's position is in the new text
    changes.push({ file: settings.file, ...offsetToLineColumn(added ? edited.text : settingsText, c.offset), jsonPath: formatPath(c.path), before: c.before, after: c.after });
  }

  if (!options.dryRun) {
    for (const w of writes) await fs.writeFile(w.file, w.text);
    if (edited.text !== settingsText) await fs.writeFile(settings.file, edited.text);
    const target = path.join(root, toRel);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(path.join(root, fromRel), target);
    if (movedText !== undefined) await fs.writeFile(target, movedText);
  }
  return { moved: { from: fromRel, to: toRel }, changes, diagnostics };
}
