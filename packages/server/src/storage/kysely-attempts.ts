import type { Kysely, Selectable } from 'kysely';
import type {
  Attempt,
  PuzzleRating,
  RateAttempt,
  SolverRating,
  SolverTime,
  TaskTime,
  TimedAttemptRecord,
} from '../rating/store.js';
import { playAttempts, playTimes, solverKey } from './attempts.js';
import { rows as parsers } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

// The rows of the puzzles' and solvers' ratings and of the time model, and the counting of first
// attempts that moves them (kysely-ratings.ts's `countAttempts`).

export const puzzleRatingOf = (raw: Selectable<Tables['puzzle_ratings']>): PuzzleRating => {
  const row = parseStored(parsers.puzzleRatings, raw, `puzzle_ratings (task ${raw.task})`);
  return { task: row.task, mu: row.mu, sigma: row.sigma, attempts: row.attempts, updatedAt: row.updated_at };
};

export const puzzleRow = (r: PuzzleRating): Tables['puzzle_ratings'] => ({
  task: r.task,
  mu: r.mu,
  sigma: r.sigma,
  attempts: r.attempts,
  updated_at: r.updatedAt,
});

export const solverRatingOf = (raw: Selectable<Tables['solver_ratings']>): SolverRating => {
  const where = `solver_ratings (account ${raw.account_id}, edition ${raw.edition})`;
  const row = parseStored(parsers.solverRatings, raw, where);
  return {
    accountId: row.account_id,
    edition: row.edition,
    mu: row.mu,
    sigma: row.sigma,
    attempts: row.attempts,
    updatedAt: row.updated_at,
  };
};

export const taskTimeOf = (raw: Selectable<Tables['task_times']>): TaskTime => {
  const row = parseStored(parsers.taskTimes, raw, `task_times (task ${raw.task})`);
  return { task: row.task, mean: row.mean, variance: row.variance, attempts: row.attempts, updatedAt: row.updated_at };
};

export const taskTimeRow = (t: TaskTime): Tables['task_times'] => ({
  task: t.task,
  mean: t.mean,
  variance: t.variance,
  attempts: t.attempts,
  updated_at: t.updatedAt,
});

export const solverTimeOf = (raw: Selectable<Tables['solver_times']>): SolverTime => {
  const row = parseStored(parsers.solverTimes, raw, `solver_times (account ${raw.account_id}, edition ${raw.edition})`);
  return {
    accountId: row.account_id,
    edition: row.edition,
    mean: row.mean,
    variance: row.variance,
    attempts: row.attempts,
    updatedAt: row.updated_at,
  };
};

export const solverTimeRow = (t: SolverTime): Tables['solver_times'] => ({
  account_id: t.accountId,
  edition: t.edition,
  mean: t.mean,
  variance: t.variance,
  attempts: t.attempts,
  updated_at: t.updatedAt,
});

export const timedAttemptOf = (raw: Selectable<Tables['timed_attempts']>): TimedAttemptRecord => {
  const row = parseStored(parsers.timedAttempts, raw, `timed_attempts (account ${raw.account_id}, task ${raw.task})`);
  return { accountId: row.account_id, task: row.task, ms: row.ms, solved: row.solved === 1, at: row.at };
};

/** The first item of each key, by key (the order every store takes its locks in). */
const byKey = <T>(items: readonly T[], key: (item: T) => string): T[] =>
  [...new Map([...items].reverse().map((item) => [key(item), item])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, item]) => item);

export const solverRow = (r: SolverRating): Tables['solver_ratings'] => ({
  account_id: r.accountId,
  edition: r.edition,
  mu: r.mu,
  sigma: r.sigma,
  attempts: r.attempts,
  updated_at: r.updatedAt,
});

/**
 * `Ratings.countAttempts` in one transaction of `db`: the first attempts noted, the tasks' and
 * solvers' ratings moved, then the time model's beliefs (`playTimesIn`).
 */
export async function countAttempts(
  db: Kysely<Tables>,
  attempts: readonly Attempt[],
  rate: RateAttempt,
): Promise<boolean[]> {
  if (attempts.length === 0) return [];
  // Every store takes its locks in one order (first attempts, then tasks, then solvers, then the
  // time model's tasks and solvers, each by key), so two processes counting at once wait for each
  // other rather than deadlock.
  const pairKey = (a: Attempt): string => `${a.accountId}\n${a.task}`;
  return db.transaction().execute(async (tx) => {
    const noted = await tx
      .insertInto('first_attempts')
      .values(byKey(attempts, pairKey).map((a) => ({ account_id: a.accountId, task: a.task, at: a.at })))
      .onConflict((oc) => oc.columns(['account_id', 'task']).doNothing())
      .returning(['account_id', 'task'])
      .execute();
    const firsts = new Set(noted.map((r) => `${r.account_id}\n${r.task}`));
    // An attempt counts if it noted its pair, and only the first of a pair given twice.
    const counted = attempts.map((a) => firsts.delete(pairKey(a)));
    const rated = attempts.filter((_, i) => counted[i]);
    if (rated.length === 0) return counted;
    // Each first attempt's time, for the batch fit (its pair is new: noted just now).
    await tx
      .insertInto('timed_attempts')
      .values(
        rated.map((a) => ({
          account_id: a.accountId,
          task: a.task,
          ms: Math.round(a.ms),
          solved: a.solved ? 1 : 0,
          at: a.at,
        })),
      )
      .onConflict((oc) => oc.columns(['account_id', 'task']).doNothing())
      .execute();
    // Each rating is read through an update that changes nothing (a missing one written as it
    // starts), which locks its row until this transaction ends.
    const tasks = await tx
      .insertInto('puzzle_ratings')
      .values(byKey(rated, (a) => a.task).map((a) => ({ task: a.task, ...a.start, attempts: 0, updated_at: a.at })))
      .onConflict((oc) => oc.column('task').doUpdateSet((eb) => ({ task: eb.ref('excluded.task') })))
      .returningAll()
      .execute();
    const solvers = await tx
      .insertInto('solver_ratings')
      .values(
        byKey(rated, solverKey).map((a) => ({
          account_id: a.accountId,
          edition: a.edition,
          ...a.fresh,
          attempts: 0,
          updated_at: a.at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({ account_id: eb.ref('excluded.account_id') })),
      )
      .returningAll()
      .execute();
    const moved = playAttempts(
      attempts,
      counted,
      new Map(tasks.map((row) => [row.task, puzzleRatingOf(row)])),
      new Map(
        solvers.map((row) => [solverKey({ accountId: row.account_id, edition: row.edition }), solverRatingOf(row)]),
      ),
      rate,
    );
    await tx
      .insertInto('puzzle_ratings')
      .values(moved.puzzles.map(puzzleRow))
      .onConflict((oc) =>
        oc.column('task').doUpdateSet((eb) => ({
          mu: eb.ref('excluded.mu'),
          sigma: eb.ref('excluded.sigma'),
          attempts: eb.ref('excluded.attempts'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    await tx
      .insertInto('solver_ratings')
      .values(moved.solvers.map(solverRow))
      .onConflict((oc) =>
        oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({
          mu: eb.ref('excluded.mu'),
          sigma: eb.ref('excluded.sigma'),
          attempts: eb.ref('excluded.attempts'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    await playTimesIn(tx, attempts, counted, rated);
    return counted;
  });
}

/**
 * The time model's beliefs moved by the counted attempts, in the same transaction and the same
 * way as the ratings: each read through an update that changes nothing (locked until the end),
 * after the ratings, by key.
 */
async function playTimesIn(
  tx: Kysely<Tables>,
  attempts: readonly Attempt[],
  counted: readonly boolean[],
  rated: readonly Attempt[],
): Promise<void> {
  const tasks = await tx
    .insertInto('task_times')
    .values(byKey(rated, (a) => a.task).map((a) => ({ task: a.task, ...a.prior.task, attempts: 0, updated_at: a.at })))
    .onConflict((oc) => oc.column('task').doUpdateSet((eb) => ({ task: eb.ref('excluded.task') })))
    .returningAll()
    .execute();
  const solvers = await tx
    .insertInto('solver_times')
    .values(
      byKey(rated, solverKey).map((a) => ({
        account_id: a.accountId,
        edition: a.edition,
        ...a.prior.solver,
        attempts: 0,
        updated_at: a.at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({ account_id: eb.ref('excluded.account_id') })),
    )
    .returningAll()
    .execute();
  const moved = playTimes(
    attempts,
    counted,
    new Map(tasks.map((row) => [row.task, taskTimeOf(row)])),
    new Map(solvers.map((row) => [solverKey({ accountId: row.account_id, edition: row.edition }), solverTimeOf(row)])),
  );
  await tx
    .insertInto('task_times')
    .values(moved.tasks.map(taskTimeRow))
    .onConflict((oc) =>
      oc.column('task').doUpdateSet((eb) => ({
        mean: eb.ref('excluded.mean'),
        variance: eb.ref('excluded.variance'),
        attempts: eb.ref('excluded.attempts'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  await tx
    .insertInto('solver_times')
    .values(moved.solvers.map(solverTimeRow))
    .onConflict((oc) =>
      oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({
        mean: eb.ref('excluded.mean'),
        variance: eb.ref('excluded.variance'),
        attempts: eb.ref('excluded.attempts'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
