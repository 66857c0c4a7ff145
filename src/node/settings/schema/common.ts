import { z } from 'zod';

/**
 * Building blocks shared by the schema modules. Messages given through `error` are the
 * "expected …" phrase of a diagnostic (see ../issues.ts), so they read as a noun phrase.
 */

/** A hex colour: #rgb, #rrggbb or #rrggbbaa. */
const HEX = 'a hex colour such as "#0d9373"';
export const hexColor = z
  .string({ error: HEX })
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { error: HEX });

/** Icon style of the icon library. `regular` is not in the spec but is used in the wild. */
export const iconType = z.enum(['brands', 'duotone', 'light', 'sharp-solid', 'solid', 'thin', 'regular']);

/** A string that must not be empty (names, labels, paths). */
export const text = z.string().min(1, { error: 'a non-empty string' });

/** One string or several; normalised to an array later. */
export const oneOrMany = z.union([text, z.array(text)], { error: 'a string or an array of strings' });

/** An object whose content Kiln does not read; accepted for compatibility with other tools. */
export const opaqueObject = z.record(z.string(), z.unknown());

/** A redirect rule, the same in both layouts. */
export const redirect = z.object({
  /** Path that is redirected, e.g. `/old/:slug`. */
  source: text,
  /** Where it leads. */
  destination: text,
  /** Whether the redirect is permanent (308) rather than temporary (307). */
  permanent: z.boolean().optional(),
});

/**
 * What Kiln makes of a value it accepts: a sentence when it does not draw it as written (a
 * `settings/unsupported` warning, or with `info` a `settings/theme-nearest` note), nothing when it
 * does. Read by ../unknown-keys.ts while it walks the file, so every such value is reported at its
 * line and column. A registry of its own, so `kiln schema` does not carry these functions.
 */
export type SupportNote = { detail: string } | { theme: string; drawn: string };
export const support = z.registry<{ check: (value: unknown) => SupportNote | undefined }>();

/** `schema`, with what Kiln does not draw of its values reported (see `support`). */
export function noted<T extends z.ZodType>(schema: T, check: (value: unknown) => string | SupportNote | undefined): T {
  // A copy: shared building blocks (`text`) must not carry one setting's note everywhere.
  const own = schema.clone() as T;
  (own as z.ZodType).register(support, {
    check: (value) => {
      const note = check(value);
      return typeof note === 'string' ? { detail: note } : note;
    },
  });
  return own;
}

/** A key Kiln accepts and does not use at all, with why (reported whenever it is present). */
export function unused<T extends z.ZodType>(schema: T, detail: string): T {
  return noted(schema, () => detail);
}

/**
 * A navigation setting Mintlify documents that Kiln does not act on yet: the value is still checked
 * by `schema`, and the warning says what is not done. `what` completes "Kiln does not …".
 */
export function unsupported<T extends z.ZodType>(schema: T, what: string): T {
  return unused(schema, `is a Mintlify setting Kiln does not support yet: Kiln does not ${what}; it is ignored`);
}
