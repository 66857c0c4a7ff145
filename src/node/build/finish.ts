import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clientAssets } from '../client-assets.js';
import { bundleIslands } from '../assets/islands.js';
import { tailwindAsset } from '../assets/tailwind.js';
import { vendorFiles } from '../assets/vendor-assets.js';
import { diag } from '../diagnostics/catalogue.js';
import { ownNotFound, renderNotFound } from '../render/not-found.js';
import { searchInput } from '../search/index.js';
import { siteRoutes } from '../seo/outputs.js';
import { markdownPath } from '../../shared/urls.js';
import type { MadePages, PageTally } from './make-pages.js';
import type { BuildPlan } from './plan.js';
import { TAILWIND_PLACEHOLDER } from './produce.js';
import type { PageQueue } from './queue.js';
import { htmlFiles, type PageSink } from './sink.js';

/** What the commit needs of the finished site. */
export interface FinishedSite {
  /** The Tailwind sheet's URL ('' when no page used a utility). */
  tailwindUrl: string;
}

/**
 * Everything that needs every page: the search index (in Pagefind's process, meanwhile), the
 * Tailwind sheet and the pages that link it, kept pages' files, the held HTML, static and vendor
 * assets, islands, and the site-wide outputs (Markdown, llms.txt, redirects, sitemap). The workers
 * are stopped first. Returns once the search index is written too.
 */
export async function finishSite(plan: BuildPlan, made: MadePages, tally: PageTally, queue: PageQueue, sink: PageSink): Promise<FinishedSite> {
  // Started first: Pagefind builds the index in its own process (0.7 s for 1,000 pages) while this
  // thread does the rest; waited for before anything is committed or aborted, as nothing may write
  // into the temporary folder once it is removed.
  const searchWritten = writeSearchIndex(plan, made, sink);
  // Awaited below; a failure is handled there, not reported as unhandled meanwhile.
  searchWritten.catch(() => undefined);
  try {
    // The workers stop (each writes out its highlight store first) while Pagefind works.
    await queue.close();
    const { tailwindUrl, searchDiagnosticsAt } = await writeSiteFiles(plan, made, tally, queue, sink);
    await searchWritten;
    plan.diagnostics.splice(searchDiagnosticsAt, 0, ...made.search.diagnostics());
    return { tailwindUrl };
  } catch (error) {
    await searchWritten.catch(() => undefined);
    throw error;
  }
}

/** The search bundle (Pagefind) under /_kiln/search/: only what changed since the kept index, when one is kept. */
function writeSearchIndex(plan: BuildPlan, made: MadePages, sink: PageSink): Promise<void> {
  const { site, writer, cache, previous, kept } = plan;
  const t = plan.setup.timings;
  const started = performance.now();
  return made.search
    .write(
      {
        write: async (rel, data, lasting) => {
          await writer.write(rel, data);
          if (lasting) cache?.wrote(rel);
        },
        path: (rel) => path.join(writer.tmp, rel),
        wrote: (rel) => cache?.wrote(rel),
        take: async (rel) => (previous?.has(rel) ? (await previous.take(rel, writer), true) : false),
        remove: (rel) => writer.remove(rel),
      },
      // Pages whose input the base held, should it have to be made again after all: read back
      // from the last output (kept pages) or from this one (held, or written).
      async (url) => {
        const page = site.content.byUrl.get(url);
        if (!page) return undefined;
        const file = htmlFiles(site, page)[0]!;
        if (kept.has(page)) return searchInput(previous!.read(file));
        const html = sink.heldText(file);
        if (html !== undefined) return searchInput(html);
        try {
          return searchInput(readFileSync(path.join(writer.tmp, file), 'utf8'));
        } catch {
          return undefined;
        }
      },
    )
    .finally(() => t.add('search-index', performance.now() - started));
}

async function writeSiteFiles(plan: BuildPlan, made: MadePages, tally: PageTally, queue: PageQueue, sink: PageSink): Promise<FinishedSite & { searchDiagnosticsAt: number }> {
  const { site, writer, cache, diagnostics, setup } = plan;
  const t = setup.timings;
  const previous = plan.previous!;

  let mark = performance.now();
  // The Tailwind sheet holds every page's classes (readers download it once); its hashed URL goes
  // into the pages that use it, or their link goes when no class was a utility.
  const tailwind = await tailwindAsset(made.classes);
  const tailwindUrl = tailwind?.url ?? '';
  t.add('tailwind', performance.now() - mark);

  // Kept pages: the last build's files, linked. Pages that link the Tailwind sheet get the new
  // sheet's URL when it changed (the URL is outside what the base path rebases: written as is),
  // or are made again in the rare case their last build had no sheet to link.
  mark = performance.now();
  /** Markdown files of kept pages, taken as they are after `siteOutputs` below. */
  const keptMarkdown = new Set<string>();
  for (const page of tally.reused) {
    const k = plan.kept.get(page)!;
    for (const f of htmlFiles(site, page)) {
      if (!k.classes.length || previous.tailwind === tailwindUrl) await previous.take(f, writer);
      else if (previous.tailwind) await sink.writeKept(f, previous.read(f).replaceAll(previous.tailwind, TAILWIND_PLACEHOLDER));
      else {
        const again = await queue.makeHere(page);
        if (again.kind !== 'made') throw new Error(`${page.file} built before but failed now`);
        await sink.write(page, again);
        break;
      }
    }
    if (k.markdown && !sink.markdown.has(page.url)) {
      const md = markdownPath(page.url).slice(1);
      // Read back as it was before the base path went into its links: it goes into files that get it again.
      sink.markdown.set(page.url, writer.sourceMarkdown(previous.read(md)));
      keptMarkdown.add(md);
    }
  }
  t.add('reuse', performance.now() - mark);

  mark = performance.now();
  await sink.linkSheet(tailwind?.url);
  if (tailwind) await writer.write(tailwind.url.slice(1), tailwind.body);
  t.add('tailwind', performance.now() - mark);

  mark = performance.now();
  await sink.flush();
  t.add('write', performance.now() - mark);

  mark = performance.now();
  for (const rel of site.files.assets) await writer.copy(path.join(site.root, rel), rel);
  const assets = clientAssets();
  for (const a of [assets.css, assets.js]) await writer.write(a.url.slice(1), a.body);
  // A project's own 404.mdx was written as 404.html with the pages: it wins over Kiln's.
  if (!ownNotFound(site)) await writer.write('404.html', renderNotFound(site));
  // Navigation of sections too large to inline whole in every page (layout/sidebar.tsx).
  for (const f of site.navFiles()) await writer.write(f.url.slice(1), f.body);
  // KaTeX and Mermaid files, only when some page uses them (see assets/vendor-assets.ts).
  for (const f of made.features) for (const v of vendorFiles(f)) await writer.copy(v.file, v.url.slice(1));
  // The islands' bundles, one entry per page that has islands and a shared React chunk.
  try {
    for (const a of await bundleIslands([...made.islands.values()])) await writer.write(a.url.slice(1), a.body);
  } catch (error) {
    diagnostics.push(diag('islands/bundle-failed', { reason: (error as Error).message.split('\n')[0]! }));
  }
  t.add('static-assets', performance.now() - mark);

  // The search index's messages come before the site-wide outputs', as the index was started first.
  const searchDiagnosticsAt = diagnostics.length;
  mark = performance.now();
  if (await sink.finishMarkdown()) t.add('markdown-later', performance.now() - mark);
  mark = performance.now();
  // Markdown pages, llms.txt, redirects, sitemap and robots.txt (see seo/outputs.ts), one at a
  // time: llms-full.txt alone is as big as the site's Markdown, so it is written in pieces. Project files win.
  const projectFiles = new Set(site.files.assets);
  for (const r of siteRoutes(site, { markdown: sink.markdown, diagnostics })) {
    const rel = r.path.slice(1);
    if (projectFiles.has(rel)) continue;
    if (keptMarkdown.has(rel)) {
      await previous.take(rel, writer);
      continue;
    }
    if (r.pieces) {
      await writer.writePieces(rel, r.pieces());
      continue;
    }
    const body = await r.body();
    if (body === undefined) continue;
    await writer.write(rel, body);
    if (rel.endsWith('.md')) cache?.wrote(rel);
  }
  sink.markdown.close();
  t.add('post-build', performance.now() - mark);
  return { tailwindUrl, searchDiagnosticsAt };
}
