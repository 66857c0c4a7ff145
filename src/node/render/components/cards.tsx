import { isValidElement, type ReactNode } from 'react';
import { ContentIcon } from '../../icons/Icon.js';
import { classifyIcon } from '../../icons/resolve.js';
import { CalloutIcon } from './callouts.js';
import { CodeBlock, CodeGroup } from './code.js';
import { isExternalUrl } from '../../../shared/urls.js';


export interface CardProps {
  title?: ReactNode;
  icon?: ReactNode;
  iconType?: string;
  color?: string;
  href?: string;
  horizontal?: boolean | string;
  img?: string;
  /** The text of an action line at the bottom ("Read the guide"). */
  cta?: ReactNode;
  /** Show (or hide) the arrow of a link card; by default only external links have one. */
  arrow?: boolean | string;
  /** A callout's look: info, warning, note, tip, check or danger, with its icon unless `icon` is given. */
  type?: string;
  className?: string;
  children?: ReactNode;
}

const on = (v: unknown) => v !== undefined && v !== null && v !== false && v !== 'false';
const CARD_TYPES = new Set(['info', 'warning', 'note', 'tip', 'check', 'danger']);

/** The icon box at the top of a card: a Font Awesome name, an image URL or path, or inline SVG. */
export function CardIcon({ icon, iconType, color }: { icon?: ReactNode; iconType?: string; color?: string }) {
  if (icon === undefined || icon === null || icon === '' || icon === false) return null;
  if (typeof icon === 'string' && classifyIcon(icon).kind === 'image') return <img className="card-icon card-icon-img" src={icon.trim()} alt="" />;
  return (
    <span className="card-icon" style={color ? { color } : undefined} aria-hidden="true">
      <ContentIcon icon={icon} iconType={iconType} />
    </span>
  );
}

/**
 * Whether content holds a link or a button (a code block's copy button too). A link card is an
 * `<a>`, and a link inside it is split off by the browser's HTML parser: the card came out empty,
 * its text beside it (a corpus home page). A button inside a link follows the link when pressed.
 */
function holdsControls(node: ReactNode): boolean {
  if (Array.isArray(node)) return node.some(holdsControls);
  if (!isValidElement(node)) return false;
  const props = node.props as { href?: unknown; children?: ReactNode };
  if (node.type === 'a' || node.type === 'button' || node.type === CodeBlock || node.type === CodeGroup || typeof props.href === 'string') return true;
  return holdsControls(props.children);
}

/** A title's words, for the name of the link over a card. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  return isValidElement(node) ? textOf((node.props as { children?: ReactNode }).children) : '';
}

export function Card({ title, icon, iconType, color, href, horizontal, img, cta, arrow, type, className, children }: CardProps) {
  const external = href ? isExternalUrl(href) : false;
  const kind = type && CARD_TYPES.has(type) ? type : undefined;
  const showArrow = !!href && (arrow === undefined ? external : on(arrow));
  const linkProps = { href, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) };
  // With links or buttons of its own, the card is not one link: a link named by its title lies
  // over it (components.css), and what the card holds stays above that.
  const covered = !!href && holdsControls(children);
  const inner = (
    <>
      {covered && <a className="card-cover" {...linkProps} aria-label={`${textOf(title) || href}${external ? ' (opens in a new tab)' : ''}`} />}
      {img && <img className="card-image" src={img} alt="" />}
      <div className="card-body">
        {kind && !icon ? <span className="card-icon card-type-icon" aria-hidden="true"><CalloutIcon kind={kind} /></span> : <CardIcon icon={icon} iconType={iconType} color={color} />}
        <div className="card-text">
          {title && (typeof title === 'string' || typeof title === 'number' ? <p className="card-title">{title}</p> : <div className="card-title">{title}</div>)}
          {children && <div className="card-content">{children}</div>}
          {cta && <span className="card-cta">{cta}<span aria-hidden="true"> →</span></span>}
        </div>
      </div>
      {showArrow && <span className="card-arrow" aria-hidden="true">{external ? '↗' : '→'}</span>}
      {external && !covered && <span className="visually-hidden"> (opens in a new tab)</span>}
    </>
  );
  const cls = ['card', on(horizontal) && 'card-horizontal', href && 'card-link', covered && 'card-covered', kind && `card-type callout-${kind}`, className].filter(Boolean).join(' ');
  return href && !covered ? (
    <a className={cls} {...linkProps}>{inner}</a>
  ) : (
    <div className={cls}>{inner}</div>
  );
}

export function CardGroup({ cols = 2, children }: { cols?: number | string; children?: ReactNode }) {
  const n = Math.max(1, Math.min(4, Number(cols) || 2));
  return <div className={`card-group cols-${n}`}>{children}</div>;
}

/** `<Columns cols>`: any content side by side (cards, `<Column>`s, text), one column on phones. */
export function Columns({ cols = 2, className, children }: { cols?: number | string; className?: string; children?: ReactNode }) {
  const n = Math.max(1, Math.min(4, Number(cols) || 2));
  return <div className={`card-group columns cols-${n}${className ? ` ${className}` : ''}`}>{children}</div>;
}

/** One cell of `<Columns>` holding several things. */
export function Column({ className, children }: { className?: string; children?: ReactNode }) {
  return <div className={`column${className ? ` ${className}` : ''}`}>{children}</div>;
}

/**
 * `<Tile href title description>`: a preview (images, usually one per theme with `dark:hidden`)
 * on a patterned background, its title and description under it; the whole tile is the link.
 */
export function Tile({ href, title, description, children }: { href?: string; title?: ReactNode; description?: ReactNode; children?: ReactNode }) {
  const external = href ? isExternalUrl(href) : false;
  const inner = (
    <>
      <div className="tile-preview">{children}</div>
      {(title || description) && (
        <div className="tile-text">
          {title && <span className="tile-title">{title}</span>}
          {description && <span className="tile-description">{description}</span>}
        </div>
      )}
    </>
  );
  return href ? (
    <a className="tile" href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{inner}</a>
  ) : (
    <div className="tile">{inner}</div>
  );
}
