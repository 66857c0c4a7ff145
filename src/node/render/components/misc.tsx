import type { ReactNode } from 'react';
import { ContentIcon } from '../../icons/Icon.js';

export function Frame({ caption, hint, children }: { caption?: string; hint?: string; children?: ReactNode }) {
  return (
    <figure className="frame">
      {hint && <p className="frame-hint">{hint}</p>}
      <div className="frame-body">{children}</div>
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}

export function Tooltip({ tip, children }: { tip?: string; children?: ReactNode }) {
  return (
    <span className="tooltip" tabIndex={0} data-tip={tip}>
      {children}
      <span className="tooltip-text" role="tooltip">{tip}</span>
    </span>
  );
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export function Update({ label = '', description, tags, children }: { label?: string; description?: string; tags?: string[]; children?: ReactNode }) {
  const id = slug(label) || undefined;
  return (
    <section className="update" id={id}>
      <div className="update-meta">
        <a className="update-label" href={id ? `#${id}` : undefined}>{label}</a>
        {description && <p className="update-description">{description}</p>}
        {tags && tags.length > 0 && <p className="update-tags">{tags.map((t) => <span key={t} className="badge">{t}</span>)}</p>}
      </div>
      <div className="update-content">{children}</div>
    </section>
  );
}

export function Badge({ children, color }: { children?: ReactNode; color?: string }) {
  return <span className="badge" data-color={color}>{children}</span>;
}

/** `<Icon icon="rocket" iconType="solid" color="#f00" size={24} />` (or `src="/images/x.svg"` for an image), inline with the text around it. */
export function Icon({ icon, src, iconType, color, size, className }: { icon?: ReactNode; src?: string; iconType?: string; color?: string; size?: number | string; className?: string }) {
  return <ContentIcon icon={icon ?? src} iconType={iconType} color={color} size={size} className={className ? `inline-icon ${className}` : 'inline-icon'} />;
}

/** Stands in for a component nothing provides, so the rest of the page still renders. */
export function missingComponent(name: string) {
  const Missing = ({ children }: { children?: ReactNode }) => (
    <div className="missing-component" data-component={name}>
      <p className="missing-component-label">Unknown component &lt;{name}&gt;</p>
      {children}
    </div>
  );
  Missing.displayName = `Missing(${name})`;
  return Missing;
}
