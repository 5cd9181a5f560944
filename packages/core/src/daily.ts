import { calibratedDifficulty } from './calibration.js';
import type { Deck, DeckEdition, TaskRef } from './deck.js';
import { DECK_EDITIONS, SIDES } from './deck.js';
import { createRng, randomInt } from './random.js';
import type { Result } from './result.js';
import { err, ok } from './result.js';

/*
 * The daily puzzle (docs/courses.md, "The daily puzzle"): one task a day for everyone, by UTC date.
 *
 * The rule. The band is the middle half of all the tasks of both decks ordered by calibrated
 * difficulty (ties by edition, board, side and key): with 432 tasks in each deck, 432 tasks, none
 * among the easiest or the hardest quarter. Day 0 is DAILY_EPOCH (2026-01-01). Going forward from
 * it, day d's task is chosen uniformly, by a generator seeded with DAILY_SEED and d, among the
 * band's tasks not chosen on any of the 364 days before d. As the band holds more than 365 tasks
 * there is always one to choose, and no task comes twice within any 365 days. The days are
 * computed once, forward, and kept (memoised), so a date always gives the same task.
 */

/** The first day of the daily puzzle (day 0). */
export const DAILY_EPOCH = '2026-01-01';
/** The daily's seed. */
export const DAILY_SEED = 20261128;
/** No task comes twice within this many days. */
export const DAILY_NO_REPEAT_DAYS = 365;

/** A day's task: the deck's edition and the task. */
export interface DailyTask {
  readonly edition: DeckEdition;
  readonly task: TaskRef;
}

/** Why there is no daily task for a date. */
export type DailyError = 'daily/bad-date' | 'daily/before-epoch';

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number (from 1970-01-01) of a `YYYY-MM-DD` date, or undefined when it is not a real date. */
function epochDayOf(date: string): number | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return ms / DAY_MS;
}

/** The `YYYY-MM-DD` UTC date of a time (milliseconds since 1970, on any clock the caller trusts). */
export function dailyDateOf(ms: number): string {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` days after `date` (before, if negative); `date` must be a real `YYYY-MM-DD` date. */
export function dailyDateAdd(date: string, days: number): string {
  const day = epochDayOf(date);
  if (day === undefined) throw new Error(`not a date: ${date}`);
  return dailyDateOf((day + days) * DAY_MS);
}

/** How long after a day ends its solution comes out (and its attempts still under way may count). */
export const DAILY_GRACE_MS = 3_600_000;

/**
 * When the daily of `date` is over: one hour (DAILY_GRACE_MS) into the next day, UTC. Its solution
 * is shown from then on, and an attempt that ends later counts as not solved.
 */
export function dailyOverAt(date: string): number {
  const day = epochDayOf(date);
  if (day === undefined) throw new Error(`not a date: ${date}`);
  return (day + 1) * DAY_MS + DAILY_GRACE_MS;
}

/** Whether a string is a real `YYYY-MM-DD` date. */
export function isDailyDate(date: string): boolean {
  return epochDayOf(date) !== undefined;
}

/** The daily's day number of a date (0 for DAILY_EPOCH), or why it has none. */
export function dailyDayOf(date: string): Result<number, DailyError> {
  const day = epochDayOf(date);
  if (day === undefined) return err('daily/bad-date');
  const d = day - (epochDayOf(DAILY_EPOCH) as number);
  return d < 0 ? err('daily/before-epoch') : ok(d);
}

/** The daily's tasks for a pair of decks: the band and the days, computed forward and kept. */
export interface DailySchedule {
  /** The band the days choose from, in order of calibrated difficulty. */
  readonly band: readonly DailyTask[];
  /** The task of a `YYYY-MM-DD` date (UTC), or why there is none. */
  taskOn(date: string): Result<DailyTask, DailyError>;
}

/** The band: the middle half of both decks' tasks by calibrated difficulty. */
export function dailyBand(decks: Readonly<Record<DeckEdition, Deck>>): DailyTask[] {
  const all: { daily: DailyTask; difficulty: number }[] = [];
  for (const edition of DECK_EDITIONS) {
    const deck = decks[edition];
    for (const board of deck.boards)
      for (const side of SIDES)
        for (const t of board.sides[side].tasks) {
          const task: TaskRef = { board: board.id, side, key: t.key };
          all.push({ daily: { edition, task }, difficulty: calibratedDifficulty(deck, task) });
        }
  }
  // The decks list boards, sides and keys in order, so a stable sort breaks ties by them.
  all.sort((a, b) => a.difficulty - b.difficulty);
  const from = Math.floor(all.length / 4);
  return all.slice(from, from + Math.floor(all.length / 2)).map((x) => x.daily);
}

/** Day `d`'s draw from the public seed: a 32-bit seed for the day's generator. */
export const publicDailyDraw = (d: number): number => DAILY_SEED ^ Math.imul(d + 1, 0x9e3779b1);

/**
 * The daily schedule of a pair of decks (the shipped decks in play). `draw`: each day's 32-bit seed
 * for the generator that chooses among the free tasks; the public seed's by default. A server
 * draws from a secret of its own (a keyed hash of the day), so that no one can work out a day to come:
 * the rule stays the same, only the seed is not published.
 */
export function dailySchedule(
  decks: Readonly<Record<DeckEdition, Deck>>,
  draw: (day: number) => number = publicDailyDraw,
): DailySchedule {
  const band = dailyBand(decks);
  if (band.length < DAILY_NO_REPEAT_DAYS)
    throw new Error(`the daily's band has ${band.length} tasks, fewer than ${DAILY_NO_REPEAT_DAYS}`);
  /** Each day's index into the band, from day 0. */
  const days: number[] = [];
  /** The last day each task of the band was chosen (-Infinity: never). */
  const lastChosen = band.map(() => -Infinity);
  const extend = (to: number): void => {
    for (let d = days.length; d <= to; d++) {
      const free: number[] = [];
      for (let i = 0; i < band.length; i++) if (d - (lastChosen[i] as number) >= DAILY_NO_REPEAT_DAYS) free.push(i);
      const rng = createRng(draw(d));
      const chosen = free[randomInt(rng, free.length)] as number;
      lastChosen[chosen] = d;
      days.push(chosen);
    }
  };
  return {
    band,
    taskOn(date) {
      const day = dailyDayOf(date);
      if (!day.ok) return day;
      extend(day.value);
      return ok(band[days[day.value] as number] as DailyTask);
    },
  };
}
