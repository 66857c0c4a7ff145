import type { ReactNode } from 'react';
import { ContentIcon } from '../../icons/Icon.js';

const ICONS: Record<string, ReactNode> = {
  note: <path d="M12 16v-4M12 8h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z" />,
  info: <path d="M12 16v-4M12 8h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z" />,
  tip: <path d="M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2Z" />,
  warning: <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0ZM12 9v4M12 17h.01" />,
  danger: <path d="M12 8v4M12 16h.01M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9Z" />,
  check: <path d="M20 6 9 17l-5-5" />,
};

/** A callout's icon (`note`, `info`, `tip`, `warning`, `danger`, `check`), also on typed cards. */
export function CalloutIcon({ kind, className }: { kind: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {ICONS[kind]}
    </svg>
  );
}

interface CalloutProps {
  children?: ReactNode;
  title?: string;
}

function makeCallout(kind: string, label: string) {
  const Callout = ({ children, title }: CalloutProps) => (
    <aside className={`callout callout-${kind}`} role="note" aria-label={title ?? label}>
      <CalloutIcon kind={kind} className="callout-icon" />
      <div className="callout-content">
        {title && <p className="callout-title">{title}</p>}
        {children}
      </div>
    </aside>
  );
  Callout.displayName = label;
  return Callout;
}

export const Note = makeCallout('note', 'Note');
export const Info = makeCallout('info', 'Info');
export const Tip = makeCallout('tip', 'Tip');
export const Warning = makeCallout('warning', 'Warning');
export const Danger = makeCallout('danger', 'Danger');
export const Check = makeCallout('check', 'Check');

export function Callout({ children, title, color, icon, iconType }: CalloutProps & { color?: string; icon?: ReactNode; iconType?: string }) {
  return (
    <aside className="callout callout-custom" role="note" style={color ? ({ '--callout-color': color } as React.CSSProperties) : undefined}>
      {icon ? <ContentIcon icon={icon} iconType={iconType} size={18} className="callout-icon" /> : null}
      <div className="callout-content">
        {title && <p className="callout-title">{title}</p>}
        {children}
      </div>
    </aside>
  );
}

const BANNER_TYPES = new Set(['info', 'warning', 'critical']);

/**
 * `<Banner>` in a page: an announcement strip across the content (the site-wide banner is a
 * docs.json setting). `type` info (the brand colour), warning or critical; `color` a background of
 * its own, under white text.
 */
export function Banner({ children, type, color }: { children?: ReactNode; type?: string; color?: string }) {
  const kind = type && BANNER_TYPES.has(type) ? type : 'info';
  return (
    <div className={`banner banner-${kind}`} role="note" style={color ? ({ '--banner-bg': color } as React.CSSProperties) : undefined}>
      {children}
    </div>
  );
}
