import { z } from 'zod';

/** Feedback button settings. */
export const feedback = z.object({
  /** Button to suggest edits via pull requests. Default `false`. */
  suggestEdit: z.boolean().optional(),
  /** Button to raise an issue about the documentation. Default `false`. */
  raiseIssue: z.boolean().optional(),
  /** Mintlify: thumbs up/down rating. Accepted, not used. */
  thumbsRating: z.boolean().optional(),
});
