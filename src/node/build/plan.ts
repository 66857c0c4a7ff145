import type { Page } from '../content/pages.js';
import { cacheDir } from '../content/scan.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { OutputWriter } from '../output/write.js';
import { markdownPath } from '../../shared/urls.js';
import { loadSite, type LoadedSite } from '../site/load.js';
import { PageCache, type KeptPage, type PreviousOutput } from './cache.js';
import { applyOverrides, overridesFor, type BuildTarget, type SiteOverrides } from './produce.js';
import type { PageQueue } from './queue.js';
import { htmlFiles } from './sink.js';
import type { BuildTimings } from './timings.js';

/** What a build is asked, resolved: the same for every phase. */
export interface BuildSetup {
  root: string;
  outDir: string;
  target: BuildTarget;
  /** Whether the rebuild cache is on. */
  cache: boolean;
  timings: BuildTimings;
}

/** The site as loaded for a build, with the `--site` override applied. */
export interface LoadedBuild {
  site: LoadedSite;
  overrides: SiteOverrides;
  /** Every diagnostic of the build so far; the later phases add theirs. */
  diagnostics: Diagnostic[];
}

/** What the build will do: the phases after this one read it and add to `diagnostics` only. */
export interface BuildPlan extends LoadedBuild {
  setup: BuildSetup;
  writer: OutputWriter;
  pages: Page[];
  cache: PageCache | undefined;
  /** Where highlighted code blocks are kept between builds (highlight/store.ts), when the cache is on. */
  blocks: string | undefined;
  /** The last build's files in the output folder, when the cache knows them. */
  previous: PreviousOutput | undefined;
  /** Pages whose last build still holds, with what the build needs of them. */
  kept: Map<Page, KeptPage>;
}

/**
 * Settings and content. The queue is told the project's files as soon as they are counted, so
 * that workers can start loading the site beside this thread; they are stopped when loading fails.
 */
export async function loadForBuild(setup: BuildSetup, queue: PageQueue): Promise<{ loaded?: LoadedBuild; diagnostics: Diagnostic[] }> {
  const { root, outDir, target, timings } = setup;
  const { site, diagnostics } = await timings
    .time('settings+content', () => loadSite({ root, dev: false, exclude: [outDir], validateOpenApi: 'deferred', onFiles: (files) => queue.startEarly(files) }))
    .catch(async (error: unknown) => {
      await queue.stopEarly();
      throw error;
    });
  if (!site) {
    await queue.stopEarly();
    return { diagnostics };
  }
  const overrides = overridesFor(site.settings, target);
  applyOverrides(site, overrides);
  return { loaded: { site, overrides, diagnostics }, diagnostics };
}

/**
 * Which pages the rebuild cache keeps (build/cache.ts): a kept page's files are the last build's
 * in the output folder, so only pages whose files are all as that build left them are kept.
 */
export async function planPages(setup: BuildSetup, loaded: LoadedBuild, writer: OutputWriter): Promise<BuildPlan> {
  const { site, overrides } = loaded;
  const t = setup.timings;
  const pages = [...site.content.pages.values()];
  const cache = setup.cache ? await t.time('cache-check', () => PageCache.open(site, overrides)) : undefined;
  // Highlighted code blocks are kept between builds too, unless the page cache is off.
  const blocks = cache ? cacheDir(setup.root) : undefined;
  const previous = cache?.previousOutput(setup.outDir, setup.target.base);
  const kept = new Map<Page, KeptPage>();
  if (cache && previous) {
    const filesOf = (page: Page, k: KeptPage) => (k.markdown ? [...htmlFiles(site, page), markdownPath(page.url).slice(1)] : htmlFiles(site, page));
    await t.time('cache-check', async () => {
      for (const page of pages) {
        const k = await cache.kept(page);
        if (k && filesOf(page, k).every((f) => previous.has(f))) kept.set(page, k);
      }
    });
  }
  return { ...loaded, setup, writer, pages, cache, blocks, previous, kept };
}

/**
 * The OpenAPI checks compile a large JSON Schema validator (0.3 s), and the AsyncAPI parser's take
 * about 1 s a document: done once the workers are starting, rather than before them.
 */
export async function checkApiDocuments(plan: BuildPlan): Promise<void> {
  const { site, cache, diagnostics } = plan;
  const t = plan.setup.timings;
  const validate = site.context.openapi?.validate;
  if (validate) await t.time('openapi-checks', async () => diagnostics.push(...(cache ? await cache.siteMemo('openapi-checks', validate) : validate())));
  const validateAsync = site.context.asyncapi?.validate;
  if (validateAsync) await t.time('asyncapi-checks', async () => diagnostics.push(...(cache ? await cache.siteMemo('asyncapi-checks', validateAsync) : await validateAsync())));
}
