import type { Page } from '../../content/pages.js';
import { diag } from '../../diagnostics/catalogue.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { Highlighter } from '../../highlight/highlighter.js';
import { endpointModel } from '../../openapi/endpoint.js';
import { xMint } from '../../openapi/pages.js';
import type { ApiSettings } from '../../settings/types.js';
import type { SiteContext } from '../context.js';
import type { CapturedParam } from '../components/fields.js';
import { renderEndpoint, renderUnavailable } from './endpoint.js';
import { renderChannel, renderChannelUnavailable } from './channel.js';
import { mdxEndpointPage } from './mdx.js';

/** The page's `playground` front matter (or `x-mint.metadata.playground`) over `api.playground.display`. */
function pageApi(api: ApiSettings, playground: unknown): ApiSettings {
  const mode = playground === 'interactive' ? 'show' : playground === 'simple' ? 'simple' : playground === 'none' ? 'hide' : playground === 'auth' ? 'auth' : undefined;
  return mode ? { ...api, playground: { mode } } : api;
}

/** Lays an endpoint out around the page body's HTML; `aside` is the examples column. */
export interface EndpointPage {
  /** `api:` pages: the body's ParamFields are collected while it renders and passed to `render`. */
  captureParams?: boolean;
  render(bodyHtml: string, pageAside: string | undefined, highlighter?: Highlighter, params?: CapturedParam[]): Promise<{ html: string; aside?: string }>;
}

/**
 * For a page whose front matter names an OpenAPI operation (`openapi: "GET /jobs"`), or an `api:`
 * page (./mdx.ts). Undefined for other pages, and when the reference matches nothing (then an error naming the page and the
 * closest operations is added, and the page renders without the endpoint).
 */
export async function endpointPage(site: SiteContext, page: Page, diagnostics: Diagnostic[], readFile: (f: string) => Promise<string>): Promise<EndpointPage | undefined> {
  if (page.frontMatter.asyncapi && !page.frontMatter.openapi) return channelPage(site, page, diagnostics);
  const reference = page.frontMatter.openapi;
  if (!reference) return mdxEndpointPage(site, page, diagnostics, readFile);
  const api = site.openapi;
  const found = api?.model.lookup(reference);
  const op = found?.op;
  // Generated pages (navigation entries) are reported where the navigation names them.
  const generated = page.file.includes('#');
  if (found && !op && found.unavailable.length) {
    // The OpenAPI URL could not be read (one error for the file): the page tells the reader.
    return { render: async (bodyHtml) => ({ html: renderUnavailable(reference, found.unavailable, bodyHtml) }) };
  }
  if (!api || !op) {
    diagnostics.push(diag('openapi/operation-not-found', { reference, page: page.relPath, closest: api?.model.closest(reference) ?? [] }, frontMatterKey(page, 'openapi')));
    return undefined;
  }
  if (found.others.length && !generated) {
    diagnostics.push(diag('openapi/ambiguous-operation', { reference, page: page.relPath, used: op.doc.id, others: found.others.map((o) => o.doc.id) }, frontMatterKey(page, 'openapi')));
  }
  const settings = pageApi(site.settings.api, page.frontMatter.data.playground);
  const intro = xMint(op).content;
  return {
    render: async (bodyHtml, pageAside, highlighter) => {
      const endpoint = endpointModel(op, api.refs, settings);
      if (page.frontMatter.data.deprecated === true) endpoint.deprecated = true;
      const out = await renderEndpoint({ endpoint, bodyHtml, showDescription: !page.frontMatter.description, pageAside, highlighter, api: settings, intro: typeof intro === 'string' ? intro : undefined });
      // `api.params.expanded: "all"`: every list of child attributes starts open.
      return settings.expandParams ? { ...out, html: out.html.replaceAll('<details class="expandable api-children">', '<details class="expandable api-children" open="">') } : out;
    },
  };
}

/** Where a page's front matter writes `key:`, for its diagnostics. */
function frontMatterKey(page: Page, key: string): { file: string; line?: number; column?: number } {
  return { file: page.file, ...page.frontMatterKeys?.get(key) };
}

/**
 * For a page whose front matter names an AsyncAPI channel (`asyncapi: "asyncapi.yaml room"`), or a
 * generated channel page. A reference that matches nothing is an error naming the closest
 * channels, and the page renders without the channel; one into an AsyncAPI URL that could not be
 * read says so on the page instead (the URL's error is reported once).
 */
async function channelPage(site: SiteContext, page: Page, diagnostics: Diagnostic[]): Promise<EndpointPage | undefined> {
  const reference = page.frontMatter.asyncapi!;
  const api = site.asyncapi;
  const channel = api?.model.find(reference);
  if (!api || !channel) {
    const unavailable = api?.model.unavailable ?? [];
    if (unavailable.length) return { render: async (bodyHtml) => ({ html: renderChannelUnavailable(reference, unavailable, bodyHtml) }) };
    diagnostics.push(diag('asyncapi/channel-not-found', { reference, page: page.relPath, closest: api?.model.closest(reference) ?? [] }, frontMatterKey(page, 'asyncapi')));
    return undefined;
  }
  return {
    // A generated page has the channel's summary as its description (under the title): the body
    // adds the channel's description; an authored page with a description of its own keeps it alone.
    render: (bodyHtml, pageAside, highlighter) => renderChannel({
      channel, api, bodyHtml, pageAside, highlighter, maintainOrder: site.settings.api.maintainOrder === true,
      description: page.file.includes('#') ? channel.description : page.frontMatter.description ? undefined : (channel.description ?? channel.summary),
    }),
  };
}
