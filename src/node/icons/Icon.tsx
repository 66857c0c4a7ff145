import { isValidElement, type CSSProperties, type ReactNode } from 'react';
import { classifyIcon, resolveIcon, type ResolvedIcon } from './resolve.js';
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

/** The packages' presentation attributes as React props. */
const REACT_ATTR: Record<string, string> = { fill: 'fill', stroke: 'stroke', 'stroke-width': 'strokeWidth', 'stroke-linecap': 'strokeLinecap', 'stroke-linejoin': 'strokeLinejoin' };

/**
 * A resolved icon inlined as SVG, coloured by `currentColor`. Font Awesome glyphs are centred in
 * a square box (libraries.ts), so icons of different widths line up in lists and cards; Lucide
 * and Tabler icons are drawn with strokes, as their packages draw them.
 */
function GlyphSvg({ name, resolved, size, color, className }: { name: string; resolved: ResolvedIcon; size?: number | string; color?: string; className?: string }) {
  const { glyph, match } = resolved;
  const d = dimension(size).attr;
  const attrs = Object.fromEntries(Object.entries(glyph.attrs).map(([k, v]) => [REACT_ATTR[k] ?? k, v]));
  const paths = glyph.paths;
  return (
    <svg
      className={cls('kiln-icon', `kiln-icon-${glyph.library === 'fontawesome' ? glyph.style : glyph.library}`, className)}
      viewBox={glyph.viewBox}
      width={d}
      height={d}
      {...attrs}
      aria-hidden="true"
      focusable="false"
      data-icon={glyph.name}
      data-icon-unknown={match === 'unknown' ? name : undefined}
      style={boxStyle(size, color)}
      dangerouslySetInnerHTML={paths ? undefined : { __html: glyph.markup ?? '' }}
    >
      {paths?.map((p, i) => <path key={i} d={p} opacity={paths.length > 1 && i === 0 ? 0.4 : undefined} />)}
    </svg>
  );
}

/** A Font Awesome icon, whatever the site's library: Kiln's own controls (GitHub, edit, social links). */
export function FaIcon({ name, type, size, color, className }: FaIconProps) {
  return <GlyphSvg name={name} resolved={resolveIcon(name, type, 'fontawesome')} size={size} color={color} className={className} />;
}

/** An icon an author named, in the site's library (`withIconLibrary`), or another that has it. */
export function NamedIcon({ name, type, size, color, className }: FaIconProps) {
  return <GlyphSvg name={name} resolved={resolveIcon(name, type)} size={size} color={color} className={className} />;
}

export interface ContentIconProps {
  /** As authors write it: an icon name, an image URL or path, inline `<svg>` markup, or a JSX element. */
  icon?: ReactNode;
  iconType?: string;
  size?: number | string;
  color?: string;
  className?: string;
}

/**
 * Any `icon` prop a component receives. Names become `NamedIcon`s; URLs and paths become `<img>`;
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
    case 'name':
      return <NamedIcon name={source.name} type={iconType} size={size} color={color} className={className} />;
  }
}
