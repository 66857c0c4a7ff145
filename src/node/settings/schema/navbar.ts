import { z } from 'zod';
import { text } from './common.js';

/** `icon` of a v2 item: a name, or `{name, style, library}`. */
export const v2Icon = z.union(
  [text, z.object({ name: text, style: z.enum(['brands', 'duotone', 'light', 'sharp-solid', 'solid', 'thin', 'regular']).optional(), library: z.enum(['fontawesome', 'lucide', 'tabler']).optional() })],
  { error: 'an icon name or an object `{name, style, library}`' },
);

/** The top bar of docs.json: links and the primary button (also per language, `languages[].navbar`). */
export const v2Navbar = z.object({
  /** Links in the top bar. */
  links: z
    .array(
      z
        .object({
          /** `github` or `discord`: drawn as that service's link (the label may then be left out). */
          type: z.string().optional(),
          /** Link text; required unless `type` is `github` or `discord`. */
          label: text.optional(),
          /** Link target. */
          href: text,
          /** Icon of the link. */
          icon: v2Icon.optional(),
        })
        .refine((l) => l.label !== undefined || l.type === 'github' || l.type === 'discord', {
          error: 'a string (the link text; required unless `type` is "github" or "discord")',
          path: ['label'],
        }),
    )
    .optional(),
  /** Primary button: a link button, GitHub repository information or a Discord invite. */
  primary: z
    .object({
      /** `button` shows a button; `github` the repository; `discord` the server. */
      type: z.enum(['button', 'github', 'discord']),
      /** Button text; required for `button`. */
      label: text.optional(),
      /** Target, the GitHub repository or the Discord invite. */
      href: text,
    })
    .refine((p) => p.type !== 'button' || p.label !== undefined, {
      error: 'a string (the button text; required when `type` is "button")',
      path: ['label'],
    })
    .optional(),
});
export type V2NavbarInput = z.infer<typeof v2Navbar>;
