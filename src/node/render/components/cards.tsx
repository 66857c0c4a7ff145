import type { ReactNode } from 'react';

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);

export interface CardProps {
  title?: string;
  icon?: string;
  iconType?: string;
  color?: string;
  href?: string;
  horizontal?: boolean;
  img?: string;
  children?: ReactNode;
}

export function CardIcon({ icon, color }: { icon?: string; color?: string }) {
  if (!icon) return null;
  if (/^(https?:|\/|\.)/.test(icon)) return <img className="card-icon card-icon-img" src={icon} alt="" />;
  return <span className="card-icon" data-icon={icon} style={color ? { color } : undefined} aria-hidden="true" />;
}

export function Card({ title, icon, color, href, horizontal, img, children }: CardProps) {
  const external = href ? isExternal(href) : false;
  const inner = (
    <>
      {img && <img className="card-image" src={img} alt="" />}
      <div className="card-body">
        <CardIcon icon={icon} color={color} />
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
