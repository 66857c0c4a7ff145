import { z } from 'zod';
import { hexColor, unused } from './common.js';

/** A solid hex colour, or a gradient `{from, to}`. */
export const colorOrGradient = z.union(
  [
    hexColor,
    z.object({
      /** Start colour of the gradient. */
      from: hexColor,
      /** End colour of the gradient; the start colour when absent. */
      to: hexColor.optional(),
    }),
  ],
  { error: 'a hex colour or an object `{from, to}` of hex colours' },
);

/** Background colours. The spec requires both; real sites often give only one. */
export const backgroundColors = z
  .object({
    /** Background hex colour in light mode. */
    light: hexColor.optional(),
    /** Background hex colour in dark mode. */
    dark: hexColor.optional(),
  })
  .refine((b) => b.light !== undefined || b.dark !== undefined, {
    error: 'an object with at least one of `light` and `dark`',
  });

/** Hex colour codes for the global theme. */
export const colors = z.object({
  /** Primary colour: highlighted content, section headers, accents, in light mode. Required. */
  primary: hexColor,
  /** Primary colour for dark mode. */
  light: hexColor.optional(),
  /** Colour of important buttons. */
  dark: hexColor.optional(),
  /** Background colours. */
  background: backgroundColors.optional(),
  /** Colour of the anchor icons: a hex colour or a gradient. */
  anchors: colorOrGradient.optional(),
  /** Legacy Mintlify lighter accent; not used (reported). */
  ultraLight: unused(hexColor, 'is not used: Kiln works out its lighter shades from `primary` and `light`').optional(),
  /** Legacy Mintlify darker accent; not used (reported). */
  ultraDark: unused(hexColor, 'is not used: Kiln works out its darker shades from `primary` and `dark`').optional(),
});
