import { isValidElement, type CSSProperties, type ReactNode } from 'react';
import { classifyIcon, resolveIcon } from './resolve.js';
import { sanitizeSvg } from './sanitize-svg.js';

export interface FaIconProps {
  /** Font Awesome name: `rocket`, `book-open`, `github`. */
  name: string;
  /** `solid`, `regular`, `brands`; paid styles (`duotone`, `light`, `thin`, `sharp-solid`) fall back to free ones. */
  type?: string;
  /** Width and height in px (or any CSS length); defaults to 1em, so CSS can size it. */
  size?: number | string;
  color?: string;
  className?: string;
}

function cls(...names: (string | undefined | false)[]): string {
  return names.filter(Boolean).join(' ');
}

/** Size as an SVG attribute (`16`, `1em`) and as CSS (`16px`), which beats the stylesheet's default. */
function dimension(size: number | string | undefined): { attr: string; css?: string } {
  if (size === undefined || size === '') return { attr: '1em' };
  const px = typeof size === 'number' || /^\d+(\.\d+)?$/.test(size);
  return { attr: `${size}`, css: px ? `${size}px` : `${size}` };
}

function boxStyle(size: number | string | undefined, color: string | undefined): CSSProperties | undefined {
  const { css } = dimension(size);
  if (!css && !color) return undefined;
  return { ...(css ? { width: css, height: css } : {}), ...(color ? { color } : {}) };
}

/**
 * A Font Awesome icon inlined as SVG. The glyph is centred in a square box (Font Awesome glyphs
 * are 512 high and 256–640 wide), so icons of different widths line up in lists and cards.
 */
export function FaIcon({ name, type, size, color, className }: FaIconProps) {
  const { definition, style, match } = resolveIcon(name, type);
  const [w, h, , , pathData] = definition.icon;
  const side = Math.max(w, h);
  const viewBox = `${(w - side) / 2} ${(h - side) / 2} ${side} ${side}`;
  const paths = Array.isArray(pathData) ? pathData : [pathData];
  const d = dimension(size).attr;
  return (
    <svg
      className={cls('kiln-icon', `kiln-icon-${style}`, className)}
      viewBox={viewBox}
      width={d}
      height={d}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-icon={definition.iconName}
      data-icon-unknown={match === 'unknown' ? name : undefined}
      style={boxStyle(size, color)}
    >
      {paths.map((p, i) => (
        <path key={i} d={p} opacity={paths.length > 1 && i === 0 ? 0.4 : undefined} />
      ))}
    </svg>
  );
}

export interface ContentIconProps {
  /** As authors write it: a Font Awesome name, an image URL or path, inline `<svg>` markup, or a JSX element. */
  icon?: ReactNode;
  iconType?: string;
  size?: number | string;
  color?: string;
  className?: string;
}

/**
 * Any `icon` prop a component receives. Names become `FaIcon`s; URLs and paths become `<img>`;
 * SVG markup is sanitised and inlined; a JSX element (`icon={<svg…/>}`) is the page's own
 * content and is rendered as it is, in the same wrapper.
 */
export function ContentIcon({ icon, iconType, size, color, className }: ContentIconProps) {
  if (icon === undefined || icon === null || icon === false || icon === '') return null;
  const d = dimension(size).attr;
  const box = boxStyle(size, color);
  if (typeof icon !== 'string') {
    if (!isValidElement(icon)) return null;
    return <span className={cls('kiln-icon', 'kiln-icon-custom', className)} style={box} aria-hidden="true">{icon}</span>;
  }
  const source = classifyIcon(icon);
  switch (source.kind) {
    case 'none':
      return null;
    case 'image':
      return <img className={cls('kiln-icon', 'kiln-icon-img', className)} src={source.src} alt="" width={size !== undefined ? d : undefined} height={size !== undefined ? d : undefined} style={box} loading="lazy" decoding="async" />;
    case 'svg': {
      const markup = sanitizeSvg(source.markup, { rootAttributes: { width: d, height: d, 'aria-hidden': 'true', focusable: 'false' } });
      if (!markup) return null;
      return <span className={cls('kiln-icon', 'kiln-icon-custom', className)} style={box} aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }} />;
    }
    case 'font-awesome':
      return <FaIcon name={source.name} type={iconType} size={size} color={color} className={className} />;
  }
}
