import { renderToStaticMarkup } from 'react-dom/server';
import { isIndexable, type ContentModel, type NavGroupNode, type NavNode, type NavPageNode, type Page } from '../../content/pages.js';
import type { Section } from '../../content/sections.js';
import { classicVersions, counterpartUrl } from '../../content/versions.js';
import type { PageFeature, TocEntry } from '../../mdx/compiler.js';
import { KATEX_CSS_URL } from '../../../shared/vendor-urls.js';
import { feedPath, markdownPath, projectFileUrl } from '../../../shared/urls.js';
import type { Settings } from '../../settings/types.js';
import type { SiteContext } from '../context.js';
import { withIconLibrary } from '../../icons/resolve.js';
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon, ExternalIcon, MenuIcon, MoonIcon, SunIcon } from './icons.js';
import { markdownHtml } from '../components/inline-markdown.js';
import { Banner, CtaLink, NavbarLink, PageFeedback, SiteFooter } from './chrome.js';
import { PageMenu } from './page-menu.js';
import { breadcrumbJsonLd, Breadcrumbs, pageTrail } from './breadcrumbs.js';
import { withAnalytics } from './analytics.js';
import { AnchorList, DivisionTabBar, SidebarSwitchers, Switcher, TabBar, VersionSelect } from './sections.js';
import { alternates, languageName, languageTag } from '../../content/languages.js';
import type { CtaButton, Division, Link } from '../../settings/types.js';
import { fontLinks, lookAttributes, themeScript, themeVariables } from './theme.js';
import { searchUiAsset } from '../../client-assets.js';
import { seoHead } from './meta.js';
import { layoutIds, withExampleIds, withoutTakenIds, type LayoutId, type LayoutIds } from './mintlify-ids.js';


function Logo({ settings }: { settings: Settings }) {
  const logo = settings.logo;
  const href = logo?.href ?? '/';
  return (
    <a className="logo" href={href}>
      {logo ? (
        <>
          <img className="logo-light nav-logo" src={projectFileUrl(logo.light)} alt={settings.name} />
          <img className="logo-dark nav-logo" src={projectFileUrl(logo.dark)} alt={settings.name} />
        </>
      ) : (
        <span className="logo-text nav-logo">{settings.name}</span>
      )}
    </a>
  );
}

const ICON_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };
const iconType = (file: string) => ICON_TYPES[file.split(/[?#]/)[0]!.split('.').pop()!.toLowerCase()];

/** The favicon; with `favicon.dark`, one per colour scheme of the reader's system (browsers pick by `media`). */
function Favicons({ settings }: { settings: Settings }) {
  const { favicon, faviconDark } = settings;
  if (!favicon) return null;
  if (!faviconDark) return <link rel="icon" href={projectFileUrl(favicon)} type={iconType(favicon)} />;
  return (
    <>
      <link rel="icon" href={projectFileUrl(favicon)} type={iconType(favicon)} media="(prefers-color-scheme: light)" />
      <link rel="icon" href={projectFileUrl(faviconDark)} type={iconType(faviconDark)} media="(prefers-color-scheme: dark)" />
    </>
  );
}

function SearchIcon() {
  return (
    <svg className="search-button-icon" viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="8.5" cy="8.5" r="5.75" /><path d="m13 13 4.25 4.25" />
    </svg>
  );
}

/** The top bar's links and button: a language's own (docs.json `languages[].navbar`), else the site's. */
function navbarOf(settings: Settings, section: Section): { links: Link[]; cta?: CtaButton } {
  const language = [...(section.path ?? [])].reverse().find((d: Division) => d.kind === 'language');
  return language?.navbar ? { links: language.navbar.links, cta: language.navbar.cta } : { links: settings.topbarLinks, cta: settings.topbarCtaButton };
}

function TopBar({ settings, tabs, navbar, languages }: { settings: Settings; tabs?: React.ReactNode; navbar: { links: Link[]; cta?: CtaButton }; languages?: React.ReactNode }) {
  const cta = navbar.cta;
  return (
    <header className="topbar" id="navbar">
      <div className="topbar-inner">
        <a className="menu-button" href="#sidebar" aria-controls="sidebar" aria-label="Open navigation">
          <MenuIcon />
        </a>
        <Logo settings={settings} />
        <nav className="topbar-links" aria-label="Top bar">
          {navbar.links.map((l, i) => <NavbarLink key={i} link={l} />)}
        </nav>
        <div className="topbar-actions topbar-right-container">
          {languages}
          <button type="button" id="search-bar-entry" className="icon-button search-button" aria-label="Search" aria-haspopup="dialog" data-ui={searchUiAsset().url} data-placeholder={settings.search?.prompt} hidden>
            <SearchIcon /><span className="search-label">{settings.search?.prompt ?? 'Search…'}</span><span className="search-key" />
          </button>
          <button type="button" id="search-bar-entry-mobile" className="icon-button search-button search-button-mobile" aria-label="Search" aria-haspopup="dialog" data-ui={searchUiAsset().url} data-placeholder={settings.search?.prompt} hidden>
            <SearchIcon />
          </button>
          {cta && <CtaLink cta={cta} />}
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

function Toc({ toc, ids }: { toc: TocEntry[]; ids: LayoutIds }) {
  if (toc.length === 0) return null;
  return (
    <aside className="toc" id={ids('table-of-contents')}>
      <nav aria-labelledby="toc-title">
        <p id="toc-title" className="toc-title">On this page</p>
        <ul id={ids('table-of-contents-content')}>
          {toc.map((t) => (
            <li key={t.id} className={`toc-item toc-depth-${t.depth}`} hidden={t.hidden}>
              <a href={`#${t.id}`}>{t.text}</a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/**
 * A page's `description` under its title: inline Markdown (links, emphasis, code) rendered as
 * Mintlify renders it, through the same allow-list as OpenAPI descriptions.
 */
function Description({ text }: { text: string }) {
  const { html, inline } = markdownHtml(text);
  return inline ? <p className="description" dangerouslySetInnerHTML={{ __html: html }} /> : <div className="description" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A description's words without Markdown, for the meta tag: `**x**` → x, `[a](b)` → a. */
function plainText(md: string): string {
  return md.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/(\*\*|__|~~|\*|_|`)(?=\S)([^]*?\S)\1/g, '$2');
}

/** Each page's place in the reading order, by id: looking it up in the order was quadratic in pages. */
const positions = new WeakMap<ContentModel['order'], Map<string, number>>();
const positionOf = (content: ContentModel, id: string): number => {
  let index = positions.get(content.order);
  if (!index) positions.set(content.order, (index = new Map(content.order.map((pageId, i) => [pageId, i]))));
  return index.get(id) ?? -1;
};

/** Where a neighbour's link goes: its front matter `url` when it has one. */
const hrefOf = (p: Page) => p.frontMatter.url ?? p.url;

function PrevNext({ content, page, ids }: { content: ContentModel; page: Page; ids: LayoutIds }) {
  const i = positionOf(content, page.id);
  if (i < 0) return null;
  const prev = i > 0 ? content.pages.get(content.order[i - 1]!) : undefined;
  const next = content.pages.get(content.order[i + 1] ?? '');
  if (!prev && !next) return null;
  return (
    <nav className="prev-next" id={ids('pagination')} aria-label="Previous and next pages">
      {prev ? (
        <a className="prev pagination-prev" href={hrefOf(prev)} rel="prev">
          <span className="prev-next-label"><ArrowLeftIcon /> Previous</span>
          <span className="prev-next-title pagination-title">{prev.navTitle}</span>
        </a>
      ) : <span />}
      {next && (
        <a className="next pagination-next" href={hrefOf(next)} rel="next">
          <span className="prev-next-label">Next <ArrowRightIcon /></span>
          <span className="prev-next-title pagination-title">{next.navTitle}</span>
        </a>
      )}
    </nav>
  );
}

/** A missing translation: the default language's page is shown, and the reader is told so. */
function TranslationNotice({ page, site }: { page: Page; site: SiteContext }) {
  const base = site.settings.languages?.find((l) => l.default);
  const original = site.content.pages.get(page.fallbackOf!);
  return (
    <aside className="translation-notice" role="note" data-pagefind-ignore="all">
      This page is not available in {languageName(page.lang ?? '')} yet; it is shown in {base ? languageName(base.code) : 'its original language'}
      {original && <> (<a href={original.url} hrefLang={base ? languageTag(base.code) : undefined}>original page</a>)</>}.
    </aside>
  );
}

/**
 * The pages of a group, below its root page (docs.json `directory`): `card` as a grid of cards
 * with each page's description, `accordion` as the group's nested groups, each a disclosure.
 */
function Directory({ group, content }: { group?: NavGroupNode; content: ContentModel }) {
  if (!group) return null;
  const visible = (nodes: NavNode[]): NavNode[] => nodes.filter((n) => !n.hidden);
  const entries = visible(group.children);
  if (entries.length === 0) return null;
  const pageOf = (n: NavNode) => (n.kind === 'page' ? n : n.root ?? firstPageNode(n.children));
  if (group.directory === 'card') {
    return (
      <nav className="directory directory-card" aria-label={`${group.title}: pages`}>
        {entries.map((n, i) => {
          const target = pageOf(n);
          if (!target) return null;
          const description = content.pages.get(target.id)?.frontMatter.description;
          return (
            <a key={i} className="directory-item" href={target.url}>
              <span className="directory-title">{n.title}</span>
              {description && <span className="directory-description">{description}</span>}
            </a>
          );
        })}
      </nav>
    );
  }
  const list = (nodes: NavNode[]) => (
    <ul>
      {visible(nodes).map((n, i) =>
        n.kind === 'page' ? (
          <li key={i}><a href={n.url}>{n.title}</a></li>
        ) : (
          <li key={i}>
            <details>
              <summary>{n.root ? <a href={n.root.url}>{n.title}</a> : n.title}</summary>
              {list(n.children)}
            </details>
          </li>
        ),
      )}
    </ul>
  );
  return <nav className="directory directory-accordion" aria-label={`${group.title}: pages`}>{list(entries)}</nav>;
}

function firstPageNode(nodes: NavNode[]): NavPageNode | undefined {
  for (const n of nodes) {
    if (n.kind === 'page') return n;
    const inner = n.root ?? firstPageNode(n.children);
    if (inner) return inner;
  }
  return undefined;
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
  /** Request/response examples: a sticky column beside the content, in place of "On this page". */
  asideHtml?: string;
  /** The page's own stylesheets (after the theme's) and module scripts. */
  styles?: readonly string[];
  modules?: readonly string[];
  /** Sends the reader on to this URL at once (`errors.404.redirect`). */
  refresh?: string;
}

/** What React rendered, with the image preloads it wrote in front taken apart. */
interface Rendered {
  html: string;
  preloads: string[];
}
const PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;
function withoutPreloads(html: string): Rendered {
  const m = PRELOADS.exec(html);
  return m ? { html: html.slice(m[0].length), preloads: m[0].split(/(?<=\/>)/) } : { html, preloads: [] };
}

/**
 * The parts of the layout that are the same on every page of a section (top bar and tabs, the
 * sidebar's header, anchors and links, the footer), rendered once per loaded site and section:
 * rendering them for every page was two fifths of the layout's time. Keyed by the site's context,
 * so `kiln dev` renders them again once it loads the site again.
 */
interface Chrome {
  top: Rendered;
  /** Whether the top bar has a tab bar (the layout leaves room for it). */
  hasTabs: boolean;
  asideHead: Rendered;
  asideFoot: Rendered;
  footer: Rendered;
}
const chromes = new WeakMap<SiteContext, Map<Section, Chrome>>();

function chromeOf(site: SiteContext, section: Section): Chrome {
  let bySection = chromes.get(site);
  if (!bySection) chromes.set(site, (bySection = new Map()));
  let chrome = bySection.get(section);
  if (chrome) return chrome;
  const { settings } = site;
  // Tabs and anchors name icons in the site's icon library.
  const render = (node: React.ReactNode) => withoutPreloads(withIconLibrary(settings.iconLibrary, () => renderToStaticMarkup(node)));
  // docs.json sites draw their sections from the navigation's divisions; classic ones from tabs and anchors.
  const v2 = !!settings.divisions;
  const navbar = navbarOf(settings, section);
  const tabs = v2 ? <DivisionTabBar settings={settings} sections={site.sections} current={section} /> : <TabBar settings={settings} sections={site.sections} current={section} />;
  const languages = v2 ? <Switcher settings={settings} sections={site.sections} current={section} kind="language" /> : undefined;
  const top = render(<><Banner settings={settings} /><TopBar settings={settings} navbar={navbar} tabs={tabs} languages={languages} /></>);
  chrome = {
    top,
    hasTabs: /class="tab-bar[ "]/.test(top.html),
    asideHead: render(
      <>
        <div className="sidebar-header">
          <span className="sidebar-title">{settings.name}</span>
          <a className="sidebar-close" href="#" aria-label="Close navigation"><CloseIcon /></a>
        </div>
        {v2 ? (
          <SidebarSwitchers settings={settings} sections={site.sections} current={section} />
        ) : (
          <>
            <VersionSelect versions={settings.versions} options={settings.versionOptions} />
            <AnchorList settings={settings} sections={site.sections} current={section} />
          </>
        )}
      </>,
    ),
    asideFoot: render(
      navbar.links.length > 0 && (
        <ul className="sidebar-links" aria-label="Site links">
          {navbar.links.map((l, i) => (
            <li key={i}>
              <NavbarLink link={l} />
            </li>
          ))}
        </ul>
      ),
    ),
    footer: render(<SiteFooter settings={settings} />),
  };
  bySection.set(section, chrome);
  return chrome;
}

const classicVersionsOf = new WeakMap<ContentModel, ReturnType<typeof classicVersions>>();

/**
 * The version menu of the sidebar's head, for one page: each version leads to this page in that
 * version when it has one, else to its first page (content/versions.ts). The rest of the head is
 * the section's (`chromeOf`); only the menu is rendered per page and put in place of the section's.
 */
function withPageVersions(site: SiteContext, section: Section, url: string, head: string): string {
  const { settings } = site;
  const swap = (start: number, endTag: string, node: React.ReactNode) => {
    if (start < 0) return head;
    const end = head.indexOf(endTag, start);
    if (end < 0) return head;
    const own = withoutPreloads(withIconLibrary(settings.iconLibrary, () => renderToStaticMarkup(node))).html;
    return head.slice(0, start) + own + head.slice(end + endTag.length);
  };
  if (settings.divisions) {
    return swap(head.indexOf('<details class="switcher switcher-version">'), '</details>', <Switcher settings={settings} sections={site.sections} current={section} kind="version" pageUrl={url} />);
  }
  if (settings.versions.length === 0) return head;
  let versions = classicVersionsOf.get(site.content);
  if (!versions) classicVersionsOf.set(site.content, (versions = classicVersions(site.content, settings.versions)));
  const own = versions.versionOf(url);
  // A page in no version is in every one: choosing one changes the navigation, not the page.
  if (!own) return head;
  const from = versions.pages.get(own);
  const pages = new Map(settings.versions.map((v) => [v, v === own ? url : counterpartUrl(url, from, versions.pages.get(v)!)]));
  return swap(head.indexOf('<div class="version-select"'), '</select></div>', <VersionSelect versions={settings.versions} options={settings.versionOptions} pages={pages} />);
}

/**
 * The side column's name for assistive technology: request and response examples (an API page's,
 * or a page's `RequestExample`/`ResponseExample`, which code.tsx and render/api/ write as
 * `api-example` blocks), or what `<Panel>`s hold.
 */
function asideLabel(asideHtml: string): string {
  return asideHtml.includes('<div class="api-example ') ? 'Examples' : 'Side panel';
}

/** The full HTML document of one page. */
export function renderDocument({ site, page, contentHtml, sidebarHtml, toc, features = [], asideHtml, styles = [], modules = [], refresh }: DocumentInput): string {
  const { settings } = site;
  const fm = page.frontMatter;
  const section = site.sections.of(page.url);
  const mode = fm.mode ?? 'default';
  // Custom and frame pages are a canvas: no title, table of contents, feedback or pagination;
  // frame keeps the sidebar, custom does not.
  const bare = mode === 'custom' || mode === 'frame';
  // A page of the site (not the 404 or an error page): it has a Markdown version and SEO tags.
  const published = site.content.byUrl.get(page.url) === page;
  // Hidden pages and pages outside the navigation have no Markdown version (markdown/llms.ts).
  const exported = published && isIndexable(page, site.content, settings);
  // Builds write the default social card (seo/social-card.ts); `kiln dev` does not draw it.
  const seo = published ? seoHead(settings, site.content, page, { socialCard: !site.dev }) : { tags: [] };
  const title = page.url === '/' && page.title === settings.name ? settings.name : `${page.title} - ${settings.name}`;
  const trail = pageTrail(site.content, page);
  const breadcrumbLd = breadcrumbJsonLd(settings.siteUrl, trail, page);
  // A changelog page links its feed (seo/rss.ts).
  const feed = published && !fm.noindex && !!site.hasFeed?.(page);
  const lang = languageTag(page.lang ?? section.lang ?? 'en');
  // The same page in the site's other languages, and the default language's as `x-default`.
  const others = published ? alternates(page, site.content, settings) : [];
  const base = settings.languages?.find((l) => l.default);
  const xDefault = base && others.find((o) => o.lang === languageTag(base.code));
  const siteHref = (url: string) => (settings.siteUrl ? settings.siteUrl + url : url);

  // The body is put together from pieces: the chrome (`chromeOf`) and what React renders for this
  // page alone. React writes the image preloads of what it renders first; they go where one render
  // of the whole body put them, before `<body>`, once each.
  const chrome = chromeOf(site, section);
  const { ids, taken } = layoutIds(contentHtml, asideHtml);
  const attr = (id: LayoutId) => (ids(id) ? ` id="${id}"` : '');
  const opening = renderToStaticMarkup(
    <body className={`mode-${mode}${settings.backgroundImage ? ' has-bg-image' : ''}${settings.backgroundImageDark ? ' has-bg-image-dark' : ''}${chrome.hasTabs ? ' has-tabs' : ''}`}>
      <a className="skip-link" href="#content">Skip to content</a>
    </body>,
  );
  const own = withoutPreloads(
    renderToStaticMarkup(
      <>
        <main id="content" className="content" tabIndex={-1}>
          <article className="article" id={ids('content-area')} data-pagefind-body="">
            {!bare && (
              <header className="page-header" id={ids('header')}>
                <Breadcrumbs trail={trail} page={page} eyebrows={settings.eyebrows} />
                {exported && <PageMenu settings={settings} page={page} ids={ids} />}
                <h1 id={ids('page-title')} data-pagefind-meta="title">{page.title}</h1>
                {(fm.tag || fm.deprecated) && (
                  <p className="page-labels">
                    {fm.deprecated && <span className="page-label page-deprecated">Deprecated</span>}
                    {fm.tag && <span className="page-label page-tag">{fm.tag}</span>}
                  </p>
                )}
                {fm.description && <Description text={fm.description} />}
              </header>
            )}
            {/* Front matter `keywords`: found by the search, not shown. */}
            {fm.keywords?.length ? <p className="page-keywords" hidden data-pagefind-weight="2">{fm.keywords.join(', ')}</p> : null}
            {asideHtml && <aside className="api-aside" aria-label={asideLabel(asideHtml)} dangerouslySetInnerHTML={{ __html: withExampleIds(asideHtml, ids) }} />}
            {page.fallbackOf && <TranslationNotice page={page} site={site} />}
            <div className="prose mdx-content" dangerouslySetInnerHTML={{ __html: contentHtml }} />
            {!bare && <Directory group={site.content.directories.get(page.id)} content={site.content} />}
            {!bare && <PageFeedback settings={settings} repository={site.repository} page={page} rating={published} ids={ids} />}
            {!bare && !fm.hideFooterPagination && <PrevNext content={site.content} page={page} ids={ids} />}
          </article>
        </main>
        {mode === 'default' && !asideHtml && <Toc toc={toc} ids={ids} />}
      </>,
    ),
  );
  const parts = mode === 'custom' ? [chrome.top, own, chrome.footer] : [chrome.top, chrome.asideHead, chrome.asideFoot, own, chrome.footer];
  const preloads = [...new Set(parts.flatMap((p) => p.preloads))].join('');
  const aside = mode === 'custom' ? '' : `<aside class="sidebar" id="sidebar" aria-label="Documentation">${withPageVersions(site, section, page.url, chrome.asideHead.html)}<nav class="sidebar-nav"${attr('sidebar-content')}><div${attr('navigation-items')}>${sidebarHtml}</div></nav>${chrome.asideFoot.html}</aside>`;
  const body = `${preloads}${opening.slice(0, -'</body>'.length)}${withoutTakenIds(chrome.top.html, taken)}<div class="layout"${attr('body-content')}>${aside}${own.html}</div>${withoutTakenIds(chrome.footer.html, taken)}</body>`;

  const head = (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {fm.description && <meta name="description" content={plainText(fm.description)} />}
      {fm.noindex && <meta name="robots" content="noindex" />}
      {refresh && <meta httpEquiv="refresh" content={`0; url=${refresh}`} />}
      {seo.canonical && <link rel="canonical" href={seo.canonical} />}
      {others.map((o) => <link key={o.lang} rel="alternate" hrefLang={o.lang} href={siteHref(o.url)} />)}
      {xDefault && <link rel="alternate" hrefLang="x-default" href={siteHref(xDefault.url)} />}
      {seo.tags.map((t) => <meta key={t.key} {...{ [t.attr]: t.key }} content={t.content} />)}
      {exported && <link rel="alternate" type="text/markdown" href={markdownPath(page.url)} />}
      {feed && <link rel="alternate" type="application/rss+xml" title={`${page.title} - ${settings.name}`} href={feedPath(page.url)} />}
      {breadcrumbLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: breadcrumbLd }} />}
      <meta name="generator" content="Kiln" />
      <Favicons settings={settings} />
      <script dangerouslySetInnerHTML={{ __html: themeScript(settings) }} />
      <link rel="stylesheet" href={site.assets.css} />
      {fontLinks(settings).map((href) => <link key={href} rel="stylesheet" href={href} />)}
      {features.includes('math') && <link rel="stylesheet" href={KATEX_CSS_URL} />}
      {styles.map((href) => <link key={href} rel="stylesheet" href={href} />)}
      <style dangerouslySetInnerHTML={{ __html: themeVariables(settings) }} />
      <script src={site.assets.js} defer />
      {modules.map((src) => <script key={src} type="module" src={src} />)}
      {/* The project's own .css and .js files, on every page as existing projects expect; the theme
          sits in a lower cascade layer, so their rules win. */}
      {site.custom?.css.map((href) => <link key={href} rel="stylesheet" href={href} />)}
      {site.custom?.js.map((src) => <script key={src} src={src} defer />)}
    </head>
  );

  let html = `<!doctype html><html lang="${lang.replace(/[^A-Za-z0-9-]/g, '')}"${lookAttributes(settings)}>` + renderToStaticMarkup(head) + body + '</html>';
  if (site.bodyEnd) html = html.replace('</body>', site.bodyEnd + '</body>');
  // Built pages only: `kiln dev` sends no page views.
  return withAnalytics(html, settings.analytics, site.dev);
}
