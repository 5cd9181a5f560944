import type { Rng } from '../random.js';
import { nextUint32 } from '../random.js';
import type { JewelColour } from './gems.js';
import { JEWEL_COLOURS } from './gems.js';
import type { PlayerState, RaceState } from './race.js';
import { compareJewelScores, JEWEL_MOVES } from './race.js';
import type { PlayerId } from './types.js';

/** How well a bot plays. */
export const BOT_LEVELS = ['beginner', 'casual', 'expert', 'master'] as const;
/** A bot's level. */
export type BotLevel = (typeof BOT_LEVELS)[number];

/**
 * The solve-time model (docs/bots.md): a bot's time on a task is log-normal, with a median that
 * grows by a constant factor per point of the task's difficulty:
 *
 *     median(d) = median5 * growth ^ (d - 5)        time = median(d) * exp(sigma * N(0, 1))
 *
 * A bot "fails" a task when that time is longer than the sand allows, as a person would.
 */
export const BOT_MODEL: Readonly<Record<BotLevel, { median5: number; growth: number; sigma: number }>> = {
  beginner: { median5: 50, growth: 1.3, sigma: 0.5 },
  casual: { median5: 30, growth: 1.27, sigma: 0.45 },
  expert: { median5: 16, growth: 1.24, sigma: 0.4 },
  master: { median5: 9, growth: 1.22, sigma: 0.35 },
};

/**
 * Seconds a bot of each level spends finding one of the task's pieces in the whole set, when a
 * table plays with the set as in the box (docs/rules.md §1.8): added to its solve time, per piece.
 */
export const BOT_FIND_SECONDS: Readonly<Record<BotLevel, number>> = {
  beginner: 3,
  casual: 2,
  expert: 1.2,
  master: 0.8,
};

/** A standard normal number (Box-Muller), from the generator. */
function normal(rng: Rng): number {
  const u = (nextUint32(rng) + 1) / 0x1_0000_0001;
  const v = nextUint32(rng) / 0x1_0000_0000;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** The median seconds a bot of `level` needs for a task of difficulty `d`. */
export function botMedianSeconds(level: BotLevel, difficulty: number): number {
  const m = BOT_MODEL[level];
  return m.median5 * m.growth ** (difficulty - 5);
}

/** Seconds a bot of `level` takes to solve a task of `difficulty`: one draw from the model. */
export function botSolveSeconds(level: BotLevel, difficulty: number, rng: Rng): number {
  return botMedianSeconds(level, difficulty) * Math.exp(BOT_MODEL[level].sigma * normal(rng));
}

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

/**
 * Of `rows`, in order of preference, the one whose two front jewels leave the player's sorted
 * colour counts best (the winning measure); the earlier row when two are as good.
 */
function bestRow(state: RaceState, me: PlayerState, rows: readonly number[]): number {
  let best = rows[0] ?? 0;
  let bestScore: number[] | undefined;
  for (const row of rows) {
    const jewels = state.rows[row];
    if (jewels === undefined) continue;
    const counts: Record<JewelColour, number> = { ...me.jewels };
    for (const j of jewels.slice(0, 2)) counts[j]++;
    const score = JEWEL_COLOURS.map((c) => counts[c]).sort((a, b) => b - a);
    if (bestScore === undefined || compareJewelScores(score, bestScore) > 0) {
      best = row;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The row a bot moves its pawn to in the jewel edition: of the rows it may reach, the one whose
 * two front jewels leave its own sorted colour counts best (the winning measure), preferring the
 * shorter move when two are as good.
 */
export function botJewelRow(state: RaceState, player: PlayerId): number {
  const me = state.players.find((p) => p.id === player) as PlayerState;
  const position = state.round?.solved.indexOf(player) ?? -1;
  const allowed = JEWEL_MOVES[position] ?? 0;
  const pawn = me.pawn ?? 0;
  const byDistance = [pawn];
  for (let d = 1; d <= allowed; d++) byDistance.push(pawn - d, pawn + d);
  return bestRow(state, me, byDistance);
}

/**
 * The row a bot puts its pawn on before the first round: the one whose two front jewels it would
 * most like to take first (a pair of one colour over two colours), the nearest the middle of the
 * board when several are as good, so that later moves can reach either way.
 */
export function botStartRow(state: RaceState, player: PlayerId): number {
  const me = state.players.find((p) => p.id === player) as PlayerState;
  return bestRow(state, me, [2, 3, 1, 4, 0, 5]);
}
