import type { Puzzle } from './puzzle.js';
import { Solver } from './solver.js';

/** What the solver measures of a task. */
export interface TaskMeasures {
  /** The number of tilings (pieces of one shape interchangeable). */
  readonly solutions: number;
  /** Search nodes to find them all. */
  readonly nodes: number;
  /** For each piece, in the task's order, how many ways it fits inside the region on its own. */
  readonly placements: readonly number[];
}

/** Measures a task with the solver: solutions, nodes, and each piece's placements. */
export function measureTask(puzzle: Puzzle): TaskMeasures {
  const solver = new Solver(puzzle);
  const placements = solver.placementCounts();
  const solutions = solver.count();
  return { solutions, nodes: solver.stats.nodes, placements };
}

/**
 * The difficulty of a task, from its measures (docs/decks.md explains it):
 *
 *     difficulty = ( sum over pieces of log2(placements) - log2(solutions) ) / 2
 *
 * The sum is the log of how many ways the pieces could be laid in the region one by one if they
 * did not have to fit together, the blind guesses a player has; each solution is a target that
 * can be hit, so their log is taken off. More pieces, pieces that fit in more ways (asymmetric
 * ones, small ones) and fewer solutions all make a task harder. Halved to give numbers around 5
 * for three classic pieces and 8 for four; rounded to one decimal. A task without solution has
 * no difficulty (Infinity).
 */
export function difficultyOf(measures: Pick<TaskMeasures, 'solutions' | 'placements'>): number {
  if (measures.solutions <= 0) return Infinity;
  const guesses = measures.placements.reduce((sum, p) => sum + Math.log2(Math.max(p, 1)), 0);
  return Math.round(((guesses - Math.log2(measures.solutions)) / 2) * 10) / 10;
}
