import { z } from 'zod';
import { iconType, text } from './common.js';
import { colorOrGradient } from './colors.js';

/** An anchor shown above the sidebar navigation. */
export const anchor = z.object({
  /** Anchor label. */
  name: text,
  /** URL prefix of the pages that belong to the anchor (usually a folder), or an external link. */
  url: text,
  /** Icon that features the anchor. */
  icon: text.optional(),
  /** Style of `icon`. Default `duotone`. */
  iconType: iconType.optional(),
  /** Icon background: a hex colour or a gradient `{from, to}`. */
  color: colorOrGradient.optional(),
  /** Hides the anchor until this docs version is selected. */
  version: text.optional(),
  /** Hides the anchor until a user is linked directly to a page inside it. Default `false`. */
  isDefaultHidden: z.boolean().optional(),
  /** OpenAPI file whose endpoints live under this anchor. */
  openapi: text.optional(),
});

/** Anchors shown in navigation. */
export const anchors = z.array(anchor);

/** Overrides defaults of the top-most anchor. */
export const topAnchor = z.object({
  /** Name of the top-most anchor. Default `Documentation`. */
  name: text.optional(),
  /** Icon name. Default `book-open`. */
  icon: text.optional(),
  /** Icon style. Default `duotone`. */
  iconType: iconType.optional(),
});
