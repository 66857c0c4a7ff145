import type { Page } from '../../content/pages.js';
import { diag } from '../../diagnostics/catalogue.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { offsetToLineColumn } from '../../diagnostics/frame.js';
import { mdxEndpoint, parseApiReference } from '../../openapi/mdx-endpoint.js';
import type { CapturedParam, ParamLocation } from '../components/fields.js';
import type { SiteContext } from '../context.js';
import { renderEndpoint } from './endpoint.js';
import type { EndpointPage } from './index.js';

const GROUPS: [ParamLocation, string, string][] = [
  ['path', 'path-parameters', 'Path parameters'],
  ['query', 'query-parameters', 'Query parameters'],
  ['header', 'header-parameters', 'Headers'],
  ['cookie', 'cookie-parameters', 'Cookies'],
  ['body', 'body', 'Body'],
];

/** The page's ParamFields as the OpenAPI pages show parameters: one section per location. */
function groupedParams(params: CapturedParam[]): string {
  return GROUPS.map(([loc, id, title]) => {
    const list = params.filter((p) => p.in === loc);
    return list.length ? `<section class="api-section"><h2 id="${id}">${title}</h2>${list.map((p) => p.html).join('')}</section>` : '';
  }).join('');
}

/**
 * For a page with front matter `api: "POST https://host/path"` (and no `openapi:`): the endpoint
 * layout and playground built from its ParamFields (openapi/mdx-endpoint.ts). A value that is not
 * "METHOD URL" is a warning, and the page renders as a plain page.
 */
export async function mdxEndpointPage(site: SiteContext, page: Page, diagnostics: Diagnostic[], readFile: (f: string) => Promise<string>): Promise<EndpointPage | undefined> {
  const value = page.frontMatter.api;
  if (!value || page.frontMatter.openapi) return undefined;
  const reference = parseApiReference(value);
  if (!reference) {
    const where: { file: string; line?: number; column?: number } = { file: page.file };
    const source = await readFile(page.file).catch(() => '');
    const at = /^api\s*:/m.exec(source);
    if (at) Object.assign(where, offsetToLineColumn(source, at.index));
    diagnostics.push(diag('page/invalid-api', { value }, where));
    return undefined;
  }
  const authMethod = typeof page.frontMatter.data.authMethod === 'string' ? page.frontMatter.data.authMethod : undefined;
  return {
    captureParams: true,
    render: (bodyHtml, pageAside, highlighter, params = []) => {
      const { endpoint, api } = mdxEndpoint({ reference, params, title: page.title, authMethod, api: site.settings.api, file: page.file, id: page.relPath });
      return renderEndpoint({ endpoint, bodyHtml, showDescription: false, pageAside, highlighter, api, paramsHtml: groupedParams(params) });
    },
  };
}
