import type { Page } from '../content/pages.js';
import { diag } from '../diagnostics/catalogue.js';
import type { Settings } from '../settings/types.js';
import { asyncApiSources, loadAsyncApi, type LoadedAsyncApi } from './load.js';
import { channelBadge, channelTitle, generateChannelPages } from './navigation.js';

/**
 * The AsyncAPI step of `loadContent`, before the OpenAPI one: once the pages are read, load the
 * AsyncAPI documents (only when the settings name one or a page's front matter does: a site
 * without AsyncAPI never loads the parser), add the channel pages of the navigation's `asyncapi`
 * elements, and give `asyncapi:` pages without a title their channel's.
 */
export async function asyncApiStep(root: string, settings: Settings, assets: string[], pages: Map<string, Page>, options: { validate?: boolean | 'deferred' } = {}): Promise<LoadedAsyncApi | undefined> {
  const references = [...pages.values()].map((p) => p.frontMatter.asyncapi).filter((r): r is string => !!r?.trim());
  const named = asyncApiSources(settings);
  if (!named.length && !references.length) return undefined;
  const api = await loadAsyncApi({ root, settings, assets, references, validate: options.validate });
  const shown = generateChannelPages(settings, api.model, root, pages);
  for (const page of pages.values()) {
    const reference = page.frontMatter.asyncapi;
    if (!reference || page.file.includes('#')) continue;
    const channel = api.model.find(reference);
    if (!channel) continue;
    shown.add(channel.doc);
    page.navMethod = channelBadge(channel);
    if (page.frontMatter.title) continue;
    page.title = channelTitle(channel);
    if (!page.frontMatter.sidebarTitle) page.navTitle = page.title;
  }
  for (const doc of api.model.documents) {
    if (!shown.has(doc) && named.some((s) => s === doc.url || s.replace(/^\.?\/+/, '') === doc.id)) api.diagnostics.push(diag('asyncapi/unused-file', { source: doc.id }, { file: settings.file }));
  }
  return api;
}
