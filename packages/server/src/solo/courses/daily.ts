import type {
  DailyAttemptView,
  DailyOutcome,
  DailySchedule,
  DailyTask,
  Deck,
  DeckEdition,
  SoloCourse,
} from '@ubongo/core';
import { createHmac } from 'node:crypto';
import { dailyDateAdd, dailyDateOf, dailyDayOf, dailyOverAt, dailySchedule, err, ok } from '@ubongo/core';
import type { Course, CoursePlan } from './course.js';
import type { Stores } from '../../storage/stores.js';

/*
 * The daily puzzle (docs/courses.md, "The daily puzzle"): one task a day for everyone, by UTC date
 * (the server's date, clock.ts; core's daily.ts chooses the task by its rule, from the server's
 * secret draw). An account's first run of a day is its attempt: taken as the run starts (so that
 * leaving mid-run uses it), settled as the run is stored, or as the player leaves it unfinished.
 * Later runs that day are practice: they are stored as every run, and count for nothing here. An
 * attempt still under way when the day is over (its solution out) counts as not solved.
 */

/** The longest streak counted (days); a longer one is said as this many. */
export const STREAK_DAYS = 3660;

/** Where the place on the day's board is looked for: an attempt further down is not placed. */
const PLACE_DEPTH = 1000;

// By the daily store: one schedule for every part handed the same stores.
const schedules = new WeakMap<object, Promise<DailySchedule>>();

/**
 * A secret's draw of day `d`: the first 32 bits of HMAC-SHA256(secret, "daily d"). Without the
 * secret no one can tell a day to come, even knowing the rule, the decks and every past day's task.
 */
export function secretDraw(secret: string): (day: number) => number {
  return (day) => createHmac('sha256', secret).update(`daily ${day}`).digest().readUInt32BE(0);
}

/** The daily schedule of a server (its decks, its daily store's secret), computed once per process. */
export function scheduleOf(
  decks: Readonly<Record<DeckEdition, Deck>>,
  stores: Pick<Stores, 'daily'>,
): Promise<DailySchedule> {
  let schedule = schedules.get(stores.daily);
  if (!schedule) {
    schedule = stores.daily.dailySecret().then((secret) => dailySchedule(decks, secretDraw(secret)));
    schedule.catch(() => schedules.delete(stores.daily));
    schedules.set(stores.daily, schedule);
  }
  return schedule;
}

/** The day's task, or undefined for a day before the first. */
export async function dailyTaskOn(
  decks: Readonly<Record<DeckEdition, Deck>>,
  stores: Pick<Stores, 'daily'>,
  date: string,
): Promise<DailyTask | undefined> {
  const task = (await scheduleOf(decks, stores)).taskOn(date);
  return task.ok ? task.value : undefined;
}

/** The day before `date`, or null if the daily had not begun then. */
export function yesterdayOf(date: string): string | null {
  const before = dailyDateAdd(date, -1);
  return dailyDayOf(before).ok ? before : null;
}

/**
 * `accountId`'s streak on `today`: days in a row with a counted solved attempt, ending today; while
 * today's attempt is not taken (or not yet solved), ending yesterday (it may still go on); 0 once
 * today's attempt is settled unsolved.
 */
export async function streakOf(stores: Pick<Stores, 'daily'>, accountId: string, today: string): Promise<number> {
  return streakIn(stores, accountId, today, await stores.daily.dailySolvedDays(accountId, today, STREAK_DAYS));
}

/** `streakOf`, from the account's solved days up to today already read (newest first). */
async function streakIn(
  stores: Pick<Stores, 'daily'>,
  accountId: string,
  today: string,
  days: readonly string[],
): Promise<number> {
  let expect = today;
  if (days[0] !== today) {
    const attempt = await stores.daily.dailyAttempt(accountId, today);
    if (attempt && attempt.ms !== null) return 0;
    expect = dailyDateAdd(today, -1);
  }
  let streak = 0;
  for (const day of days) {
    if (day !== expect) break;
    streak++;
    expect = dailyDateAdd(expect, -1);
  }
  return streak;
}

/** The most days in a row among `days` (newest first, each once). */
export function longestStreak(days: readonly string[]): number {
  let longest = 0;
  let run = 0;
  let after: string | undefined;
  for (const day of days) {
    run = after !== undefined && dailyDateAdd(after, -1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    after = day;
  }
  return longest;
}

/**
 * `accountId`'s daily record on `today`, as a profile shows it: its streak (`streakOf`), its
 * longest, the days it solved (within the last STREAK_DAYS solved) and the days it played.
 */
export async function dailyRecordOf(
  stores: Pick<Stores, 'daily'>,
  accountId: string,
  today: string,
): Promise<{ streak: number; longest: number; solved: number; played: number }> {
  const [days, played] = await Promise.all([
    stores.daily.dailySolvedDays(accountId, today, STREAK_DAYS),
    stores.daily.dailyDaysPlayed(accountId, today),
  ]);
  return {
    streak: await streakIn(stores, accountId, today, days),
    longest: longestStreak(days),
    solved: days.length,
    played,
  };
}

/** An account's place on a day's board (from 1), if it is listed there. */
export async function placeOf(stores: Pick<Stores, 'daily'>, accountId: string, day: string): Promise<number | null> {
  const board = await stores.daily.dailyBoard(day, { top: PLACE_DEPTH });
  const at = board.findIndex((e) => e.accountId === accountId);
  return at < 0 ? null : at + 1;
}

/** An account's attempt of a day, as `GET /api/daily` shows it (null while not taken). */
export async function attemptView(
  stores: Pick<Stores, 'daily'>,
  accountId: string,
  day: string,
): Promise<DailyAttemptView | null> {
  const attempt = await stores.daily.dailyAttempt(accountId, day);
  if (!attempt) return null;
  return {
    solved: attempt.solved,
    ms: attempt.ms,
    run: attempt.run,
    place: attempt.solved ? await placeOf(stores, accountId, day) : null,
  };
}

/** Each run's day and whether it took the day's attempt (settled at `started`; recorded waits for it). */
const runs = new WeakMap<CoursePlan, { readonly day: string; counted: Promise<boolean> }>();

type Daily = Extract<SoloCourse, { kind: 'daily' }>;

/** The daily course: today's task, one count run of one task. */
export const dailyCourse: Course<Daily> = {
  async plan(_course, player, services) {
    if (!player.account) return err('sign in to play the daily puzzle');
    const day = dailyDateOf(services.clock.date());
    const daily = await dailyTaskOn(services.decks, services.stores, day);
    if (!daily) return err(`there is no daily puzzle on ${day}`);
    const plan: CoursePlan = {
      edition: daily.edition,
      mode: 'count',
      limit: 1,
      side: daily.task.side,
      pieceSet: 'task',
      tasks: [daily.task],
    };
    runs.set(plan, { day, counted: Promise.resolve(false) });
    return ok(plan);
  },

  started(_course, plan, player, at, services) {
    const run = runs.get(plan);
    const account = player.account;
    if (!run || !account) return Promise.resolve();
    // A run planned on a day and started on the next is that day's practice.
    if (dailyDateOf(services.clock.date()) !== run.day) return Promise.resolve();
    run.counted = services.stores.daily.takeDailyAttempt(account.id, run.day, at);
    return run.counted.then(() => undefined);
  },

  async left(_course, plan, player, at, services) {
    const run = runs.get(plan);
    const account = player.account;
    if (!run || !account || !(await run.counted)) return;
    const attempt = await services.stores.daily.dailyAttempt(account.id, run.day);
    if (!attempt) return;
    await services.stores.daily.settleDailyAttempt(account.id, run.day, {
      id: null,
      solved: false,
      ms: Math.max(0, at - attempt.startedAt),
      verified: false,
    });
  },

  async recorded(_course, plan, player, stored, services): Promise<DailyOutcome | undefined> {
    const run = runs.get(plan);
    const account = player.account;
    if (!run || !account) return undefined;
    const { stores } = services;
    const counted = await run.counted;
    const puzzle = stored.puzzles[0];
    // An attempt that ends once the day is over (its solution out) is not solved.
    const solved = puzzle?.outcome === 'solved' && (!counted || services.clock.date() < dailyOverAt(run.day));
    const ms = puzzle?.ms ?? stored.result.ms;
    if (counted)
      await stores.daily.settleDailyAttempt(account.id, run.day, {
        id: stored.id,
        solved,
        ms,
        verified: stored.verified,
      });
    return {
      kind: 'daily',
      date: run.day,
      counted,
      solved,
      ms,
      place: counted && solved ? await placeOf(stores, account.id, run.day) : null,
      streak: await streakOf(stores, account.id, run.day),
    };
  },
};
