import type { Page } from '../../content/pages.js';
import { ContentIcon, FaIcon } from '../../icons/Icon.js';
import type { ContextualOption, Settings } from '../../settings/types.js';
import { safeUrl } from '../../openapi/markdown.js';
import { isWebUrl, markdownPath } from '../../../shared/urls.js';
import type { LayoutIds } from './mintlify-ids.js';

/**
 * The page menu in the page header (`contextual.options`): its first option as a button, every
 * option in a dropdown (a `<details>`, so it opens without JavaScript). Copying needs the script
 * (src/client/copy-page.ts); the rest are plain links. Without `contextual`, "Copy page" alone.
 */

/** AI tools opened on the page: a new conversation whose prompt names the page's URL. */
const AI_TOOLS = {
  chatgpt: { name: 'ChatGPT', icon: ['openai', 'brands'], url: 'https://chatgpt.com/?hints=search&q=' },
  claude: { name: 'Claude', icon: ['claude', 'brands'], url: 'https://claude.ai/new?q=' },
  perplexity: { name: 'Perplexity', icon: ['magnifying-glass', 'solid'], url: 'https://www.perplexity.ai/search/new?q=' },
  grok: { name: 'Grok', icon: ['x-twitter', 'brands'], url: 'https://grok.com/?q=' },
  aistudio: { name: 'Google AI Studio', icon: ['google', 'brands'], url: 'https://aistudio.google.com/prompts/new_chat?prompt=' },
} as const;

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The page's address for a prompt: absolute when the site URL is known, else its path (the script makes it absolute). */
function pageAddress(settings: Settings, page: Page): { url: string; relative: boolean } {
  return settings.siteUrl ? { url: settings.siteUrl + page.url, relative: false } : { url: page.url, relative: true };
}

export function aiPrompt(url: string): string {
  return `Read from ${url} so I can ask questions about it.`;
}

/** A custom option's link, its query values with `$page` (the page's Markdown URL) and `$path` (its path) filled in. */
function customHref(o: Exclude<ContextualOption, string>, settings: Settings, page: Page): string | undefined {
  const base = safeUrl(o.href);
  if (!base) return undefined;
  if (!o.query?.length) return base;
  const md = (settings.siteUrl ?? '') + markdownPath(page.url);
  const params = o.query.map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value.replaceAll('$page', md).replaceAll('$path', page.url).replaceAll('$mcp', ''))}`);
  return `${base}${base.includes('?') ? '&' : '?'}${params.join('&')}`;
}

interface Item {
  key: string;
  title: string;
  description?: string;
  icon: React.ReactNode;
  /** A link's target; none for "Copy page", which is a button. */
  href?: string;
  external?: boolean;
  /** The page path written into `href`, for the script to make absolute. */
  promptPath?: string;
}

function itemOf(option: ContextualOption, settings: Settings, page: Page, md: string): Item | undefined {
  if (option === 'copy') return { key: 'copy', title: 'Copy page', description: 'Copy this page as Markdown for AI tools', icon: <FaIcon name="copy" type="regular" /> };
  if (option === 'view') return { key: 'view', title: 'View as Markdown', description: 'Open this page as plain text', icon: <FaIcon name="markdown" type="brands" />, href: md };
  if (typeof option === 'string') {
    const tool = AI_TOOLS[option];
    const { url, relative } = pageAddress(settings, page);
    return {
      key: option, title: `Open in ${tool.name}`, description: 'Ask questions about this page', icon: <FaIcon name={tool.icon[0]} type={tool.icon[1]} />,
      href: tool.url + encodeURIComponent(aiPrompt(url)), external: true, promptPath: relative ? url : undefined,
    };
  }
  const href = customHref(option, settings, page);
  if (!href) return undefined;
  return { key: `custom:${option.title}`, title: option.title, description: option.description, icon: option.icon ? <ContentIcon icon={option.icon} /> : <FaIcon name="arrow-up-right-from-square" type="solid" />, href, external: isWebUrl(href) };
}

function ItemBody({ item, withDescription }: { item: Item; withDescription: boolean }) {
  return (
    <>
      <span className="page-menu-icon" aria-hidden="true">{item.icon}</span>
      {withDescription ? (
        <span className="page-menu-text">
          <span className="page-menu-title">{item.title}</span>
          {item.description && <span className="page-menu-description">{item.description}</span>}
        </span>
      ) : (
        <span className="copy-page-label">{item.title}</span>
      )}
    </>
  );
}

/** One option, as the main button (`main`) or a line of the dropdown. */
function Action({ item, md, main, id }: { item: Item; md: string; main: boolean; id?: string }) {
  const className = main ? 'page-menu-main' : 'page-menu-item';
  if (!item.href) {
    return (
      <button type="button" className={`copy-page ${className}`} id={id} data-md={md} hidden>
        <ItemBody item={item} withDescription={!main} />
      </button>
    );
  }
  return (
    <a className={className} id={id} href={item.href} data-prompt-path={item.promptPath} {...(item.external ? external : {})}>
      <ItemBody item={item} withDescription={!main} />
    </a>
  );
}

/** The contextual menu (`contextual`), with Mintlify's ids for it and its main button (mintlify-ids.ts). */
export function PageMenu({ settings, page, ids }: { settings: Settings; page: Page; ids: LayoutIds }) {
  const md = markdownPath(page.url);
  const items = (settings.contextual ?? ['copy']).map((o) => itemOf(o, settings, page, md)).filter((i): i is Item => !!i);
  if (items.length === 0) return null;
  return (
    <div className="page-menu" id={ids('page-context-menu')}>
      <Action item={items[0]!} md={md} main id={ids('page-context-menu-button')} />
      {items.length > 1 && (
        <details className="page-menu-more">
          <summary aria-label="More actions for this page">
            <FaIcon name="chevron-down" type="solid" />
          </summary>
          <ul className="page-menu-list">
            {items.map((item) => (
              <li key={item.key}>
                <Action item={item} md={md} main={false} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
