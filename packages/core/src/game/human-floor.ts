import { BOT_MODEL, botMedianSeconds } from './bot-model.js';

// The human floor has a home of its own: the trail check (trail.ts) and the server's judging of a
// solve read it, and neither needs the bots' play at the table (bots.ts, which reads the race).

/** Seconds a person needs at least to pick up, turn and put down one piece. */
export const HUMAN_SECONDS_PER_PIECE = 0.6;
/** The standard normal quantile of the human floor: the master bot's 0.1th percentile. */
const FLOOR_QUANTILE = -3.09;

/**
 * The human floor (docs/accounts.md): the fewest seconds a person plausibly needs for a task of
 * `difficulty` with `pieces` pieces, from the deal to the claim. Calibrated from the bot model: the
 * master bot's 0.1th percentile for the difficulty (its median times e^(-3.09 sigma), a third of
 * it), and never under 0.6 s a piece (the hand's own time). A solve the server measures faster
 * than this is marked implausible: kept, but off the leaderboards and out of ratings.
 */
export function humanFloorSeconds(difficulty: number, pieces: number): number {
  const fastest = botMedianSeconds('master', difficulty) * Math.exp(FLOOR_QUANTILE * BOT_MODEL.master.sigma);
  return Math.max(HUMAN_SECONDS_PER_PIECE * pieces, fastest);
}
