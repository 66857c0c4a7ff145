import { promises as fs, statSync } from 'node:fs';
import { parse } from 'acorn';
import path from 'node:path';
import { clientAssets } from '../client-assets.js';
import { loadContent, type ContentModel } from '../content/pages.js';
import { buildSections } from '../content/sections.js';
import { findRepository } from '../content/repository.js';
import { gitLastModified } from '../content/git-dates.js';
import { diag } from '../diagnostics/catalogue.js';
import { scanProject, type ProjectFiles } from '../content/scan.js';
import { substituteVariables } from '../content/variables.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { diskHighlightStore, type HighlightStore } from '../highlight/store.js';
import type { Highlighter } from '../highlight/highlighter.js';
import type { MdxCompiler } from '../mdx/compiler.js';
import { createMdxjsCompiler } from '../mdx/mdxjs.js';
import { builtinNames } from '../render/components/index.js';
import type { SiteContext } from '../render/context.js';
import { SidebarRenderer } from '../render/layout/sidebar.js';
import { withIconLibrary } from '../icons/resolve.js';
import { renderPage, type CompileCache, type PageResult, type Sandbox } from '../render/page.js';
import type { Page } from '../content/pages.js';
import { loadSettings } from '../settings/load.js';
import type { LoadedOpenApi } from '../openapi/load.js';
import { openApiStep } from '../openapi/site.js';
import { asyncApiStep } from '../asyncapi/site.js';
import type { LoadedAsyncApi } from '../asyncapi/load.js';
import type { Settings } from '../settings/types.js';
import { feedItems } from '../seo/rss.js';

export interface SiteOptions {
  root: string;
  dev: boolean;
  /** Folders to leave out of the scan (the build output). */
  exclude?: string[];
  /** HTML added at the end of every page's body. */
  bodyEnd?: string;
  /**
   * Check the OpenAPI and AsyncAPI documents (warnings); default true. Build workers, whose
   * diagnostics nobody reads, skip it; the dev server defers it (`context.openapi.validate`,
   * `context.asyncapi.validate`).
   */
  validateOpenApi?: boolean | 'deferred';
  /** Leave the settings checks that can only warn for `later` (settings/load.ts `deferChecks`): the dev server. */
  deferSettingsChecks?: boolean;
  /** Called with the project's files as soon as they are known, before the pages are read. */
  onFiles?: (files: ProjectFiles) => void;
}

/** A site whose settings and pages have been read: stages 1 and 2 of the pipeline, done. */
export interface LoadedSite {
  root: string;
  settings: Settings;
  files: ProjectFiles;
  content: ContentModel;
  context: SiteContext;
  /** Sidebar HTML for a page URL: the groups of its section, the page marked. */
  sidebarHtml(url: string): string;
  /** The shared navigation files of sections too large to inline whole (`layout/sidebar.tsx`). */
  navFiles(): { url: string; body: string }[];
}

/** Made once per process: both are expensive to create and safe to share. */
export interface Engines {
  compiler: MdxCompiler;
  highlighter: Highlighter;
}

/** `cacheDir`: the project's `.kiln/cache`, where highlighted blocks are kept between runs. */
export function createEngines(options: { cacheDir?: string } = {}): Engines {
  const highlighter = lazyHighlighter(options.cacheDir ? diskHighlightStore(options.cacheDir) : undefined);
  return { highlighter, compiler: createMdxjsCompiler({ highlighter, components: builtinNames }) };
}

/**
 * Shiki and its ~30 modules are imported by the first code block, not at every start: `kiln dev`
 * answers pages without code, and every page of a site without code, without parsing them.
 */
export function lazyHighlighter(store: HighlightStore | undefined): Highlighter {
  let made: Promise<Highlighter> | undefined;
  return {
    async highlight(req) {
      made ??= import('../highlight/shiki.js').then((m) => m.createShikiHighlighter({ store }));
      return (await made).highlight(req);
    },
  };
}

/** Settings → project files → pages and navigation. `site` is absent when the settings are unusable. */
export async function loadSite(options: SiteOptions): Promise<{ site?: LoadedSite; diagnostics: Diagnostic[]; later?: () => Diagnostic[] }> {
  const root = path.resolve(options.root);
  const { settings, diagnostics, later } = await loadSettings(root, { deferChecks: options.deferSettingsChecks });
  if (!settings) return { diagnostics };
  const files = await scanProject(root, options.exclude);
  // The files `$ref`s name are settings, not files of the site.
  const settingsFiles = new Set(settings.sources ?? []);
  if (settingsFiles.size > 1) files.assets = files.assets.filter((f) => !settingsFiles.has(path.join(root, f)));
  options.onFiles?.(files);
  let openapi: LoadedOpenApi | undefined;
  let asyncapi: LoadedAsyncApi | undefined;
  const openapiPages = openApiStep(root, settings, files.assets, (api) => (openapi = api), { validate: options.validateOpenApi });
  const content = await loadContent(root, settings, files, async (pages) => {
    asyncapi = await asyncApiStep(root, settings, files.assets, pages, { validate: options.validateOpenApi });
    return openapiPages(pages);
  }, { bodiesOnDisk: !options.dev });
  // Builds date each page from git: one `git log` for the whole folder (dev skips it).
  if (!options.dev) {
    const source = (p: Page) => p.relPath.split('#')[0]!;
    const dates = await gitLastModified(root, new Set([...content.pages.values()].map(source)));
    for (const page of content.pages.values()) page.lastModified = dates.get(source(page));
  }
  // The date shown under a page (`metadata.timestamp`, front matter `timestamp`) is git's, else the file's.
  for (const page of content.pages.values()) {
    if (page.lastModified || !(page.frontMatter.timestamp ?? settings.timestamp)) continue;
    try {
      page.fileModified = statSync(page.file.split('#')[0]!).mtime;
    } catch {
      /* a generated page without a file of its own shows no date */
    }
  }
  const assets = clientAssets();
  const sections = buildSections(settings, content);
  const { feedback } = settings;
  const repository = feedback.suggestEdit || feedback.raiseIssue ? await findRepository(root, settings) : undefined;
  if ((feedback.suggestEdit || feedback.raiseIssue) && !repository) content.diagnostics.push(diag('feedback/no-repository', {}, { file: settings.file }));
  const custom = {
    css: files.assets.filter((f) => /\.css$/i.test(f)).map((f) => `/${f}`),
    // Tool configuration (`tailwind.config.js`) sits in docs folders too and is not a page script,
    // nor is a snippet of data or components (an ES module: pages import it).
    js: (await filterAsync(files.assets.filter((f) => /\.m?js$/i.test(f) && !/\.config\.m?js$/i.test(f)), async (f) => !(await isModule(path.join(root, f))))).map((f) => `/${f}`),
  };
  const context: SiteContext = { settings, content, sections, repository, custom, assets: { css: assets.css.url, js: assets.js.url }, dev: options.dev, bodyEnd: options.bodyEnd, openapi, asyncapi, hasFeed: (page) => feedItems(page, settings.siteUrl).length > 0 };
  // One renderer per section, made when a page of that section is first rendered.
  const sidebars = new Map<string, SidebarRenderer>();
  const sidebarFor = (section: ReturnType<typeof sections.of>) => {
    let r = sidebars.get(section.key);
    if (!r) sidebars.set(section.key, (r = new SidebarRenderer(section.groups)));
    return r;
  };
  // The sidebar's icons (groups, pages) are named in the site's icon library.
  const sidebarHtml = (url: string) => withIconLibrary(settings.iconLibrary, () => sidebarFor(sections.of(url)).render(url));
  const navFiles = () => withIconLibrary(settings.iconLibrary, () => sections.sections.flatMap((s) => sidebarFor(s).file() ?? []));

  return {
    site: { root, settings, files, content, context, sidebarHtml, navFiles },
    diagnostics: [...diagnostics, ...(asyncapi?.diagnostics ?? []), ...(openapi?.diagnostics ?? []), ...content.diagnostics],
    later,
  };
}

async function filterAsync<T>(items: T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const kept = await Promise.all(items.map(keep));
  return items.filter((_, i) => kept[i]);
}

/** Whether a .js file is an ES module (it has `import`/`export` statements), which a classic page script cannot be. */
async function isModule(file: string): Promise<boolean> {
  const source = await fs.readFile(file, 'utf8').catch(() => '');
  if (!/\b(import|export)\b/.test(source)) return false;
  try {
    parse(source, { ecmaVersion: 'latest', sourceType: 'script' });
    return false;
  } catch {
    try {
      parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
      return true;
    } catch {
      return false;
    }
  }
}

export function mapCache(): CompileCache & { delete(file: string): void; clear(): void } {
  return new Map();
}

/** How a site's snippets are read: with the settings' `variables` put in, as in pages (content/variables.ts). */
export function siteReadFile(site: LoadedSite): (file: string) => Promise<string> {
  return async (f) => {
    const text = await fs.readFile(f, 'utf8');
    return site.settings.variables && /\.mdx?$/i.test(f) ? substituteVariables(text, site.settings.variables, f).text : text;
  };
}

/**
 * Stages 3 and 4 for one page: compile, run, lay out. `sandbox` renders the pages whose code must
 * run where it can be stopped (see `Deps.sandbox`).
 */
export function buildPage(site: LoadedSite, page: Page, engines: Engines, cache: CompileCache, sandbox?: Sandbox): Promise<PageResult> {
  return renderPage(site.context, page, site.sidebarHtml(page.url), {
    compiler: engines.compiler,
    cache,
    root: site.root,
    readFile: siteReadFile(site),
    highlighter: engines.highlighter,
    sandbox,
  });
}
