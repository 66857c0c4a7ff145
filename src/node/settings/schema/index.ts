import { z } from 'zod';
import { text } from './common.js';
import { navigation } from './navigation.js';
import { logo } from './logo.js';
import { colors } from './colors.js';
import { topbarCtaButton, topbarLinks } from './topbar.js';
import { versions } from './versions.js';
import { anchors, topAnchor } from './anchors.js';
import { tabs } from './tabs.js';
import { api } from './api.js';
import { openapi } from './openapi.js';
import { footerSocials } from './footer.js';
import { feedback } from './feedback.js';
import { modeToggle } from './mode-toggle.js';
import { backgroundImage } from './background.js';
import { classicCompat } from './compat.js';

export { v2Schema, type V2Input } from './v2.js';

/** The classic settings file, as the spec describes it (plus accepted Mintlify extras). */
export const classicSchema = z.object({
  /** Project name; used for the global title. Required. */
  name: text,
  /** Groups of the sidebar, each with its pages. Required. */
  navigation,
  /** Logo path, or `{light, dark, href}`. */
  logo: logo.optional(),
  /** Path to the favicon image. */
  favicon: text.optional(),
  /** Hex colour codes for the global theme. */
  colors: colors.optional(),
  /** Links in the top bar. */
  topbarLinks: topbarLinks.optional(),
  /** Call-to-action button in the top bar. */
  topbarCtaButton: topbarCtaButton.optional(),
  /** Version names for the version dropdown. */
  versions: versions.optional(),
  /** Anchors shown in navigation. */
  anchors: anchors.optional(),
  /** Overrides of the top-most anchor. */
  topAnchor: topAnchor.optional(),
  /** Navigational tabs. */
  tabs: tabs.optional(),
  /** API settings. */
  api: api.optional(),
  /** OpenAPI file(s). */
  openapi: openapi.optional(),
  /** Social links in the footer. */
  footerSocials: footerSocials.optional(),
  /** Feedback buttons. */
  feedback: feedback.optional(),
  /** Dark/light mode toggle. */
  modeToggle: modeToggle.optional(),
  /** Background image behind every page. */
  backgroundImage: backgroundImage.optional(),
  ...classicCompat,
});
export type ClassicInput = z.infer<typeof classicSchema>;

/**
 * Which layout a parsed file uses. The newer layout has an object `navigation`; `theme` alone
 * does not decide, since classic mint.json files carry it too. Without `navigation`, keys that
 * exist only in the newer layout decide.
 */
export function layoutOf(raw: unknown): 'classic' | 'v2' {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'classic';
  const r = raw as Record<string, unknown>;
  const nav = r.navigation;
  if (nav !== undefined) return typeof nav === 'object' && nav !== null && !Array.isArray(nav) ? 'v2' : 'classic';
  return ['navbar', 'footer', 'appearance', 'fonts', 'contextual', 'styling'].some((k) => k in r) ? 'v2' : 'classic';
}
