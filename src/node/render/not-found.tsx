import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { NOT_FOUND_URL, type ContentModel, type Page } from '../content/pages.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { location } from '../diagnostics/format.js';
import type { SiteContext } from './context.js';
import { renderDocument } from './layout/document.js';
import { renderMarkdown } from '../openapi/markdown.js';

/** What these pages need of a loaded site (site/load.ts). */
interface SiteView {
  root: string;
  content: ContentModel;
  context: SiteContext;
  sidebarHtml(url: string): string;
}

function syntheticPage(site: SiteView, id: string, title: string, description?: string): Page {
  return {
    id, title, navTitle: title, url: `/${id}`, file: path.join(site.root, id), relPath: id, body: '', inNav: false,
    frontMatter: { title, description, noindex: true, data: {} },
  };
}

/**
 * The 404 page, in the site's layout, pointing back to the home page. `errors.404` gives its title
 * and text (Markdown, drawn through the same allow-list as OpenAPI descriptions), or sends the
 * reader home (`redirect: true`). A project's own `404.mdx` is a page of the site and replaces this
 * one (`ownNotFound`).
 */
export function renderNotFound(site: SiteView): string {
  const home = site.content.byUrl.get('/');
  const settings = site.context.settings.notFound;
  const description = settings?.description?.trim();
  const contentHtml = renderToStaticMarkup(
    <div className="not-found">
      {description
        ? <div className="not-found-description" dangerouslySetInnerHTML={{ __html: renderMarkdown(description) }} />
        : <p>The page you asked for does not exist. It may have moved or been renamed.</p>}
      <p><a href="/">Go to {home ? home.title : 'the home page'}</a></p>
    </div>,
  );
  const page = syntheticPage(site, '404', settings?.title ?? 'Page not found');
  return renderDocument({ site: site.context, page, contentHtml, sidebarHtml: site.sidebarHtml('/'), toc: [], refresh: settings?.redirect ? '/' : undefined });
}

/** The project's own 404 page (`404.mdx` at its root), which a build writes as `404.html` in place of Kiln's. */
export function ownNotFound(site: SiteView): Page | undefined {
  return site.content.byUrl.get(NOT_FOUND_URL);
}

/** Catalogue text marks code with backticks, as a terminal shows it; on the page it is set as code. */
function WithCode({ text }: { text: string }) {
  const parts = text.split(/`([^`\n]+)`/);
  return <>{parts.map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}

export function ErrorList({ diagnostics, root }: { diagnostics: Diagnostic[]; root: string }) {
  return (
    <div className="error-overlay" role="alert">
      {diagnostics.map((d, i) => (
        <section key={i} className={`error-item error-${d.severity}`}>
          <p className="error-location"><code>{location(d, root) || d.code}</code> <span className="error-code">{d.code}</span></p>
          <p className="error-message"><WithCode text={d.message} /></p>
          {d.hint && <p className="error-hint"><WithCode text={d.hint} /></p>}
          {d.frame && <pre className="error-frame"><code>{d.frame}</code></pre>}
        </section>
      ))}
    </div>
  );
}

/** A page that failed to compile or render, shown in the dev server instead of its content. */
export function renderPageError(site: SiteView, page: Page, diagnostics: Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const contentHtml = renderToStaticMarkup(<ErrorList diagnostics={errors} root={site.root} />);
  return renderDocument({ site: site.context, page, contentHtml, sidebarHtml: site.sidebarHtml(page.url), toc: [] });
}

/** When the settings cannot be used there is no layout: a plain page listing what to fix. */
export function renderSettingsError(root: string, diagnostics: Diagnostic[], css: string, bodyEnd = ''): string {
  const body = renderToStaticMarkup(
    <main className="content settings-error">
      <article className="article">
        <h1>The settings file needs fixing</h1>
        <p>Kiln could not read the site settings. Fix the problems below and save; this page reloads by itself.</p>
        <ErrorList diagnostics={diagnostics.filter((d) => d.severity === 'error')} root={root} />
      </article>
    </main>,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Settings error - Kiln</title><link rel="stylesheet" href="${css}"></head><body>${body}${bodyEnd}</body></html>`;
}
