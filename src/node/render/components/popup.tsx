import type { ReactNode } from 'react';

/**
 * `<Popup>` with `<PopupTrigger>` (inline text) and `<PopupContent>` (Markdown, lists, links): the
 * content floats under the trigger while it is hovered or focused, and stays while the pointer or
 * focus is inside it, so its links can be followed. Plain CSS: no script needed.
 */
export function Popup({ children }: { children?: ReactNode }) {
  return <span className="popup">{children}</span>;
}

export function PopupTrigger({ children }: { children?: ReactNode }) {
  return <span className="popup-trigger" tabIndex={0}>{children}</span>;
}

export function PopupContent({ children }: { children?: ReactNode }) {
  return <span className="popup-content" role="tooltip">{children}</span>;
}
