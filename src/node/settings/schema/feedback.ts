import { z } from 'zod';

/** Feedback button settings. */
export const feedback = z.object({
  /** Button to suggest edits via pull requests. Default `false`. */
  suggestEdit: z.boolean().optional(),
  /** Button to raise an issue about the documentation. Default `false`. */
  raiseIssue: z.boolean().optional(),
  /** "Was this page helpful?" with thumbs up and down, reported to the site's analytics. Default `false`. */
  thumbsRating: z.boolean().optional(),
});
