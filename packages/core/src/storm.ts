import { calibratedDifficulty } from './calibration.js';
import type { Deck, TaskRef } from './deck.js';
import { SIDES } from './deck.js';
import type { SoloClock } from './game/solo.js';
import { createRng, shuffle } from './random.js';

/*
 * Storm (docs/courses.md, "Storm"): three minutes on a clock that moves, through tasks that climb
 * one ramp every run shares.
 *
 * The buckets. Every task of the classic deck (both sides, 432), ordered by calibrated difficulty
 * (calibratedDifficulty, the published snapshot), ties by board, side and key as the deck lists
 * them, cut into STORM_BUCKETS buckets of equal size: bucket 0 the easiest. A run plays one deck
 * (the solo engine's), and the classic deck alone runs from three pieces to four, easy to hard.
 *
 * The ramp. STORM_RAMP says how many tasks each bucket gives, in order: the run's first tasks are
 * bucket 0's, then bucket 1's, and so on up; every run climbs the same steps. Which of a bucket's
 * tasks come, and in which order, is the run's seed's: the bucket shuffled by mulberry32 seeded
 * with `seed ^ imul(bucket + 1, 0x9e3779b1)`, its first tasks taken. No task comes twice in a run.
 * A run that clears the whole ramp ends there.
 *
 * The clock (STORM_CLOCK, the solo engine's `SoloClock`): it starts at 3:00; a solve within 20 s of
 * its deal gives back 3 s, 4 s from 5 solves in a row, 5 s from 10; a set-aside costs 10 s and ends
 * the combo. The run ends when the clock reaches 0. The score is the number of tasks solved.
 */

/** A Storm run's minutes on the clock at the start. */
export const STORM_MINUTES = 3;

/** Storm's clock rules (docs/courses.md, "Storm"). */
export const STORM_CLOCK: SoloClock = {
  fastMs: 20_000,
  bonusMs: 3_000,
  comboEvery: 5,
  comboBonusMs: 1_000,
  maxBonusMs: 5_000,
  skipMs: 10_000,
};

/** How many buckets the classic deck's tasks are cut into, easiest first. */
export const STORM_BUCKETS = 8;

/** The ramp: how many tasks each bucket gives a run, in the order they are dealt (80 in all). */
export const STORM_RAMP: readonly number[] = [8, 8, 9, 9, 10, 10, 12, 14];

/** The classic deck's tasks in STORM_BUCKETS buckets of calibrated difficulty, easiest first. */
export function stormBuckets(deck: Deck): TaskRef[][] {
  const all: { task: TaskRef; difficulty: number }[] = [];
  for (const board of deck.boards)
    for (const side of SIDES)
      for (const t of board.sides[side].tasks) {
        const task: TaskRef = { board: board.id, side, key: t.key };
        all.push({ task, difficulty: calibratedDifficulty(deck, task) });
      }
  // The deck lists boards, sides and keys in order, so a stable sort breaks ties by them.
  all.sort((a, b) => a.difficulty - b.difficulty);
  const size = Math.floor(all.length / STORM_BUCKETS);
  return Array.from({ length: STORM_BUCKETS }, (_, i) => all.slice(i * size, (i + 1) * size).map((x) => x.task));
}

/** A run's tasks in order: the ramp's steps, each bucket's tasks chosen and ordered by `seed`. */
export function stormTasks(buckets: readonly (readonly TaskRef[])[], seed: number): TaskRef[] {
  if (buckets.length !== STORM_RAMP.length) throw new Error(`Storm has ${STORM_RAMP.length} buckets`);
  return STORM_RAMP.flatMap((count, i) => {
    const bucket = buckets[i] ?? [];
    if (bucket.length < count) throw new Error(`Storm's bucket ${i} holds ${bucket.length} tasks, fewer than ${count}`);
    const rng = createRng(seed ^ Math.imul(i + 1, 0x9e3779b1));
    return shuffle(rng, bucket).slice(0, count);
  });
}

/** The bucket (from 0) the ramp's `index`-th task (from 0) is taken from; the last bucket past the end. */
export function stormBucketAt(index: number): number {
  let end = 0;
  for (let i = 0; i < STORM_RAMP.length; i++) {
    end += STORM_RAMP[i] as number;
    if (index < end) return i;
  }
  return STORM_RAMP.length - 1;
}

const DAY_MS = 86_400_000;

/**
 * Where Storm's highs count from at `ms` (UTC): the day's start and the ISO week's (Monday 00:00),
 * as times and as `YYYY-MM-DD` dates.
 */
export function stormPeriods(ms: number): { day: string; dayFrom: number; week: string; weekFrom: number } {
  const dayFrom = Math.floor(ms / DAY_MS) * DAY_MS;
  // 1970-01-01 was a Thursday: (days + 3) % 7 is the days since Monday.
  const days = dayFrom / DAY_MS;
  const weekFrom = (days - ((((days + 3) % 7) + 7) % 7)) * DAY_MS;
  const date = (t: number): string => new Date(t).toISOString().slice(0, 10);
  return { day: date(dayFrom), dayFrom, week: date(weekFrom), weekFrom };
}
