import { parseGithubRepo, editUrl, issueUrl, type Repository } from '../../content/repository.js';
import type { Page } from '../../content/pages.js';
import { formatDate, isoDate } from '../../content/git-dates.js';
import { ContentIcon, FaIcon } from '../../icons/Icon.js';
import type { CtaButton, Link, Settings } from '../../settings/types.js';
import { renderInlineMarkdown, safeUrl } from '../../openapi/markdown.js';
import { ArrowRightIcon, CloseIcon, ExternalIcon } from './icons.js';
import { bannerKey } from './theme.js';
import { isExternalUrl } from '../../../shared/urls.js';
import type { LayoutIds } from './mintlify-ids.js';

const externalProps = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The top bar's call to action. `github` shows the repository; its star count is filled in by the
 * browser (client `github.ts`) and the link stays a plain repository link when that fails.
 */
export function CtaLink({ cta }: { cta: CtaButton }) {
  const repo = cta.type === 'github' ? parseGithubRepo(cta.url) : undefined;
  if (cta.type === 'github') {
    return (
      <a className="cta-github" id="topbar-cta-button" href={cta.url} {...externalProps} data-github-repo={repo ? `${repo.owner}/${repo.name}` : undefined}>
        <FaIcon name="github" type="brands" />
        <span className="cta-github-name">{repo ? `${repo.owner}/${repo.name}` : (cta.name ?? 'GitHub')}</span>
        <span className="cta-github-stars" hidden>
          <FaIcon name="star" type="solid" />
          <span className="cta-github-count" />
        </span>
      </a>
    );
  }
  if (cta.type === 'discord') {
    return (
      <a className="cta-github cta-discord" id="topbar-cta-button" href={cta.url} {...externalProps}>
        <FaIcon name="discord" type="brands" />
        <span className="cta-github-name">{cta.name ?? 'Discord'}</span>
      </a>
    );
  }
  // mint.json's `style: roundedRectangle` and `arrow` (styles/look.css).
  const className = `cta-button${cta.style === 'roundedRectangle' ? ' cta-rounded' : ''}`;
  return (
    <a className={className} id="topbar-cta-button" href={cta.url} {...(isExternalUrl(cta.url) ? externalProps : {})}>
      {cta.name ?? cta.url}
      {cta.arrow && <ArrowRightIcon />}
    </a>
  );
}

/**
 * The banner across the top of every page: its Markdown drawn through the same allow-list as
 * OpenAPI descriptions (links, emphasis, code; no HTML). A dismissible one carries the key of its
 * content; the head script hides it before paint once dismissed (layout/theme.ts), the client
 * script (src/client/banner.ts) shows its button and remembers the choice.
 */
export function Banner({ settings }: { settings: Settings }) {
  const b = settings.banner;
  if (!b) return null;
  return (
    <div className={`site-banner site-banner-${b.type}`} id="banner" role="region" aria-label="Announcement" data-banner-key={b.dismissible ? bannerKey(b.content) : undefined}>
      <div className="site-banner-content" dangerouslySetInnerHTML={{ __html: renderInlineMarkdown(b.content) }} />
      {b.dismissible && (
        <button type="button" className="site-banner-close" aria-label="Dismiss the announcement" hidden>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

/**
 * A top bar link. Without a label, a `github` link shows the repository (`owner/name`) and a
 * `discord` one "Discord", each with the service's icon (Mintlify fills these from the services'
 * APIs; a static site names them instead).
 */
export function NavbarLink({ link }: { link: Link }) {
  const repo = link.type === 'github' ? parseGithubRepo(link.url) : undefined;
  const label = link.name || (link.type === 'github' ? (repo ? `${repo.owner}/${repo.name}` : 'GitHub') : link.type === 'discord' ? 'Discord' : link.url);
  const icon = link.icon ? <ContentIcon icon={link.icon} size={14} /> : link.type ? <FaIcon name={link.type} type="brands" /> : null;
  return (
    <a href={link.url} className={icon ? 'navbar-link topbar-link-icon' : 'navbar-link'} {...(isExternalUrl(link.url) ? externalProps : {})}>
      {icon}
      {label}
    </a>
  );
}

/** Social platforms and the free icon each is shown with. */
export const SOCIAL: Record<string, { icon: string; type: string; label: string }> = {
  website: { icon: 'globe', type: 'solid', label: 'Website' },
  facebook: { icon: 'facebook', type: 'brands', label: 'Facebook' },
  x: { icon: 'x-twitter', type: 'brands', label: 'X' },
  twitter: { icon: 'x-twitter', type: 'brands', label: 'Twitter' },
  discord: { icon: 'discord', type: 'brands', label: 'Discord' },
  slack: { icon: 'slack', type: 'brands', label: 'Slack' },
  github: { icon: 'github', type: 'brands', label: 'GitHub' },
  linkedin: { icon: 'linkedin', type: 'brands', label: 'LinkedIn' },
  instagram: { icon: 'instagram', type: 'brands', label: 'Instagram' },
  'hacker-news': { icon: 'hacker-news', type: 'brands', label: 'Hacker News' },
  youtube: { icon: 'youtube', type: 'brands', label: 'YouTube' },
  medium: { icon: 'medium', type: 'brands', label: 'Medium' },
  telegram: { icon: 'telegram', type: 'brands', label: 'Telegram' },
  bluesky: { icon: 'bluesky', type: 'brands', label: 'Bluesky' },
  threads: { icon: 'threads', type: 'brands', label: 'Threads' },
  reddit: { icon: 'reddit', type: 'brands', label: 'Reddit' },
  podcast: { icon: 'podcast', type: 'solid', label: 'Podcast' },
  'x-twitter': { icon: 'x-twitter', type: 'brands', label: 'X' },
  'earth-americas': { icon: 'earth-americas', type: 'solid', label: 'Website' },
};

export function SiteFooter({ settings }: { settings: Settings }) {
  const columns = settings.footerLinks ?? [];
  return (
    <footer className="site-footer" id="footer">
      {columns.length > 0 && (
        <nav className="footer-columns" aria-label="Footer">
          {columns.map((c, i) => (
            <div key={i} className="footer-column">
              {c.header && <p className="footer-column-title">{c.header}</p>}
              <ul>
                {c.items.map((l, j) => (
                  <li key={j}>
                    <a href={safeUrl(l.href)} {...(isExternalUrl(l.href) ? externalProps : {})}>{l.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      )}
      <div className="site-footer-inner">
        {settings.footerSocials.length > 0 && (
          <ul className="footer-socials" aria-label="Social links">
            {settings.footerSocials.map((s) => {
              // A platform of the older list form not in the table: its name as a brand icon (`mastodon`).
              const p = SOCIAL[s.type] ?? { icon: s.type, type: 'brands', label: s.type };
              return (
                <li key={s.type}>
                  <a href={s.url} {...externalProps} aria-label={p.label} title={p.label}>
                    <FaIcon name={p.icon} type={p.type} size={18} />
                  </a>
                </li>
              );
            })}
          </ul>
        )}
        <p className="powered-by">{settings.whiteLabeled ? settings.name : `${settings.name} · Built with Kiln`}</p>
      </div>
    </footer>
  );
}

/**
 * "Was this page helpful?" (`feedback.thumbsRating`): two buttons the client script
 * (src/client/feedback.ts) turns on, reports to the site's analytics and remembers per page.
 */
function ThumbsRating({ ids }: { ids: LayoutIds }) {
  return (
    <div className="thumbs-rating" role="group" aria-labelledby="thumbs-rating-title" data-pagefind-ignore="" hidden>
      <span id="thumbs-rating-title" className="thumbs-rating-title">Was this page helpful?</span>
      <button type="button" className="thumbs-button" id={ids('feedback-thumbs-up')} data-rating="yes" aria-pressed="false">
        <FaIcon name="thumbs-up" type="regular" /> Yes
      </button>
      <button type="button" className="thumbs-button" id={ids('feedback-thumbs-down')} data-rating="no" aria-pressed="false">
        <FaIcon name="thumbs-down" type="regular" /> No
      </button>
      <span className="thumbs-thanks" role="status" />
    </div>
  );
}

/**
 * Under the page: "Was this page helpful?" (`rating`: a page of the site, with `thumbsRating` on),
 * "Suggest edits" and "Raise issue" (when enabled and the repository is known) and "Last updated"
 * when the site (`metadata.timestamp`) or the page (`timestamp`) asks for it: the date git gives
 * (content/git-dates.ts), else the file's.
 */
export function PageFeedback({ settings, repository, page, rating = false, ids }: { settings: Settings; repository?: Repository; page: Page; rating?: boolean; ids: LayoutIds }) {
  const { suggestEdit, raiseIssue } = settings.feedback;
  const thumbsRating = rating && settings.feedback.thumbsRating;
  const links = !!repository && (suggestEdit || raiseIssue) && /\.mdx?$/.test(page.relPath);
  const updated = (page.frontMatter.timestamp ?? settings.timestamp) ? page.lastModified ?? page.fileModified : undefined;
  if (!links && !updated && !thumbsRating) return null;
  return (
    <div className="page-feedback feedback-toolbar">
      {thumbsRating && <ThumbsRating ids={ids} />}
      {links && suggestEdit && (
        <a href={editUrl(repository, page.relPath)} {...externalProps}>
          <FaIcon name="pen-to-square" type="regular" /> Suggest edits <ExternalIcon />
        </a>
      )}
      {links && raiseIssue && (
        <a href={issueUrl(repository, page.title, page.url)} {...externalProps}>
          <FaIcon name="circle-exclamation" type="solid" /> Raise issue <ExternalIcon />
        </a>
      )}
      {updated && (
        <p className="last-updated" data-pagefind-ignore="">
          Last updated <time dateTime={isoDate(updated)}>{formatDate(updated)}</time>
        </p>
      )}
    </div>
  );
}
