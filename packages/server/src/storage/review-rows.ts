import { z } from 'zod';
import { ROLES } from '../solo/review-store.js';
import { REVIEWS } from '../solo/store.js';
import { json } from './schemas.js';

/*
 * The columns of held results (solo/review-store.ts `Reviews`): a review state, the reasons a result was
 * held (a JSON list of strings), and the held claims' rows. Apart from rows.ts so that the review's
 * columns are in one place.
 */

/** A review state's column. */
export const review = z.enum(REVIEWS);
/** The reasons a result was held: JSON text of a list of strings. */
export const reasons = json(z.array(z.string()));

/** A row of `held_claims`. */
export const heldClaims = z.object({
  id: z.number(),
  game_id: z.string(),
  player: z.string(),
  account_id: z.string(),
  reasons,
  review: z.string().pipe(review),
  at: z.number(),
  held: z.number(),
});

/** A row of `account_standing`. */
export const accountStanding = z.object({
  account_id: z.string(),
  role: z.string().pipe(z.enum(ROLES)),
  banned_at: z.number().nullable(),
});
