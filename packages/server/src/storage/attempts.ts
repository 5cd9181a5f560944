import { updateBeliefs } from '@ubongo/core';
import type { Attempt, PuzzleRating, RateAttempt, SolverRating, SolverTime, TaskTime } from '../rating/store.js';

/** Where a solver rating is filed: `account/edition`. */
export const solverKey = (r: { readonly accountId: string; readonly edition: string }): string =>
  `${r.accountId}/${r.edition}`;

/**
 * Plays the counted attempts in their order against the ratings as they stand (`puzzles` by task,
 * `solvers` by `solverKey`; a task or solver missing starts from the attempt's `start` or
 * `fresh`), setting each rating it moves in the maps. Returns the ratings moved, each once, as they
 * stand after the last attempt: what a store writes back.
 */
export function playAttempts(
  attempts: readonly Attempt[],
  counted: readonly boolean[],
  puzzles: Map<string, PuzzleRating>,
  solvers: Map<string, SolverRating>,
  rate: RateAttempt,
): { puzzles: PuzzleRating[]; solvers: SolverRating[] } {
  const movedTasks = new Map<string, PuzzleRating>();
  const movedSolvers = new Map<string, SolverRating>();
  attempts.forEach((a, i) => {
    if (!counted[i]) return;
    const who = solverKey(a);
    const task = puzzles.get(a.task) ?? { task: a.task, ...a.start, attempts: 0, updatedAt: a.at };
    const solver = solvers.get(who) ?? {
      accountId: a.accountId,
      edition: a.edition,
      ...a.fresh,
      attempts: 0,
      updatedAt: a.at,
    };
    const after = rate({ mu: solver.mu, sigma: solver.sigma }, { mu: task.mu, sigma: task.sigma }, a.solved);
    const taskAfter = { task: a.task, ...after.task, attempts: task.attempts + 1, updatedAt: a.at };
    const solverAfter = { ...solver, ...after.solver, attempts: solver.attempts + 1, updatedAt: a.at };
    puzzles.set(a.task, taskAfter);
    solvers.set(who, solverAfter);
    movedTasks.set(a.task, taskAfter);
    movedSolvers.set(who, solverAfter);
  });
  return { puzzles: [...movedTasks.values()], solvers: [...movedSolvers.values()] };
}

/**
 * The time model's side of `playAttempts`: the counted attempts, in their order, move the task's
 * and the solver's beliefs (`tasks` by task, `solvers` by `solverKey`; a missing one starts from
 * the attempt's `prior`) by core's `updateBeliefs`, a solve by its time, an attempt not solved
 * censored at it. Returns the beliefs moved, each once, as they stand after the last attempt.
 */
export function playTimes(
  attempts: readonly Attempt[],
  counted: readonly boolean[],
  tasks: Map<string, TaskTime>,
  solvers: Map<string, SolverTime>,
): { tasks: TaskTime[]; solvers: SolverTime[] } {
  const movedTasks = new Map<string, TaskTime>();
  const movedSolvers = new Map<string, SolverTime>();
  attempts.forEach((a, i) => {
    if (!counted[i]) return;
    const who = solverKey(a);
    const task = tasks.get(a.task) ?? { task: a.task, ...a.prior.task, attempts: 0, updatedAt: a.at };
    const solver = solvers.get(who) ?? {
      accountId: a.accountId,
      edition: a.edition,
      ...a.prior.solver,
      attempts: 0,
      updatedAt: a.at,
    };
    const after = updateBeliefs(task, solver, { ms: a.ms, solved: a.solved });
    const taskAfter = { task: a.task, ...after.task, attempts: task.attempts + 1, updatedAt: a.at };
    const solverAfter = { ...solver, ...after.solver, attempts: solver.attempts + 1, updatedAt: a.at };
    tasks.set(a.task, taskAfter);
    solvers.set(who, solverAfter);
    movedTasks.set(a.task, taskAfter);
    movedSolvers.set(who, solverAfter);
  });
  return { tasks: [...movedTasks.values()], solvers: [...movedSolvers.values()] };
}
