import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_URL, type Page } from '../content/pages.js';
import { frontMatterBody } from '../content/frontmatter.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codeFrame } from '../diagnostics/frame.js';
import { compiled, type CompileOutput } from '../mdx/compiler.js';
import { closestLabels } from '../openapi/operations.js';
import { isGeneratedPath } from '../seo/outputs.js';
import { SCRIPT } from '../mdx/plugins/remark-imports.js';
import { compileSnippet, type Sandbox } from '../render/page.js';
import { substituteVariables } from '../content/variables.js';
import { buildPage, createEngines, loadSite, mapCache, siteReadFile, type Engines, type LoadedSite } from '../site/load.js';
import type { NavigationEntry, NavigationGroup, Settings } from '../settings/types.js';
import { settingPlace, type JsonPath } from '../settings/locate.js';
import { AA_TEXT } from '../../shared/colour.js';
import { matchAnchor } from '../../shared/anchor-key.js';
import { isExternalUrl, isHttpUrl, isRelativeUrl, resolveSitePath, trimTrailingSlash } from '../../shared/urls.js';
import { contrastPairs } from './contrast.js';
import { checkExternal, requestUrl, type ExternalOptions } from './external.js';
import { openApiLinks } from './openapi-links.js';
import { DEFAULT_BUDGETS, type PageBudgets } from '../budgets.js';
import { WorkerPool } from '../build/workers.js';
import { scanMdx, type MdxFacts, type Reference } from './scan-mdx.js';

export interface CheckOptions {
  root: string;
  /** Shared with other runs in the same process (tests); made on demand otherwise. */
  engines?: Engines;
  /** `--external`: also ask every external http(s) link whether it answers (see ./external.ts). */
  external?: boolean | ExternalOptions;
  /** What one page may take; default DEFAULT_BUDGETS. */
  budgets?: PageBudgets;
}

export interface CheckResult {
  root: string;
  diagnostics: Diagnostic[];
  /** Pages looked at (snippets not counted). */
  pages: number;
  ms: number;
}

/** One MDX file checked: a page, or a snippet some page imports. */
interface Checked {
  file: string;
  /** Page id the file's relative URLs resolve against (a snippet's: those of the pages that render it, see `includers`). */
  id: string;
  facts?: MdxFacts;
  out: CompileOutput;
}

/**
 * `kiln check`: every stage of a build but writing: each page is made as the build makes it
 * (compiled, run, rendered), so that what would fail or warn in a build is reported. Settings,
 * content, OpenAPI and page diagnostics come from the stages themselves; links, anchors, media,
 * conventions, versions and contrast are checked here.
 */
export async function checkSite(options: CheckOptions): Promise<CheckResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const exclude = [path.join(root, 'dist')];
  const { site, diagnostics } = await loadSite({ root, dev: false, exclude });
  const result = (pages: number): CheckResult => ({ root, diagnostics: dedupe(diagnostics), pages, ms: performance.now() - started });
  if (!site) return result(0);
  // Pages whose code must run are rendered on a worker under the page budgets, as a build renders them.
  let sandboxPool: Promise<WorkerPool | undefined> | undefined;
  const sandbox: Sandbox = async (page, compiled) => {
    const pool = await (sandboxPool ??= WorkerPool.start(1, { root, exclude, target: { base: '/' } }, options.budgets ?? DEFAULT_BUDGETS).catch(() => undefined));
    if (!pool) throw new Error('no worker could be started');
    return pool.render(page, false, compiled);
  };
  try {
    return await checkPages(site, diagnostics, options, sandbox, result);
  } finally {
    await (await sandboxPool)?.close();
  }
}

async function checkPages(site: LoadedSite, diagnostics: Diagnostic[], options: CheckOptions, sandbox: Sandbox, result: (pages: number) => CheckResult): Promise<CheckResult> {
  const root = site.root;

  const engines = options.engines ?? createEngines();

  const pages = [...site.content.pages.values()];
  const authored = pages.filter((p) => !isGenerated(p, root));
  const checked = new Map<string, Checked>(); // by page id
  const snippets = new Map<string, Promise<Checked>>(); // by file
  // Compiled pages and snippets, shared by the renders and the checks below.
  const cache = mapCache();
  const deps = { compiler: engines.compiler, cache, root, readFile: siteReadFile(site) };

  const factsOf = (file: string, source: string, out: CompileOutput): MdxFacts | undefined => {
    if (!compiled(out) || SCRIPT.test(file)) return undefined;
    try {
      return scanMdx(file, source);
    } catch {
      // The compiler accepted it; the scan is best effort.
      return undefined;
    }
  };
  const snippet = (file: string): Promise<Checked> => {
    let p = snippets.get(file);
    if (!p) {
      p = Promise.all([compileSnippet(file, deps), fs.readFile(file, 'utf8')]).then(([out, text]) => {
        diagnostics.push(...out.diagnostics);
        // The compiled snippet had the settings' `variables` put in (site/load.ts); a name they lack is reported here.
        const { text: source, diagnostics: unknown } = /\.mdx?$/i.test(file) ? substituteVariables(text, site.settings.variables, file) : { text, diagnostics: [] };
        diagnostics.push(...unknown);
        const id = path.relative(root, file).split(path.sep).join('/').replace(/\.mdx?$/i, '');
        return { file, id, facts: factsOf(file, frontMatterBody(source), out), out };
      });
      snippets.set(file, p);
      void p.then((s) => Promise.all(s.out.snippets.map((n) => snippet(n.file))));
    }
    return p;
  };

  for (const page of authored) {
    await openapiReference(site, page, diagnostics);
    await asyncapiReference(site, page, diagnostics);
    // The build's own production of the page (compile, run, render, with its snippets), so that a
    // page the build would leave out, or warn about, is reported here the same.
    const made = await buildPage(site, page, engines, cache, sandbox);
    diagnostics.push(...made.diagnostics);
    const out = await cache.get(page.file)!;
    const c: Checked = { file: page.file, id: page.id, facts: factsOf(page.file, page.body, out), out };
    checked.set(page.id, c);
    await Promise.all(c.out.snippets.map((s) => snippet(s.file)));
    conventions(page, c, diagnostics);
    if (!page.inNav && page.url !== '/' && page.url !== NOT_FOUND_URL && site.content.byUrl.get('/') !== page) diagnostics.push(diag('check/not-in-navigation', { url: page.url }, { file: page.file }));
  }
  // Snippets may import snippets: wait until no new ones appear.
  for (let n = -1; n !== snippets.size; ) {
    n = snippets.size;
    await Promise.all(snippets.values());
  }
  const snippetResults = await Promise.all(snippets.values());
  const snippetByFile = new Map(snippetResults.map((r) => [r.file, r]));

  // Ids each page's HTML has: its own and those of the snippets it renders.
  const idsOf = (page: Page): Set<string> | undefined => {
    const c = checked.get(page.id);
    if (!c || !compiled(c.out) || page.frontMatter.openapi || page.frontMatter.mode === 'custom') return undefined;
    const ids = new Set<string>([...c.out.toc.map((t) => t.id), ...(c.facts?.ids ?? [])]);
    const add = (out: CompileOutput, seen: Set<string>) => {
      for (const s of out.snippets) {
        if (seen.has(s.file)) continue;
        seen.add(s.file);
        const r = snippetByFile.get(s.file);
        if (!r) continue;
        for (const t of r.out.toc) ids.add(t.id);
        for (const i of r.facts?.ids ?? []) ids.add(i);
        add(r.out, seen);
      }
    };
    add(c.out, new Set());
    return ids;
  };

  // The pages that render each snippet, at any depth: a snippet's relative URLs resolve against
  // each of them (render/relative-urls.ts), so they are checked from each.
  const includers = new Map<string, string[]>();
  for (const c of checked.values()) {
    const seen = new Set<string>();
    const walk = (out: CompileOutput) => {
      for (const s of out.snippets) {
        if (seen.has(s.file)) continue;
        seen.add(s.file);
        (includers.get(s.file) ?? includers.set(s.file, []).get(s.file)!).push(c.id);
        const r = snippetByFile.get(s.file);
        if (r) walk(r.out);
      }
    };
    walk(c.out);
  }

  /** External links and where each is written, for --external. */
  const external: { file: string; ref: Reference }[] = [];
  for (const c of [...checked.values(), ...snippetResults]) {
    const pagesOf = checked.get(c.id)?.file === c.file ? undefined : includers.get(c.file);
    for (const ref of c.facts?.references ?? []) {
      if (pagesOf?.length && isRelativeUrl(ref.value.trim())) {
        // Once per distinct finding: pages in one folder resolve it alike.
        const found = new Map<string, Diagnostic>();
        for (const id of pagesOf) for (const d of checkReference(site, { file: c.file, id }, ref, idsOf)) found.set(d.message, d);
        diagnostics.push(...found.values());
      } else diagnostics.push(...checkReference(site, c, ref, idsOf));
      // http(s) links are asked whether they answer; mailto:, tel: and paths are not.
      if (isHttpUrl(ref.value.trim())) external.push({ file: c.file, ref });
    }
    for (const img of c.facts?.images ?? []) {
      const where = at(c.file, img);
      if (!img.alt?.trim()) diagnostics.push(diag('check/image-no-alt', { src: img.src }, where));
      if (!img.inFrame) diagnostics.push(diag('check/image-outside-frame', { src: img.src }, where));
    }
  }

  // Links in the Markdown descriptions of the project's OpenAPI files. Only root-relative ones are
  // checked: a relative link resolves against whichever endpoint page shows the description.
  for (const doc of site.context.openapi?.model.documents ?? []) {
    if (doc.url) continue; // fetched, not the author's file
    const source = await fs.readFile(doc.file, 'utf8').catch(() => '');
    for (const ref of openApiLinks(doc, source)) {
      if (isHttpUrl(ref.value.trim())) external.push({ file: doc.file, ref });
      else if (ref.value.trim().startsWith('/')) diagnostics.push(...checkReference(site, { file: doc.file, id: 'index' }, ref, idsOf));
    }
  }

  if (options.external) {
    const answers = await checkExternal(
      external.map((e) => e.ref.value),
      typeof options.external === 'object' ? options.external : {},
    );
    for (const { file, ref } of external) {
      const reason = answers.get(requestUrl(ref.value));
      if (reason) diagnostics.push(diag('check/external-link', { url: ref.value.trim(), reason }, at(file, ref)));
    }
  }

  diagnostics.push(...versionFindings(site.settings), ...contrastFindings(site.settings));
  return result(authored.length);
}

/** Pages made from OpenAPI operations have no file of their own. */
function isGenerated(page: Page, root: string): boolean {
  return !page.file.startsWith(root) || !existsSync(page.file) || !/\.mdx?$/i.test(page.file);
}

function at(file: string, pos: { line: number; column: number }): { file: string; line: number; column: number } {
  return { file, line: pos.line, column: pos.column };
}

function conventions(page: Page, c: Checked, diagnostics: Diagnostic[]): void {
  const fmPos = { file: page.file, line: 1, column: 1 };
  // Front matter that did not parse is reported already; missing keys would only repeat it.
  const broken = diagnostics.some((d) => d.file === page.file && d.code === 'page/invalid-frontmatter');
  const { data } = page.frontMatter;
  if (!broken && !page.frontMatter.openapi && !page.frontMatter.asyncapi && data.title === undefined) diagnostics.push(diag('check/missing-title', {}, fmPos));
  if (!broken && data.description === undefined) diagnostics.push(diag('check/missing-description', {}, fmPos));
  for (const h of c.facts?.h1 ?? []) diagnostics.push(diag('check/heading-level-1', { text: h.text }, at(page.file, h)));
}

/** `openapi: "GET /jobs"` that matches no operation (the renderer reports it too, when it renders). */
async function openapiReference(site: LoadedSite, page: Page, diagnostics: Diagnostic[]): Promise<void> {
  const reference = page.frontMatter.openapi;
  if (!reference) return;
  const api = site.context.openapi;
  // An operation found (once), or an OpenAPI URL that could not be read (reported once, for the file).
  const found = api?.model.lookup(reference);
  if ((found?.op && !found.others.length) || found?.unavailable.length || page.file.includes('#')) return;
  const where = await frontMatterKey(page, 'openapi');
  if (found?.op) diagnostics.push(diag('openapi/ambiguous-operation', { reference, page: page.relPath, used: found.op.doc.id, others: found.others.map((o) => o.doc.id) }, where));
  else diagnostics.push(diag('openapi/operation-not-found', { reference, page: page.relPath, closest: api?.model.closest(reference) ?? [] }, where));
}

/** `asyncapi: "asyncapi.yaml room"` that matches no channel (the renderer reports it too, when it renders). */
async function asyncapiReference(site: LoadedSite, page: Page, diagnostics: Diagnostic[]): Promise<void> {
  const reference = page.frontMatter.asyncapi;
  if (!reference || site.context.asyncapi?.model.find(reference)) return;
  const where = await frontMatterKey(page, 'asyncapi');
  diagnostics.push(diag('asyncapi/channel-not-found', { reference, page: page.relPath, closest: site.context.asyncapi?.model.closest(reference) ?? [] }, where));
}

/** Where the page's front matter writes `key:` (as its YAML was parsed), with a code frame. */
async function frontMatterKey(page: Page, key: string): Promise<Pick<Diagnostic, 'file' | 'line' | 'column' | 'frame'>> {
  const place = page.frontMatterKeys?.get(key);
  if (!place) return { file: page.file };
  const source = await fs.readFile(page.file, 'utf8').catch(() => undefined);
  return { file: page.file, ...place, ...(source === undefined ? {} : { frame: codeFrame(source, place.line, place.column) }) };
}

/** The path a link points at as pages are looked up (`content.byUrl`): as the build resolves it, no trailing slash, decoded. */
export function resolvePath(value: string, fromId: string, isLink: boolean): string {
  const p = trimTrailingSlash(resolveSitePath(value, fromId, isLink));
  try {
    return decodeURI(p);
  } catch {
    return p;
  }
}

function redirectMatches(settings: Settings, url: string): boolean {
  return (settings.redirects ?? []).some((r) => {
    const pattern = r.source.replace(/[.+?^$()[\]{}|\\]/g, '\\$&').replace(/\/:[\w-]+\*/g, '(?:/.*)?').replace(/:[\w-]+/g, '[^/]+').replace(/\*/g, '.*');
    try {
      return new RegExp(`^${pattern}/?$`).test(url);
    } catch {
      return false;
    }
  });
}

function checkReference(site: LoadedSite, c: Pick<Checked, 'file' | 'id'>, ref: Reference, idsOf: (p: Page) => Set<string> | undefined): Diagnostic[] {
  const value = ref.value.trim();
  if (!value || isExternalUrl(value) || value.startsWith('{')) return [];
  const where = at(c.file, ref);
  const [, pathPart = '', hash] = /^([^?#]*)(?:\?[^#]*)?(?:#(.*))?$/.exec(value) ?? [];
  const { content, files, root, settings } = site;

  // Same-page anchor: only meaningful for pages (a snippet's anchors belong to the page that renders it).
  if (!pathPart) {
    const page = content.pages.get(c.id);
    if (!hash || !page || page.file !== c.file) return [];
    return anchorFinding(value, hash, page, idsOf, where);
  }

  const isLink = ref.kind === 'link';
  const hasExtension = /\.[a-z0-9]+$/i.test(pathPart) && !/\.mdx?$/i.test(pathPart);
  const target = resolvePath(pathPart, c.id, isLink && !hasExtension);
  if (target.startsWith('/_kiln/')) return [];
  if (!isLink || hasExtension) {
    const rel = target.replace(/^\/+/, '');
    if (files.assets.includes(rel) || existsSync(path.join(root, rel))) return [];
    if (isLink && (content.byUrl.has(target) || redirectMatches(settings, target) || isGeneratedPath(site, target))) return [];
    return [diag('check/missing-file', { reference: value, target: target }, where)];
  }
  const page = content.byUrl.get(target);
  if (!page) {
    if (redirectMatches(settings, target) || files.assets.includes(target.slice(1))) return [];
    return [diag('check/broken-link', { link: value, target }, where)];
  }
  return hash ? anchorFinding(value, hash, page, idsOf, where) : [];
}

function anchorFinding(link: string, hash: string, page: Page, idsOf: (p: Page) => Set<string> | undefined, where: ReturnType<typeof at>): Diagnostic[] {
  const ids = idsOf(page);
  let anchor = hash;
  try {
    anchor = decodeURIComponent(hash);
  } catch {
    // Keep it as written.
  }
  // A heading's anchor spelled as Mintlify spells it finds the heading too (client/components.ts).
  if (!ids || !anchor || ids.has(anchor) || matchAnchor(anchor, ids) !== undefined) return [];
  return [diag('check/broken-anchor', { link, anchor, page: page.url, closest: closestLabels([...ids], anchor) }, where)];
}

function versionFindings(settings: Settings): Diagnostic[] {
  const listed = new Set(settings.versions);
  const out: Diagnostic[] = [];
  // A group Kiln made (OpenAPI pages of a tab with a version) has the version of what it was made
  // from: pointed at where that version is first written.
  const places: { version: string; at: JsonPath }[] = [];
  const walk = (entries: NavigationEntry[], visit: (g: NavigationGroup) => void) => {
    for (const e of entries) {
      if (typeof e === 'string') continue;
      visit(e);
      walk(e.pages, visit);
    }
  };
  for (const o of [...settings.anchors, ...settings.tabs]) if (o.version && o.settingsPath) places.push({ version: o.version, at: [...o.settingsPath, 'version'] });
  walk(settings.navigation, (g) => g.version && g.settingsPath && places.push({ version: g.version, at: [...g.settingsPath, 'version'] }));
  const firstPlace = (version: string): JsonPath | undefined => {
    let first: { at: JsonPath; offset: number } | undefined;
    for (const p of places) {
      const w = p.version === version ? settings.positions?.find(p.at) : undefined;
      if (w && (!first || w.offset < first.offset)) first = { at: p.at, offset: w.offset };
    }
    return first?.at;
  };
  const report = (version: string | undefined, where: string, settingsPath: JsonPath | undefined) => {
    if (!version || listed.has(version)) return;
    const at = settingsPath ? [...settingsPath, 'version'] : firstPlace(version);
    out.push(diag('check/unknown-version', { version, where, versions: settings.versions }, settingPlace(settings, at)));
  };
  walk(settings.navigation, (g) => report(g.version, `Navigation group "${g.group}"`, g.settingsPath));
  for (const a of settings.anchors) report(a.version, `Anchor "${a.name}"`, a.settingsPath);
  for (const t of settings.tabs) report(t.version, `Tab "${t.name}"`, t.settingsPath);
  return out;
}

function contrastFindings(settings: Settings): Diagnostic[] {
  return contrastPairs(settings)
    .filter((p) => p.ratio < AA_TEXT)
    .map((p) => diag('check/low-contrast', { what: p.what, fg: p.fg, bg: p.bg, ratio: (Math.floor(p.ratio * 100) / 100).toFixed(2) }, settingPlace(settings, p.path)));
}

function dedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.code}|${d.file}|${d.line}|${d.column}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
