import type { SoloPuzzle, SoloRecord } from '../solo/store.js';

/*
 * What a run is kept as, apart from its trails: the summary columns a profile sums (so that no
 * page reads a run's puzzles) and its puzzles without their moves. The trails go to a table of
 * their own (`solo_trails`), which only the replay of one run reads and the pruning empties.
 */

/** A run's solved puzzles and their time: its own puzzles where it kept them, else its result's. */
export function solvedOf(r: Pick<SoloRecord, 'solved' | 'ms' | 'puzzles'>): { count: number; ms: number } {
  const solved = r.puzzles?.filter((p) => p.outcome === 'solved') ?? [];
  if (solved.length > 0) return { count: solved.length, ms: solved.reduce((sum, p) => sum + p.ms, 0) };
  return { count: r.solved, ms: r.solved > 0 ? r.ms : 0 };
}

/** A run's puzzles without their move trails. */
export const withoutTrails = (puzzles: readonly SoloPuzzle[]): SoloPuzzle[] =>
  puzzles.map(({ board, side, key, outcome, ms }) => ({ board, side, key, outcome, ms }));

/** Whether any puzzle of a run kept its moves. */
export const hasTrails = (puzzles: readonly SoloPuzzle[]): boolean => puzzles.some((p) => p.trail !== undefined);
