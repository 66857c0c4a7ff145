import type { CSSProperties, ReactNode } from 'react';
import { InlineMarkdown } from './inline-markdown.js';

type ColorValue = string | { light?: string; dark?: string };

/** A CSS colour as written (hex, rgb(), hsl(), oklch(), a name); anything else is not put in a style. */
const COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]+|(?:rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch|color)\([\d\s.,%/+a-z-]*\))$/i;
const safe = (v: unknown) => (typeof v === 'string' && COLOR.test(v.trim()) ? v.trim() : undefined);

/** `<Color variant="compact">` (a grid of swatches) or `variant="table"` (labelled `<Color.Row>`s). */
export function Color({ variant, children }: { variant?: string; children?: ReactNode }) {
  return <div className={`color-palette color-${variant === 'table' ? 'table' : 'compact'}`}>{children}</div>;
}

/** `<Color.Row title>`: one labelled row of the table variant; the title may hold inline Markdown. */
function ColorRow({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  return (
    <div className="color-row">
      {title ? <InlineMarkdown text={title} className="color-row-title" /> : null}
      <div className="color-row-items">{children}</div>
    </div>
  );
}

/**
 * `<Color.Item name value>`: a swatch; `value` a CSS colour or `{ light, dark }`, each shown in its
 * theme. Clicking copies the value (src/client/components.ts).
 */
function ColorItem({ name, value }: { name?: ReactNode; value?: ColorValue }) {
  const light = safe(typeof value === 'object' && value ? value.light : value);
  const dark = safe(typeof value === 'object' && value ? value.dark : value) ?? light;
  const shown = typeof value === 'object' && value ? [value.light, value.dark].filter(Boolean).join(' / ') : String(value ?? '');
  const style = { '--swatch-light': light ?? 'transparent', '--swatch-dark': dark ?? 'transparent' } as CSSProperties;
  return (
    <button type="button" className="color-item" data-copy={shown} title={`Copy ${shown}`} style={style}>
      <span className="color-swatch" aria-hidden="true" />
      {name !== undefined && name !== '' && <span className="color-name">{name}</span>}
      <span className="color-value">{shown}</span>
    </button>
  );
}

Color.Item = ColorItem;
Color.Row = ColorRow;
