import path from 'node:path';
import type { Page } from '../content/pages.js';
import { isUrl } from '../openapi/fetch.js';
import { DEFAULT_DIRECTORY, freeUrl, mintlifySlug } from '../openapi/pages.js';
import type { AsyncApiPlace, NavigationEntry, NavigationGroup, Settings } from '../settings/types.js';
import { channelReference } from './resolve.js';
import type { AsyncApiDocument, AsyncApiModel, Channel } from './types.js';

/**
 * Channel pages of the navigation's `asyncapi` elements, as Mintlify documents them: a tab,
 * anchor or dropdown with an `asyncapi` gets a group per tag of its channels (untagged ones under
 * "Channels") after its own groups; a group gets a page per channel after the pages it lists. Each
 * file gives its own set of pages, under `<directory>/<channel>` (`api-reference` unless the
 * element's `directory`, or `api.asyncapi`'s, says otherwise).
 */

/** The page title of a channel: its `title` (3.x), else its key. */
export function channelTitle(channel: Channel): string {
  return channel.title ?? channel.id;
}

/**
 * The sidebar badge of a channel page: its first server's protocol when that is a short word
 * (`WSS`, `MQTT`, `KAFKA`), else `CHAN`.
 */
export function channelBadge(channel: Channel): string {
  const protocol = channel.servers[0]?.protocol?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{2,5}$/.test(protocol) ? protocol : 'CHAN';
}

/**
 * The URL Kiln gives a channel's page before a clash is settled: its title made a file name as
 * Mintlify makes them, else its key with its `{parameters}` left out (`sensors/{id}/temperature`
 * → `sensors-temperature`).
 */
export function channelUrl(channel: Channel, directory: string = DEFAULT_DIRECTORY): string {
  const key = channel.id.replace(/\{[^}]*\}/g, '').replace(/[^A-Za-z0-9_]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase();
  const name = (channel.title && mintlifySlug(channel.title)) || key || 'channel';
  return '/' + path.posix.join(directory.replace(/^\/+|\/+$/g, ''), name);
}

/** A generated channel page. `url` is final. */
export function channelPage(channel: Channel, url: string): Page {
  const title = channelTitle(channel);
  const reference = channelReference(channel);
  const data: Record<string, unknown> = { asyncapi: reference, title, ...(channel.summary ? { description: channel.summary } : {}) };
  return {
    id: url.slice(1),
    // Not a real file: a unique key for the compile cache and a readable name in diagnostics.
    file: `${channel.doc.file}#channel ${channel.id}`,
    relPath: `${channel.doc.id}#channel ${channel.id}`,
    url,
    frontMatter: { title, asyncapi: reference, ...(channel.summary ? { description: channel.summary } : {}), data },
    body: '',
    title,
    navTitle: title,
    inNav: false,
    navMethod: channelBadge(channel),
  };
}

/** The documents an element's `asyncapi` names, in its order. */
function documentsOf(place: AsyncApiPlace, model: AsyncApiModel, root: string): AsyncApiDocument[] {
  return place.sources.flatMap((s) => {
    const t = s.trim();
    const doc = isUrl(t) ? model.documents.find((d) => d.url === t) : model.documents.find((d) => d.file === path.resolve(root, t.replace(/^\/+/, '')));
    return doc ? [doc] : [];
  });
}

/**
 * Adds the channel pages to `pages` and their entries to `settings.navigation` (the navigation is
 * resolved after), and returns the documents some element shows.
 */
export function generateChannelPages(settings: Settings, model: AsyncApiModel, root: string, pages: Map<string, Page>): Set<AsyncApiDocument> {
  const shown = new Set<AsyncApiDocument>();
  const urls = new Set([...pages.values()].map((p) => p.url));
  const made = new Map<string, Page>();
  const pageFor = (channel: Channel, directory: string): string => {
    const key = `${channel.doc.file}#${channel.id}#${directory}`;
    let page = made.get(key);
    if (!page) {
      page = channelPage(channel, freeUrl(channelUrl(channel, directory), (u) => urls.has(u)));
      made.set(key, page);
      urls.add(page.url);
      pages.set(page.id, page);
    }
    return page.id;
  };
  const directoryOf = (place: AsyncApiPlace) => place.directory ?? settings.asyncapiDirectory ?? DEFAULT_DIRECTORY;

  // Tabs and anchors: a group per tag, after the element's own groups.
  const owners = [
    ...settings.tabs.map((t) => ({ key: 'tab' as const, name: t.name, place: t.asyncapi, version: t.version, division: t.division })),
    ...settings.anchors.map((a) => ({ key: 'anchor' as const, name: a.name, place: a.asyncapi, version: a.version, division: a.division })),
  ];
  for (const o of owners) {
    if (!o.place) continue;
    for (const doc of documentsOf(o.place, model, root)) {
      shown.add(doc);
      const byTag = new Map<string, string[]>();
      for (const channel of doc.channels) {
        const tag = channel.tags[0] ?? 'Channels';
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag)!.push(pageFor(channel, directoryOf(o.place)));
      }
      // docs.json sections are the groups of one division: the groups name the element's.
      for (const [group, entries] of byTag) settings.navigation.push({ group, pages: entries, [o.key]: o.name, ...(o.version ? { version: o.version } : {}), ...(o.division ? { division: o.division } : {}) });
    }
  }

  // Groups: a page per channel after the listed pages, in nested groups too.
  const fill = (groups: NavigationGroup[]) => {
    for (const g of groups) {
      fill(g.pages.filter((e): e is NavigationGroup => typeof e !== 'string'));
      if (!g.asyncapi) continue;
      const added: NavigationEntry[] = [];
      for (const doc of documentsOf(g.asyncapi, model, root)) {
        shown.add(doc);
        for (const channel of doc.channels) added.push(pageFor(channel, directoryOf(g.asyncapi)));
      }
      g.pages = [...g.pages, ...added];
    }
  };
  fill(settings.navigation);
  return shown;
}
