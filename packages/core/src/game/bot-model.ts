import type { Rng } from '../random.js';
import { nextUint32 } from '../random.js';

// The bots' levels and how long each takes to solve a task: the model the referee draws bot
// solve times from, and that the human floor is calibrated by. It reads no game state.

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
export function standardNormal(rng: Rng): number {
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
  return botMedianSeconds(level, difficulty) * Math.exp(BOT_MODEL[level].sigma * standardNormal(rng));
}
