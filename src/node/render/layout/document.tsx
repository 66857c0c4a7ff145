import { renderToStaticMarkup } from 'react-dom/server';
import type { ContentModel, NavNode, Page } from '../../content/pages.js';
import type { PageFeature, TocEntry } from '../../mdx/compiler.js';
import { KATEX_CSS_URL } from '../../../shared/vendor-urls.js';
import type { Settings } from '../../settings/types.js';
import type { SiteContext } from '../context.js';
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon, ExternalIcon, MenuIcon, MoonIcon, SunIcon } from './icons.js';
import { AnchorList, TabBar, VersionSelect } from './sections.js';
import { themeScript, themeVariables } from './theme.js';

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);

function Logo({ settings }: { settings: Settings }) {
  const logo = settings.logo;
  const href = logo?.href ?? '/';
  return (
    <a className="logo" href={href}>
      {logo ? (
        <>
          <img className="logo-light" src={logo.light} alt={settings.name} />
          <img className="logo-dark" src={logo.dark} alt={settings.name} />
        </>
      ) : (
        <span className="logo-text">{settings.name}</span>
      )}
    </a>
  );
}

function TopBar({ settings, tabs }: { settings: Settings; tabs?: React.ReactNode }) {
  const cta = settings.topbarCtaButton;
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <a className="menu-button" href="#sidebar" aria-controls="sidebar" aria-label="Open navigation">
          <MenuIcon />
        </a>
        <Logo settings={settings} />
        <nav className="topbar-links" aria-label="Top bar">
          {settings.topbarLinks.map((l, i) => (
            <a key={i} href={l.url} {...(isExternal(l.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {l.name}
            </a>
          ))}
        </nav>
        <div className="topbar-actions">
          {cta && (
            <a className="cta-button" href={cta.url} {...(isExternal(cta.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {cta.type === 'github' ? (cta.name ?? 'GitHub') : (cta.name ?? cta.url)}
            </a>
          )}
          {!settings.modeToggle.isHidden && (
            <button type="button" className="theme-toggle" aria-label="Switch between light and dark mode" hidden>
              <SunIcon />
              <MoonIcon />
            </button>
          )}
        </div>
      </div>
      {tabs}
    </header>
  );
}

function Toc({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <aside className="toc">
      <nav aria-labelledby="toc-title">
        <p id="toc-title" className="toc-title">On this page</p>
        <ul>
          {toc.map((t) => (
            <li key={t.id} className={`toc-depth-${t.depth}`}>
              <a href={`#${t.id}`}>{t.text}</a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

function PrevNext({ content, page }: { content: ContentModel; page: Page }) {
  const i = content.order.indexOf(page.id);
  if (i < 0) return null;
  const prev = i > 0 ? content.pages.get(content.order[i - 1]!) : undefined;
  const next = content.pages.get(content.order[i + 1] ?? '');
  if (!prev && !next) return null;
  return (
    <nav className="prev-next" aria-label="Previous and next pages">
      {prev ? (
        <a className="prev" href={prev.url} rel="prev">
          <span className="prev-next-label"><ArrowLeftIcon /> Previous</span>
          <span className="prev-next-title">{prev.navTitle}</span>
        </a>
      ) : <span />}
      {next && (
        <a className="next" href={next.url} rel="next">
          <span className="prev-next-label">Next <ArrowRightIcon /></span>
          <span className="prev-next-title">{next.navTitle}</span>
        </a>
      )}
    </nav>
  );
}

function SiteFooter({ settings }: { settings: Settings }) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        {settings.footerSocials.length > 0 && (
          <ul className="footer-socials" aria-label="Social links">
            {settings.footerSocials.map((s) => (
              <li key={s.type}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">{s.type}<ExternalIcon /></a>
              </li>
            ))}
          </ul>
        )}
        <p className="powered-by">{settings.name} · Built with Kiln</p>
      </div>
    </footer>
  );
}

const groupCache = new WeakMap<ContentModel, Map<string, string>>();
/** Title of the top-level group each page URL sits in (the eyebrow above the page title). */
function groupOf(content: ContentModel, url: string): string | undefined {
  let map = groupCache.get(content);
  if (!map) {
    map = new Map();
    const walk = (nodes: NavNode[], title: string) => {
      for (const n of nodes) {
        if (n.kind === 'page') { if (!map!.has(n.url)) map!.set(n.url, title); } else walk(n.children, title);
      }
    };
    for (const g of content.nav) walk(g.children, g.title);
    groupCache.set(content, map);
  }
  return map.get(url);
}

export interface DocumentInput {
  site: SiteContext;
  page: Page;
  /** HTML of the page body. */
  contentHtml: string;
  /** HTML of the sidebar navigation with the current page marked. */
  sidebarHtml: string;
  toc: TocEntry[];
  /** Features that need extra assets: `math` adds the KaTeX stylesheet (Mermaid is loaded by the client). */
  features?: readonly PageFeature[];
}

/** The full HTML document of one page. */
export function renderDocument({ site, page, contentHtml, sidebarHtml, toc, features = [] }: DocumentInput): string {
  const { settings } = site;
  const fm = page.frontMatter;
  const section = site.sections.of(page.url);
  const mode = fm.mode ?? 'default';
  const title = page.url === '/' && page.title === settings.name ? settings.name : `${page.title} - ${settings.name}`;
  const eyebrow = groupOf(site.content, page.url);
  const favicon = settings.favicon;
  const faviconType = favicon ? ({ svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as Record<string, string>)[favicon.split('.').pop()!.toLowerCase()] : undefined;

  const body = (
    <body className={`mode-${mode}${settings.backgroundImage ? ' has-bg-image' : ''}${settings.tabs.length ? ' has-tabs' : ''}`}>
      <a className="skip-link" href="#content">Skip to content</a>
      <TopBar settings={settings} tabs={<TabBar settings={settings} sections={site.sections} current={section} />} />
      <div className="layout">
        {mode !== 'custom' && (
          <aside className="sidebar" id="sidebar" aria-label="Documentation">
            <div className="sidebar-header">
              <span className="sidebar-title">{settings.name}</span>
              <a className="sidebar-close" href="#" aria-label="Close navigation"><CloseIcon /></a>
            </div>
            <VersionSelect versions={settings.versions} />
            <AnchorList settings={settings} sections={site.sections} current={section} />
            <nav className="sidebar-nav" dangerouslySetInnerHTML={{ __html: sidebarHtml }} />
            {settings.topbarLinks.length > 0 && (
              <ul className="sidebar-links" aria-label="Site links">
                {settings.topbarLinks.map((l, i) => (
                  <li key={i}>
                    <a href={l.url} {...(isExternal(l.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{l.name}</a>
                  </li>
                ))}
              </ul>
            )}
          </aside>
        )}
        <main id="content" className="content" tabIndex={-1}>
          <article className="article">
            {mode !== 'custom' && (
              <header className="page-header">
                {eyebrow && <p className="eyebrow">{eyebrow}</p>}
                <h1>{page.title}</h1>
                {fm.description && <p className="description">{fm.description}</p>}
              </header>
            )}
            <div className="prose" dangerouslySetInnerHTML={{ __html: contentHtml }} />
            {mode !== 'custom' && <PrevNext content={site.content} page={page} />}
          </article>
        </main>
        {mode === 'default' && <Toc toc={toc} />}
      </div>
      <SiteFooter settings={settings} />
    </body>
  );

  const head = (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {fm.description && <meta name="description" content={fm.description} />}
      {fm.noindex && <meta name="robots" content="noindex" />}
      <meta name="generator" content="Kiln" />
      {favicon && <link rel="icon" href={favicon} type={faviconType} />}
      <script dangerouslySetInnerHTML={{ __html: themeScript(settings) }} />
      <link rel="stylesheet" href={site.assets.css} />
      {features.includes('math') && <link rel="stylesheet" href={KATEX_CSS_URL} />}
      <style dangerouslySetInnerHTML={{ __html: themeVariables(settings) }} />
      <script src={site.assets.js} defer />
    </head>
  );

  let html = '<!doctype html><html lang="en">' + renderToStaticMarkup(head) + renderToStaticMarkup(body) + '</html>';
  if (site.bodyEnd) html = html.replace('</body>', site.bodyEnd + '</body>');
  return html;
}
