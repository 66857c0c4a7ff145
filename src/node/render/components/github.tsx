import type { ReactNode } from 'react';
import { pageTitle } from './audience.js';
import { hasScheme } from '../../../shared/urls.js';

const SLUG = /^(?:https?:\/\/(?:www\.)?github\.com\/)?([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/i;

/**
 * `<GitHub.Repo repo="owner/name" variant>`: a card linking to a public repository (a slug or its
 * URL). The description, stars and forks come from GitHub's API in the reader's browser
 * (src/client/github.ts); offline it stays a link naming the repository.
 */
function Repo({ repo, variant, className }: { repo?: string; variant?: string; className?: string }) {
  const m = typeof repo === 'string' ? SLUG.exec(repo.trim()) : null;
  if (!m) return null;
  const slug = `${m[1]}/${m[2]}`;
  return (
    <a className={`github-repo github-repo-${variant === 'flat' ? 'flat' : 'inset'}${className ? ` ${className}` : ''}`} href={`https://github.com/${slug}`} target="_blank" rel="noopener noreferrer" data-github-card={slug}>
      <span className="github-repo-inner">
        <span className="github-repo-name">
          <svg viewBox="0 0 16 16" width="16" height="16" fill="currentColor" aria-hidden="true"><path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27s1.36.09 2 .27c1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.01 8.01 0 0 0 16 8c0-4.42-3.58-8-8-8Z" /></svg>
          {slug}
        </span>
        <span className="github-repo-description" hidden />
        <span className="github-repo-stats" hidden>
          <span className="github-repo-stars" />
          <span className="github-repo-forks" />
        </span>
      </span>
    </a>
  );
}

/** `GitHub.Repo`; other members a page may name are placeholders (render/components/misc.tsx). */
export const GitHub = Object.assign(({ children }: { children?: ReactNode }) => <>{children}</>, { Repo });

/**
 * `<Mention page="/quickstart" />` is a link to the page, named by its title; `<Mention user="a@b.c" />`
 * a teammate, shown by the name before the @ (the published site has no directory of names).
 */
export function Mention({ page, user }: { page?: string; user?: string }) {
  if (typeof page === 'string' && page && (!hasScheme(page) || /^https?:/i.test(page))) {
    const url = page.startsWith('/') || /^https?:/i.test(page) ? page : `/${page}`;
    return <a className="mention mention-page" href={url}>{pageTitle(url.replace(/[#?].*$/, '').replace(/(.)\/$/, '$1')) ?? page}</a>;
  }
  if (typeof user === 'string' && user) return <span className="mention mention-user">@{user.split('@')[0]}</span>;
  return null;
}
