import type { Attempt, PuzzleRating, RateAttempt, SolverRating } from '../storage.js';

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
