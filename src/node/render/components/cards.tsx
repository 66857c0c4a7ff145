import type { ReactNode } from 'react';
import { ContentIcon } from '../../icons/Icon.js';
import { classifyIcon } from '../../icons/resolve.js';

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);

export interface CardProps {
  title?: string;
  icon?: ReactNode;
  iconType?: string;
  color?: string;
  href?: string;
  horizontal?: boolean;
  img?: string;
  children?: ReactNode;
}

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

export function Card({ title, icon, iconType, color, href, horizontal, img, children }: CardProps) {
  const external = href ? isExternal(href) : false;
  const inner = (
    <>
      {img && <img className="card-image" src={img} alt="" />}
      <div className="card-body">
        <CardIcon icon={icon} iconType={iconType} color={color} />
        <div className="card-text">
          {title && <p className="card-title">{title}{external && <span className="card-external" aria-label="(opens in a new tab)"> ↗</span>}</p>}
          {children && <div className="card-content">{children}</div>}
        </div>
      </div>
    </>
  );
  const cls = `card${horizontal ? ' card-horizontal' : ''}${href ? ' card-link' : ''}`;
  return href ? (
    <a className={cls} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{inner}</a>
  ) : (
    <div className={cls}>{inner}</div>
  );
}

export function CardGroup({ cols = 2, children }: { cols?: number | string; children?: ReactNode }) {
  const n = Math.max(1, Math.min(4, Number(cols) || 2));
  return <div className={`card-group cols-${n}`}>{children}</div>;
}

export function Columns({ cols = 2, children }: { cols?: number | string; children?: ReactNode }) {
  return <CardGroup cols={cols}>{children}</CardGroup>;
}
