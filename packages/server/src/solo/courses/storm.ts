import type { Deck, SoloCourse, StormHighs, StormMissed, StormOutcome, TaskRef } from '@ubongo/core';
import {
  bestComboOf,
  ok,
  puzzleOf,
  STORM_CLOCK,
  STORM_MINUTES,
  stormBuckets,
  stormPeriods,
  stormTasks,
  taskOf,
} from '@ubongo/core';
import type { RecordQuery, SoloRuns, StoredSoloRun } from '../store.js';
import type { Course } from './course.js';

/*
 * Storm (docs/courses.md, "Storm"): a timed run of STORM_MINUTES on the classic deck, its tasks the
 * ramp's (core's storm.ts) chosen by the run's seed, its clock moved by core's rules (STORM_CLOCK).
 * The run is stored with the dealing 'storm', judged as every run is; its highs are read from the
 * stored runs (no table of their own): the UTC day's, the ISO week's and all time's.
 */

type Storm = Extract<SoloCourse, { kind: 'storm' }>;

const bucketsOf = new WeakMap<Deck, TaskRef[][]>();

/** The ramp's buckets of a classic deck (worked out once per deck). */
export function stormBucketsFor(deck: Deck): TaskRef[][] {
  let buckets = bucketsOf.get(deck);
  if (!buckets) {
    buckets = stormBuckets(deck);
    bucketsOf.set(deck, buckets);
  }
  return buckets;
}

/** A Storm board's query: Storm's listed runs, best first (most solved, then the shorter run, then the first). */
const board = (q: Omit<RecordQuery, 'mode' | 'limit' | 'dealing'>): RecordQuery => ({
  ...q,
  mode: 'timed',
  limit: STORM_MINUTES,
  dealing: 'storm',
});

/** The three boards at `now`: the UTC day's, the ISO week's and all time's, `top` runs each, by established players. */
export async function stormBoards(
  soloRuns: Pick<SoloRuns, 'records'>,
  now: number,
  top: number,
): Promise<{ day: StoredSoloRun[]; week: StoredSoloRun[]; all: StoredSoloRun[] }> {
  const { dayFrom, weekFrom } = stormPeriods(now);
  const [day, week, all] = await Promise.all(
    [dayFrom, weekFrom, undefined].map((since) =>
      soloRuns.records(board({ from: 'public', top, ...(since === undefined ? {} : { since }) })),
    ),
  );
  return { day: day ?? [], week: week ?? [], all: all ?? [] };
}

/** An account's own highs at `now`: its best listed Storm score of the day, of the week and of all time. */
export async function stormHighsOf(
  soloRuns: Pick<SoloRuns, 'records'>,
  accountId: string,
  now: number,
): Promise<StormHighs> {
  const { dayFrom, weekFrom } = stormPeriods(now);
  const best = async (since?: number): Promise<number | null> =>
    (await soloRuns.records(board({ from: 'anyone', accountId, top: 1, ...(since === undefined ? {} : { since }) })))[0]
      ?.solved ?? null;
  const [day, week, all] = await Promise.all([best(dayFrom), best(weekFrom), best()]);
  return { day: day ?? null, week: week ?? null, all: all ?? null };
}

/** The Storm course: the ramp's tasks for a fresh seed, on the clock that moves. */
export const stormCourse: Course<Storm> = {
  plan(_course, _player, services) {
    const seed = services.seed();
    return Promise.resolve(
      ok({
        edition: 'classic',
        mode: 'timed',
        limit: STORM_MINUTES,
        side: 'easy',
        pieceSet: 'task',
        tasks: stormTasks(stormBucketsFor(services.decks.classic), seed),
        clock: STORM_CLOCK,
        seed,
      }),
    );
  },

  async recorded(_course, _plan, player, run, services): Promise<StormOutcome> {
    const { account } = player;
    const deck = services.decks.classic;
    const missed: StormMissed[] = [];
    run.puzzles.forEach((p, index) => {
      if (p.outcome === 'solved') return;
      const task = { board: p.board, side: p.side, key: p.key };
      missed.push({ index, task, puzzle: puzzleOf(deck, task), solution: taskOf(deck, task).solution });
    });
    return {
      kind: 'storm',
      score: run.result.solved,
      bestCombo: bestComboOf(run.puzzles),
      counted: account !== undefined && run.verified && !run.held,
      highs: account
        ? await stormHighsOf(services.stores.soloRuns, account.id, run.finishedAt)
        : { day: null, week: null, all: null },
      missed,
    };
  },
};
