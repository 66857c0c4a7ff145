import { Children, cloneElement, createElement, isValidElement, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { ContentIcon } from '../../icons/Icon.js';
import { InlineMarkdown } from './inline-markdown.js';

const on = (v: unknown) => v !== undefined && v !== null && v !== false && v !== 'false';

/** A `<video autoPlay>` in a frame also gets `playsInline`, `loop` and `muted`, as Mintlify's frame adds them. */
function framed(children: ReactNode, depth = 0): ReactNode {
  if (depth > 3) return children;
  return Children.map(children, (child) => {
    if (!isValidElement(child)) return child;
    const props = child.props as { autoPlay?: unknown; children?: ReactNode };
    if (child.type === 'video' && on(props.autoPlay)) return cloneElement(child as ReactElement<Record<string, unknown>>, { playsInline: true, loop: true, muted: true });
    return props.children === undefined ? child : cloneElement(child as ReactElement<{ children?: ReactNode }>, {}, framed(props.children, depth + 1));
  });
}

/** `<Frame caption hint>`: the caption and hint may hold Markdown (links, bold). */
export function Frame({ caption, hint, children }: { caption?: ReactNode; hint?: ReactNode; children?: ReactNode }) {
  return (
    <figure className="frame">
      {hint && <InlineMarkdown text={hint} className="frame-hint" />}
      <div className="frame-body">{framed(children)}</div>
      {caption && <figcaption><InlineMarkdown text={caption} /></figcaption>}
    </figure>
  );
}

/**
 * `<Tooltip tip headline cta href>`: the text with a dashed underline; on hover or focus, the tip
 * under its headline and a link (`cta` to `href`) the reader can move to and follow.
 */
export function Tooltip({ tip, headline, cta, href, children }: { tip?: ReactNode; headline?: ReactNode; cta?: ReactNode; href?: string; children?: ReactNode }) {
  return (
    <span className="tooltip" tabIndex={0}>
      {children}
      <span className="tooltip-text" role="tooltip">
        {headline && <span className="tooltip-headline">{headline}</span>}
        {tip && <span className="tooltip-tip">{tip}</span>}
        {cta && href && <a className="tooltip-cta" href={href}>{cta}<span aria-hidden="true"> →</span></a>}
      </span>
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

const BADGE_SIZES = new Set(['xs', 'sm', 'md', 'lg']);

/**
 * `<Badge color size shape icon stroke disabled>`: `color` one of gray, blue, green, orange, red,
 * purple, white, surface, white-destructive, surface-destructive (yellow and others too); `size`
 * xs-lg; `shape` rounded (the default) or pill; `stroke` an outline only; `disabled` dimmed.
 */
export function Badge({ children, color, size, shape, icon, iconType, stroke, disabled, className }: { children?: ReactNode; color?: string; size?: string; shape?: string; icon?: ReactNode; iconType?: string; stroke?: boolean | string; disabled?: boolean | string; className?: string }) {
  const shown = size && BADGE_SIZES.has(size) ? size : 'md';
  const classes = ['badge', `badge-${shown}`];
  if (shape === 'pill') classes.push('badge-pill');
  if (on(stroke)) classes.push('badge-stroke');
  if (on(disabled)) classes.push('badge-disabled');
  if (className) classes.push(className);
  return (
    <span className={classes.join(' ')} data-badge="" data-color={color} data-size={shown} aria-disabled={on(disabled) ? 'true' : undefined}>
      {icon ? <ContentIcon icon={icon} iconType={iconType} className="badge-icon" /> : null}
      {children}
    </span>
  );
}

/** `<Icon icon="rocket" iconType="solid" color="#f00" size={24} />` (or `src="/images/x.svg"` for an image), inline with the text around it. */
export function Icon({ icon, src, iconType, color, size, className }: { icon?: ReactNode; src?: string; iconType?: string; color?: string; size?: number | string; className?: string }) {
  return <ContentIcon icon={icon ?? src} iconType={iconType} color={color} size={size} className={className ? `inline-icon icon ${className}` : 'inline-icon icon'} />;
}

/** Whether a component nothing provides shows as a labelled box (`kiln dev`) or as its content (builds). */
let showMissing = false;

/** Renders with unknown components shown as labelled boxes (the dev server) or as what they hold (a build). */
export function withMissingBoxes<T>(dev: boolean, render: () => T): T {
  const previous = showMissing;
  showMissing = dev;
  try {
    return render();
  } finally {
    showMissing = previous;
  }
}

type Props = Record<string, unknown> & { children?: ReactNode };
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

/**
 * Stands in for a component nothing provides, so the rest of the page still renders (the build
 * warns with its position). A reader sees what it holds, inline where it was inline; `<Link>` is
 * a link and `<Image>` an image, as the frameworks that have them render them. `kiln dev` shows a
 * dashed box naming it around the content, for the author.
 */
export function missingComponent(name: string) {
  const Missing = (props: Props) => {
    const { children } = props;
    if (showMissing) {
      return (
        <span className="missing-component" data-component={name}>
          <span className="missing-component-label">Unknown component &lt;{name}&gt;</span>
          {children}
        </span>
      );
    }
    const last = name.split('.').pop();
    if (last === 'Link' && text(props.href ?? props.to)) return <a href={text(props.href ?? props.to)} className={text(props.className)}>{children}</a>;
    if (last === 'Image' && text(props.src)) {
      return <img src={text(props.src)} alt={text(props.alt) ?? ''} width={text(props.width)} height={text(props.height)} className={text(props.className)} />;
    }
    return <>{children}</>;
  };
  Missing.displayName = `Missing(${name})`;
  return Missing;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * The stand-ins for the names a page uses that nothing provides (`CompileOutput.missing`):
 * `Chart`, and dotted ones, `Chart.Legend` or `Tree.Leaf` (a member a built-in does not have).
 * Members hang off their object as MDX looks them up (`Tree.Leaf` is `components.Tree.Leaf`); a
 * built-in given a member is a copy, never the shared component.
 */
export function placeholders(missing: readonly string[], known: Readonly<Record<string, AnyComponent>>): Record<string, AnyComponent> {
  const out: Record<string, AnyComponent> = {};
  for (const name of missing) {
    const [base, ...members] = name.split('.');
    if (!base) continue;
    let object = out[base];
    if (!object) {
      const builtin = known[base];
      object = out[base] = builtin && members.length ? Object.assign((props: Props) => createElement(builtin, props), builtin) : builtin ?? missingComponent(base);
    }
    let path = base;
    for (const member of members) {
      path += `.${member}`;
      const holder = object as unknown as Record<string, AnyComponent>;
      object = holder[member] ??= missingComponent(path);
    }
  }
  return out;
}
